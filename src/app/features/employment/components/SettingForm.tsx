import { useEffect, useState } from 'react';
import { Button, Checkbox, Field, Input, Link, Option, Radio, RadioGroup, Spinner, Switch, Text } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { useLocation } from 'wouter';
import { SETTLE_CYCLES, SIGNUP_MODE_CODES, SIGNUP_MODES } from '../../../../contract/employment-rules';
import { oneOf } from '../../../../contract/vocab';
import type { TaskDetail } from '../../../../contract/employment';
import { requireMember } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { toast } from '../../../shared/lib/notify';
import { loadTask, saveSetting } from '../api';
import { NotMember } from './NotMember';
import { usePageStyles } from './styles';
import { useMember } from './useMember';

/** 任务设置 (/employment/setting/{id}). */
export function SettingForm({ id }: { id: number }) {
  const s = usePageStyles();
  const [task, setTask] = useState<TaskDetail | null>(null);
  const [v, setV] = useState<TaskDetail['settings'] | null>(null);
  const [saving, setSaving] = useState(false);
  const [, navigate] = useLocation();
  const allowed = useMember();
  useEffect(() => {
    if (!allowed) return;
    loadTask(id).then(
      (d) => {
        setTask(d);
        setV(d.settings);
      },
      () => navigate('/employment'),
    );
  }, [allowed, id, navigate]);
  if (allowed === false) return <NotMember />;
  if (!task || !v)
    return (
      <section className={s.panel}>
        <div className={s.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      </section>
    );
  const w = tEmp.setting;
  const save = async () => {
    if (!requireMember()) return;
    const signup_mode = oneOf(SIGNUP_MODE_CODES, v.signup_mode);
    if (!signup_mode) return toast('warning', tEmp.form.placeholders.select + w.signup_mode);
    setSaving(true);
    try {
      const { msg } = await saveSetting(id, { ...v, signup_mode });
      toast('success', msg);
      setTask(await loadTask(id));
    } catch {
      // told by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className={s.panel}>
      <div className={s.head}>
        <Text as="h1" size={500} weight="semibold">
          {w.title} · {task.name}
        </Text>
      </div>
      <div className={s.form}>
        <Field label={w.signup_mode} required>
          <RadioGroup layout="horizontal" value={v.signup_mode} onChange={(_, d) => setV({ ...v, signup_mode: d.value })}>
            {SIGNUP_MODES.map((m) => (
              <Radio key={m.code} value={m.code} label={m.label} data-testid={`setting-mode-${m.code}`} />
            ))}
          </RadioGroup>
        </Field>
        {task.public_url && (
          <Field label={w.publicLink}>
            <div className={s.row}>
              <Link href={task.public_url} target="_blank" data-testid="setting-public-url">
                {location.origin + task.public_url}
              </Link>
              <Button
                size="small"
                onClick={() =>
                  void navigator.clipboard?.writeText(location.origin + task.public_url).then(
                    () => toast('success', w.copied),
                    () => undefined,
                  )
                }
              >
                {w.copy}
              </Button>
            </div>
          </Field>
        )}
        <Switch label={w.signup_review} checked={v.signup_review} onChange={(_, d) => setV({ ...v, signup_review: d.checked })} />
        <Switch label={w.need_realname} checked={v.need_realname} onChange={(_, d) => setV({ ...v, need_realname: d.checked })} />
        <Field label={w.settle_cycle} required>
          <Dropdown
            value={SETTLE_CYCLES.find((c) => c.code === v.settle_cycle)?.label ?? ''}
            selectedOptions={[v.settle_cycle]}
            onOptionSelect={(_, d) => setV({ ...v, settle_cycle: d.optionValue ?? v.settle_cycle })}
          >
            {SETTLE_CYCLES.map((c) => (
              <Option key={c.code} value={c.code}>
                {c.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={w.auto_accept_days} hint={w.autoHint}>
          <Input
            type="number"
            min={0}
            max={30}
            value={String(v.auto_accept_days)}
            onChange={(_, d) => setV({ ...v, auto_accept_days: Number(d.value) || 0 })}
          />
        </Field>
        <Field label={w.notify}>
          <div className={s.row}>
            <Checkbox label={w.notify_sms} checked={v.notify_sms} onChange={(_, d) => setV({ ...v, notify_sms: !!d.checked })} />
            <Checkbox label={w.notify_site} checked={v.notify_site} onChange={(_, d) => setV({ ...v, notify_site: !!d.checked })} />
          </div>
        </Field>
        <div className={s.footer}>
          <Button appearance="primary" disabled={saving} onClick={() => void save()} data-testid="setting-save">
            {w.save}
          </Button>
        </div>
      </div>
    </section>
  );
}

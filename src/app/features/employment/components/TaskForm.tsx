import { useEffect, useState, type ReactNode } from 'react';
import { Button, Field, Input, Option, Radio, RadioGroup, Spinner, Text, Textarea } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { useLocation, useSearch } from 'wouter';
import {
  PAY_UNIT_CODES,
  PAY_UNITS,
  SERVICE_CATEGORIES,
  SETTLE_MODE_CODES,
  SETTLE_MODES,
  WORK_MODE_CODES,
  WORK_MODES,
  taskDatesProblem,
} from '../../../../contract/employment-rules';
import { fenText, yuanToFen } from '../../../../contract/money';
import { oneOf } from '../../../../contract/vocab';
import { requireMember } from '../../../shared/dialogs/store';
import { useDraftForm } from '../../../shared/hooks/draft-form';
import { t } from '../../../shared/i18n/zh-CN';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { toast } from '../../../shared/lib/notify';
import { loadTask, saveTask } from '../api';
import { usePageStyles } from './styles';

const blank = {
  name: '',
  category: '',
  description: '',
  standard: '',
  work_mode: 'online',
  address: '',
  start_date: '',
  end_date: '',
  signup_deadline: '',
  headcount: '1',
  pay: '',
  pay_unit: 'time',
  settle_mode: 'on_finish',
  need_sign: '1',
  attachments: '',
  attachment_names: '',
};
type Values = typeof blank;
type K = keyof Values;

/** China's date today, `YYYY-MM-DD`. */
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** What the attachment slot (the upload feature's field, given by the page) gets. */
export type AttachmentSlot = (p: { onMediaId: (mediaId: string, name: string) => void }) => ReactNode;

/**
 * 发布任务 / 编辑任务 (/employment/post, ?id= edits a draft or a rejected task): 保存草稿 · 预览 ·
 * 提交审核. Members only; the draft survives a gating prompt, an expired session and a reload.
 */
export function TaskForm({ attachmentField }: { attachmentField: AttachmentSlot }) {
  const s = usePageStyles();
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const form = useDraftForm<Values>({
    form: 'task',
    id,
    blank,
    load: async (taskId) => {
      const d = await loadTask(taskId);
      return {
        name: d.name,
        category: d.category,
        description: d.description,
        standard: d.standard,
        work_mode: d.work_mode,
        address: d.address,
        start_date: d.start_date,
        end_date: d.end_date,
        signup_deadline: d.signup_deadline,
        headcount: String(d.headcount),
        pay: d.pay_amount ? fenText(d.pay_amount, { grouping: false }) : '',
        pay_unit: d.pay_unit,
        settle_mode: d.settle_mode,
        need_sign: d.need_sign ? '1' : '0',
        attachments: d.attachments.map((a) => a.media_id).join(','),
        attachment_names: d.attachments.map((a) => a.name).join('、'),
      };
    },
    onLoadFailed: () => navigate('/employment'),
    restoredMessage: tEmp.form.draftRestored,
  });
  const { base, values } = form;
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    requireMember();
  }, []);

  const set = (patch: Partial<Values>) => {
    form.set(patch);
    setErrors((e) => {
      const n = { ...e };
      for (const k of Object.keys(patch) as K[]) delete n[k];
      return n;
    });
  };

  /** The browser-side checks (the server checks the same again); the first problem or null. */
  const check = (submit: boolean): Partial<Record<K, string>> => {
    const e: Partial<Record<K, string>> = {};
    if (!values.name.trim()) e.name = tEmp.form.errors.name;
    if (values.pay && yuanToFen(values.pay) === null) e.pay = tEmp.form.payInvalid;
    if (!submit) return e;
    if (!values.category) e.category = tEmp.form.errors.category;
    if (values.description.trim().length < 10) e.description = tEmp.form.errors.description;
    if (values.work_mode === 'offline' && !values.address.trim()) e.address = tEmp.form.errors.address;
    const d = taskDatesProblem(values, today());
    if (d) e[d.field] = d.msg;
    if (!(Number(values.headcount) >= 1)) e.headcount = tEmp.form.errors.headcount;
    if (!yuanToFen(values.pay)) e.pay = tEmp.form.payInvalid;
    return e;
  };

  const save = async (action: 'draft' | 'submit' | 'preview') => {
    const errs = check(action === 'submit');
    setErrors(errs);
    const first = Object.values(errs)[0];
    if (first) {
      toast('warning', first);
      return;
    }
    if (!requireMember()) return;
    setSaving(true);
    try {
      const { data, msg } = await saveTask({
        ...(id ? { id } : {}),
        action: action === 'submit' ? 'submit' : 'draft',
        name: values.name,
        category: values.category,
        description: values.description,
        standard: values.standard,
        work_mode: oneOf(WORK_MODE_CODES, values.work_mode),
        address: values.address,
        start_date: values.start_date,
        end_date: values.end_date,
        signup_deadline: values.signup_deadline,
        headcount: values.headcount || '0',
        pay_amount: values.pay ? (yuanToFen(values.pay) ?? 0) : 0,
        pay_unit: oneOf(PAY_UNIT_CODES, values.pay_unit),
        settle_mode: oneOf(SETTLE_MODE_CODES, values.settle_mode),
        need_sign: values.need_sign === '1',
        attachments: values.attachments,
      });
      form.saved();
      toast('success', msg);
      if (action === 'preview') navigate(`/employment/preview/${data.id}`);
      else if (action === 'submit') navigate('/employment');
      else if (!id) navigate(`/employment/post?id=${data.id}`, { replace: true });
    } catch {
      // told by the request layer; the draft stays
    } finally {
      setSaving(false);
    }
  };

  if (!base)
    return (
      <section className={s.panel}>
        <div className={s.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      </section>
    );

  const f = tEmp.form.fields;
  const ph = tEmp.form.placeholders;
  const err = (k: K) => (errors[k] ? { validationState: 'error' as const, validationMessage: errors[k] } : {});
  const select = (k: K, label: string, options: readonly { value: string; label: string }[], required = true) => (
    <Field label={label} required={required} {...err(k)}>
      <Dropdown
        placeholder={ph.select}
        value={options.find((o) => o.value === values[k])?.label ?? ''}
        selectedOptions={[values[k]]}
        onOptionSelect={(_, d) => set({ [k]: d.optionValue ?? '' } as Partial<Values>)}
        data-testid={`task-${k}`}
      >
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
  const input = (k: K, label: string, props: Record<string, unknown> = {}, required = true) => (
    <Field label={label} required={required} {...err(k)}>
      <Input value={values[k]} onChange={(_, d) => set({ [k]: d.value } as Partial<Values>)} data-testid={`task-${k}`} {...props} />
    </Field>
  );

  return (
    <section className={s.panel}>
      <div className={s.head}>
        <Text as="h1" size={500} weight="semibold">
          {id ? tEmp.form.titleEdit : tEmp.form.titleNew}
        </Text>
        {form.restored && (
          <Button data-testid="draft-discard" size="small" appearance="subtle" onClick={form.discard}>
            {tEmp.form.discardDraft}
          </Button>
        )}
      </div>
      <form className={s.form} noValidate onSubmit={(e) => e.preventDefault()}>
        <div className={s.grid}>
          <h2 className={s.sectionTitle}>{tEmp.form.sections[0]}</h2>
          <div className={s.wide}>{input('name', f.name, { maxLength: 40, placeholder: ph.name })}</div>
          <div className={s.wide}>
            {select(
              'category',
              f.category,
              SERVICE_CATEGORIES.map((c) => ({ value: c, label: c })),
            )}
            <Text size={200} className={s.muted}>
              {tEmp.form.categoryHint}
            </Text>
          </div>
          <Field label={f.description} required className={s.wide} {...err('description')}>
            <Textarea
              value={values.description}
              maxLength={2000}
              rows={5}
              placeholder={ph.description}
              onChange={(_, d) => set({ description: d.value })}
              data-testid="task-description"
            />
          </Field>
          <Field label={f.standard} className={s.wide} {...err('standard')}>
            <Textarea
              value={values.standard}
              maxLength={1000}
              rows={3}
              placeholder={ph.standard}
              onChange={(_, d) => set({ standard: d.value })}
              data-testid="task-standard"
            />
          </Field>
          <Field label={f.work_mode} required>
            <RadioGroup layout="horizontal" value={values.work_mode} onChange={(_, d) => set({ work_mode: d.value })}>
              {WORK_MODES.map((m) => (
                <Radio key={m.code} value={m.code} label={m.label} data-testid={m.code === 'offline' ? 'task-offline' : undefined} />
              ))}
            </RadioGroup>
          </Field>
          {values.work_mode === 'offline' && <div className={s.wide}>{input('address', f.address, { maxLength: 100, placeholder: ph.address })}</div>}
        </div>
        <div className={s.grid}>
          <h2 className={s.sectionTitle}>{tEmp.form.sections[1]}</h2>
          {input('start_date', f.start_date, { type: 'date' })}
          {input('end_date', f.end_date, { type: 'date' })}
          {input('signup_deadline', f.signup_deadline, { type: 'date' }, false)}
          {input('headcount', f.headcount, { type: 'number', min: 1, max: 9999 })}
        </div>
        <div className={s.grid}>
          <h2 className={s.sectionTitle}>{tEmp.form.sections[2]}</h2>
          {input('pay', f.pay, { inputMode: 'decimal', maxLength: 12, contentBefore: '¥' })}
          {select(
            'pay_unit',
            f.pay_unit,
            PAY_UNITS.map((u) => ({ value: u.code, label: u.label })),
          )}
          {select(
            'settle_mode',
            f.settle_mode,
            SETTLE_MODES.map((u) => ({ value: u.code, label: u.label })),
          )}
          <Field label={f.need_sign} required>
            <RadioGroup layout="horizontal" value={values.need_sign} onChange={(_, d) => set({ need_sign: d.value })}>
              <Radio value="1" label={tEmp.form.yes} />
              <Radio value="0" label={tEmp.form.no} />
            </RadioGroup>
          </Field>
        </div>
        <div className={s.grid}>
          <h2 className={s.sectionTitle}>{tEmp.form.sections[3]}</h2>
          <Field label={f.attachments} hint={tEmp.form.attachmentHint} className={s.wide}>
            {attachmentField({ onMediaId: (mediaId, name) => set({ attachments: mediaId, attachment_names: mediaId ? name : '' }) })}
            {values.attachment_names && <Text size={200}>{values.attachment_names}</Text>}
          </Field>
        </div>
        <div className={s.footer}>
          <Button disabled={saving} onClick={() => void save('draft')} data-testid="task-save-draft">
            {tEmp.form.saveDraft}
          </Button>
          <Button disabled={saving} onClick={() => void save('preview')} data-testid="task-preview">
            {tEmp.form.preview}
          </Button>
          <Button
            appearance="primary"
            disabled={saving}
            icon={saving ? <Spinner size="tiny" /> : undefined}
            onClick={() => void save('submit')}
            data-testid="task-submit"
          >
            {tEmp.form.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}

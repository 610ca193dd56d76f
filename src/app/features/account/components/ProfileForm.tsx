import { useState, type FormEvent } from 'react';
import { Avatar, Badge, Button, Card, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { PERSON_NAME_RE } from '../../../../contract/vocab';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { maskMobile } from '../../../shared/lib/format';
import { toastSuccess } from '../../../shared/lib/notify';
import { refreshSession, session } from '../../../shared/session';
import { sizes } from '../../../shared/theme';
import { saveProfile } from '../api';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalL, maxWidth: sizes.vipDialog },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  who: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Field3 = 'realname' | 'dept' | 'job';

/** /account-info: name, department and job; the mobile is shown masked. */
export function ProfileForm() {
  const s = useStyles();
  const { user, member } = useSnapshot(session);
  const [v, setV] = useState({ realname: user?.realname ?? '', dept: member?.dept_name ?? '', job: member?.job_name ?? '' });
  const [err, setErr] = useState<{ field: Field3; msg: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const p = tAccounts.profile;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const realname = v.realname.trim();
    const problem: typeof err =
      !PERSON_NAME_RE.test(realname) || realname.length < 2
        ? { field: 'realname', msg: p.realnameInvalid }
        : !v.job.trim()
          ? { field: 'job', msg: p.jobRequired }
          : null;
    setErr(problem);
    if (problem) return;
    setSaving(true);
    try {
      await saveProfile({ realname, dept_name: v.dept.trim(), job_name: v.job.trim() });
      toastSuccess(t.request.saved);
      await refreshSession();
    } catch {
      // told
    } finally {
      setSaving(false);
    }
  };

  const field = (key: Field3, max: number, required?: boolean) => (
    <Field
      label={p.fields[key]}
      required={required}
      validationState={err?.field === key ? 'error' : 'none'}
      validationMessage={err?.field === key ? err.msg : undefined}
    >
      <Input
        name={key}
        value={v[key]}
        maxLength={max}
        placeholder={p.placeholders[key]}
        onChange={(_, d) => {
          setV((x) => ({ ...x, [key]: d.value }));
          if (err?.field === key) setErr(null);
        }}
      />
    </Field>
  );

  return (
    <Card className={s.card} data-testid="profile-form">
      <div className={s.head}>
        <Avatar name={user?.realname || user?.mobile} size={56} color="brand" />
        <div className={s.who}>
          <Text size={500} weight="semibold">
            {user?.realname || maskMobile(user?.mobile ?? '')}
          </Text>
          <Text className={s.muted}>
            {p.fields.mobile}：{maskMobile(user?.mobile ?? '')}{' '}
            <Badge appearance="tint" color={user?.verify_status ? 'success' : 'subtle'}>
              {user?.verify_status ? p.verified : p.unverified}
            </Badge>
          </Text>
          {member && (
            <Text className={s.muted}>
              {p.fields.company}：{member.company_name}
            </Text>
          )}
        </div>
      </div>
      <form className={s.form} onSubmit={submit} noValidate>
        {field('realname', 20, true)}
        {field('dept', 30)}
        {field('job', 30, true)}
        <div>
          <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
            {p.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { PERSON_NAME_RE } from '../../../../contract/vocab';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { toast, toastSuccess } from '../../../shared/lib/notify';
import { refreshSession, session } from '../../../shared/session';
import { sizes } from '../../../shared/theme';
import { EmptyState } from '../../../shared/ui';
import { companyInviteCode, companyInvitePreview, joinCompany } from '../api';
import { InviteLink } from './InviteLink';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalL, maxWidth: sizes.contentMax, width: '100%', boxSizing: 'border-box' },
  narrow: { maxWidth: sizes.loginCard },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** /company/invite without a code: the colleague invitation link and QR of the caller's company. */
function InviteOwn() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { user } = useSnapshot(session);
  const [code, setCode] = useState<string | null | undefined>(undefined);
  const normal = user?.company_status === 'normal';
  useEffect(() => {
    if (!normal) return setCode(null);
    companyInviteCode().then(
      (d) => setCode(d.code),
      () => setCode(null),
    );
  }, [normal]);
  const c = tAccounts.companyInvite;
  if (!user) {
    return (
      <EmptyState
        text={c.loginFirst}
        action={
          <Button appearance="primary" onClick={() => navigate('/login?redirect=%2Fcompany%2Finvite')}>
            {c.goLogin}
          </Button>
        }
      />
    );
  }
  if (code === undefined) return <Spinner label={t.state.loading} />;
  if (code === null) return <EmptyState text={c.needCompany} />;
  return (
    <Card className={s.card} data-testid="company-invite">
      <Text as="h1" size={600} weight="semibold">
        {c.title}
      </Text>
      <Text className={s.muted}>{c.intro}</Text>
      <InviteLink label={c.link} url={`${location.origin}/company/invite?code=${code}`} qrCaption={tAccounts.friends.qr} />
      <div>
        <Button onClick={() => navigate('/account?id=colleagues')}>{c.viewPending}</Button>
      </div>
    </Card>
  );
}

/** /company/invite?code=…: apply to join; the admin checks the application. */
function Join({ code }: { code: string }) {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { user } = useSnapshot(session);
  const [company, setCompany] = useState<string | null | undefined>(undefined);
  const [v, setV] = useState({ realname: user?.realname ?? '', dept: '', job: '' });
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const c = tAccounts.companyInvite;
  useEffect(() => {
    companyInvitePreview(code).then(
      (d) => setCompany(d.company_name),
      () => setCompany(null),
    );
  }, [code]);
  if (company === undefined) return <Spinner label={t.state.loading} />;
  if (company === null) return <EmptyState text={c.invalid} />;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const problem = !PERSON_NAME_RE.test(v.realname.trim()) ? c.realnameInvalid : !v.dept.trim() ? c.deptRequired : !v.job.trim() ? c.jobRequired : null;
    if (problem) return toast('warning', problem);
    setSaving(true);
    try {
      const { msg } = await joinCompany({ code, realname: v.realname.trim(), dept_name: v.dept.trim(), job_name: v.job.trim() });
      toastSuccess(msg || c.submitted);
      setDone(true);
      await refreshSession();
    } catch {
      // told
    } finally {
      setSaving(false);
    }
  };
  const field = (key: 'realname' | 'dept' | 'job', max: number) => (
    <Field label={c.fields[key]} required>
      <Input name={key} value={v[key]} maxLength={max} placeholder={c.placeholders[key]} onChange={(_, d) => setV((x) => ({ ...x, [key]: d.value }))} />
    </Field>
  );
  return (
    <Card className={`${s.card} ${s.narrow}`} data-testid="company-join">
      <Text as="h1" size={500} weight="semibold">
        {c.joinTitle(company)}
      </Text>
      {done ? (
        <>
          <Text>{c.submitted}</Text>
          <Button appearance="primary" onClick={() => navigate('/inReview')}>
            {tAccounts.companyForm.viewProgress}
          </Button>
        </>
      ) : !user ? (
        <>
          <Text className={s.muted}>{c.loginFirst}</Text>
          <Button appearance="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent(`/company/invite?code=${code}`)}`)}>
            {c.goLogin}
          </Button>
        </>
      ) : (
        <form className={s.form} onSubmit={submit} noValidate>
          <Text className={s.muted}>{c.joinIntro}</Text>
          {field('realname', 20)}
          {field('dept', 30)}
          {field('job', 30)}
          <Button type="submit" appearance="primary" disabled={saving}>
            {c.submit}
          </Button>
        </form>
      )}
    </Card>
  );
}

export function CompanyInvite({ code }: { code: string | null }) {
  return code ? <Join code={code} /> : <InviteOwn />;
}

import { useEffect, useState } from 'react';
import { Button, Field, Input, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { idCardProblem, isPersonName, normalizeDigits, PERSON_NAME_MSG } from '../../../../contract/person';
import type { SignupTaskData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { EmptyState } from '../../../shared/ui';
import { signUp, signupTask } from '../api';
import { TaskSummary } from './TaskSummary';
import { usePhoneStyles } from './styles';

const T = tWorker.signup;
const EMPTY = { name: '', mobile: '', cert_no: '', bank_card: '' };
type Form = typeof EMPTY;

/**
 * /m/flex/t/:token — a task's public sign-up. The answer is the same whoever signs up (报名成功，
 * 请留意短信通知): the invitation link goes by SMS to the mobile the company has on file.
 */
export function SignupPage({ token }: { token: string }) {
  const s = usePhoneStyles();
  const [task, setTask] = useState<SignupTaskData | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [f, setF] = useState<Form>(EMPTY);
  const [err, setErr] = useState<Partial<Form>>({});
  const [done, setDone] = useState('');
  useEffect(() => {
    signupTask(token).then(setTask, () => setInvalid(true));
  }, [token]);

  if (invalid) return <EmptyState text={T.invalid} />;
  if (!task) return <Spinner label={tWorker.loading} />;
  const set = (k: keyof Form) => (_: unknown, d: { value: string }) => {
    setF((o) => ({ ...o, [k]: d.value }));
    setErr((e) => ({ ...e, [k]: undefined }));
  };
  const submit = async () => {
    const e: Partial<Form> = {};
    if (!f.name.trim()) e.name = tWorker.required(T.name);
    else if (!isPersonName(f.name.trim())) e.name = PERSON_NAME_MSG;
    if (!/^1[3-9]\d{9}$/.test(normalizeDigits(f.mobile))) e.mobile = T.badMobile;
    if (!f.cert_no.trim()) e.cert_no = tWorker.required(T.certNo);
    else if (idCardProblem(normalizeDigits(f.cert_no))) e.cert_no = tWorker.badIdNo;
    setErr(e);
    if (Object.keys(e).length) return;
    try {
      const r = await signUp(token, { name: f.name.trim(), mobile: normalizeDigits(f.mobile), cert_no: f.cert_no.trim(), bank_card: f.bank_card.trim() });
      setDone(r.msg);
    } catch {
      // told by the request layer
    }
  };
  return (
    <div className={s.root}>
      <TaskSummary task={task} extra={task.signup_deadline ? [{ label: T.deadline, value: task.signup_deadline }] : []} />
      {task.description && (
        <section className={s.card}>
          <Text as="h2" className={s.subtitle}>
            {tWorker.description}
          </Text>
          <Text>{task.description}</Text>
        </section>
      )}
      {done ? (
        <section className={mergeClasses(s.card, s.state)} data-testid="signup-done">
          <CheckmarkCircleRegular className={s.ok} aria-hidden />
          <Text weight="semibold">{done}</Text>
          <Text className={s.note}>{T.doneNote}</Text>
        </section>
      ) : task.closed ? (
        <section className={mergeClasses(s.card, s.state)} data-testid="signup-closed">
          <Text weight="semibold">{T.closed}</Text>
        </section>
      ) : (
        <section className={s.card} aria-labelledby="signup-title">
          <Text as="h2" id="signup-title" className={s.subtitle}>
            {T.title}
          </Text>
          <Field label={T.name} required validationMessage={err.name}>
            <Input maxLength={40} autoComplete="name" value={f.name} onChange={set('name')} data-testid="signup-name" />
          </Field>
          <Field label={T.mobile} required validationMessage={err.mobile}>
            <Input
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              placeholder={T.mobilePh}
              value={f.mobile}
              onChange={set('mobile')}
              data-testid="signup-mobile"
            />
          </Field>
          <Field label={T.certNo} required validationMessage={err.cert_no}>
            <Input maxLength={18} value={f.cert_no} onChange={set('cert_no')} data-testid="signup-cert" />
          </Field>
          <Field label={T.bankCard} validationMessage={err.bank_card}>
            <Input inputMode="numeric" maxLength={23} value={f.bank_card} onChange={set('bank_card')} data-testid="signup-bank" />
          </Field>
          <Button appearance="primary" size="large" onClick={() => void submit()} data-testid="signup-submit">
            {T.submit}
          </Button>
        </section>
      )}
    </div>
  );
}

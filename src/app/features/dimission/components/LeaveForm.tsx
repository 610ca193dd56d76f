import { useEffect, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { LEAVE_TYPE_CODES, LEAVE_TYPES, oneOf } from '../../../../contract/vocab';
import type { LeaveVerifyData } from '../../../../contract/dimission';
import { isPersonName, PERSON_NAME_MSG } from '../../../../contract/person';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { leaveCode, leavePage, leaveSubmit, leaveVerify, leaveWithdraw } from '../api';
import { StatusBadge } from './StatusBadge';
import { usePhoneCardStyles } from './styles';

type Own = NonNullable<LeaveVerifyData['request']>;
const EMPTY = { employee_name: '', id_card: '', dept_name: '', job_name: '', join_date: '', last_day: '', type: 'resign', reason: '' };

/** /m/leave/:token — 扫码离职: the employee checks their mobile by SMS, then submits (or corrects) a request. */
export function LeaveForm({ token }: { token: string }) {
  const s = usePhoneCardStyles();
  const T = tDim.leave;
  const [company, setCompany] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [ticket, setTicket] = useState<string | null>(null);
  const [own, setOwn] = useState<Own | null>(null);
  const [f, setF] = useState(EMPTY);
  const [err, setErr] = useState<Record<string, string>>({});
  useEffect(() => {
    leavePage(token).then(
      (d) => setCompany(d.company_name),
      () => setInvalid(true),
    );
  }, [token]);
  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);

  if (invalid)
    return (
      <div className={s.root}>
        <EmptyState text={T.invalid} />
      </div>
    );
  if (company === null)
    return (
      <div className={s.root}>
        <Spinner label={t.state.loading} />
      </div>
    );

  const mobileOk = /^1[3-9]\d{9}$/.test(mobile);
  const send = async () => {
    if (!mobileOk) return setErr({ mobile: T.badMobile });
    try {
      const r = await leaveCode(token, mobile);
      toast('success', r.msg);
      setWait(r.data.retry_after);
    } catch {
      // told by the request layer
    }
  };
  const verify = async () => {
    if (!mobileOk) return setErr({ mobile: T.badMobile });
    if (!/^\d{6}$/.test(code)) return setErr({ code: T.required(T.code) });
    try {
      const r = await leaveVerify(token, mobile, code);
      setTicket(r.ticket);
      setOwn(r.request);
      setErr({});
      // a returned request comes back into the form to be corrected: its fields only (the body is strict)
      const back = r.request;
      if (back?.status === 'rejected')
        setF({
          employee_name: back.employee_name,
          id_card: '',
          dept_name: back.dept_name,
          job_name: back.job_name,
          join_date: back.join_date ?? '',
          last_day: back.last_day ?? '',
          type: back.type,
          reason: back.reason,
        });
    } catch {
      // told by the request layer
    }
  };
  const set = (k: keyof typeof EMPTY) => (_: unknown, d: { value: string }) => setF((o) => ({ ...o, [k]: d.value }));
  const submit = async () => {
    const e: Record<string, string> = {};
    const req = (k: keyof typeof EMPTY, label: string) => !f[k].trim() && (e[k] = T.required(label));
    if (!req('employee_name', T.name) && !isPersonName(f.employee_name.trim())) e.employee_name = PERSON_NAME_MSG;
    req('id_card', T.idCard);
    req('job_name', T.job);
    req('join_date', T.join);
    req('last_day', T.lastDay);
    const type = oneOf(LEAVE_TYPE_CODES, f.type);
    if (!type) e.type = T.choose(T.type);
    setErr(e);
    if (Object.keys(e).length || !type || !ticket) return;
    try {
      const r = await leaveSubmit(token, { ...f, type, ticket });
      setOwn(r.request);
      toast('success', T.submitted);
    } catch {
      // told by the request layer
    }
  };
  const withdraw = async () => {
    try {
      const r = await leaveWithdraw(token, ticket!);
      setOwn(r.request);
      toast('success', T.withdrawn);
    } catch {
      // told by the request layer
    }
  };

  const editing = ticket && (!own || own.status === 'rejected' || own.status === 'withdrawn' || own.status === 'left');
  return (
    <div className={s.root}>
      <main className={s.card}>
        <div className={s.title}>{T.title}</div>
        <Text>{T.intro(company)}</Text>
        {!ticket && (
          <>
            <Field label={T.mobile} required validationMessage={err.mobile}>
              <Input
                type="tel"
                inputMode="numeric"
                maxLength={11}
                value={mobile}
                placeholder={T.mobilePh}
                onChange={(_, d) => setMobile(d.value.trim())}
                data-testid="leave-mobile"
              />
            </Field>
            <div className={s.row}>
              <Field label={T.code} required validationMessage={err.code} className={s.grow}>
                <Input
                  inputMode="numeric"
                  maxLength={6}
                  value={code}
                  placeholder={T.codePh}
                  onChange={(_, d) => setCode(d.value.trim())}
                  data-testid="leave-code"
                />
              </Field>
              <Button disabled={wait > 0} onClick={() => void send()} data-testid="leave-send-code">
                {wait > 0 ? T.resend(wait) : T.sendCode}
              </Button>
            </div>
            <Button appearance="primary" onClick={() => void verify()} data-testid="leave-verify">
              {T.verify}
            </Button>
          </>
        )}
        {own && (
          <MessageBar intent={own.status === 'rejected' ? 'warning' : 'info'} data-testid="leave-own">
            <MessageBarBody>
              {own.employee_name} · {T.lastDay} {own.last_day} · <StatusBadge kind="request" status={own.status} />
              {own.status === 'rejected' && <div>{T.rejectedBy(own.reject_reason)}</div>}
              {own.status === 'pending' && <div>{T.submitted}</div>}
            </MessageBarBody>
          </MessageBar>
        )}
        {ticket && own && (own.status === 'pending' || own.status === 'rejected') && (
          <Button onClick={() => void withdraw()} data-testid="leave-withdraw">
            {T.withdraw}
          </Button>
        )}
        {editing && (
          <>
            <Field label={T.name} required validationMessage={err.employee_name}>
              <Input maxLength={20} value={f.employee_name} onChange={set('employee_name')} data-testid="leave-name" />
            </Field>
            <Field label={T.idCard} required validationMessage={err.id_card}>
              <Input maxLength={18} value={f.id_card} onChange={set('id_card')} data-testid="leave-id-card" />
            </Field>
            <Field label={T.dept}>
              <Input maxLength={30} value={f.dept_name} onChange={set('dept_name')} data-testid="leave-dept" />
            </Field>
            <Field label={T.job} required validationMessage={err.job_name}>
              <Input maxLength={30} value={f.job_name} onChange={set('job_name')} data-testid="leave-job" />
            </Field>
            <Field label={T.join} required validationMessage={err.join_date}>
              <Input type="date" value={f.join_date} onChange={set('join_date')} data-testid="leave-join" />
            </Field>
            <Field label={T.lastDay} required validationMessage={err.last_day}>
              <Input type="date" value={f.last_day} onChange={set('last_day')} data-testid="leave-last-day" />
            </Field>
            <Field label={T.type} required validationMessage={err.type}>
              <Select value={f.type} onChange={set('type')} data-testid="leave-type">
                {LEAVE_TYPES.map((x) => (
                  <option key={x.code} value={x.code}>
                    {x.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={T.reason}>
              <Textarea maxLength={200} value={f.reason} placeholder={T.reasonPh} onChange={set('reason')} data-testid="leave-reason" />
            </Field>
            <Text className={s.note}>{T.law}</Text>
            <Button appearance="primary" onClick={() => void submit()} data-testid="leave-submit">
              {own?.status === 'rejected' ? T.resubmit : T.submit}
            </Button>
          </>
        )}
      </main>
    </div>
  );
}

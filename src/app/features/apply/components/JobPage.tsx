import { useEffect, useState } from 'react';
import { Badge, Button, Field, Input, makeStyles, mergeClasses, Radio, RadioGroup, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { CheckmarkCircleRegular, InfoRegular } from '@fluentui/react-icons';
import type { JobPageData } from '../../../../contract/apply';
import { isPersonName, normalizeDigits, PERSON_NAME_MSG } from '../../../../contract/person';
import { EDUCATION, GENDERS, type Gender } from '../../../../contract/vocab';
import { tApply as T } from '../../../shared/i18n/zh-CN.apply';
import { ApiError } from '../../../shared/lib/http';
import { EmptyState } from '../../../shared/ui';
import { usePhoneStyles } from '../../../shared/ui/phone';
import { SmsCodeField } from '../../../shared/ui/SmsCodeField';
import { applyForJob, jobPage, sendApplyCode } from '../api';

const F = T.form;
const EMPTY = { name: '', mobile: '', code: '', gender: '', birth: '', education: '', years: '', intro: '' };
type Form = typeof EMPTY;
const MOBILE = /^1[3-9]\d{9}$/;

const useStyles = makeStyles({ pre: { whiteSpace: 'pre-wrap' } });

/**
 * /m/job/:token — a position as a job-seeker sees it (the 分享 link HR hands out) and its 投递简历
 * form: name, the mobile checked by SMS, and a short résumé (the console's résumé dialog shows it).
 * A closed or expired position says so and shows no form; after 投递, the success state (or 你已
 * 投递过该职位 when this mobile had applied).
 */
export function JobPage({ token }: { token: string }) {
  const s = usePhoneStyles();
  const own = useStyles();
  const [job, setJob] = useState<JobPageData | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [f, setF] = useState<Form>(EMPTY);
  const [err, setErr] = useState<Partial<Form>>({});
  const [done, setDone] = useState<'' | 'applied' | 'twice'>('');
  useEffect(() => {
    jobPage(token).then(setJob, () => setInvalid(true));
  }, [token]);

  if (invalid) return <EmptyState text={T.invalid} description={T.invalidNote} />;
  if (!job) return <Spinner label={T.loading} />;

  const put = (k: keyof Form, v: string) => {
    setF((o) => ({ ...o, [k]: v }));
    setErr((e) => ({ ...e, [k]: undefined }));
  };
  const set = (k: keyof Form) => (_: unknown, d: { value: string }) => put(k, d.value);
  const mobile = normalizeDigits(f.mobile);
  const sendCode = async () => {
    if (!MOBILE.test(mobile)) {
      setErr((e) => ({ ...e, mobile: F.badMobile }));
      return undefined;
    }
    try {
      return (await sendApplyCode(token, mobile)).retry_after;
    } catch {
      return undefined; // told by the request layer
    }
  };
  const submit = async () => {
    const e: Partial<Form> = {};
    if (!f.name.trim()) e.name = F.required(F.name);
    else if (!isPersonName(f.name.trim())) e.name = PERSON_NAME_MSG;
    if (!MOBILE.test(mobile)) e.mobile = F.badMobile;
    if (!/^\d{6}$/.test(f.code)) e.code = F.codeBad;
    if (!f.gender) e.gender = F.choose(F.gender);
    if (!/^\d{4}-\d{2}$/.test(f.birth)) e.birth = F.choose(F.birth);
    if (!f.education) e.education = F.choose(F.education);
    if (!/^\d{1,2}$/.test(f.years.trim()) || Number(f.years) > 50) e.years = f.years.trim() ? F.badYears : F.required(F.years);
    setErr(e);
    if (Object.keys(e).length) return;
    try {
      await applyForJob(token, {
        name: f.name.trim(),
        mobile,
        code: f.code,
        gender: f.gender as Gender,
        birth: f.birth,
        education: Number(f.education),
        work_years: Number(f.years),
        intro: f.intro.trim(),
      });
      setDone('applied');
    } catch (x) {
      // 你已投递过该职位 (contract/apply MSG_APPLIED_TWICE): the twice state
      if (x instanceof ApiError && x.code === 409 && x.message === T.done.twice) setDone('twice');
      // anything else is told by the request layer
    }
  };

  const rows: { label: string; value: string }[] = [
    { label: T.nature, value: job.job_nature },
    { label: T.require, value: `${job.education} / ${job.experience}` },
    { label: T.place, value: [`${job.city} · ${job.district}`, job.address].filter(Boolean).join(' ') },
    { label: T.headcount, value: T.people(job.headcount) },
    ...(job.closes_on ? [{ label: T.closesOn, value: job.closes_on }] : []),
    ...(job.contact_name || job.contact_tel ? [{ label: T.contact, value: `${job.contact_name} ${job.contact_tel}`.trim() }] : []),
  ];
  return (
    <div className={s.root}>
      <section className={s.card} aria-labelledby="job-title">
        <div>
          <Text as="h1" block className={s.title} id="job-title" data-testid="job-title">
            {job.title}
          </Text>
          <Text block className={s.pay} data-testid="job-salary">
            {job.salary}
          </Text>
          <Text block className={s.note}>
            {job.company_name}
          </Text>
        </div>
        <dl className={s.rows}>
          {rows.map((r) => (
            <div key={r.label} className={s.row}>
              <dt className={s.label}>{r.label}</dt>
              <dd className={s.value}>{r.value}</dd>
            </div>
          ))}
        </dl>
        {job.welfare.length > 0 && (
          <div className={s.badges} role="list" aria-label={T.welfare}>
            {job.welfare.map((w) => (
              <Badge key={w} appearance="tint" role="listitem">
                {w}
              </Badge>
            ))}
          </div>
        )}
      </section>
      <section className={s.card} aria-labelledby="job-desc">
        <Text as="h2" id="job-desc" className={s.subtitle}>
          {T.description}
        </Text>
        <Text className={own.pre}>{job.description}</Text>
      </section>
      {done ? (
        <section className={mergeClasses(s.card, s.state)} data-testid="job-done" role="status">
          {done === 'applied' ? <CheckmarkCircleRegular className={s.ok} aria-hidden /> : <InfoRegular className={s.muted} aria-hidden />}
          <Text weight="semibold">{done === 'applied' ? T.done.title : T.done.twice}</Text>
          <Text className={s.note}>{done === 'applied' ? T.done.note : T.done.twiceNote}</Text>
        </section>
      ) : job.closed ? (
        <section className={mergeClasses(s.card, s.state)} data-testid="job-closed">
          <Text weight="semibold">{T.closed[job.closed]}</Text>
          <Text className={s.note}>{T.closedNote}</Text>
        </section>
      ) : (
        <section className={s.card} aria-labelledby="apply-title">
          <div>
            <Text as="h2" block id="apply-title" className={s.subtitle}>
              {F.title}
            </Text>
            <Text block className={s.note}>
              {F.note}
            </Text>
          </div>
          <Field label={F.name} required validationMessage={err.name}>
            <Input maxLength={40} autoComplete="name" value={f.name} onChange={set('name')} data-testid="apply-name" />
          </Field>
          <Field label={F.mobile} required validationMessage={err.mobile}>
            <Input
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              placeholder={F.mobilePh}
              value={f.mobile}
              onChange={set('mobile')}
              data-testid="apply-mobile"
            />
          </Field>
          <SmsCodeField value={f.code} onChange={(v) => put('code', v)} onSend={sendCode} error={err.code} codeTestId="apply-code" sendTestId="apply-send" />
          <Field label={F.gender} required validationMessage={err.gender}>
            <RadioGroup layout="horizontal" value={f.gender} onChange={set('gender')} data-testid="apply-gender">
              {GENDERS.map((g) => (
                <Radio key={g} value={g} label={g === GENDERS[0] ? F.male : F.female} />
              ))}
            </RadioGroup>
          </Field>
          <Field label={F.birth} required validationMessage={err.birth}>
            <Input type="month" value={f.birth} onChange={set('birth')} max={new Date().toISOString().slice(0, 7)} data-testid="apply-birth" />
          </Field>
          <Field label={F.education} required validationMessage={err.education}>
            <Select value={f.education} onChange={set('education')} data-testid="apply-education">
              <option value="">{F.educationPh}</option>
              {EDUCATION.filter((e) => e.code > 0).map((e) => (
                <option key={e.code} value={String(e.code)}>
                  {e.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={F.years} required validationMessage={err.years}>
            <Input
              inputMode="numeric"
              maxLength={2}
              placeholder={F.yearsPh}
              contentAfter={<Text className={s.note}>{F.yearsUnit}</Text>}
              value={f.years}
              onChange={(_, d) => put('years', d.value.replace(/\D/g, ''))}
              data-testid="apply-years"
            />
          </Field>
          <Field label={F.intro} validationMessage={err.intro}>
            <Textarea rows={4} maxLength={500} placeholder={F.introPh} value={f.intro} onChange={set('intro')} data-testid="apply-intro" />
          </Field>
          <Text className={s.note}>{F.privacy}</Text>
          <Button appearance="primary" size="large" onClick={() => void submit()} data-testid="apply-submit">
            {F.submit}
          </Button>
        </section>
      )}
    </div>
  );
}

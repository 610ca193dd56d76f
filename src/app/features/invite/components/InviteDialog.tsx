import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Link,
  makeStyles,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
  tokens,
  mergeClasses,
} from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { CalendarClockRegular, ChevronUpRegular, DismissRegular } from '@fluentui/react-icons';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import type { InviteInfo, PlanListData } from '../../../../contract';
import { inviteSent, recruitDialogs } from '../../../shared/dialogs/recruit';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { ApiError } from '../../../shared/lib/http';
import { toast } from '../../../shared/lib/notify';
import { loadDaySchedule, loadInviteInfo, sendInvite } from '../api';
import {
  defaultDay,
  firstEnabledDay,
  initialPick,
  pickDate,
  pickTime,
  pickValue,
  SEND_HOLD_MS,
  trimForm,
  validateInvite,
  ymd,
  type PickState,
} from '../lib/rules';
import { zhCalendarStrings, zhDateFormatting, zhFormatDate } from './zhCalendar';

type Info = z.infer<typeof InviteInfo>;
type DayList = z.infer<typeof PlanListData>['list'];

const useStyles = makeStyles({
  // SPEC §2: the invitation dialog is 660px wide
  surface: { width: '660px', maxWidth: 'calc(100vw - 32px)' },
  titleRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  titleActions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  form: { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM },
  wide: { gridColumn: '1 / -1' },
  when: { display: 'flex', gap: tokens.spacingHorizontalS },
  date: { flexGrow: 1, minWidth: 0 },
  time: { width: '11em' },
  schedule: {
    marginBottom: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    maxHeight: '12em',
    overflowY: 'auto',
  },
  scheduleTitle: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  hint: { fontSize: tokens.fontSizeBase200 },
  center: { padding: tokens.spacingVerticalXL, display: 'flex', justifyContent: 'center' },
});

const emptyForm = { job_id: null as number | null, address: '', contacts_name: '', contacts_tel: '', remark: '' };

/**
 * 发送面试邀请 (SPEC §2, §4, §5): read-only name and company; the position read-only for type
 * intention and chosen from the company's jobs for type user; the date-time picker rules; the five
 * checks in order; the send button holds its loading state 0.9 s after the answer; on success the
 * dialog closes and the lists showing invitations reload.
 */
export function InviteDialog() {
  const { invite } = useSnapshot(recruitDialogs);
  const open = invite !== null;
  // a new form for every opening
  const key = invite ? `${invite.type}:${invite.id}` : 'closed';
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && (recruitDialogs.invite = null)} modalType="modal">
      <DialogSurface className={useStyles().surface} data-testid="invite-dialog" aria-label={tRecruit.invite.title}>
        {invite && <InviteBody key={key} id={invite.id} type={invite.type} />}
      </DialogSurface>
    </Dialog>
  );
}

function InviteBody({ id, type }: { id: number; type: 'user' | 'intention' }) {
  const s = useStyles();
  const [info, setInfo] = useState<Info | null>(null);
  // the call is silent (SPEC §7): the dialog says why it cannot load
  const [failed, setFailed] = useState<string | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [pick, setPick] = useState<PickState>(initialPick);
  const [sending, setSending] = useState(false);
  const [showPlan, setShowPlan] = useState(false);
  const now = useMemo(() => Date.now(), []);

  useEffect(() => {
    let alive = true;
    loadInviteInfo({ id, type }).then(
      (d) => alive && setInfo(d),
      (e: unknown) => alive && setFailed(e instanceof ApiError ? e.message : tRecruit.inviteForm.loadFailed),
    );
    return () => {
      alive = false;
    };
  }, [id, type]);

  const close = () => (recruitDialogs.invite = null);
  const set = (patch: Partial<typeof emptyForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    const full = trimForm({ type, pick_time: pickValue(pick), ...form });
    const problem = validateInvite(full);
    if (problem) {
      toast('warning', problem);
      return;
    }
    setSending(true);
    let msg: string | null = null;
    try {
      msg = await sendInvite(id, full);
    } catch {
      // the request layer has shown the server's message
    }
    await new Promise((r) => setTimeout(r, SEND_HOLD_MS));
    setSending(false);
    if (msg !== null) {
      toast('success', msg);
      inviteSent();
    }
  };

  return (
    <DialogBody>
      <DialogTitle
        action={
          <div className={s.titleActions}>
            <Button
              appearance={showPlan ? 'primary' : 'secondary'}
              size="small"
              icon={showPlan ? <ChevronUpRegular /> : <CalendarClockRegular />}
              onClick={() => setShowPlan((v) => !v)}
              aria-expanded={showPlan}
              data-testid="invite-schedule-toggle"
            >
              {showPlan ? tRecruit.inviteForm.hideSchedule : t.nav.plan}
            </Button>
            <Button appearance="subtle" size="small" icon={<DismissRegular />} aria-label={t.notice.close} onClick={close} />
          </div>
        }
      >
        {tRecruit.invite.title}
      </DialogTitle>
      <DialogContent>
        {showPlan && <DaySchedule date={pick.date || ymd(new Date(now))} />}
        {failed ? (
          <div className={s.center}>{failed}</div>
        ) : !info ? (
          <div className={s.center}>
            <Spinner size="small" label={t.state.loading} />
          </div>
        ) : (
          <div className={s.form}>
            <Field label={tRecruit.invite.fields.realname}>
              <Input value={info.realname} readOnly appearance="filled-darker" />
            </Field>
            <Field label={tRecruit.invite.fields.company}>
              <Input value={info.company_name} readOnly appearance="filled-darker" />
            </Field>
            <Field
              label={tRecruit.invite.fields.job}
              required
              className={s.wide}
              hint={type === 'user' && info.job_lst.length === 0 ? tRecruit.inviteForm.noJobs : undefined}
            >
              {type === 'intention' ? (
                <Input value={info.job_name} readOnly appearance="filled-darker" />
              ) : (
                <Dropdown
                  placeholder={tRecruit.inviteForm.jobPlaceholder}
                  value={info.job_lst.find((j) => j.id === form.job_id)?.job_name ?? ''}
                  selectedOptions={form.job_id ? [String(form.job_id)] : []}
                  onOptionSelect={(_, d) => set({ job_id: Number(d.optionValue) || null })}
                  data-testid="invite-job"
                >
                  {info.job_lst.map((j) => (
                    <Option key={j.id} value={String(j.id)}>
                      {j.job_name}
                    </Option>
                  ))}
                </Dropdown>
              )}
            </Field>
            <Field label={tRecruit.invite.fields.time} required className={s.wide}>
              <div className={s.when}>
                <DatePicker
                  className={s.date}
                  placeholder={tRecruit.inviteForm.datePlaceholder}
                  value={pick.date ? new Date(`${pick.date}T00:00:00`) : null}
                  onSelectDate={(d) => setPick((p) => pickDate(p, d))}
                  minDate={firstEnabledDay(now)}
                  initialPickerDate={defaultDay(now)}
                  today={new Date(now)}
                  strings={zhCalendarStrings}
                  dateTimeFormatter={zhDateFormatting}
                  formatDate={zhFormatDate}
                  firstDayOfWeek={1}
                  showGoToToday
                  aria-label={tRecruit.invite.fields.time}
                  data-testid="invite-date"
                />
                <Input
                  className={s.time}
                  type="time"
                  step={1}
                  value={pick.time}
                  onChange={(_, d) => setPick((p) => pickTime(p, d.value))}
                  aria-label={tRecruit.inviteForm.timeLabel}
                  data-testid="invite-time"
                />
              </div>
            </Field>
            <Field label={tRecruit.invite.fields.place} required className={s.wide}>
              <Input value={form.address} maxLength={100} placeholder={tRecruit.inviteForm.placePlaceholder} onChange={(_, d) => set({ address: d.value })} />
              {info.address && !form.address && (
                <Link className={s.hint} onClick={() => set({ address: info.address })}>
                  {tRecruit.inviteForm.useCompanyAddress}：{info.address}
                </Link>
              )}
            </Field>
            <Field label={tRecruit.invite.fields.contact} required>
              <Input
                value={form.contacts_name}
                maxLength={30}
                placeholder={tRecruit.inviteForm.contactPlaceholder}
                onChange={(_, d) => set({ contacts_name: d.value })}
              />
            </Field>
            <Field label={tRecruit.invite.fields.tel} required>
              <Input
                value={form.contacts_tel}
                maxLength={20}
                placeholder={tRecruit.inviteForm.telPlaceholder}
                onChange={(_, d) => set({ contacts_tel: d.value })}
              />
            </Field>
            {!form.contacts_name && !form.contacts_tel && (
              <Link className={mergeClasses(s.hint, s.wide)} onClick={() => set({ contacts_name: info.hr_realname, contacts_tel: info.hr_mobile })}>
                {tRecruit.inviteForm.useMyContact}（{info.hr_realname} {info.hr_mobile}）
              </Link>
            )}
            <Field label={tRecruit.invite.fields.remark} className={s.wide}>
              <Textarea
                value={form.remark}
                maxLength={200}
                resize="vertical"
                placeholder={tRecruit.invite.remarkPlaceholder}
                onChange={(_, d) => set({ remark: d.value })}
              />
            </Field>
          </div>
        )}
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={close}>
          {tRecruit.invite.cancel}
        </Button>
        <Button
          appearance="primary"
          disabled={!info || sending}
          icon={sending ? <Spinner size="tiny" /> : undefined}
          onClick={() => void submit()}
          data-testid="invite-send"
        >
          {tRecruit.invite.send}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}

/** The 面试安排 table of one day, loaded when shown (SPEC §2). */
function DaySchedule({ date }: { date: string }) {
  const s = useStyles();
  const [list, setList] = useState<DayList | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setList(null);
    setFailed(false);
    loadDaySchedule(date).then(
      (d) => alive && setList(d.list),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [date]);
  const rows = list ? Object.values(list).flat() : [];
  return (
    <section className={s.schedule} data-testid="invite-schedule">
      <div className={s.scheduleTitle}>{tRecruit.inviteForm.scheduleOf(date)}</div>
      {failed ? (
        <div className={s.muted}>{tRecruit.planPanel.loadFailed}</div>
      ) : !list ? (
        <Spinner size="tiny" />
      ) : rows.length === 0 ? (
        <div className={s.muted}>{tRecruit.inviteForm.scheduleEmpty}</div>
      ) : (
        <Table size="extra-small" aria-label={tRecruit.inviteForm.scheduleOf(date)}>
          <TableHeader>
            <TableRow>
              {tRecruit.inviteForm.scheduleCols.map((c) => (
                <TableHeaderCell key={c}>{c}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={`${r.user_id}-${r.hour}-${i}`}>
                <TableCell>{r.hour}</TableCell>
                <TableCell>{r.realname}</TableCell>
                <TableCell>{r.job_name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

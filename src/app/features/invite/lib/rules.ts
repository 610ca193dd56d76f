/**
 * The interview invitation's rules (SPEC §2, §5, §9) as pure functions:
 * - the picker disables days earlier than one day before now;
 * - the time defaults to 09:00:00 (today's date is where the calendar opens);
 * - picking a date without having touched the time sets 09:00:00;
 * - sending checks five things in the SPEC's order and warns on the first failure, text trimmed.
 */
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';

export const DAY_MS = 86_400_000;
export const DEFAULT_TIME = '09:00:00';

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of a local date. */
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A calendar day (its local midnight) is disabled when it is earlier than one day before now. */
export function isDayDisabled(day: Date, now: number): boolean {
  const midnight = new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  return midnight < now - DAY_MS;
}

/** The first day the picker offers: the earliest local midnight not before now − 1 day. */
export function firstEnabledDay(now: number): Date {
  const cutoff = new Date(now - DAY_MS);
  const d = new Date(cutoff.getFullYear(), cutoff.getMonth(), cutoff.getDate());
  if (d.getTime() < now - DAY_MS) d.setDate(d.getDate() + 1);
  return d;
}

/** The picker's value: a date (empty until picked), a time, and whether the user set the time. */
export interface PickState {
  date: string;
  time: string;
  timeTouched: boolean;
}

/** Where the picker starts: no date yet, 09:00:00 waiting, the calendar on today. */
export const initialPick = (): PickState => ({ date: '', time: DEFAULT_TIME, timeTouched: false });

/** The calendar's default day: today. */
export const defaultDay = (now: number) => new Date(new Date(now).setHours(0, 0, 0, 0));

/** A date picked: without a time chosen by the user, the time becomes 09:00:00. */
export function pickDate(s: PickState, date: Date | null | undefined): PickState {
  if (!date) return { ...s, date: '' };
  return { date: ymd(date), time: s.timeTouched ? s.time : DEFAULT_TIME, timeTouched: s.timeTouched };
}

/** A time typed or chosen (`HH:mm` or `HH:mm:ss`); an empty value is ignored. */
export function pickTime(s: PickState, time: string): PickState {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!m) return s;
  return { ...s, time: `${m[1]}:${m[2]}:${m[3] ?? '00'}`, timeTouched: true };
}

/** `YYYY-MM-DD HH:mm:ss`, or '' while no date is picked. */
export const pickValue = (s: PickState) => (s.date ? `${s.date} ${s.time}` : '');

export interface InviteForm {
  type: 'user' | 'intention';
  job_id: number | null;
  pick_time: string;
  address: string;
  contacts_name: string;
  contacts_tel: string;
  remark: string;
}

/** The trimmed form, ready to send. */
export const trimForm = (f: InviteForm): InviteForm => ({
  ...f,
  pick_time: f.pick_time.trim(),
  address: f.address.trim(),
  contacts_name: f.contacts_name.trim(),
  contacts_tel: f.contacts_tel.trim(),
  remark: f.remark.trim(),
});

/** The first failing check's message (SPEC §5 order), or null when the form may be sent. */
export function validateInvite(form: InviteForm): string | null {
  const f = trimForm(form);
  const [job, time, place, person, phone] = tRecruit.invite.errors;
  if (f.type === 'user' && !f.job_id) return job;
  if (!f.pick_time) return time;
  if (!f.address) return place;
  if (!f.contacts_name) return person;
  if (!f.contacts_tel) return phone;
  return null;
}

/** SPEC §4: the send button keeps loading about 0.9 s after the answer. */
export const SEND_HOLD_MS = 900;

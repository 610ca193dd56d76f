/**
 * What the recruitment area's lists share: display texts (age, experience, masked names, 活跃度),
 * the one person summary of a candidate, and the ILIKE pattern of a search.
 * The area's files: hall.ts, positions.ts, applications.ts, resume.ts, interviews.ts.
 */
import { educationLabel } from '../../../contract/vocab';
import { fmtDate } from '../../lib/time';

/** `2026-11-21 09:00:00` (China time) → Date; null when not a real time (an invitation's and a 改期's time). */
export function parseChinaTime(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const t = Date.UTC(y, mo - 1, d, h - 8, mi, se);
  const back = new Date(t + 8 * 3600_000);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || se > 59) return null;
  return new Date(t);
}

/** `%`, `_` and `\` taken literally in ILIKE (also the 灵活用工 searches). */

/** Whole years between a `YYYY-MM-DD` date and now (China time). */
export function yearsSince(date: string, now: Date): number {
  const today = fmtDate(now);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let n = ty - y;
  if (tm < m || (tm === m && td < d)) n -= 1;
  return Math.max(0, n);
}

/** `应届生`, `1年以内`, `5年经验`. */
export function workExpText(workStart: string | null, now: Date): string {
  if (!workStart) return '应届生';
  const n = yearsSince(workStart, now);
  return n < 1 ? '1年以内' : `${n}年经验`;
}

/** Lists show a surname and a courtesy title only: 王先生 / 王女士 (domain.md §2.3). */
export const maskName = (name: string, gender: string) => `${name.slice(0, 1)}${gender === '女' ? '女士' : '先生'}`;

/** A rough 活跃度 label. */
export function activeText(at: Date, now: Date): string {
  const h = (now.getTime() - at.getTime()) / 3_600_000;
  if (h < 1) return '刚刚活跃';
  if (fmtDate(at) === fmtDate(now)) return '今日活跃';
  if (h < 72) return '3日内活跃';
  if (h < 24 * 7) return '本周活跃';
  if (h < 24 * 30) return '本月活跃';
  return '';
}

/** The columns of a candidate (`c`) every list shows; the latest job of their resume is kept on the row (migration 067). */
export const PERSON_SQL = `c.id AS user_id, c.realname, c.avatar, c.gender, c.birth_date, c.education, c.work_start, c.last_company, c.last_job`;

export interface PersonRow {
  user_id: number;
  realname: string;
  avatar: string;
  gender: string;
  birth_date: string;
  education: number;
  work_start: string | null;
  last_company: string | null;
  last_job: string | null;
}

export const person = (r: PersonRow, now: Date) => ({
  user_id: r.user_id,
  realname: r.realname,
  avatar: r.avatar,
  gender: r.gender,
  age: yearsSince(r.birth_date, now),
  education: educationLabel(r.education),
  work_exp: workExpText(r.work_start, now),
  last_company: r.last_company ?? '',
  last_job: r.last_job ?? '',
});

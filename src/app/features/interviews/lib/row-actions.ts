/**
 * Which buttons a row of the interview list shows: the moves the server says its state allows
 * (`actions`), and 录用 once the feedback said 通过; the first two as buttons, the rest under 更多
 * so the 操作 column fits at 768 px.
 */
import type { InterviewAction, InterviewItem } from '../../../../contract';

export type RowAction = InterviewAction | 'hire';
/** What a recruiter most likely does next comes first. */
const ORDER: readonly RowAction[] = ['hire', 'feedback', 'confirm', 'check_in', 'reschedule', 'cancel', 'decline', 'no_show'];
export const VISIBLE = 2;

export function rowActions(r: Pick<InterviewItem, 'actions' | 'verdict' | 'application_id' | 'application_status'>): { shown: RowAction[]; more: RowAction[] } {
  const all: RowAction[] = [...r.actions];
  if (r.verdict === 'pass' && r.application_id !== null && r.application_status !== 'hired') all.push('hire');
  const sorted = ORDER.filter((a) => all.includes(a));
  return { shown: sorted.slice(0, VISIBLE), more: sorted.slice(VISIBLE) };
}

/** `YYYY-MM-DD` and `HH:mm` of a date and time inputs → the API's `YYYY-MM-DD HH:mm:ss`, or null. */
export function pickTimeOf(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return null;
  return `${date} ${time.length === 5 ? `${time}:00` : time}`;
}

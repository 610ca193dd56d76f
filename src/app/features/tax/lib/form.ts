/** Pure rules of the application form: the default period, the month list, the checks, totals. */
import { MONTH_RE, periodProblem } from '../../../../contract/tax-rules';
import { tTax } from '../../../shared/i18n/zh-CN.tax';

const pad = (n: number) => String(n).padStart(2, '0');

/** China-time month `back` months before `now`. */
export function monthBefore(now: Date, back: number): string {
  const d = new Date(now.getTime() + 8 * 3600_000);
  const idx = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(idx / 12)}-${pad((idx % 12) + 1)}`;
}

/** The last three full months (tax of a month is declared in the next one). */
export const defaultPeriod = (now: Date) => ({ start: monthBefore(now, 3), end: monthBefore(now, 1) });

/** The months a picker offers: the last 24, newest first. */
export const monthOptions = (now: Date) => Array.from({ length: 24 }, (_, i) => monthBefore(now, i));

export interface FormCheck {
  start: string;
  end: string;
  ids: number[];
  receive: 'download' | 'email';
  email: string;
  remark: string;
}

/** The first problem of the form (the server checks the same again), or null. */
export function formProblem(f: FormCheck): string | null {
  const p = periodProblem(f.start, f.end);
  if (p) return p;
  if (f.ids.length === 0) return tTax.form.pick;
  if (f.receive === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) return tTax.form.badEmail;
  if (f.remark.length > 200) return tTax.form.remarkLong;
  return null;
}

export const isMonth = (m: string) => MONTH_RE.test(m);

/** Adds or removes an id. */
export const toggle = (ids: readonly number[], id: number, on: boolean) => (on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id));

/** Sums the chosen items' fields. */
export function totals<T extends { tax: number; income: number; invoiceable: number }>(items: readonly T[], chosen: (t: T) => boolean) {
  const picked = items.filter(chosen);
  return {
    n: picked.length,
    tax: picked.reduce((s, x) => s + x.tax, 0),
    income: picked.reduce((s, x) => s + x.income, 0),
    invoiceable: picked.reduce((s, x) => s + x.invoiceable, 0),
  };
}

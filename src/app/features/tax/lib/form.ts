/** Pure rules of the application form: the default period, the month list, the checks, totals. */
import { cnMonth, MONTH_RE, periodMonths, periodProblem } from '../../../../contract/tax-rules';
import { tTax } from '../../../shared/i18n/zh-CN.tax';

/** China-time month `back` months before `now`. */
export const monthBefore = cnMonth;

/** The last three full months (tax of a month is declared in the next one). */
export const defaultPeriod = (now: Date) => ({ start: monthBefore(now, 3), end: monthBefore(now, 1) });

/** The months a picker offers: the finished ones within the look-back, newest first (contract/tax-rules). */
export const monthOptions = periodMonths;

export interface FormCheck {
  now: Date;
  start: string;
  end: string;
  ids: number[];
  receive: 'download' | 'email';
  email: string;
  remark: string;
}

/** The first problem of the form (the server checks the same again), or null. */
export function formProblem(f: FormCheck): string | null {
  const p = periodProblem(f.start, f.end, f.now);
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

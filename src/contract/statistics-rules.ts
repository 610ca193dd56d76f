/**
 * 数据面板 rules without zod (the /statistics page imports these at run time; the schemas stay in
 * ./statistics, so the page's JavaScript carries no validation library): the range codes, the
 * range rule, rates and the funnel steps.
 */
export const RANGE_CODES = ['today', 'yesterday', '7d', '30d', 'custom'] as const;
export type RangeCode = (typeof RANGE_CODES)[number];
/** The longest custom range (days, both ends included). */
export const MAX_RANGE_DAYS = 366;

const isoDay = (s: string) => Date.parse(`${s}T00:00:00Z`);
/** Days from `a` to `b` (YYYY-MM-DD), both ends included; NaN when a date is not real. */
export function spanDays(a: string, b: string): number {
  const x = isoDay(a);
  const y = isoDay(b);
  if (Number.isNaN(x) || Number.isNaN(y) || new Date(x).toISOString().slice(0, 10) !== a || new Date(y).toISOString().slice(0, 10) !== b) return NaN;
  return Math.round((y - x) / 86_400_000) + 1;
}
/** `YYYY-MM-DD` plus `n` days. */
export const addDay = (d: string, n: number) => new Date(isoDay(d) + n * 86_400_000).toISOString().slice(0, 10);

/** The first and last China day of a range, given today's China date. */
export function resolveRange(range: RangeCode, today: string, start?: string, end?: string): { start: string; end: string } {
  switch (range) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDay(today, -1), end: addDay(today, -1) };
    case '7d':
      return { start: addDay(today, -6), end: today };
    case '30d':
      return { start: addDay(today, -29), end: today };
    case 'custom':
      return { start: start!, end: end! };
  }
}

/** `a / b` as a percentage with one decimal, null when b is 0. */
export const pct = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 1000) / 10 : null);

export const FUNNEL_STEPS = ['views', 'applies', 'invited', 'attended', 'hired', 'onboarded'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

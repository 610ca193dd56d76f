import { FUNNEL_STEPS, pct, type FunnelStep } from '../../../../contract/statistics-rules';
import type { RecruitStats } from '../../../../contract/statistics';

export interface FunnelRow {
  step: FunnelStep;
  count: number;
  /** % of the previous step; null for the first step or after a 0 */
  rate: number | null;
}

/** The funnel as rows with the rate from the step before. */
export function funnelRows(f: RecruitStats['funnel']): FunnelRow[] {
  return FUNNEL_STEPS.map((step, i) => ({ step, count: f[step], rate: i === 0 ? null : pct(f[step], f[FUNNEL_STEPS[i - 1]!]) }));
}

/** `12.5%` or `—`. */
export const rateText = (r: number | null) => (r === null ? '—' : `${r}%`);

/** True when a series holds nothing to draw. */
export const allZero = (xs: number[]) => xs.every((x) => x === 0);

/** Shares of a whole as % (one decimal); an empty whole gives nulls. */
export const shares = (xs: number[]) => {
  const sum = xs.reduce((a, b) => a + b, 0);
  return xs.map((x) => pct(x, sum));
};

/**
 * The funnel's bar lengths in % of the track: proportional to the count, 0 draws no bar. 浏览
 * counts page views, not people, so it has its own scale (its bar is full when it has any); the
 * people steps (投递 … 入职) share one scale, the largest of them full length.
 */
export function barWidths(rows: Pick<FunnelRow, 'step' | 'count'>[]): number[] {
  const people = Math.max(0, ...rows.filter((r) => r.step !== 'views').map((r) => r.count));
  return rows.map((r) => (r.count <= 0 ? 0 : r.step === 'views' ? 100 : (r.count / people) * 100));
}

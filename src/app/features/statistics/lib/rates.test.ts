import { describe, expect, it } from 'vitest';
import { allZero, funnelRows, rateText, shares } from './rates';
import { resolveRange, spanDays } from '../../../../contract/statistics-rules';

describe('funnel rows', () => {
  it('rates each step against the one before; a 0 before gives no rate', () => {
    const rows = funnelRows({ views: 200, applies: 50, invited: 0, attended: 0, hired: 0, onboarded: 0 });
    expect(rows.map((r) => r.rate)).toEqual([null, 25, 0, null, null, null]);
    expect(rateText(rows[1]!.rate)).toBe('25%');
    expect(rateText(null)).toBe('—');
  });
  it('shares and empty series', () => {
    expect(shares([1, 3])).toEqual([25, 75]);
    expect(shares([0, 0])).toEqual([null, null]);
    expect(allZero([0, 0])).toBe(true);
    expect(allZero([0, 1])).toBe(false);
  });
});

describe('ranges', () => {
  it('resolves the presets from today (China date) and counts days', () => {
    expect(resolveRange('today', '2026-03-01')).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    expect(resolveRange('yesterday', '2026-03-01')).toEqual({ start: '2026-02-28', end: '2026-02-28' });
    expect(resolveRange('7d', '2026-03-01')).toEqual({ start: '2026-02-23', end: '2026-03-01' });
    expect(resolveRange('30d', '2026-03-01')).toEqual({ start: '2026-01-31', end: '2026-03-01' });
    expect(spanDays('2026-01-01', '2026-12-31')).toBe(365);
    expect(spanDays('2026-02-30', '2026-03-01')).toBeNaN();
  });
});

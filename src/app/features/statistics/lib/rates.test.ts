// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { allZero, barWidths, funnelRows, rateText, shares } from './rates';
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

describe('funnel bar lengths (issue 31 item 7)', () => {
  it('are proportional to the count on one scale for people; 0 has no bar; 浏览 has its own scale', () => {
    const rows = funnelRows({ views: 900, applies: 14, invited: 13, attended: 12, hired: 7, onboarded: 0 });
    const w = barWidths(rows);
    expect(w[0]).toBe(100);
    expect(w.slice(1)).toEqual([100, (13 / 14) * 100, (12 / 14) * 100, 50, 0]);
    // twice the people, twice the length (the old square-root widths with a 12 % floor failed this)
    expect(w[4]! * 2).toBeCloseTo(w[1]!);
    expect(barWidths(funnelRows({ views: 0, applies: 0, invited: 0, attended: 0, hired: 0, onboarded: 0 }))).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDay } from '../../../contract/statistics-rules';
import { splitRange } from './range';

describe('splitRange', () => {
  const today = '2026-06-15';
  it('whole months from the monthly rows; a month mostly inside as its row minus the days outside', () => {
    // May whole; June 1–15 is June's row minus 16–30 (days still to come: nothing to read)
    expect(splitRange('2026-05-01', '2026-06-15', today)).toEqual({ months: [['2026-05-01', '2026-06-01']], days: [], minus: [['2026-06-16', '2026-06-30']] });
    // a year: the first 15 days as days (the month minus its first 15 would read 16), 11 whole months, this month minus the rest
    expect(splitRange('2025-06-16', '2026-06-15', today)).toEqual({
      months: [['2025-07-01', '2026-06-01']],
      days: [['2025-06-16', '2025-06-30']],
      minus: [['2026-06-16', '2026-06-30']],
    });
    expect(splitRange('2026-02-01', '2026-02-28', today)).toEqual({ months: [['2026-02-01', '2026-02-01']], days: [], minus: [] });
    // 近7天 early in a month: the days (June's row minus June 1–8 would read 9)
    expect(splitRange('2026-06-09', '2026-06-15', today)).toEqual({ months: [], days: [['2026-06-09', '2026-06-15']], minus: [] });
    expect(splitRange('2026-06-15', '2026-06-15', today)).toEqual({ months: [], days: [['2026-06-15', '2026-06-15']], minus: [] });
    // May 20–31 as days; June 1–10 as June minus 11–30 (of which 11–15 are past: 6 rows against 10)
    expect(splitRange('2026-05-20', '2026-06-10', today)).toEqual({
      months: [['2026-06-01', '2026-06-01']],
      days: [['2026-05-20', '2026-05-31']],
      minus: [['2026-06-11', '2026-06-30']],
    });
    expect(splitRange('2025-12-31', '2026-02-01', today)).toEqual({
      months: [['2026-01-01', '2026-01-01']],
      days: [
        ['2025-12-31', '2025-12-31'],
        ['2026-02-01', '2026-02-01'],
      ],
      minus: [],
    });
    // 近30天 across a month's end
    expect(splitRange('2026-10-26', '2026-11-24', '2026-11-24')).toEqual({
      months: [['2026-11-01', '2026-11-01']],
      days: [['2026-10-26', '2026-10-31']],
      minus: [['2026-11-25', '2026-11-30']],
    });
  });

  it('counts every day of the range once and no other day, whatever the range and today', () => {
    const day = fc.integer({ min: 0, max: 1200 }).map((n) => addDay('2024-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), day, (start, len, today) => {
        const end = addDay(start, len);
        const s = splitRange(start, end, today);
        const count = new Map<string, number>();
        const add = (a: string, b: string, k: number) => {
          for (let d = a; d <= b; d = addDay(d, 1)) count.set(d, (count.get(d) ?? 0) + k);
        };
        for (const [a, b] of s.months) add(a, addDay(`${addDay(`${b.slice(0, 8)}28`, 7).slice(0, 8)}01`, -1), 1);
        for (const [a, b] of s.days) add(a, b, 1);
        for (const [a, b] of s.minus) add(a, b, -1);
        for (const [d, k] of count) expect(k, d).toBe(d >= start && d <= end ? 1 : 0);
        for (let d = start; d <= end; d = addDay(d, 1)) expect(count.get(d), d).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * How the data panel reads a range of China days from the roll-ups (019, 021): whole months from
 * the monthly rows, the rest from the daily rows, and for a month mostly inside the range the
 * month's row minus the few days of it outside the range, whichever reads fewer rows. A year from
 * today is then 13 monthly rows and a few days per position instead of ~12 monthly rows and up to
 * 60 days; 近30天 across a month's end is one month minus the days still to come. Exact either way:
 * every day of the range is counted once and no other day is.
 */
import { resolveRange, type StatsQuery } from '../../../contract/statistics';
import { addDay, spanDays } from '../../../contract/statistics-rules';
import { fmtDate } from '../../lib/time';

export interface RangeSplit {
  /** ranges of months (their first days, both ends included) read whole from the monthly rows */
  months: [string, string][];
  /** ranges of days added from the daily rows */
  days: [string, string][];
  /** ranges of days taken off: the days of a month read whole that lie outside the range */
  minus: [string, string][];
}

const monthOf = (d: string) => `${d.slice(0, 8)}01`;
const nextMonth = (m: string) => `${addDay(`${m.slice(0, 8)}28`, 7).slice(0, 8)}01`;
/** days of [a, b] up to `today` (rows after today are rare: counting them as free only steers the choice) */
const pastDays = (a: string, b: string, today: string) => (a > b || a > today ? 0 : spanDays(a, b < today ? b : today));

/** append [a, b] to ranges, joining it to the last one when they touch (`next`: what follows a range's end) */
function push(ranges: [string, string][], a: string, b: string, next: (x: string) => string = (x) => addDay(x, 1)) {
  const last = ranges[ranges.length - 1];
  if (last && next(last[1]) === a) last[1] = b;
  else ranges.push([a, b]);
}

/** The range [start, end] (China days, start ≤ end) as months, days, and days taken off. */
export function splitRange(start: string, end: string, today: string): RangeSplit {
  const out: RangeSplit = { months: [], days: [], minus: [] };
  for (let m = monthOf(start); m <= end; m = nextMonth(m)) {
    const last = addDay(nextMonth(m), -1);
    const a = start > m ? start : m;
    const b = end < last ? end : last;
    if (a === m && b === last) {
      push(out.months, m, m, nextMonth);
      continue;
    }
    // the month's row plus the days outside the range, against the days inside it
    const outside = 1 + (a > m ? pastDays(m, addDay(a, -1), today) : 0) + (b < last ? pastDays(addDay(b, 1), last, today) : 0);
    if (outside < spanDays(a, b)) {
      push(out.months, m, m, nextMonth);
      if (a > m) push(out.minus, m, addDay(a, -1));
      if (b < last) push(out.minus, addDay(b, 1), last);
    } else push(out.days, a, b);
  }
  return out;
}

/**
 * SQL: `col` within any of the ranges (`false` when none); the bounds go onto `args` as
 * parameters, cast to date.
 */
export function inRanges(col: string, ranges: [string, string][], args: unknown[]): string {
  if (ranges.length === 0) return 'false';
  return `(${ranges
    .map(([a, b]) => {
      args.push(a, b);
      return `(${col} >= $${args.length - 1}::date AND ${col} <= $${args.length}::date)`;
    })
    .join(' OR ')})`;
}

// --- the range of a panel call --------------------------------------------------------------

const chinaMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);

export interface Range {
  start: string;
  end: string;
  from: Date;
  to: Date;
  /** today's China date: what splitRange reckons the days still to come from */
  today: string;
  position: number | null;
  department: string | null;
}

export function rangeOf(q: { range: StatsQuery['range']; start?: string; end?: string; position_id?: number; department?: string }, now: Date): Range {
  const today = fmtDate(now);
  const r = resolveRange(q.range ?? '7d', today, q.start, q.end);
  return { ...r, from: chinaMidnight(r.start), to: chinaMidnight(addDay(r.end, 1)), today, position: q.position_id ?? null, department: q.department || null };
}

/** every China day of a range */
export function daysOf(r: { start: string; end: string }): string[] {
  const out: string[] = [];
  for (let d = r.start; d <= r.end; d = addDay(d, 1)) out.push(d);
  return out;
}

/** a roll-up's sum (numeric, bigint as text, or null) as a number */
export const n = (v: unknown) => Number(v ?? 0);

/**
 * SQL reading a range of days from a monthly and a daily roll-up (splitRange): the monthly rows
 * of whole months, the daily rows of the other days, and the daily rows of the days outside taken
 * off (`vals` negated). `where` narrows every part (alias `s`); its parameters are already in `args`.
 */
export function rangeRows(r: Range, monthly: string, daily: string, keys: string[], vals: string[], where: string, args: unknown[]) {
  const split = splitRange(r.start, r.end, r.today);
  const part = (table: string, col: string, ranges: [string, string][], sign: string) =>
    ranges.length === 0
      ? []
      : [
          `SELECT ${[...keys.map((k) => `s.${k}`), ...vals.map((v) => `${sign}s.${v} AS ${v}`)].join(', ')} FROM ${table} s WHERE ${where} AND ${inRanges(`s.${col}`, ranges, args)}`,
        ];
  return [...part(monthly, 'month', split.months, ''), ...part(daily, 'day', split.days, ''), ...part(daily, 'day', split.minus, '-')].join('\n UNION ALL\n');
}

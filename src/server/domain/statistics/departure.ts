/** 数据面板 · 离职 (issue 15): departures by leave type, proofs, handled requests and the headcount. */
import { addDay, pct, type DepartureStats } from '../../../contract/statistics';
import { leaveTypeLabel, LEAVE_TYPES } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { headcountsAt } from './headcount';
import { n, rangeRows, type Range } from './range';

/**
 * 离职, in two statements: the range's departures, proofs and handled requests by leave type
 * (months, days, days taken off; a department's rows only under the filter), and the headcount at
 * the start and the end (headcount.ts).
 */
export async function departureStats(db: Db, companyId: number, r: Range): Promise<DepartureStats> {
  const args: unknown[] = [companyId];
  const where = r.department === null ? 's.company_id = $1' : `s.company_id = $1 AND s.dept_name = $${args.push(r.department)}`;
  const parts = rangeRows(
    r,
    'stats_departure_monthly',
    'stats_departure_daily',
    ['leave_type'],
    ['left_count', 'proofs', 'handled', 'handle_secs'],
    where,
    args,
  );
  const rows = await db.query<{ t: string; c: unknown; proofs: unknown; handled: unknown; secs: unknown }>(
    `SELECT leave_type AS t, sum(left_count) AS c, sum(proofs) AS proofs, sum(handled) AS handled, sum(handle_secs) AS secs
       FROM (${parts}) x GROUP BY leave_type`,
    args,
  );
  const types = rows.filter((x) => x.t !== '' && n(x.c) > 0);
  const other = rows.find((x) => x.t === '');
  const left = types.reduce((s, t) => s + n(t.c), 0);
  // 期初 = the headcount at the end of the day before the range, 期末 = at the end of its last day
  // (headcount.ts: from the figures set as of a day, never from today); under a 部门 filter the
  // department's own headcount, so the rate is the department's leavers over the department
  const [hStart, hEnd] = await headcountsAt(db, companyId, r.department, [addDay(r.start, -1), r.end]);
  const handled = n(other?.handled);
  return {
    start: r.start,
    end: r.end,
    left,
    headcount_start: hStart ?? null,
    headcount_end: hEnd ?? null,
    rate: hStart == null || hEnd == null ? null : pct(left, (hStart + hEnd) / 2),
    types: LEAVE_TYPES.map((t): { code: string; label: string; count: number } => ({
      code: t.code,
      label: t.label,
      count: n(types.find((y) => y.t === t.code)?.c),
    }))
      .concat(types.filter((y) => !LEAVE_TYPES.some((t) => t.code === y.t)).map((y) => ({ code: y.t, label: leaveTypeLabel(y.t), count: n(y.c) })))
      .filter((t) => t.count > 0),
    proofs_issued: n(other?.proofs),
    requests_handled: handled,
    avg_handle_hours: handled === 0 ? null : Math.round((n(other?.secs) / handled / 3600) * 10) / 10,
  };
}

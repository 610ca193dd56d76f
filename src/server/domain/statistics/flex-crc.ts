/**
 * 数据面板 · 灵活用工 and CRC积分 (issue 15): the payouts of a range (stats_flex_daily) with the
 * tasks, and the points earned and spent (stats_crc_daily) with the balance.
 */
import { pct, type CrcStats, type FlexStats } from '../../../contract/statistics';
import type { Db } from '../../db/types';
import { daysOf, n, type Range } from './range';

export async function flexStats(db: Db, companyId: number, r: Range): Promise<FlexStats> {
  const byDay = await db.query<{ d: string; gross: unknown; fee: unknown; tax: unknown; paid: unknown; failed: unknown }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS d, gross, fee, tax, paid, failed FROM stats_flex_daily
      WHERE company_id = $1 AND day >= $2::date AND day <= $3::date`,
    [companyId, r.start, r.end],
  );
  const k = (await db.one<Record<string, unknown>>(
    // 新发布任务: tasks that passed the platform's review in the range (docs/statistics.md); one
    // still 审核中 or 已驳回 is not published, one canceled after going live was
    `SELECT (SELECT count(*) FROM flex_tasks WHERE company_id = $1
               AND coalesce(reviewed_at, submitted_at, created_at) >= $2 AND coalesce(reviewed_at, submitted_at, created_at) < $3
               AND (status IN ('recruiting', 'ongoing', 'ended') OR (status = 'canceled' AND reviewed_at IS NOT NULL AND reject_reason = ''))) AS published,
            (SELECT count(*) FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing')) AS active,
            (SELECT count(*) FROM flex_task_workers WHERE company_id = $1 AND accepted_at >= $2 AND accepted_at < $3) AS accepted`,
    [companyId, r.from, r.to],
  ))!;
  const m = new Map(byDay.map((x) => [x.d, x]));
  const total = (f: 'gross' | 'fee' | 'tax' | 'paid' | 'failed') => byDay.reduce((a, x) => a + n(x[f]), 0);
  const paid = total('paid');
  const failed = total('failed');
  return {
    start: r.start,
    end: r.end,
    gross: total('gross'),
    fee: total('fee'),
    tax: total('tax'),
    paid,
    failed,
    success_rate: pct(paid, paid + failed),
    trend: daysOf(r).map((d) => ({ date: d, gross: n(m.get(d)?.gross), paid: n(m.get(d)?.paid) })),
    tasks: { published: n(k.published), active: n(k.active), accepted: n(k.accepted) },
  };
}

export async function crcStats(db: Db, companyId: number, r: Range): Promise<CrcStats> {
  const rows = await db.query<{ d: string | null; reason: string | null; earned: unknown; spent: unknown }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS d, reason, sum(earned) AS earned, sum(spent) AS spent FROM stats_crc_daily
      WHERE company_id = $1 AND day >= $2::date AND day <= $3::date
      GROUP BY GROUPING SETS ((day), (reason))`,
    [companyId, r.start, r.end],
  );
  const bal = await db.one<{ crc_balance: number }>('SELECT crc_balance FROM companies WHERE id = $1', [companyId]);
  const m = new Map(rows.filter((x) => x.d !== null).map((x) => [x.d!, x]));
  const trend = daysOf(r).map((d) => ({ date: d, earned: n(m.get(d)?.earned), spent: n(m.get(d)?.spent) }));
  const uses = rows
    .filter((x) => x.d === null && x.reason !== null && n(x.spent) > 0)
    .map((u) => ({ reason: u.reason!, spent: n(u.spent) }))
    .sort((a, b) => b.spent - a.spent || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
  return {
    start: r.start,
    end: r.end,
    earned: trend.reduce((a, x) => a + x.earned, 0),
    spent: trend.reduce((a, x) => a + x.spent, 0),
    balance: n(bal?.crc_balance),
    trend,
    uses,
  };
}

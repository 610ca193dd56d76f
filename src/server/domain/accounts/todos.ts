/**
 * 首页待办 (issue 15): one small count per to-do card, each reading its own area's table for the
 * caller's company. GET /index/summary runs them all; an area adds a card with one line here (and
 * its key in contract/home TODO_KEYS). What each one counts: docs/decisions.md (home).
 */
import type { TodoKey } from '../../../contract/home';
import type { Db } from '../../db/types';
import { addDay } from '../../../contract/statistics';
import { fmtDate } from '../../lib/time';
import { taxPendingOrders } from '../tax/orders';

export type TodoCounter = (db: Db, companyId: number, now: Date) => Promise<number>;

const count = async (db: Db, sql: string, args: unknown[]) => Number((await db.one<{ n: unknown }>(sql, args))?.n ?? 0);
/** the China midnight starting `date` (YYYY-MM-DD) */
export const chinaMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);

export const todoCounters: Record<TodoKey, TodoCounter> = {
  // 新收到的简历: applications nobody has looked at yet (the 待处理 of 收到的简历)
  resumes: (db, c) => count(db, "SELECT count(*) AS n FROM applications WHERE company_id = $1 AND status = 'pending'", [c]),
  // 今日面试: invitations still on (待确认 / 已接受) whose time falls on today's China day
  interviews: (db, c, now) => {
    const today = fmtDate(now);
    return count(
      db,
      "SELECT count(*) AS n FROM interviews WHERE company_id = $1 AND pick_time >= $2 AND pick_time < $3 AND status IN ('pending', 'accepted')",
      [c, chinaMidnight(today), chinaMidnight(addDay(today, 1))],
    );
  },
  // 待处理离职申请
  requests: (db, c) => count(db, "SELECT count(*) AS n FROM resignation_requests WHERE company_id = $1 AND status = 'pending'", [c]),
  // 待出具离职证明: drafts not issued yet
  proofs: (db, c) => count(db, "SELECT count(*) AS n FROM departure_proofs WHERE company_id = $1 AND status = 'draft'", [c]),
  // 待签约人员: people of a live task that needs signing who have not signed (nor refused)
  unsigned: (db, c) =>
    count(
      db,
      `SELECT count(*) AS n FROM flex_task_workers w JOIN flex_tasks t ON t.id = w.task_id AND t.company_id = w.company_id
        WHERE w.company_id = $1 AND t.need_sign AND t.status IN ('recruiting', 'ongoing')
          AND w.sign_status = 'pending' AND w.work_status <> 'rejected'`,
      [c],
    ),
  // 待确认发放批次: batches submitted and waiting for 确认发放
  batches: (db, c) => count(db, "SELECT count(*) AS n FROM payout_batches WHERE company_id = $1 AND status = 'unpaid'", [c]),
  // 待支付订单 are of two kinds, each with its own card and list: 会员订单 not paid nor closed
  // (/account?id=membership) and 完税服务 applications waiting for payment (/payTaxes/list?status=unpaid)
  orders: (db, c) => count(db, "SELECT count(*) AS n FROM member_orders WHERE company_id = $1 AND status = 'unpaid'", [c]),
  tax_orders: (db, c) => taxPendingOrders(db, c),
};

export async function todoCounts(db: Db, companyId: number, now: Date): Promise<Record<TodoKey, number>> {
  const out = {} as Record<TodoKey, number>;
  for (const [k, f] of Object.entries(todoCounters) as [TodoKey, TodoCounter][]) out[k] = await f(db, companyId, now);
  return out;
}

/**
 * 首页 (issue 15): the to-do counts (domain/todos.ts), the 招聘 · 灵活用工 · 离职 overview, the
 * account card's 灵活用工 balance, and the platform's announcements. docs/decisions.md (home).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { addDay } from '../../contract/statistics';
import { addRoute } from '../http/route';
import { companyOf } from '../domain/recruitment';
import { chinaMidnight, todoCounts } from '../domain/todos';
import { fmtDate, fmtDateTime } from '../lib/time';

const n = (v: unknown) => Number(v ?? 0);

export function homeSummaryRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.homeSummary, async ({ auth, db, now }) => {
    const c = companyOf(auth).id;
    const today = fmtDate(now);
    const week = chinaMidnight(addDay(today, -6));
    const month = `${today.slice(0, 7)}-01`;
    const o = (await db.one<Record<string, unknown>>(
      `SELECT
         (SELECT count(*) FROM positions WHERE company_id = $1 AND status = 'open') AS open_positions,
         (SELECT count(*) FROM applications WHERE company_id = $1 AND created_at >= $2) AS applies,
         (SELECT count(*) FROM interviews WHERE company_id = $1 AND created_at >= $2 AND status <> 'canceled') AS invited,
         (SELECT count(*) FROM applications WHERE company_id = $1 AND hired_at >= $2) AS hired,
         (SELECT count(*) FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing')) AS active_tasks,
         (SELECT coalesce(sum(amount), 0) FROM payout_rows WHERE company_id = $1 AND status = 'success' AND finished_at >= $3) AS month_amount,
         (SELECT count(*) FROM payout_rows WHERE company_id = $1 AND status = 'success' AND finished_at >= $3) AS month_count,
         (SELECT count(*) FROM departure_records WHERE company_id = $1 AND leave_date >= $4::date AND leave_date <= $5::date) AS month_left,
         (SELECT count(*) FROM departure_proofs WHERE company_id = $1 AND issued_at >= $3) AS month_proofs,
         (SELECT balance FROM payout_accounts WHERE company_id = $1) AS balance`,
      [c, week, chinaMidnight(month), month, today],
    ))!;
    const task = await db.one<{ id: number; name: string }>(
      `SELECT id, name FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing', 'ended')
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [c],
    );
    return {
      todos: await todoCounts(db, c, now),
      overview: {
        recruit: { open_positions: n(o.open_positions), applies: n(o.applies), invited: n(o.invited), hired: n(o.hired) },
        flex: { active_tasks: n(o.active_tasks), month_amount: n(o.month_amount), month_count: n(o.month_count) },
        departure: { month_left: n(o.month_left), month_proofs: n(o.month_proofs) },
      },
      account: { flex_balance: n(o.balance), payout_task: task ?? null },
    };
  });

  /** Published announcements, pinned first then newest; the latest 10. Every signed-in user sees them. */
  addRoute(app, endpoints.announcements, async ({ db, now }) => {
    const rows = await db.query<{ id: number; title: string; body: string; pinned: boolean; published_at: Date }>(
      'SELECT id, title, body, pinned, published_at FROM announcements WHERE published_at <= $1 ORDER BY pinned DESC, published_at DESC, id DESC LIMIT 10',
      [now],
    );
    return { list: rows.map((r) => ({ ...r, published_at: fmtDateTime(r.published_at) })) };
  });
}

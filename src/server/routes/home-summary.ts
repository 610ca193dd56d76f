/**
 * 首页 (issue 15): the to-do counts (domain/todos.ts), the 招聘 · 灵活用工 · 离职 overview, the
 * account card's 灵活用工 balance, and the platform's announcements. docs/decisions.md (home).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { addDay } from '../../contract/statistics';
import { addRoute } from '../http/route';
import { companyOf } from '../domain/access';
import { todoCounts } from '../domain/todos';
import { fmtDate, fmtDateTime } from '../lib/time';

const n = (v: unknown) => Number(v ?? 0);

export function homeSummaryRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.homeSummary, async ({ auth, db, now }) => {
    const c = companyOf(auth).id;
    const today = fmtDate(now);
    const month = `${today.slice(0, 7)}-01`;
    // the overview's figures are the data panel's (the same roll-ups, 019/021): 招聘 over its
    // 近7天, 灵活用工 and 离职 over this month to today
    const o = (await db.one<Record<string, unknown>>(
      `SELECT
         (SELECT count(*) FROM positions WHERE company_id = $1 AND status = 'open') AS open_positions,
         (SELECT sum(applies) FROM stats_company_daily WHERE company_id = $1 AND day >= $2::date AND day <= $4::date) AS applies,
         (SELECT sum(invited) FROM stats_company_daily WHERE company_id = $1 AND day >= $2::date AND day <= $4::date) AS invited,
         (SELECT sum(hired) FROM stats_company_daily WHERE company_id = $1 AND day >= $2::date AND day <= $4::date) AS hired,
         (SELECT count(*) FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing')) AS active_tasks,
         (SELECT sum(gross) FROM stats_flex_daily WHERE company_id = $1 AND day >= $3::date AND day <= $4::date) AS month_amount,
         (SELECT sum(paid) FROM stats_flex_daily WHERE company_id = $1 AND day >= $3::date AND day <= $4::date) AS month_count,
         (SELECT sum(left_count) FROM stats_company_daily WHERE company_id = $1 AND day >= $3::date AND day <= $4::date) AS month_left,
         (SELECT sum(proofs) FROM stats_departure_daily WHERE company_id = $1 AND day >= $3::date AND day <= $4::date) AS month_proofs,
         (SELECT balance FROM payout_accounts WHERE company_id = $1) AS balance`,
      [c, addDay(today, -6), month, today],
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

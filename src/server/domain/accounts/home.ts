/**
 * What every signed-in user sees of the platform: the CRC values and membership packs on sale,
 * the strategic partners, the announcements, and 首页 (issue 15): the to-do counts (todos.ts), the
 * 招聘 · 灵活用工 · 离职 overview and the account card's 灵活用工 balance. docs/decisions.md (home).
 */
import type { Partner } from '../../../contract/account';
import type { CrcConfigure, MemberPack } from '../../../contract/home';
import { addDay } from '../../../contract/statistics';
import type { Db } from '../../db/types';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { todoCounts } from './todos';

/** CRC values and the membership packs on sale (cheapest listed by `sort`). */
export async function siteSetting(db: Db) {
  const rows = await db.query<{ key: string; value: number }>('SELECT key, value FROM crc_configure ORDER BY sort, key');
  const configure = Object.fromEntries(rows.map((r) => [r.key, r.value])) as CrcConfigure;
  const packs = await db.query<MemberPack>('SELECT pack, name, amount, days, num FROM member_packs WHERE enabled ORDER BY days, sort, pack');
  return { setting: { configure }, company_order: packs };
}

export const strategicPartners = (db: Db) => db.query<Partner>('SELECT id, name, category, intro, website, since FROM strategic_partners ORDER BY sort, id');

const n = (v: unknown) => Number(v ?? 0);

/** 首页 of the company: to-dos, the overview and the account card. */
export async function homeSummary(db: Db, companyId: number, now: Date) {
  const today = fmtDate(now);
  const month = `${today.slice(0, 7)}-01`;
  // the overview's figures are the data panel's, by the same definitions (contract/statistics-defs,
  // docs/statistics.md): 招聘 is the panel's 近7天 funnel (投递, and of those applications the ones
  // invited / hired by now: the cohort), 灵活用工 and 离职 over this month to today
  const o = (await db.one<Record<string, unknown>>(
    `SELECT
       (SELECT count(*) FROM positions WHERE company_id = $1 AND status = 'open') AS open_positions,
       (SELECT sum(applies) FROM stats_company_daily WHERE company_id = $1 AND day >= $2::date AND day <= $4::date) AS applies,
       (SELECT sum(r_invited) FROM stats_company_daily WHERE company_id = $1 AND day >= $2::date AND day <= $4::date) AS invited,
       (SELECT sum(r_hired) FROM stats_company_daily WHERE company_id = $1 AND day >= $2::date AND day <= $4::date) AS hired,
       (SELECT count(*) FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing')) AS active_tasks,
       (SELECT sum(gross) FROM stats_flex_daily WHERE company_id = $1 AND day >= $3::date AND day <= $4::date) AS month_amount,
       (SELECT sum(paid) FROM stats_flex_daily WHERE company_id = $1 AND day >= $3::date AND day <= $4::date) AS month_count,
       (SELECT sum(left_count) FROM stats_company_daily WHERE company_id = $1 AND day >= $3::date AND day <= $4::date) AS month_left,
       (SELECT sum(proofs) FROM stats_departure_daily WHERE company_id = $1 AND day >= $3::date AND day <= $4::date) AS month_proofs,
       (SELECT balance FROM payout_accounts WHERE company_id = $1) AS balance`,
    [companyId, addDay(today, -6), month, today],
  ))!;
  const task = await db.one<{ id: number; name: string }>(
    `SELECT id, name FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing', 'ended')
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [companyId],
  );
  return {
    todos: await todoCounts(db, companyId, now),
    overview: {
      recruit: { open_positions: n(o.open_positions), applies: n(o.applies), invited: n(o.invited), hired: n(o.hired) },
      flex: { active_tasks: n(o.active_tasks), month_amount: n(o.month_amount), month_count: n(o.month_count) },
      departure: { month_left: n(o.month_left), month_proofs: n(o.month_proofs) },
    },
    account: { flex_balance: n(o.balance), payout_task: task ?? null },
  };
}

/** Published announcements, pinned first then newest; the latest 10. */
export async function announcements(db: Db, now: Date) {
  const rows = await db.query<{ id: number; title: string; body: string; pinned: boolean; published_at: Date }>(
    'SELECT id, title, body, pinned, published_at FROM announcements WHERE published_at <= $1 ORDER BY pinned DESC, published_at DESC, id DESC LIMIT 10',
    [now],
  );
  return rows.map((r) => ({ ...r, published_at: fmtDateTime(r.published_at) }));
}

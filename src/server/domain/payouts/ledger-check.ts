/**
 * The nightly ledger check (issue 28 item 5): the ledger is append-only in the database (migration
 * 039), but a balance (payout_accounts) can still be written, by a bug or by hand; every company's
 * balance must equal the sum of its ledger. One statement over all companies (checkLedger in
 * ledger.ts is the deeper per-company check, for tests); the run is recorded in ledger_checks so
 * every server's /metrics shows the newest result (http/metrics.ts), whichever server ran it.
 */
import type { Db } from '../../db/types';

export interface LedgerCheck {
  checkedAt: Date;
  /** companies with a payout account or a ledger row */
  companies: number;
  /** the companies whose balance is not the sum of their ledger, by id */
  mismatched: number[];
}

/** Compares every balance with its ledger and records the run (inside the caller's transaction). */
export async function checkAllLedgers(db: Db, now: Date): Promise<LedgerCheck> {
  const rows = await db.query<{ company_id: number; ok: boolean }>(
    `SELECT coalesce(a.company_id, l.company_id) AS company_id, coalesce(a.balance, 0) = coalesce(l.total, 0) AS ok
       FROM payout_accounts a
       FULL JOIN (SELECT company_id, sum(amount) AS total FROM payout_ledger GROUP BY company_id) l ON l.company_id = a.company_id
      ORDER BY 1`,
  );
  const mismatched = rows.filter((r) => !r.ok).map((r) => r.company_id);
  await db.query('INSERT INTO ledger_checks (checked_at, companies, mismatched) VALUES ($1, $2, $3)', [now, rows.length, mismatched]);
  return { checkedAt: now, companies: rows.length, mismatched };
}

/** The newest recorded run; null before the first. */
export async function lastLedgerCheck(db: Db): Promise<LedgerCheck | null> {
  const r = await db.one<{ checked_at: Date | string; companies: number; mismatched: number[] }>(
    'SELECT checked_at, companies, mismatched FROM ledger_checks ORDER BY checked_at DESC, id DESC LIMIT 1',
  );
  return r ? { checkedAt: new Date(r.checked_at), companies: r.companies, mismatched: r.mismatched } : null;
}

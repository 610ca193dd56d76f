/**
 * The money side of 灵活用工 (issue 13): every balance change is a ledger row written in the same
 * transaction as the balance; a batch is debited once (compare-and-set + a unique index), a row
 * is refunded once (channel.ts). Here: the company's rates, its balance, the one way to move it
 * (post) and the invariants that prove it (checkLedger).
 */
import {
  DEFAULT_FEE_RATE_BP,
  DEFAULT_MONTHLY_CAP_FEN,
  DEFAULT_TAX_RATE_BP,
  type BatchStatus,
  type LedgerType,
  type RowStatus,
} from '../../../contract/payouts-rules';
import type { Db } from '../../db/types';
import { conflict } from '../../lib/refusal';

export interface Settings {
  fee_rate_bp: number;
  tax_rate_bp: number;
  monthly_cap_fen: number;
  /** 双人审批额度 (fen): a batch debiting more needs two approvers; 0 = one (approval.ts) */
  approval_threshold_fen: number;
  /** 单人审批: the company of one person lets its submitter approve (approval.ts) */
  self_approval: boolean;
}
export const DEFAULT_SETTINGS: Settings = {
  fee_rate_bp: DEFAULT_FEE_RATE_BP,
  tax_rate_bp: DEFAULT_TAX_RATE_BP,
  monthly_cap_fen: DEFAULT_MONTHLY_CAP_FEN,
  approval_threshold_fen: 0,
  self_approval: false,
};
export async function settingsOf(db: Db, companyId: number, lock = false): Promise<Settings> {
  const r = await db.one<Settings>(
    `SELECT fee_rate_bp, tax_rate_bp, monthly_cap_fen::int AS monthly_cap_fen, approval_threshold_fen::float8 AS approval_threshold_fen, self_approval
       FROM payout_settings WHERE company_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [companyId],
  );
  return r ?? { ...DEFAULT_SETTINGS };
}

export async function balanceOf(db: Db, companyId: number, lock = false): Promise<number> {
  if (lock) await db.query('INSERT INTO payout_accounts (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING', [companyId]);
  const r = await db.one<{ balance: string }>(`SELECT balance::text AS balance FROM payout_accounts WHERE company_id = $1${lock ? ' FOR UPDATE' : ''}`, [
    companyId,
  ]);
  return r ? Number(r.balance) : 0;
}

export interface LedgerRef {
  batch_id?: number | null;
  row_id?: number | null;
  topup_id?: number | null;
  ref_no?: string;
  remark?: string;
}
/**
 * Moves the balance by `amount` (± fen) and writes its ledger row, inside the caller's
 * transaction. A debit past zero is refused (and the CHECK would refuse it anyway).
 */
export async function post(db: Db, companyId: number, type: LedgerType, amount: number, ref: LedgerRef, now: Date): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount === 0) throw new RangeError('ledger amount must be a non-zero integer of fen');
  const before = await balanceOf(db, companyId, true);
  const after = before + amount;
  if (after < 0) throw conflict('账户余额不足，请先充值');
  await db.query('UPDATE payout_accounts SET balance = $2 WHERE company_id = $1', [companyId, after]);
  await db.query(
    `INSERT INTO payout_ledger (company_id, type, amount, balance_after, batch_id, row_id, topup_id, ref_no, remark, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
    [companyId, type, amount, after, ref.batch_id ?? null, ref.row_id ?? null, ref.topup_id ?? null, ref.ref_no ?? '', ref.remark ?? '', now],
  );
  return after;
}

/**
 * The invariants of issue 13 §5 for one company: the ledger sums to the balance; every batch past
 * 待支付 has exactly one debit of each kind matching its totals; every failed or bounced row has
 * exactly one refund and no other row has one. Answers the problems found (empty = consistent).
 */
export async function checkLedger(db: Db, companyId: number): Promise<string[]> {
  const problems: string[] = [];
  const sum = await db.one<{ s: string }>('SELECT COALESCE(SUM(amount), 0)::text AS s FROM payout_ledger WHERE company_id = $1', [companyId]);
  const bal = await balanceOf(db, companyId);
  if (Number(sum!.s) !== bal) problems.push(`ledger sum ${sum!.s} ≠ balance ${bal}`);
  const batches = await db.query<{ id: number; status: BatchStatus; net: string; fee: string; tax: string }>(
    'SELECT id, status, net::text, fee::text, tax::text FROM payout_batches WHERE company_id = $1',
    [companyId],
  );
  for (const b of batches) {
    const debits = await db.query<{ type: string; amount: string }>(
      `SELECT type, amount::text FROM payout_ledger WHERE batch_id = $1 AND type IN ('payout', 'fee', 'tax')`,
      [b.id],
    );
    const paid = ['paying', 'done', 'partial'].includes(b.status);
    const want = paid
      ? [
          ['payout', b.net],
          ['fee', b.fee],
          ['tax', b.tax],
        ].filter(([, v]) => Number(v) > 0)
      : [];
    if (debits.length !== want.length) problems.push(`batch ${b.id} (${b.status}) has ${debits.length} debits, expected ${want.length}`);
    for (const [type, v] of want) {
      const d = debits.filter((x) => x.type === type);
      if (d.length !== 1 || Number(d[0]!.amount) !== -Number(v)) problems.push(`batch ${b.id}: ${type} debit wrong`);
    }
  }
  const rows = await db.query<{ id: number; status: RowStatus; amount: string; fee: string; refunds: string; refunded: string }>(
    `SELECT r.id, r.status, r.amount::text, r.fee::text, COUNT(l.id)::text AS refunds, COALESCE(SUM(l.amount), 0)::text AS refunded
       FROM payout_rows r LEFT JOIN payout_ledger l ON l.row_id = r.id AND l.company_id = r.company_id AND l.type IN ('refund', 'bounce_refund')
      WHERE r.company_id = $1 GROUP BY r.id`,
    [companyId],
  );
  for (const r of rows) {
    const should = r.status === 'failed' || r.status === 'bounced' ? 1 : 0;
    if (Number(r.refunds) !== should) problems.push(`row ${r.id} (${r.status}) has ${r.refunds} refunds`);
    if (should && Number(r.refunded) !== Number(r.amount) + Number(r.fee)) problems.push(`row ${r.id} refunded ${r.refunded}`);
  }
  // each paid row is debited exactly once: inside its batch's one debit (the batch's totals are
  // the sum of its rows), only in a batch past 待支付, and no delivery or failed row paid twice
  const sums = await db.query<{ id: number }>(
    `SELECT b.id FROM payout_batches b LEFT JOIN payout_rows r ON r.batch_id = b.id AND r.company_id = b.company_id WHERE b.company_id = $1
      GROUP BY b.id HAVING b.gross <> COALESCE(SUM(r.amount), 0) OR b.fee <> COALESCE(SUM(r.fee), 0) OR b.tax <> COALESCE(SUM(r.tax), 0)
          OR b.net <> COALESCE(SUM(r.net), 0) OR b.head_count <> COUNT(r.id)`,
    [companyId],
  );
  for (const b of sums) problems.push(`batch ${b.id}: totals differ from its rows`);
  const early = await db.query<{ id: number }>(
    `SELECT r.id FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
      WHERE r.company_id = $1 AND r.status IN ('paying', 'success', 'failed', 'bounced') AND b.status NOT IN ('paying', 'done', 'partial')`,
    [companyId],
  );
  for (const r of early) problems.push(`row ${r.id} moved without its batch being confirmed`);
  const twice = await db.query<{ k: string }>(
    `SELECT COALESCE('delivery ' || r.task_worker_id, 'row ' || r.origin_row_id) AS k FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
      WHERE r.company_id = $1 AND b.status <> 'closed' AND r.status IN ('pending', 'paying', 'success')
        AND (r.task_worker_id IS NOT NULL OR r.origin_row_id IS NOT NULL)
      GROUP BY 1 HAVING COUNT(*) > 1`,
    [companyId],
  );
  for (const r of twice) problems.push(`${r.k} is paid by more than one live row`);
  return problems;
}

/**
 * The money side of 灵活用工 (issue 13): every balance change is a ledger row written in the same
 * transaction as the balance; a batch is debited once (compare-and-set + a unique index), a row
 * is refunded once; the channel's callbacks are HMAC-signed and applied once per notify id.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { DEFAULT_FEE_RATE_BP, DEFAULT_MONTHLY_CAP_FEN, DEFAULT_TAX_RATE_BP, type BatchStatus, type LedgerType, type RowStatus } from '../../contract/payouts-rules';
import type { Db } from '../db/types';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { safeEqual } from '../lib/crypto';
import { serverKeys } from '../lib/keys';
import { fmtDate } from '../lib/time';

export const MSG_BATCH_MISSING = '发放批次不存在';
export const MSG_PENDING_RESULT = '发放结果确认中，请勿重复提交';
/** where top-ups are transferred to and payouts are paid from (the platform's account) */
export const PLATFORM_BANK = { account_name: '杭州灵活用工服务有限公司（沙箱）', bank_name: '招商银行杭州分行营业部', account_no: '571900000000000000' };

export interface Settings {
  fee_rate_bp: number;
  tax_rate_bp: number;
  monthly_cap_fen: number;
}
export async function settingsOf(db: Db, companyId: number): Promise<Settings> {
  const r = await db.one<Settings>('SELECT fee_rate_bp, tax_rate_bp, monthly_cap_fen::int AS monthly_cap_fen FROM payout_settings WHERE company_id = $1', [companyId]);
  return r ?? { fee_rate_bp: DEFAULT_FEE_RATE_BP, tax_rate_bp: DEFAULT_TAX_RATE_BP, monthly_cap_fen: DEFAULT_MONTHLY_CAP_FEN };
}

export async function balanceOf(db: Db, companyId: number, lock = false): Promise<number> {
  if (lock) await db.query('INSERT INTO payout_accounts (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING', [companyId]);
  const r = await db.one<{ balance: string }>(`SELECT balance::text AS balance FROM payout_accounts WHERE company_id = $1${lock ? ' FOR UPDATE' : ''}`, [companyId]);
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
    const want = paid ? [['payout', b.net], ['fee', b.fee], ['tax', b.tax]].filter(([, v]) => Number(v) > 0) : [];
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

export const newBatchNo = (now: Date) => `FF${fmtDate(now).replace(/-/g, '')}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;
export const newChannelNo = () => `PO${randomBytes(9).toString('hex').toUpperCase()}`;
export const newOrderNo = (now: Date) => `CZ${fmtDate(now).replace(/-/g, '')}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;

// --- the channel's signature ----------------------------------------------------------------

export interface Notify {
  notify_id: string;
  channel_no: string;
  result: 'success' | 'fail' | 'bounce';
  reason: string;
  ts: string;
}
export const notifyBase = (n: Notify) => [n.notify_id, n.channel_no, n.result, n.reason, n.ts].join('\n');
/** signed with PAYOUT_CHANNEL_KEY (lib/keys.ts) */
export const signNotify = (n: Notify) => createHmac('sha256', serverKeys().payoutChannel).update(notifyBase(n)).digest('hex');
export const verifyNotify = (n: Notify, sign: string) => safeEqual(signNotify(n), sign);

export interface BatchRowFull {
  id: number;
  company_id: number;
  status: BatchStatus;
}

/** Recomputes a paying batch's status from its rows (after a channel result). */
export async function settleBatch(db: Db, batchId: number, now: Date): Promise<BatchStatus> {
  const c = await db.one<{ paying: string; bad: string; status: BatchStatus }>(
    `SELECT (SELECT COUNT(*) FROM payout_rows WHERE batch_id = $1 AND status IN ('pending', 'paying'))::text AS paying,
            (SELECT COUNT(*) FROM payout_rows WHERE batch_id = $1 AND status IN ('failed', 'bounced'))::text AS bad,
            status FROM payout_batches WHERE id = $1`,
    [batchId],
  );
  if (!c || !['paying', 'done', 'partial'].includes(c.status)) return c?.status ?? 'closed';
  const to: BatchStatus = Number(c.bad) > 0 ? 'partial' : Number(c.paying) > 0 ? 'paying' : 'done';
  if (to !== c.status || (to !== 'paying' && Number(c.paying) === 0)) {
    await db.query(`UPDATE payout_batches SET status = $2, finished_at = CASE WHEN $3 THEN COALESCE(finished_at, $4) ELSE finished_at END WHERE id = $1`, [
      batchId,
      to,
      Number(c.paying) === 0,
      now,
    ]);
  }
  return to;
}

export async function log(db: Db, companyId: number, batchId: number, action: string, content: string, operator: string, ip: string, now: Date) {
  await db.query('INSERT INTO payout_logs (company_id, batch_id, action, content, operator, ip, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)', [
    companyId,
    batchId,
    action,
    content,
    operator,
    ip,
    now,
  ]);
}

const RESULT_WORD = { success: '发放成功', fail: '发放失败', bounce: '退汇' } as const;

/**
 * Applies one verified channel callback: once per notify id (a repeat changes nothing), and only
 * along paying → success | failed, success → bounced. Failed and bounced rows get their money
 * (amount + fee) back by one ledger entry.
 */
export async function applyNotify(db: Db, n: Notify, now: Date): Promise<boolean> {
  return db.tx(async (t) => {
    const row = await t.one<{ id: number; batch_id: number; company_id: number; status: RowStatus; amount: string; fee: string; name: string; batch_no: string }>(
      `SELECT r.id, r.batch_id, r.company_id, r.status, r.amount::text, r.fee::text, r.name, b.batch_no
         FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id WHERE r.channel_no = $1 FOR UPDATE OF r`,
      [n.channel_no],
    );
    if (!row) throw notFound('发放明细不存在');
    const fresh = await t.one('INSERT INTO payout_callbacks (notify_id, row_id, result, reason, received_at, company_id) VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (notify_id) DO NOTHING RETURNING notify_id', [
      n.notify_id,
      row.id,
      n.result,
      n.reason,
      now,
      row.company_id,
    ]);
    if (!fresh) return false;
    const to: RowStatus | null =
      n.result === 'success' && row.status === 'paying' ? 'success' : n.result === 'fail' && row.status === 'paying' ? 'failed' : n.result === 'bounce' && row.status === 'success' ? 'bounced' : null;
    if (!to) return false;
    if (to !== 'success' && !n.reason.trim()) throw badRequest('失败原因不能为空');
    await t.query('UPDATE payout_rows SET status = $2, fail_reason = $3, finished_at = $4 WHERE id = $1', [row.id, to, to === 'success' ? '' : n.reason.trim(), now]);
    if (to !== 'success') {
      await post(t, row.company_id, to === 'bounced' ? 'bounce_refund' : 'refund', Number(row.amount) + Number(row.fee), { batch_id: row.batch_id, row_id: row.id, ref_no: row.batch_no, remark: `${row.name} ${RESULT_WORD[n.result]}：${n.reason.trim()}` }, now);
    }
    await log(t, row.company_id, row.batch_id, '通道结果', `${row.name}：${RESULT_WORD[n.result]}${n.reason ? `（${n.reason.trim()}）` : ''}`, '发放通道', '', now);
    await settleBatch(t, row.batch_id, now);
    return true;
  });
}

export async function ownBatch(db: Db, id: number, companyId: number, lock = false) {
  const b = await db.one<{ id: number; status: BatchStatus; batch_no: string; company_id: number }>(
    `SELECT id, status, batch_no, company_id FROM payout_batches WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, companyId],
  );
  if (!b) throw notFound(MSG_BATCH_MISSING);
  return b;
}

// --- WeChat Pay top-ups -----------------------------------------------------------------------

/** A verified WeChat Pay v3 notification of a top-up (domain/pay-notify.ts handlePayNotify). */
export interface WxNotify {
  order_no: string;
  transaction_id: string;
  amount: number;
}

/**
 * A verified WeChat Pay notification: the order moves 待支付 → 已到账 once (compare-and-set) and
 * only that move credits the account; any number of repeats is recorded and changes nothing.
 */
export async function applyWxNotify(db: Db, n: WxNotify, now: Date): Promise<boolean> {
  return db.tx(async (t) => {
    const top = await t.one<{ id: number; company_id: number; amount: string; status: string; method: string }>(
      'SELECT id, company_id, amount::text, status, method FROM payout_topups WHERE order_no = $1 FOR UPDATE',
      [n.order_no],
    );
    if (!top || top.method !== 'wechat') throw notFound('充值单不存在');
    if (Number(top.amount) !== n.amount) throw badRequest('金额与充值单不符');
    const won = await t.one(
      `UPDATE payout_topups SET status = 'confirmed', confirmed_at = $2, transaction_id = $3 WHERE id = $1 AND status = 'pending' RETURNING id`,
      [top.id, now, n.transaction_id],
    );
    await t.query('INSERT INTO payout_wx_notifies (order_no, transaction_id, applied, received_at, company_id) VALUES ($1,$2,$3,$4,$5)', [
      n.order_no,
      n.transaction_id,
      !!won,
      now,
      top.company_id,
    ]);
    if (!won) return false;
    await post(t, top.company_id, 'topup', n.amount, { topup_id: top.id, ref_no: n.order_no, remark: `微信支付充值（${n.transaction_id}）` }, now);
    return true;
  });
}

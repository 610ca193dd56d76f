/**
 * Payout batches (issue 13): the shared pieces of the batch routes — the monthly cap (checked when
 * a batch is made and again at confirm), the batch detail as the API answers it, money words.
 */
import { Code } from '../../contract/envelope';
import { fenText } from '../../contract/employment-rules';
import type { BatchStatus, RowStatus } from '../../contract/payouts-rules';
import { maskMobile } from '../../contract/person';
import type { Db } from '../db/types';
import { Refusal, badRequest } from '../lib/refusal';
import { fmtDate, fmtDateTime } from '../lib/time';
import { balanceOf } from './payouts';

export const dt = (d: Date | null) => (d ? fmtDateTime(d) : '');
export const yuan = (fen: number) => `¥${fenText(fen)}`;

/** The calendar month (China time) of `now`: [start, end). */
export function monthOf(now: Date): [Date, Date] {
  const [y, m] = fmtDate(now).split('-').map(Number) as [number, number];
  const start = new Date(`${y}-${String(m).padStart(2, '0')}-01T00:00:00+08:00`);
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return [start, new Date(`${ny}-${String(nm).padStart(2, '0')}-01T00:00:00+08:00`)];
}

/** What each of `workerIds` has this calendar month in live batches other than `batchId` (fen). */
export async function monthSums(db: Db, companyId: number, workerIds: number[], now: Date, batchId = 0): Promise<Map<number, number>> {
  if (!workerIds.length) return new Map();
  const [start, end] = monthOf(now);
  const sums = await db.query<{ worker_id: number; s: string }>(
    `SELECT r.worker_id, SUM(r.amount)::text AS s FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
      WHERE r.company_id = $1 AND r.worker_id = ANY($2::int[]) AND r.batch_id <> $3 AND b.status <> 'closed'
        AND r.status IN ('pending', 'paying', 'success') AND r.created_at >= $4 AND r.created_at < $5
      GROUP BY r.worker_id`,
    [companyId, workerIds, batchId, start, end],
  );
  return new Map(sums.map((x) => [x.worker_id, Number(x.s)]));
}
export const capMessage = (name: string, cap: number, had: number) => `${name}本月发放金额将超过每人每月上限${yuan(cap)}（本月已发${yuan(had)}）`;

/**
 * Refuses when a person's payouts this month (other live batches + this one) pass the cap. One
 * set-based query for the whole list (a 5000-row batch is one round trip, not 5000).
 */
export async function checkMonthlyCap(db: Db, companyId: number, rows: { worker_id: number; name: string; amount: number }[], cap: number, now: Date, batchId = 0) {
  const mine = new Map<number, { name: string; amount: number }>();
  for (const r of rows) {
    const m = mine.get(r.worker_id);
    mine.set(r.worker_id, { name: r.name, amount: (m?.amount ?? 0) + r.amount });
  }
  const before = await monthSums(db, companyId, [...mine.keys()], now, batchId);
  for (const [id, m] of mine) {
    const had = before.get(id) ?? 0;
    if (had + m.amount > cap) throw badRequest(capMessage(m.name, cap, had));
  }
}

/** The monthly cap at confirm, all in SQL (a 5000-row batch never travels to the server): the first person over it, as an error. */
export async function batchOverCap(db: Db, companyId: number, batchId: number, cap: number, now: Date): Promise<Refusal | null> {
  const [start, end] = monthOf(now);
  const over = await db.one<{ name: string; had: string }>(
    `WITH mine AS (SELECT worker_id, MIN(name) AS name, SUM(amount) AS amount FROM payout_rows WHERE batch_id = $2 GROUP BY worker_id),
          other AS (SELECT r.worker_id, SUM(r.amount) AS amount FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
                     WHERE r.company_id = $1 AND r.worker_id IN (SELECT worker_id FROM mine) AND r.batch_id <> $2 AND b.status <> 'closed'
                       AND r.status IN ('pending', 'paying', 'success') AND r.created_at >= $3 AND r.created_at < $4 GROUP BY r.worker_id)
     SELECT m.name, COALESCE(o.amount, 0)::text AS had FROM mine m LEFT JOIN other o ON o.worker_id = m.worker_id
      WHERE COALESCE(o.amount, 0) + m.amount > $5 LIMIT 1`,
    [companyId, batchId, start, end, cap],
  );
  return over ? badRequest(capMessage(over.name, cap, Number(over.had))) : null;
}

export interface BatchDbRow {
  id: number;
  batch_no: string;
  task_id: number | null;
  task_name: string | null;
  source: 'task' | 'import';
  parent_no: string | null;
  status: BatchStatus;
  head_count: number;
  gross: string;
  fee: string;
  tax: string;
  net: string;
  fee_rate_bp: number;
  tax_rate_bp: number;
  creator: string | null;
  created_at: Date;
  confirmed_at: Date | null;
}
export const BATCH_SELECT = `SELECT b.id, b.batch_no, b.task_id, t.name AS task_name, b.source, p.batch_no AS parent_no, b.status, b.head_count, b.gross::text, b.fee::text, b.tax::text, b.net::text,
  b.fee_rate_bp, b.tax_rate_bp, COALESCE(NULLIF(u.realname, ''), u.mobile) AS creator, b.created_at, b.confirmed_at
  FROM payout_batches b LEFT JOIN flex_tasks t ON t.id = b.task_id AND t.company_id = b.company_id LEFT JOIN users u ON u.id = b.created_by
  LEFT JOIN payout_batches p ON p.id = b.parent_id AND p.company_id = b.company_id`;

export const item = (b: BatchDbRow) => ({
  id: b.id,
  batch_no: b.batch_no,
  task_id: b.task_id,
  task_name: b.task_name ?? '',
  source: b.source,
  parent_no: b.parent_no ?? '',
  status: b.status,
  head_count: b.head_count,
  gross: Number(b.gross),
  fee: Number(b.fee),
  tax: Number(b.tax),
  net: Number(b.net),
  debit: Number(b.gross) + Number(b.fee),
  creator: b.creator && /^\d{11}$/.test(b.creator) ? maskMobile(b.creator) : (b.creator ?? ''),
  created_at: fmtDateTime(b.created_at),
});

export async function detail(db: Db, id: number, companyId: number) {
  const b = await db.one<BatchDbRow>(`${BATCH_SELECT} WHERE b.id = $1 AND b.company_id = $2`, [id, companyId]);
  if (!b) throw new Refusal(Code.NOT_FOUND, '发放批次不存在');
  const rows = await db.query<{
    id: number;
    name: string;
    mobile_mask: string;
    cert_no_mask: string;
    bank_card_mask: string;
    pay_method: 'bank' | 'alipay';
    account_mask: string;
    bank_name: string;
    remark: string;
    amount: string;
    tax: string;
    fee: string;
    net: string;
    status: RowStatus;
    fail_reason: string;
    finished_at: Date | null;
  }>(
    `SELECT r.id, r.name, w.mobile_mask, w.cert_no_mask, w.bank_card_mask, r.pay_method, r.account_mask, r.bank_name, r.remark, r.amount::text, r.tax::text, r.fee::text, r.net::text, r.status, r.fail_reason, r.finished_at
       FROM payout_rows r JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id WHERE r.batch_id = $1 ORDER BY r.id`,
    [id],
  );
  return {
    ...item(b),
    fee_rate_bp: b.fee_rate_bp,
    tax_rate_bp: b.tax_rate_bp,
    confirmed_at: dt(b.confirmed_at),
    balance: await balanceOf(db, companyId),
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      mobile: r.mobile_mask,
      cert_no: r.cert_no_mask,
      // a row of an imported list pays to the account the list names
      bank_card: r.account_mask || r.bank_card_mask,
      pay_method: r.pay_method,
      bank_name: r.account_mask ? r.bank_name : '',
      remark: r.remark,
      amount: Number(r.amount),
      tax: Number(r.tax),
      fee: Number(r.fee),
      net: Number(r.net),
      status: r.status,
      fail_reason: r.fail_reason,
      finished_at: dt(r.finished_at),
    })),
  };
}

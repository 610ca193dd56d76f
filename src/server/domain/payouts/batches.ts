/**
 * Payout batches (issue 13): a batch of the company's as the API answers it (the list, the
 * detail), its numbers, its 操作日志 line, and the money words they share. Another company's
 * batch answers 404 like a missing one.
 */
import { randomBytes } from 'node:crypto';
import type { BatchStatus, RowStatus } from '../../../contract/payouts-rules';
import type { Db } from '../../db/types';
import { keyset, pageSql, type Keyset, type Page, type Paged } from '../../lib/page';
import { Refusal, notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { approvalFacts, approvalOf } from './approval';
import { balanceOf } from './ledger';

export const MSG_BATCH_MISSING = '发放批次不存在';
export const MSG_PENDING_RESULT = '发放结果确认中，请勿重复提交';

export const dt = (d: Date | null) => (d ? fmtDateTime(d) : '');

export const newBatchNo = (now: Date) => `FF${fmtDate(now).replace(/-/g, '')}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;
/**
 * A row's 商户订单号 at the payout channel: PO and 20 random capital letters (~94 bits). Letters
 * only: hex ids carried runs of 11 digits that read as a mobile number to the no-plain-mobile
 * checks (sealed-mobiles.test.ts), and a person reading a log should not mistake one for a number.
 */
export const newChannelNo = () => `PO${[...randomBytes(20)].map((b) => String.fromCharCode(65 + (b % 26))).join('')}`;

/** Who acts on a company's batches, as the 操作日志 records them. */
export interface Actor {
  companyId: number;
  userId: number;
  /** the operator's name in the log (access.ts operatorOf) */
  actor: string;
  ip: string;
}

export async function ownBatch(db: Db, id: number, companyId: number, lock = false) {
  const b = await db.one<{ id: number; status: BatchStatus; batch_no: string; company_id: number }>(
    `SELECT id, status, batch_no, company_id FROM payout_batches WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, companyId],
  );
  if (!b) throw notFound(MSG_BATCH_MISSING);
  return b;
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

/** A person as a batch shows them: the name, or the masked mobile of someone without one (the query's COALESCE). */
const shownName = (n: string | null) => n ?? '';

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
  rows_pending: number;
  rows_paying: number;
  rows_success: number;
  rows_failed: number;
  rows_bounced: number;
  rows_cancelled: number;
}
const BATCH_SELECT = `SELECT b.id, b.batch_no, b.task_id, t.name AS task_name, b.source, p.batch_no AS parent_no, b.status, b.head_count, b.gross::text, b.fee::text, b.tax::text, b.net::text,
  b.fee_rate_bp, b.tax_rate_bp, COALESCE(NULLIF(u.realname, ''), u.mobile_mask) AS creator, b.created_at, b.confirmed_at,
  b.rows_pending, b.rows_paying, b.rows_success, b.rows_failed, b.rows_bounced, b.rows_cancelled
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
  creator: shownName(b.creator),
  created_at: fmtDateTime(b.created_at),
});

/** Who submitted and who approved first, how many approvals it needs, and why `viewerId` may not approve it now. */
async function batchApproval(db: Db, companyId: number, b: BatchDbRow, viewerId: number) {
  const facts = await approvalFacts(db, b.id);
  const names = await db.query<{ id: number; name: string }>(
    `SELECT id, COALESCE(NULLIF(realname, ''), mobile_mask) AS name FROM users WHERE id = ANY($1::int[])`,
    [[facts.submitted_by, facts.first_approved_by].filter((x) => x !== null)],
  );
  const nameOf = (id: number | null) => shownName(names.find((x) => x.id === id)?.name ?? null);
  const { needed, step } = await approvalOf(db, companyId, facts, viewerId);
  return {
    submitter: nameOf(facts.submitted_by),
    first_approver: nameOf(facts.first_approved_by),
    needed,
    // only a 待支付 batch is approved: no reason to give on the others
    blocked: b.status === 'unpaid' && step instanceof Refusal ? step.message : '',
  };
}

/** A batch's rows by status, as the batch keeps them (migration 070). */
const rowCounts = (b: BatchDbRow) => {
  const c = {
    pending: b.rows_pending,
    paying: b.rows_paying,
    success: b.rows_success,
    failed: b.rows_failed,
    bounced: b.rows_bounced,
    cancelled: b.rows_cancelled,
  };
  return { all: Object.values(c).reduce((a, n) => a + n, 0), ...c };
};

/** The first page of a batch's rows: what the calls that change a batch answer with. */
export const FIRST_ROWS: Page & Keyset = { page: 1, page_size: 50 };

/**
 * One batch with a page of its rows (in row order, keyset on the row id) and the company's balance
 * (what 确认发放 will need), as `viewerId` sees it. The batch's figures come from the batch row.
 */
export async function batchDetail(db: Db, id: number, companyId: number, viewerId: number, page: Page & Keyset = FIRST_ROWS) {
  const b = await db.one<BatchDbRow>(`${BATCH_SELECT} WHERE b.id = $1 AND b.company_id = $2`, [id, companyId]);
  if (!b) throw notFound(MSG_BATCH_MISSING);
  const args: unknown[] = [id, companyId];
  // counted in full (the batch's kept row count), so its pager offers every page by number; the
  // page's ids are found first and only they are joined (page 1,000 of 100,000 rows by number
  // joined the 50,000 rows it skipped to their workers: 156 ms at p50 on PostgreSQL, session 19)
  const k = keyset(args, page, [{ sql: 'r.id', kind: 'int' }], 'asc', Number.POSITIVE_INFINITY);
  const counts = rowCounts(b);
  const got = await db.query<{
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
    `SELECT r.id${k.select}, r.name, w.mobile_mask, w.cert_no_mask, w.bank_card_mask, r.pay_method, r.account_mask, r.bank_name, r.remark, r.amount::text, r.tax::text, r.fee::text, r.net::text, r.status, r.fail_reason, r.finished_at
       FROM (SELECT r.id FROM payout_rows r WHERE r.batch_id = $1 AND r.company_id = $2${k.cond}${k.order}${k.limit}) p
       JOIN payout_rows r ON r.id = p.id JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id${k.order}`,
    args,
  );
  const { rows, next, prev } = k.rows(got);
  return {
    ...item(b),
    fee_rate_bp: b.fee_rate_bp,
    tax_rate_bp: b.tax_rate_bp,
    confirmed_at: dt(b.confirmed_at),
    approval: await batchApproval(db, companyId, b, viewerId),
    balance: await balanceOf(db, companyId),
    row_counts: counts,
    rows_page: { page: page.page, page_size: page.page_size, total: counts.all, total_more: false, next, prev },
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

/** A page of the company's batches, newest first; of one task when `taskId` is given. */
export async function listBatches(db: Db, companyId: number, q: Page & { task_id: number }): Promise<Paged<ReturnType<typeof item>>> {
  const args: unknown[] = [companyId];
  const byTask = q.task_id ? ` AND b.task_id = $${args.push(q.task_id)}` : '';
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_batches b WHERE b.company_id = $1${byTask}`, args);
  const rows = await db.query<BatchDbRow>(`${BATCH_SELECT} WHERE b.company_id = $1${byTask} ORDER BY b.id DESC${pageSql(args, q)}`, args);
  return { list: rows.map(item), total: total!.n };
}

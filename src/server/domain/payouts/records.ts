/**
 * 操作日志 and 费用记录 (issue 13): the append-only operation log across batches, the ledger with
 * its filters, and the ledger as .xlsx. Another company's batch or task is a 404.
 */
import { LEDGER_TYPES, LOG_ACTIONS, labelOf, type LedgerType } from '../../../contract/payouts-rules';
import type { ExportTicket } from '../../../contract/exports';
import type { Db } from '../../db/types';
import { cappedCount, keyset, type Keyset, type Page } from '../../lib/page';
import { badRequest } from '../../lib/refusal';
import { addDays, fmtDate, fmtDateTime } from '../../lib/time';
import { ownTask } from '../employment';
import type { ExportSource } from '../exports/stream';
import { issueExportTicket, type TicketOwner } from '../exports/tickets';
import { ownBatch } from './batches';
import { balanceOf } from './ledger';

/** inclusive China days, '' = open */
interface DayRange {
  from: string;
  to: string;
}

/** China days [from, to] (inclusive, either may be '') as a condition on `col`. */
function dayRange(col: string, q: DayRange, args: unknown[]): string {
  let w = '';
  if (q.from) w += ` AND ${col} >= $${args.push(new Date(`${q.from}T00:00:00+08:00`))}`;
  if (q.to) w += ` AND ${col} < $${args.push(addDays(new Date(`${q.to}T00:00:00+08:00`), 1))}`;
  if (q.from && q.to && q.from > q.to) throw badRequest('开始日期不能晚于结束日期');
  return w;
}

/** One batch's 操作日志, oldest first. */
export async function batchLogs(db: Db, companyId: number, batchId: number) {
  await ownBatch(db, batchId, companyId);
  const rows = await db.query<{ id: number; created_at: Date; action: string; content: string; operator: string; ip: string }>(
    'SELECT id, created_at, action, content, operator, ip FROM payout_logs WHERE batch_id = $1 AND company_id = $2 ORDER BY id',
    [batchId, companyId],
  );
  return { list: rows.map((r) => ({ ...r, created_at: fmtDateTime(r.created_at) })) };
}

/** 操作日志 across batches: a task's or one batch's, by action and days, newest first (keyset on the log id). */
export async function listLogs(db: Db, companyId: number, q: Page & Keyset & DayRange & { task_id: number; batch_id: number; action: string }) {
  if (q.batch_id) await ownBatch(db, q.batch_id, companyId);
  if (q.task_id) await ownTask(db, q.task_id, companyId);
  const args: unknown[] = [companyId];
  let where = 'l.company_id = $1';
  if (q.batch_id) where += ` AND l.batch_id = $${args.push(q.batch_id)}`;
  if (q.task_id) where += ` AND b.task_id = $${args.push(q.task_id)}`;
  if (q.action !== 'all') where += ` AND l.action = $${args.push(labelOf(LOG_ACTIONS, q.action))}`;
  where += dayRange('l.created_at', q, args);
  const from = 'payout_logs l JOIN payout_batches b ON b.id = l.batch_id AND b.company_id = l.company_id';
  const count = await cappedCount(db, `SELECT 1 FROM ${from} WHERE ${where}`, args);
  const k = keyset(args, q, [{ sql: 'l.id', kind: 'int' }]);
  const got = await db.query<{
    id: number;
    batch_id: number;
    batch_no: string;
    created_at: Date;
    action: string;
    content: string;
    operator: string;
    ip: string;
  }>(
    `SELECT l.id${k.select}, l.batch_id, b.batch_no, l.created_at, l.action, l.content, l.operator, l.ip FROM ${from}
      WHERE ${where}${k.cond}${k.order}${k.limit}`,
    args,
  );
  const { rows, next, prev } = k.rows(got);
  return {
    ...count,
    next,
    prev,
    list: rows.map((r) => ({
      id: r.id,
      batch_id: r.batch_id,
      batch_no: r.batch_no,
      action: r.action,
      content: r.content,
      operator: r.operator,
      ip: r.ip,
      created_at: fmtDateTime(r.created_at),
    })),
  };
}

export const LEDGER_EXPORT = 'ledger';

interface LedgerDbRow {
  id: number;
  created_at: Date;
  type: LedgerType;
  amount: string;
  balance_after: string;
  ref_no: string;
  remark: string;
}
type LedgerFilter = DayRange & { type: string; batch_id: number };
const LEDGER_COLS = 'id, created_at, type, amount::text, balance_after::text, ref_no, remark';

async function ledgerWhere(db: Db, companyId: number, q: LedgerFilter, args: unknown[]) {
  let where = 'company_id = $1';
  if (q.type !== 'all') where += ` AND type = $${args.push(q.type)}`;
  if (q.batch_id) {
    await ownBatch(db, q.batch_id, companyId);
    where += ` AND batch_id = $${args.push(q.batch_id)}`;
  }
  return where + dayRange('created_at', q, args);
}

/** 费用记录: a page of the ledger, newest first (keyset on the time and id), and the balance. */
export async function listLedger(db: Db, companyId: number, q: Page & Keyset & LedgerFilter) {
  const args: unknown[] = [companyId];
  const where = await ledgerWhere(db, companyId, q, args);
  const count = await cappedCount(db, `SELECT 1 FROM payout_ledger WHERE ${where}`, args);
  const k = keyset(args, q, [
    { sql: 'created_at', kind: 'time' },
    { sql: 'id', kind: 'int' },
  ]);
  const got = await db.query<LedgerDbRow>(`SELECT ${LEDGER_COLS}${k.select} FROM payout_ledger WHERE ${where}${k.cond}${k.order}${k.limit}`, args);
  const { rows, next, prev } = k.rows(got);
  return {
    ...count,
    next,
    prev,
    balance: await balanceOf(db, companyId),
    list: rows.map((r) => ({
      id: r.id,
      type: r.type,
      ref_no: r.ref_no,
      remark: r.remark,
      amount: Number(r.amount),
      balance_after: Number(r.balance_after),
      created_at: fmtDateTime(r.created_at),
    })),
  };
}

/** 费用记录 as .xlsx (issue 34: any size, streamed): the same filters; the call answers a ticket. */
export async function exportLedger(db: Db, o: TicketOwner, q: LedgerFilter, now: Date): Promise<ExportTicket> {
  const args: unknown[] = [o.companyId];
  const where = await ledgerWhere(db, o.companyId, q, args);
  const n = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_ledger WHERE ${where}`, args);
  const filename = `费用记录_${fmtDate(now).replace(/-/g, '')}.xlsx`;
  return issueExportTicket(db, o, { kind: LEDGER_EXPORT, params: { ...q }, filename, total: n!.n }, now);
}

/** The rows of a claimed 费用记录 ticket, newest first, in keyset batches; amounts in 元 as numbers. */
export function ledgerSource(raw: Record<string, unknown>, companyId: number): ExportSource<LedgerDbRow & { k: string }> {
  const q = raw as unknown as LedgerFilter;
  return {
    sheet: '费用记录',
    columns: [
      { header: '时间', key: 'at', width: 20 },
      { header: '类型', key: 'type', width: 10 },
      { header: '金额（元）', key: 'amount', width: 14, style: { numFmt: '+#,##0.00;-#,##0.00' } },
      { header: '余额（元）', key: 'balance', width: 14, style: { numFmt: '#,##0.00' } },
      { header: '关联批次/订单号', key: 'ref', width: 24 },
      { header: '备注', key: 'remark', width: 36 },
    ],
    async batch(db, after, limit) {
      const args: unknown[] = [companyId];
      let where = await ledgerWhere(db, companyId, q, args);
      if (after) where += ` AND (created_at, id) < ($${args.push(after.k)}::timestamptz, $${args.push(after.id)})`;
      return db.query<LedgerDbRow & { k: string }>(
        `SELECT ${LEDGER_COLS}, created_at::text AS k FROM payout_ledger WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
        args,
      );
    },
    row: (r) => ({
      at: fmtDateTime(r.created_at),
      type: labelOf(LEDGER_TYPES, r.type),
      amount: Number(r.amount) / 100,
      balance: Number(r.balance_after) / 100,
      ref: r.ref_no,
      remark: r.remark,
    }),
  };
}

/**
 * 电子回单 (per row and per batch: only rows the channel paid, 发放成功) and the quarterly export of
 * each worker's identity and income (the 2025 rules for platforms' reporting: name, ID type and
 * number, income per month and quarter, tax withheld: quarter-export.ts). Another company's
 * batch answers 404 like a missing one.
 */
import type { Db } from '../../db/types';
import { notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { PLATFORM_BANK } from './account';
import { dt, ownBatch } from './batches';

export const receiptNo = (rowId: number, finished: Date) => `HD${fmtDate(finished).replace(/-/g, '')}${String(rowId).padStart(10, '0')}`;

/** [start, end) of a calendar quarter in China time, and its three months' `YYYY-MM`. */
export function quarterOf(year: number, quarter: number) {
  const m0 = (quarter - 1) * 3 + 1;
  const at = (y: number, m: number) => new Date(`${y}-${String(m).padStart(2, '0')}-01T00:00:00+08:00`);
  const months = [0, 1, 2].map((i) => `${year}-${String(m0 + i).padStart(2, '0')}`);
  return { start: at(year, m0), end: quarter === 4 ? at(year + 1, 1) : at(year, m0 + 3), months };
}

/** 电子回单 of a batch's rows the channel paid (发放成功), or of one of them (`rowId`). */
export async function receipt(db: Db, company: { id: number; name: string }, batchId: number, rowId: number, now: Date) {
  const b = await ownBatch(db, batchId, company.id);
  const head = await db.one<{ task_name: string | null; confirmed_at: Date | null }>(
    'SELECT t.name AS task_name, b.confirmed_at FROM payout_batches b LEFT JOIN flex_tasks t ON t.id = b.task_id AND t.company_id = b.company_id WHERE b.id = $1',
    [b.id],
  );
  const args: unknown[] = [b.id];
  const one = rowId ? ` AND r.id = $${args.push(rowId)}` : '';
  const rows = await db.query<{
    id: number;
    name: string;
    cert_no_mask: string;
    pay_method: 'bank' | 'alipay';
    account: string;
    bank_name: string;
    amount: string;
    tax: string;
    net: string;
    channel_no: string;
    finished_at: Date;
    remark: string;
  }>(
    `SELECT r.id, r.name, w.cert_no_mask, r.pay_method, COALESCE(NULLIF(r.account_mask, ''), w.bank_card_mask) AS account,
            CASE WHEN r.account_mask <> '' THEN r.bank_name ELSE w.bank_name END AS bank_name,
            r.amount::text, r.tax::text, r.net::text, r.channel_no, r.finished_at, r.remark
       FROM payout_rows r JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id
      WHERE r.batch_id = $1 AND r.status = 'success'${one} ORDER BY r.id`,
    args,
  );
  if (!rows.length) throw notFound(rowId ? '电子回单不存在（仅发放成功的明细有电子回单）' : '该批次暂无发放成功的明细');
  const list = rows.map((r) => ({
    receipt_no: receiptNo(r.id, r.finished_at),
    row_id: r.id,
    name: r.name,
    cert_no: r.cert_no_mask,
    pay_method: r.pay_method,
    account: r.account,
    bank_name: r.bank_name,
    amount: Number(r.amount),
    tax: Number(r.tax),
    net: Number(r.net),
    channel_no: r.channel_no,
    finished_at: fmtDateTime(r.finished_at),
    remark: r.remark,
  }));
  return {
    batch_no: b.batch_no,
    task_name: head?.task_name ?? '',
    company_name: company.name,
    payer: PLATFORM_BANK,
    confirmed_at: dt(head?.confirmed_at ?? null),
    printed_at: fmtDateTime(now),
    total_net: list.reduce((a, r) => a + r.net, 0),
    list,
  };
}

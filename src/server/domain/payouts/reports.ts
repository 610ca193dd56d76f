/**
 * 电子回单 (per row and per batch: only rows the channel paid, 发放成功) and the quarterly export of
 * each worker's identity and income (the 2025 rules for platforms' reporting: name, ID type and
 * number, income per month and quarter, tax withheld). The export carries full ID numbers: a full
 * view, audited in pii_views once per worker (docs/pii.md). Another company's batch answers 404
 * like a missing one.
 */
import { CERT_TYPES } from '../../../contract/person';
import type { Db } from '../../db/types';
import { auditPiiViews, decryptPii } from '../../lib/pii';
import { badRequest, notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { headedSheet, newWorkbook, xlsxExport } from '../../lib/xlsx';
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

/**
 * 季度收入报送 (.xlsx): one line per worker paid in the quarter (rows 发放成功, by payment time), with
 * full ID numbers: for a stated purpose (查看原因), one pii_views audit row per person naming them,
 * written before the file is made.
 */
export async function quarterExport(
  db: Db,
  by: { companyId: number; companyName: string; userId: number; ip: string; reason: string },
  year: number,
  quarter: number,
  now: Date,
) {
  const q = quarterOf(year, quarter);
  const rows = await db.query<{
    worker_id: number;
    name: string;
    cert_type: string;
    cert_no_enc: string;
    cert_no_mask: string;
    ym: string;
    amount: string;
    tax: string;
    net: string;
    n: number;
  }>(
    `SELECT w.id AS worker_id, w.name, w.cert_type, w.cert_no_enc, w.cert_no_mask, to_char(r.finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS ym,
            SUM(r.amount)::text AS amount, SUM(r.tax)::text AS tax, SUM(r.net)::text AS net, COUNT(*)::int AS n
       FROM payout_rows r JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id
      WHERE r.company_id = $1 AND r.status = 'success' AND r.finished_at >= $2 AND r.finished_at < $3
      GROUP BY w.id, ym ORDER BY w.id, ym`,
    [by.companyId, q.start, q.end],
  );
  if (!rows.length) throw badRequest('所选季度暂无发放成功的记录');
  const people = new Map<number, { name: string; cert_type: string; enc: string; mask: string; months: number[]; tax: number; net: number; n: number }>();
  for (const r of rows) {
    const p = people.get(r.worker_id) ?? {
      name: r.name,
      cert_type: r.cert_type,
      enc: r.cert_no_enc,
      mask: r.cert_no_mask,
      months: [0, 0, 0],
      tax: 0,
      net: 0,
      n: 0,
    };
    const i = q.months.indexOf(r.ym);
    p.months[i] = (p.months[i] ?? 0) + Number(r.amount);
    p.tax += Number(r.tax);
    p.net += Number(r.net);
    p.n += r.n;
    people.set(r.worker_id, p);
  }
  // the full ID numbers leave the server: one audit row per person, in this request
  const label = `季度收入报送 ${year}Q${quarter} 导出`;
  await auditPiiViews(
    db,
    { userId: by.userId, companyId: by.companyId, field: 'id_card', reason: by.reason, ip: by.ip },
    [...people].map(([id, p]) => ({ type: 'flex_worker', id, name: p.name, mask: p.mask, label })),
  );
  const wb = newWorkbook();
  const money = { numFmt: '#,##0.00' };
  const ws = headedSheet(wb, '季度收入报送', [
    { header: '序号', key: 'no', width: 6 },
    { header: '姓名', key: 'name', width: 12 },
    { header: '证件类型', key: 'cert_type', width: 22 },
    { header: '证件号码', key: 'cert_no', width: 22 },
    { header: '国家或地区', key: 'country', width: 10 },
    ...q.months.map((m, i) => ({ header: `${Number(m.slice(5))}月收入（元）`, key: `m${i}`, width: 14, style: money })),
    { header: '本季度收入合计（元）', key: 'total', width: 18, style: money },
    { header: '已代扣个税（元）', key: 'tax', width: 14, style: money },
    { header: '实发金额（元）', key: 'net', width: 14, style: money },
    { header: '发放笔数', key: 'n', width: 10 },
  ]);
  let no = 0;
  for (const p of people.values()) {
    const total = p.months.reduce((a, v) => a + v, 0);
    const row = ws.addRow({
      no: ++no,
      name: p.name,
      cert_type: CERT_TYPES.find((c) => c.code === p.cert_type)?.label ?? p.cert_type,
      cert_no: decryptPii(p.enc),
      country: p.cert_type === 'id_card' ? '中国' : '',
      ...Object.fromEntries(p.months.map((v, i) => [`m${i}`, v / 100])),
      total: total / 100,
      tax: p.tax / 100,
      net: p.net / 100,
      n: p.n,
    });
    row.getCell('cert_no').numFmt = '@';
  }
  const info = wb.addWorksheet('说明');
  info.columns = [{ width: 18 }, { width: 60 }];
  info.addRows([
    ['报送单位', by.companyName],
    ['所属期', `${year}年第${quarter}季度（${q.months[0]} 至 ${q.months[2]}）`],
    ['人数', people.size],
    ['导出时间', fmtDateTime(now)],
    ['口径', '按发放成功时间归属月份；发放失败、已退汇的明细不计入收入；金额单位：元'],
    ['提示', '本表含完整证件号码，仅用于向税务机关报送平台内从业人员身份及收入信息，请妥善保管'],
  ]);
  return xlsxExport(wb, `季度收入报送_${year}Q${quarter}.xlsx`);
}

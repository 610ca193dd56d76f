/**
 * 季度收入报送 (.xlsx): one line per worker paid in the quarter (rows 发放成功, by payment time),
 * with full ID numbers — for a stated purpose (查看原因), by a caller holding pii.full. Streamed
 * (issue 34: any number of workers; the call answers a ticket, domain/exports streams the file in
 * keyset batches by worker); each batch's people get their pii_views audit row, naming them,
 * before the batch leaves the server (docs/pii.md).
 */
import type { ExportTicket } from '../../../contract/exports';
import { CERT_TYPES } from '../../../contract/person';
import type { Db } from '../../db/types';
import { auditPiiViews, decryptPii } from '../../lib/pii';
import { badRequest } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import type { ExportSource } from '../exports/stream';
import { issueExportTicket } from '../exports/tickets';
import { quarterOf } from './reports';

export const QUARTER_EXPORT = 'quarter_income';

export interface QuarterCaller {
  companyId: number;
  userId: number;
  ip: string;
}
interface QuarterParams {
  year: number;
  quarter: number;
  reason: string;
  companyName: string;
}
interface Row {
  worker_id: number;
  name: string;
  cert_type: string;
  cert_no_enc: string;
  cert_no_mask: string;
  m0: string;
  m1: string;
  m2: string;
  tax: string;
  net: string;
  n: number;
}

/** The quarter's paid rows of the company (the arguments pushed onto `args`). */
function paidIn(companyId: number, year: number, quarter: number, args: unknown[]) {
  const q = quarterOf(year, quarter);
  return {
    q,
    where: `r.company_id = $${args.push(companyId)} AND r.status = 'success' AND r.finished_at >= $${args.push(q.start)} AND r.finished_at < $${args.push(q.end)}`,
  };
}

/** The checks of 季度收入报送 (a quarter with paid rows) and its ticket; the file has one line per worker. */
export async function quarterExport(
  db: Db,
  by: { companyId: number; companyName: string; userId: number; reason: string },
  year: number,
  quarter: number,
  now: Date,
): Promise<ExportTicket> {
  const args: unknown[] = [];
  const { where } = paidIn(by.companyId, year, quarter, args);
  const n = (await db.one<{ n: number }>(`SELECT count(DISTINCT r.worker_id)::int AS n FROM payout_rows r WHERE ${where}`, args))!.n;
  if (!n) throw badRequest('所选季度暂无发放成功的记录');
  const p: QuarterParams = { year, quarter, reason: by.reason.trim(), companyName: by.companyName };
  return issueExportTicket(
    db,
    { companyId: by.companyId, userId: by.userId },
    { kind: QUARTER_EXPORT, params: { ...p }, filename: `季度收入报送_${year}Q${quarter}.xlsx`, total: n },
    now,
  );
}

/** The lines of a claimed 季度收入报送 ticket, by worker, in keyset batches; the 说明 sheet after them. */
export function quarterSource(raw: Record<string, unknown>, by: QuarterCaller, now: Date): ExportSource<Row> {
  const p = raw as unknown as QuarterParams;
  const label = `季度收入报送 ${p.year}Q${p.quarter} 导出`;
  const months = quarterOf(p.year, p.quarter).months;
  const money = { numFmt: '#,##0.00' };
  let no = 0;
  return {
    sheet: '季度收入报送',
    columns: [
      { header: '序号', key: 'no', width: 6 },
      { header: '姓名', key: 'name', width: 12 },
      { header: '证件类型', key: 'cert_type', width: 22 },
      { header: '证件号码', key: 'cert_no', width: 22, style: { numFmt: '@' } },
      { header: '国家或地区', key: 'country', width: 10 },
      ...months.map((m, i) => ({ header: `${Number(m.slice(5))}月收入（元）`, key: `m${i}`, width: 14, style: money })),
      { header: '本季度收入合计（元）', key: 'total', width: 18, style: money },
      { header: '已代扣个税（元）', key: 'tax', width: 14, style: money },
      { header: '实发金额（元）', key: 'net', width: 14, style: money },
      { header: '发放笔数', key: 'n', width: 10 },
    ],
    async batch(db, after, limit) {
      const args: unknown[] = [];
      const { where } = paidIn(by.companyId, p.year, p.quarter, args);
      const month = (i: number) =>
        `COALESCE(SUM(r.amount) FILTER (WHERE to_char(r.finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') = $${args.push(months[i])}), 0)::text AS m${i}`;
      const cols = [0, 1, 2].map(month).join(', ');
      return db.query<Row>(
        `SELECT w.id AS worker_id, w.name, w.cert_type, w.cert_no_enc, w.cert_no_mask, ${cols},
                SUM(r.tax)::text AS tax, SUM(r.net)::text AS net, COUNT(*)::int AS n
           FROM payout_rows r JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id
          WHERE ${where}${after ? ` AND r.worker_id > $${args.push(after.worker_id)}` : ''}
          GROUP BY w.id ORDER BY w.id LIMIT ${limit}`,
        args,
      );
    },
    // the full ID numbers of this batch leave the server: one audit row per person first
    async beforeWrite(db, rows) {
      await auditPiiViews(
        db,
        { userId: by.userId, companyId: by.companyId, field: 'id_card', reason: p.reason, ip: by.ip },
        rows.map((r) => ({ type: 'flex_worker', id: r.worker_id, name: r.name, mask: r.cert_no_mask, label })),
      );
    },
    row(r) {
      const m = [r.m0, r.m1, r.m2].map(Number);
      return {
        no: ++no,
        name: r.name,
        cert_type: CERT_TYPES.find((c) => c.code === r.cert_type)?.label ?? r.cert_type,
        cert_no: decryptPii(r.cert_no_enc),
        country: r.cert_type === 'id_card' ? '中国' : '',
        ...Object.fromEntries(m.map((v, i) => [`m${i}`, v / 100])),
        total: m.reduce((a, v) => a + v, 0) / 100,
        tax: Number(r.tax) / 100,
        net: Number(r.net) / 100,
        n: r.n,
      };
    },
    more: async () => [
      {
        name: '说明',
        columns: [{ width: 18 }, { width: 60 }],
        rows: [
          ['报送单位', p.companyName],
          ['所属期', `${p.year}年第${p.quarter}季度（${months[0]} 至 ${months[2]}）`],
          ['人数', no],
          ['导出时间', fmtDateTime(now)],
          ['口径', '按发放成功时间归属月份；发放失败、已退汇的明细不计入收入；金额单位：元'],
          ['提示', '本表含完整证件号码，仅用于向税务机关报送平台内从业人员身份及收入信息，请妥善保管'],
        ],
      },
    ],
  };
}

/**
 * The departure records as .xlsx (masked values, as the list shows them), streamed (issue 34: any
 * size; the call answers a ticket, domain/exports streams the file in keyset batches).
 */
import { legalBasisLabel } from '../../../contract/dimission-rules';
import type { ExportTicket } from '../../../contract/exports';
import type { Db } from '../../db/types';
import { encodeCursor } from '../../lib/page';
import { fmtDate } from '../../lib/time';
import type { ExportSource } from '../exports/stream';
import { issueExportTicket, type TicketOwner } from '../exports/tickets';
import { countRecords, recordItem, recordRows, type RecordListRow } from './records';
import { keptKeywords, type KeywordQuery } from './shared';

export const RECORDS_EXPORT = 'dimission_records';
interface RecordsExportParams {
  /** the list's search; a whole mobile kept as its blind index only (the ticket is a row at rest) */
  keywords: KeywordQuery;
}
/** a record as its batch read it, with its sort key (the keyset's k_0, k_1) */
type Row = RecordListRow & { k_0: string; k_1: number };

const SOURCE = { import: '批量导入', request: '离职申请', manual: '手工录入' } as const;
const PROOF = { draft: '待出具', issued: '已出具', viewed: '员工已查看', void: '已作废' } as const;

/** 导出 of the records matching the list's search: its ticket (the file has every match, newest departure first). */
export async function exportRecords(db: Db, o: TicketOwner, keywords: string | undefined, now: Date): Promise<ExportTicket> {
  const p: RecordsExportParams = { keywords: keptKeywords(keywords) };
  const total = await countRecords(db, o.companyId, p.keywords);
  return issueExportTicket(db, o, { kind: RECORDS_EXPORT, params: { ...p }, filename: `离职记录_${fmtDate(now)}.xlsx`, total }, now);
}

/** The rows of a claimed 离职记录 ticket in keyset batches (the list's order and masking). */
export function recordsSource(raw: Record<string, unknown>, companyId: number, now: Date): ExportSource<Row> {
  const p = raw as unknown as RecordsExportParams;
  const today = fmtDate(now);
  return {
    sheet: '离职记录',
    columns: [
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'id_card', width: 22 },
      { header: '手机号', key: 'mobile', width: 15 },
      { header: '部门', key: 'dept', width: 14 },
      { header: '工作岗位', key: 'job', width: 16 },
      { header: '入职日期', key: 'entry', width: 12 },
      { header: '离职日期', key: 'leave', width: 12 },
      { header: '离职类型', key: 'type', width: 14 },
      { header: '法定依据', key: 'basis', width: 36 },
      { header: '来源', key: 'source', width: 10 },
      { header: '离职证明', key: 'proof', width: 12 },
      { header: '证明编号', key: 'serial', width: 22 },
    ],
    async batch(db, after, limit) {
      const page = { page: 1, page_size: limit, ...(after ? { after: encodeCursor([after.k_0, after.k_1]) } : {}) };
      return (await recordRows(db, companyId, p.keywords, page, false)).rows as Row[];
    },
    row(r) {
      const it = recordItem(r, today);
      return {
        name: it.name,
        id_card: it.id_card_mask,
        mobile: it.mobile_mask,
        dept: it.dept_name,
        job: it.job_name,
        entry: it.entry_date,
        leave: it.leave_date,
        type: it.leave_type_label,
        basis: legalBasisLabel(it.legal_basis),
        source: SOURCE[it.source],
        proof: it.proof ? PROOF[it.proof.status] : '未出具',
        serial: it.proof?.serial ?? '',
      };
    },
  };
}

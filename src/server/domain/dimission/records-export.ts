/** The departure records as .xlsx (masked values, as the list shows them). */
import { legalBasisLabel } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { tooMany } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { headedSheet, newWorkbook, xlsxExport } from '../../lib/xlsx';
import { recordItem, recordRows } from './records';

/** Every matching record of the company in one workbook; the file travels base64 in the envelope. */
export async function exportRecords(db: Db, companyId: number, keywords: string | undefined, now: Date): Promise<{ filename: string; content_base64: string }> {
  const { rows, total } = await recordRows(db, companyId, keywords, null);
  if (total > 20_000) throw tooMany('记录过多，请按姓名或手机号筛选后导出');
  const today = fmtDate(now);
  const wb = newWorkbook();
  const ws = headedSheet(wb, '离职记录', [
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
  ]);
  const SOURCE = { import: '批量导入', request: '离职申请', manual: '手工录入' } as const;
  const PROOF = { draft: '待出具', issued: '已出具', viewed: '员工已查看', void: '已作废' } as const;
  for (const r of rows) {
    const it = recordItem(r, today);
    ws.addRow({
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
    });
  }
  return xlsxExport(wb, `离职记录_${today}.xlsx`);
}

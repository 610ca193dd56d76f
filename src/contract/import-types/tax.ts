/**
 * Import type `tax` (issue 14): a list of payout batches of one 税款所属期 → one 批量申请 of the tax
 * service (待核对). Each row names a batch; the server checks that it is the company's, paid in
 * that month, and not already fully in a live application.
 */
import type { ImportTypeDef } from '../import-rules';
import { MONTH_RE } from '../tax-rules';

export interface TaxImportRow {
  batch_no: string;
  period: string;
}

/** `2026-10`, `2026/10`, `2026年10月` or a date cell (`2026-10-01`) → `2026-10`, else null. */
export function monthOf(text: string): string | null {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})(?:\s*月)?(?:[-/.]\d{1,2})?$/.exec(text.trim());
  if (!m) return null;
  const v = `${m[1]}-${m[2]!.padStart(2, '0')}`;
  return MONTH_RE.test(v) ? v : null;
}

export const taxImport: ImportTypeDef<TaxImportRow> = {
  type: 'tax',
  label: '完税申请批次',
  entity: '完税申请',
  columns: [
    {
      key: 'batch_no',
      header: '批次号',
      required: true,
      kind: 'text',
      max: 40,
      example: 'FF202610100000000001',
      note: '发放管理中的批次号，须为已发放成功的批次',
      width: 26,
    },
    {
      key: 'period',
      header: '税款所属期',
      required: true,
      kind: 'text',
      max: 12,
      textFormat: true,
      example: '2026-10',
      note: '格式 YYYY-MM；同一文件须为同一税款所属期',
      width: 14,
    },
  ],
  notes: ['每行一个发放批次；确认导入后合并为一条批量完税申请（待核对），请到“完税服务”中核对并支付。', '已全部在其他有效申请中的批次会被标出。'],
  dupKey: (r) => r.batch_no,
  dupLabel: '批次号',
  dupColumn: 'batch_no',
  validate(r) {
    const batch_no = r.text('batch_no');
    if (batch_no !== null && !/^[A-Za-z0-9]{6,40}$/.test(batch_no)) r.error('batch_no', '批次号格式不正确');
    const raw = r.text('period');
    const period = raw === null ? null : monthOf(raw);
    if (raw !== null && period === null) r.error('period', '税款所属期格式不正确，应为 YYYY-MM');
    if (!r.ok || !batch_no || !period) return null;
    return { batch_no, period };
  },
};

/** Import type `dimission`: departed staff (离职员工) → departure_records (source 'import'). */
import { LEAVE_TYPES, type LeaveType } from '../vocab';
import { chinaDate, type ImportTypeDef } from '../import-rules';
import { wordingProblem } from '../dimission-rules';

export const OPEN_ENDED = '无固定期限';

export interface DimissionRow {
  name: string;
  id_card: string;
  mobile: string | null;
  dept_name: string;
  job_name: string;
  entry_date: string;
  leave_date: string;
  contract_start: string;
  contract_end: string | null;
  contract_open_ended: boolean;
  leave_type: LeaveType;
}

export const dimissionImport: ImportTypeDef<DimissionRow> = {
  type: 'dimission',
  label: '离职员工',
  entity: '离职记录',
  columns: [
    { key: 'name', header: '姓名', required: true, kind: 'text', max: 40, example: '张三', note: '员工真实姓名，2-16个汉字（可含·）', width: 12 },
    {
      key: 'id_card',
      header: '身份证号',
      required: true,
      kind: 'digits',
      textFormat: true,
      example: '11010519491231002X',
      note: '18位居民身份证号，末位X大写；请保持文本格式',
      width: 22,
    },
    {
      key: 'mobile',
      header: '手机号',
      required: false,
      kind: 'digits',
      textFormat: true,
      example: '13800138000',
      note: '11位手机号（选填），用于发送离职证明',
      width: 15,
    },
    { key: 'dept_name', header: '部门', required: false, kind: 'text', max: 40, example: '人力资源部', note: '选填，最多40个字', width: 14 },
    {
      key: 'job_name',
      header: '工作岗位',
      required: true,
      kind: 'text',
      max: 40,
      example: '招聘专员',
      note: '离职证明上写明的工作岗位，最多40个字',
      width: 14,
    },
    { key: 'entry_date', header: '入职日期', required: true, kind: 'date', example: '2020-03-01', note: '格式 YYYY-MM-DD，不能晚于今天', width: 13 },
    {
      key: 'leave_date',
      header: '离职日期',
      required: true,
      kind: 'date',
      example: '2024-06-30',
      note: '解除/终止劳动合同的日期，格式 YYYY-MM-DD，不能早于入职日期',
      width: 13,
    },
    {
      key: 'contract_start',
      header: '合同起始日期',
      required: true,
      kind: 'date',
      example: '2020-03-01',
      note: '劳动合同期限的起始日期，格式 YYYY-MM-DD',
      width: 14,
    },
    {
      key: 'contract_end',
      header: '合同终止日期',
      required: true,
      kind: 'date',
      example: '2025-02-28',
      note: `劳动合同期限的终止日期，格式 YYYY-MM-DD；无固定期限合同填“${OPEN_ENDED}”`,
      width: 14,
    },
    {
      key: 'leave_type',
      header: '离职类型',
      required: true,
      kind: 'vocab',
      vocab: LEAVE_TYPES.map((t) => t.label),
      example: '协商一致解除',
      note: '从下拉列表中选择',
      width: 16,
    },
  ],
  notes: ['同一员工（身份证号）同一离职日期只能导入一次，重复的行会被标出。'],
  dupKey: (r) => `${r.id_card}|${r.leave_date}`,
  dupLabel: '身份证号和离职日期',
  dupColumn: 'id_card',
  validate(r) {
    const name = r.name('name');
    const id_card = r.idCard('id_card');
    const mobile = r.mobile('mobile');
    const dept_name = r.text('dept_name') ?? '';
    const job_name = r.text('job_name');
    const entry_date = r.date('entry_date');
    const leave_date = r.date('leave_date');
    const contract_start = r.date('contract_start');
    const open = r.rawText('contract_end').replace(/\s/g, '') === OPEN_ENDED;
    const contract_end = open ? null : r.date('contract_end');
    const label = r.vocab('leave_type');
    const today = chinaDate(r.now);
    if (entry_date && entry_date > today) r.error('entry_date', '入职日期不能晚于今天');
    if (entry_date && leave_date && leave_date < entry_date) r.error('leave_date', '离职日期不能早于入职日期');
    if (contract_start && contract_end && contract_end < contract_start) r.error('contract_end', '合同终止日期不能早于起始日期');
    // the job is printed on the proof: the neutral-wording rule of every path that writes proof text (issue 30 item 1)
    const words = wordingProblem({ job_name, dept_name });
    if (words) r.error(words.field, words.message);
    if (!r.ok || !name || !id_card || !job_name || !entry_date || !leave_date || !contract_start || !label) return null;
    return {
      name,
      id_card,
      mobile,
      dept_name,
      job_name,
      entry_date,
      leave_date,
      contract_start,
      contract_end,
      contract_open_ended: open,
      leave_type: LEAVE_TYPES.find((t) => t.label === label)!.code,
    };
  },
};

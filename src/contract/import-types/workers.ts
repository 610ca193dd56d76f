/** Import type `workers`: flexible workers (灵活用工人员) → flex_workers. */
import { CERT_TYPES, type CertType } from '../person';
import type { ImportTypeDef } from '../import-rules';

export interface WorkerRow {
  name: string;
  mobile: string;
  cert_type: CertType;
  cert_no: string;
  bank_card: string | null;
  bank_mobile: string | null;
  bank_name: string;
}

export const workersImport: ImportTypeDef<WorkerRow> = {
  type: 'workers',
  label: '灵活用工人员',
  entity: '灵活用工人员',
  columns: [
    { key: 'name', header: '姓名', required: true, kind: 'text', max: 40, example: '李四', note: '与证件一致的真实姓名', width: 12 },
    {
      key: 'mobile',
      header: '手机号',
      required: true,
      kind: 'digits',
      textFormat: true,
      example: '13900139000',
      note: '11位手机号，用于签约和发放通知',
      width: 15,
    },
    {
      key: 'cert_type',
      header: '证件类型',
      required: true,
      kind: 'vocab',
      vocab: CERT_TYPES.map((c) => c.label),
      example: '居民身份证',
      note: '从下拉列表中选择',
      width: 22,
    },
    {
      key: 'cert_no',
      header: '证件号码',
      required: true,
      kind: 'digits',
      textFormat: true,
      example: '440524188001010014',
      note: '居民身份证为18位（校验末位）；请保持文本格式',
      width: 22,
    },
    {
      key: 'bank_card',
      header: '银行卡号',
      required: false,
      kind: 'digits',
      textFormat: true,
      example: '6228480402564890018',
      note: '16-19位个人储蓄卡号（选填，发放时必填）',
      width: 22,
    },
    {
      key: 'bank_mobile',
      header: '银行预留手机号',
      required: false,
      kind: 'digits',
      textFormat: true,
      example: '13900139000',
      note: '开户时在银行预留的手机号（选填）',
      width: 16,
    },
    { key: 'bank_name', header: '开户行', required: false, kind: 'text', max: 60, example: '中国农业银行杭州分行', note: '选填，最多60个字', width: 22 },
  ],
  notes: ['同一证件类型和证件号码只能导入一次，重复的行会被标出。', '银行卡号未通过校验码检查时只作提醒，不影响导入，请自行核对。'],
  dupKey: (r) => `${r.cert_type}|${r.cert_no}`,
  dupLabel: '证件类型和证件号码',
  dupColumn: 'cert_no',
  validate(r) {
    const name = r.name('name');
    const mobile = r.mobile('mobile');
    const label = r.vocab('cert_type');
    const cert_type = label ? CERT_TYPES.find((c) => c.label === label)!.code : null;
    const cert_no = r.certNo('cert_no', cert_type);
    const bank_card = r.bankCard('bank_card');
    const bank_mobile = r.mobile('bank_mobile');
    const bank_name = r.text('bank_name') ?? '';
    if (bank_card === null && (bank_mobile || bank_name) && r.ok) r.error('bank_card', '填写了开户行或预留手机号时请填写银行卡号');
    if (!r.ok || !name || !mobile || !cert_type || !cert_no) return null;
    return { name, mobile, cert_type, cert_no, bank_card, bank_mobile, bank_name };
  },
};

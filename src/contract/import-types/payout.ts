/**
 * Import type `payout` (issue 13): a payout list (发放名单) → one payout batch (待提交). Each row is
 * one person of the company's 灵活用工人员 who has signed an agreement (checked on the server in
 * phase 1, see src/server/imports/types/payout.ts), the account to pay to and the amount in 元.
 */
import { yuanToFen } from '../money';
import type { ImportTypeDef } from '../import-rules';

export const PAY_METHODS = [
  { code: 'bank', label: '银行卡' },
  { code: 'alipay', label: '支付宝' },
] as const;
export type PayMethod = (typeof PAY_METHODS)[number]['code'];

/** one person's line at most ¥1,000,000.00 (the monthly cap is checked on the server) */
export const PAYOUT_ROW_MAX_FEN = 100_000_000;

export interface PayoutImportRow {
  name: string;
  id_card: string;
  mobile: string;
  pay_method: PayMethod;
  /** a bank card (digits) or an Alipay account (a mobile or an e-mail address) */
  account: string;
  bank_name: string;
  /** 应发金额, integer fen */
  amount: number;
  remark: string;
}

const EMAIL_RE = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24}$/;

export const payoutImport: ImportTypeDef<PayoutImportRow> = {
  type: 'payout',
  label: '发放名单',
  entity: '发放名单',
  columns: [
    { key: 'name', header: '姓名', required: true, kind: 'text', max: 40, example: '李四', note: '与证件一致的真实姓名，须与灵活用工人员档案一致', width: 12 },
    {
      key: 'id_card',
      header: '身份证号',
      required: true,
      kind: 'digits',
      textFormat: true,
      example: '440524188001010014',
      note: '18位居民身份证号；须为已签约的灵活用工人员',
      width: 22,
    },
    {
      key: 'mobile',
      header: '手机号',
      required: true,
      kind: 'digits',
      textFormat: true,
      example: '13900139000',
      note: '须与人员档案中的手机号一致',
      width: 15,
    },
    {
      key: 'pay_method',
      header: '收款方式',
      required: true,
      kind: 'vocab',
      vocab: PAY_METHODS.map((m) => m.label),
      example: '银行卡',
      note: '从下拉列表中选择',
      width: 12,
    },
    {
      key: 'account',
      header: '收款账号',
      required: true,
      kind: 'text',
      textFormat: true,
      max: 100,
      example: '6228480402564890018',
      note: '银行卡号16-19位；支付宝填手机号或邮箱',
      width: 24,
    },
    { key: 'bank_name', header: '开户行', required: false, kind: 'text', max: 60, example: '中国农业银行杭州分行', note: '收款方式为银行卡时必填', width: 22 },
    { key: 'amount', header: '应发金额', required: true, kind: 'text', max: 24, example: '1200.50', note: '单位：元，最多两位小数', width: 14 },
    { key: 'remark', header: '备注', required: false, kind: 'text', max: 100, example: '10月劳务报酬', note: '选填，最多100个字', width: 24 },
  ],
  notes: [
    '确认导入后生成一个待提交的发放批次，请到“发放管理”中核对预计费用后提交并确认发放。',
    '未签约或不在灵活用工人员中的人员不能发放，所在行会被标出，请先导入人员并完成签约。',
    '同一名单中同一身份证号只能出现一次；每人每月发放金额不能超过企业设置的上限。',
  ],
  dupKey: (r) => r.id_card,
  dupLabel: '身份证号',
  dupColumn: 'id_card',
  validate(r) {
    const name = r.name('name');
    const id_card = r.idCard('id_card');
    const mobile = r.mobile('mobile');
    const label = r.vocab('pay_method');
    const pay_method = label ? PAY_METHODS.find((m) => m.label === label)!.code : null;
    let account: string | null = null;
    if (pay_method === 'bank') account = r.bankCard('account');
    else if (pay_method === 'alipay') {
      const raw = r.text('account');
      if (raw !== null) {
        const digits = raw.replace(/[\s-]/g, '');
        if (/^1[3-9]\d{9}$/.test(digits)) account = digits;
        else if (EMAIL_RE.test(raw)) account = raw.toLowerCase();
        else r.error('account', '支付宝账号应为手机号或邮箱');
      }
    }
    const bank_name = r.text('bank_name') ?? '';
    if (pay_method === 'bank' && !bank_name && r.ok) r.error('bank_name', '收款方式为银行卡时请填写开户行');
    const rawAmount = r.text('amount');
    let amount: number | null = null;
    if (rawAmount !== null) {
      amount = yuanToFen(rawAmount.replace(/^[¥￥]/, ''));
      if (amount === null) r.error('amount', /^\d+\.\d{3,}$/.test(rawAmount.trim()) ? '应发金额最多保留两位小数' : '应发金额应为大于0的数字（单位：元）');
      else if (amount <= 0) amount = r.error('amount', '应发金额须大于0');
      else if (amount > PAYOUT_ROW_MAX_FEN) amount = r.error('amount', '应发金额超出上限');
    }
    const remark = r.text('remark') ?? '';
    if (!r.ok || !name || !id_card || !mobile || !pay_method || !account || amount === null) return null;
    return { name, id_card, mobile, pay_method, account, bank_name: pay_method === 'bank' ? bank_name : '', amount, remark };
  },
};

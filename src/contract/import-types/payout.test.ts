// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateRow, type RawRow } from '../import-rules';
import { payoutImport } from './payout';

const now = new Date('2026-11-01T00:00:00Z');
const row = (over: Record<string, string | { text: string; numeric: boolean }> = {}): RawRow => {
  const base: Record<string, string> = {
    name: '李明远',
    id_card: '110101199003074477',
    mobile: '13912340001',
    pay_method: '银行卡',
    account: '6228480402564890018',
    bank_name: '中国农业银行杭州分行',
    amount: '1200.5',
    remark: '10月劳务报酬',
  };
  const all = { ...base, ...over };
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, typeof v === 'string' ? { text: v, numeric: false } : v]));
};
const msgs = (r: RawRow) => validateRow(payoutImport, r, now).issues.map((i) => i.msg);

describe('import type payout', () => {
  it('reads a row: 元 → integer fen, the method, the account', () => {
    expect(validateRow(payoutImport, row(), now).row).toEqual({
      name: '李明远',
      id_card: '110101199003074477',
      mobile: '13912340001',
      pay_method: 'bank',
      account: '6228480402564890018',
      bank_name: '中国农业银行杭州分行',
      amount: 120_050,
      remark: '10月劳务报酬',
    });
    expect(validateRow(payoutImport, row({ amount: '¥1,000' }), now).row?.amount).toBe(100_000);
    expect(validateRow(payoutImport, row({ amount: { text: '88.8', numeric: true } }), now).row?.amount).toBe(8880);
    const ali = validateRow(payoutImport, row({ pay_method: '支付宝', account: 'Li.Ming@Example.com', bank_name: '招商银行' }), now).row;
    expect(ali).toMatchObject({ pay_method: 'alipay', account: 'li.ming@example.com', bank_name: '' });
  });
  it('refuses amounts that are not integers of fen, and bad accounts', () => {
    expect(msgs(row({ amount: '12.345' }))).toEqual(['应发金额最多保留两位小数']);
    expect(msgs(row({ amount: { text: '0.30000000000000004', numeric: true } }))).toEqual(['应发金额最多保留两位小数']);
    expect(msgs(row({ amount: '0' }))).toEqual(['应发金额须大于0']);
    expect(msgs(row({ amount: '-5' }))).toEqual(['应发金额应为大于0的数字（单位：元）']);
    expect(msgs(row({ amount: '1e5' }))).toEqual(['应发金额应为大于0的数字（单位：元）']);
    expect(msgs(row({ amount: '1000001' }))).toEqual(['应发金额超出上限']);
    expect(msgs(row({ bank_name: '' }))).toEqual(['收款方式为银行卡时请填写开户行']);
    expect(msgs(row({ account: '1234' }))).toEqual(['收款账号应为16-19位数字']);
    expect(msgs(row({ account: { text: '6.22848040256489E+18', numeric: true } }))).toEqual(['请将收款账号列设置为文本格式后重新填写']);
    expect(msgs(row({ pay_method: '支付宝', account: 'nobody' }))).toEqual(['支付宝账号应为手机号或邮箱']);
    expect(msgs(row({ pay_method: '现金' }))).toEqual(['收款方式只能填写：银行卡、支付宝']);
    expect(msgs(row({ id_card: '110101199003074470' }))).toEqual(['身份证号校验位错误']);
  });
});

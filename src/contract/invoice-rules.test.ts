// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { invoiceProblem, keepDigits, keepWordChars, type InvoiceForm } from './invoice-rules';

const empty: InvoiceForm = {
  company_name: '',
  creditcode: '',
  invoice_type: null,
  bank_name: '',
  bank_account: '',
  address: '',
  phone: '',
  ship_name: '',
  ship_phone: '',
  ship_address: '',
};
const ordinary: InvoiceForm = { ...empty, company_name: '南京禾木餐饮管理有限公司', creditcode: '91320106MA1N8R2K0X', invoice_type: 0 };
const special: InvoiceForm = {
  ...ordinary,
  invoice_type: 1,
  bank_name: '中国工商银行南京鼓楼支行',
  bank_account: '4301011309100123456',
  address: '江苏省南京市鼓楼区中山北路88号',
  phone: '02583356789',
};
const ship = { ship_name: '刘志强', ship_phone: '13913900001', ship_address: '江苏省南京市鼓楼区中山北路88号3栋2层' };
const msg = (f: InvoiceForm, shipping = false) => invoiceProblem(f, shipping)?.message ?? null;

describe('invoice rules (SPEC §5), in order', () => {
  it('title, then tax number, then type', () => {
    expect(msg(empty)).toBe('请填写企业发票抬头');
    expect(msg({ ...empty, company_name: '   ' })).toBe('请填写企业发票抬头');
    expect(msg({ ...empty, company_name: '禾木' })).toBe('请填写税务登记号');
    expect(msg({ ...empty, company_name: '禾木', creditcode: '  ' })).toBe('请填写税务登记号');
    expect(msg({ ...empty, company_name: '禾木', creditcode: '91320106MA1N8R2K0X' })).toBe('请选择发票类型');
    expect(invoiceProblem(empty, false)?.field).toBe('company_name');
  });
  it('an ordinary invoice needs no bank details', () => {
    expect(msg(ordinary)).toBeNull();
  });
  it('type 1 requires account, bank, registered address and landline, in that order', () => {
    const base = { ...ordinary, invoice_type: 1 as const };
    expect(msg(base)).toBe('请填写基本户账号');
    expect(msg({ ...base, bank_account: special.bank_account })).toBe('请填写开户银行');
    expect(msg({ ...base, bank_account: special.bank_account, bank_name: special.bank_name })).toBe('请填写注册场所地址');
    expect(msg({ ...special, phone: '' })).toBe('请填写注册固定电话');
    expect(invoiceProblem({ ...special, phone: '' }, false)?.field).toBe('phone');
    expect(msg(special)).toBeNull();
  });
  it('the type rules come before the shipping rules', () => {
    expect(msg({ ...ordinary, invoice_type: 1 }, true)).toBe('请填写基本户账号');
  });
  it('shipping: recipient name, address, then phone (blank, then invalid)', () => {
    expect(msg(ordinary, true)).toBe('请填写收件人姓名');
    expect(msg({ ...ordinary, ship_name: ship.ship_name }, true)).toBe('请填写收件地址');
    expect(msg({ ...ordinary, ship_name: ship.ship_name, ship_address: ship.ship_address }, true)).toBe('请填写收件人电话');
    expect(msg({ ...ordinary, ...ship, ship_phone: '1391390000' }, true)).toBe('请填写正确的收件人电话');
    expect(msg({ ...ordinary, ...ship, ship_phone: '12913900001' }, true)).toBe('请填写正确的收件人电话');
    expect(msg({ ...ordinary, ...ship }, true)).toBeNull();
    expect(msg({ ...special, ...ship }, true)).toBeNull();
  });
  it('shipping off: the recipient fields are not checked', () => {
    expect(msg({ ...ordinary, ship_phone: 'abc' }, false)).toBeNull();
  });
});

describe('input filters (SPEC §5)', () => {
  it('bank name, addresses and recipient name keep Chinese, letters and digits', () => {
    expect(keepWordChars('中国工商银行（南京）支行 #1')).toBe('中国工商银行南京支行1');
    expect(keepWordChars('Bank of China-01')).toBe('BankofChina01');
    expect(keepWordChars('<script>')).toBe('script');
  });
  it('account and phone keep digits only (trimmed)', () => {
    expect(keepDigits(' 6222 0202-0001 ')).toBe('622202020001');
    expect(keepDigits('025-8335 6789')).toBe('02583356789');
    expect(keepDigits('abc')).toBe('');
  });
});

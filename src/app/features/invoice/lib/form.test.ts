// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyInvoice, filterInput, fromSaved, toBody, validateInvoice } from './form';

describe('invoice form', () => {
  // the words of messages.md, pinned here (not read from the catalog the form shows them from)
  it('says each rule in the words of messages.md, in order', () => {
    const f = emptyInvoice();
    expect(validateInvoice(f, false)?.message).toBe('请填写企业发票抬头');
    expect(validateInvoice({ ...f, company_name: 'A' }, false)?.message).toBe('请填写税务登记号');
    expect(validateInvoice({ ...f, company_name: 'A', creditcode: 'B' }, false)?.message).toBe('请选择发票类型');
    const special = { ...f, company_name: 'A', creditcode: 'B', invoice_type: 1 as const };
    expect(validateInvoice(special, false)?.message).toBe('请填写基本户账号');
    expect(validateInvoice({ ...special, bank_account: '1' }, false)?.message).toBe('请填写开户银行');
    expect(validateInvoice({ ...special, bank_account: '1', bank_name: 'b' }, false)?.message).toBe('请填写注册场所地址');
    expect(validateInvoice({ ...special, bank_account: '1', bank_name: 'b', address: 'c' }, false)?.message).toBe('请填写注册固定电话');
    const ordinary = { ...f, company_name: 'A', creditcode: 'B', invoice_type: 0 as const };
    expect(validateInvoice(ordinary, true)?.message).toBe('请填写收件人姓名');
    expect(validateInvoice({ ...ordinary, ship_name: '张三' }, true)?.message).toBe('请填写收件地址');
    expect(validateInvoice({ ...ordinary, ship_name: '张三', ship_address: '杭州' }, true)?.message).toBe('请填写收件人电话');
    expect(validateInvoice({ ...ordinary, ship_name: '张三', ship_address: '杭州', ship_phone: '138' }, true)?.message).toBe('请填写正确的收件人电话');
  });

  it('filters each field as SPEC §5 says', () => {
    expect(filterInput('bank_name', '招商银行(杭州)文三支行!')).toBe('招商银行杭州文三支行');
    expect(filterInput('address', '文三路478号 A座-12层')).toBe('文三路478号A座12层');
    expect(filterInput('ship_name', '王 丽娟.')).toBe('王丽娟');
    expect(filterInput('ship_address', '西湖区#文三路')).toBe('西湖区文三路');
    expect(filterInput('bank_account', ' 6222 0202 ')).toBe('62220202');
    expect(filterInput('phone', '0571-88886666')).toBe('057188886666');
    expect(filterInput('ship_phone', '138 0000 0001')).toBe('13800000001');
    expect(filterInput('company_name', '杭州（云帆）有限公司')).toBe('杭州（云帆）有限公司');
    expect(filterInput('creditcode', '91 330106ma27')).toBe('91330106MA27');
  });

  it('loads a saved invoice (shipping on when it has a recipient) and builds the body', () => {
    const saved = {
      company_name: '禾木',
      creditcode: '91320106MA1N8R2K0X',
      invoice_type: 0 as const,
      bank_name: '',
      bank_account: '',
      address: '',
      phone: '',
      ship_name: '刘志强',
      ship_phone: '13913900001',
      ship_address: '南京',
    };
    expect(fromSaved(saved).shipping).toBe(true);
    expect(fromSaved(null, '禾木').form.company_name).toBe('禾木');
    expect(fromSaved(null).form.invoice_type).toBeNull();
    const body = toBody({ ...saved, company_name: ' 禾木 ' }, false);
    expect(body).toMatchObject({ company_name: '禾木', invoice_type: '0', ship_name: '', ship_phone: '', ship_address: '' });
    expect(toBody(saved, true).ship_phone).toBe('13913900001');
  });
});

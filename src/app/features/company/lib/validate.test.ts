// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { companyProblem, emptyCompanyForm, licenseFileProblem, toApplyBody, type CompanyFormValues } from './validate';

const good: CompanyFormValues = {
  company_name: '苏州澄湖精密制造有限公司',
  creditcode: '91350100M000100Y43',
  industry: '制造业',
  staff_num_range: '100-499人',
  address: '江苏省苏州市吴中区澄湖东路18号',
  represent: '沈国平',
  license_id: 7,
  contact_name: '顾佳',
  contact_mobile: '13962100001',
};

describe('company application form', () => {
  it('accepts a complete form and normalises the body', () => {
    expect(companyProblem(good)).toBeNull();
    expect(toApplyBody({ ...good, creditcode: '91350100m000100y43 ', company_name: ' 苏州澄湖 ' })).toMatchObject({
      creditcode: '91350100M000100Y43',
      company_name: '苏州澄湖',
      license_id: '7',
    });
    // no body while a choice is missing (companyProblem names it)
    expect(toApplyBody({ ...good, industry: '' })).toBeNull();
    expect(toApplyBody({ ...good, license_id: null })).toBeNull();
  });
  it('reports the first problem in the order of the form', () => {
    expect(companyProblem(emptyCompanyForm())).toEqual({ field: 'company_name', message: '请填写企业全称' });
    expect(companyProblem({ ...good, creditcode: '' })?.message).toBe('请填写统一社会信用代码');
    expect(companyProblem({ ...good, creditcode: '91350100M000100Y44' })?.message).toBe('统一社会信用代码校验位不正确，请核对营业执照');
    expect(companyProblem({ ...good, creditcode: '9135' })?.message).toBe('统一社会信用代码应为18位');
    expect(companyProblem({ ...good, industry: '' })?.message).toBe('请选择所属行业');
    expect(companyProblem({ ...good, staff_num_range: '' })?.message).toBe('请选择企业规模');
    expect(companyProblem({ ...good, address: '苏州' })?.message).toBe('请填写完整的企业地址');
    expect(companyProblem({ ...good, represent: '' })?.message).toBe('请填写法定代表人');
    expect(companyProblem({ ...good, represent: '123' })?.message).toBe('请填写正确的法定代表人');
    expect(companyProblem({ ...good, license_id: null })?.message).toBe('请上传营业执照照片');
    expect(companyProblem({ ...good, contact_name: '' })?.message).toBe('请填写联系人姓名');
    expect(companyProblem({ ...good, contact_mobile: '1396210000' })?.message).toBe('请填写正确的联系人手机号');
  });
  it('checks the licence file before uploading', () => {
    expect(licenseFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(licenseFileProblem({ type: 'image/gif', size: 1000 })).toBe('营业执照照片仅支持 JPG、PNG 格式');
    expect(licenseFileProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('营业执照照片不能超过 5MB');
    expect(licenseFileProblem({ type: 'image/jpeg', size: 0 })).toBe('文件为空，无法上传');
  });
});

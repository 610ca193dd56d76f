// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { workerProblem } from './worker';

const ok = { name: '陈思远', mobile: '139 6666 0001', cert_type: 'id_card' as const, cert_no: '310115199711204522', bank_card: '6217 0012 3456 7890 122' };

describe('a typed-in worker', () => {
  it('accepts a valid person (spaces in numbers are fine)', () => expect(workerProblem(ok)).toBeNull());
  it('names the first problem in the order of the form', () => {
    expect(workerProblem({ ...ok, name: 'x' })).toBe('请填写正确的姓名');
    expect(workerProblem({ ...ok, mobile: '1234' })).toBe('请输入正确的手机号');
    expect(workerProblem({ ...ok, cert_no: '310115199711204521' })).toBe('证件号码校验位错误');
    expect(workerProblem({ ...ok, bank_card: '6217001234567890121' })).toBe('请填写正确的银行卡号');
    expect(workerProblem({ ...ok, bank_card: '' })).toBeNull();
    expect(workerProblem({ ...ok, cert_type: 'hk_mo', cert_no: 'H12345678' })).toBeNull();
  });
});

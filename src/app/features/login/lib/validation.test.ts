// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { codeError, digitsOnly, hasErrors, mobileError, validateLogin } from './validation';

describe('mobileError', () => {
  it('accepts mainland mobiles', () => {
    for (const m of ['13800000001', '19912345678', '15000000000', ' 13800000001 ']) expect(mobileError(m)).toBeNull();
  });
  it('rejects anything else with 请输入正确的手机号', () => {
    for (const m of ['', '1380000000', '138000000011', '12800000001', '10800000001', '2380000000a', '+8613800000001'])
      expect(mobileError(m)).toBe('请输入正确的手机号');
  });
});

describe('codeError', () => {
  it('accepts 6 digits', () => {
    expect(codeError('123456')).toBeNull();
    expect(codeError(' 000000 ')).toBeNull();
  });
  it('asks for a code, then for 6 digits', () => {
    expect(codeError('')).toBe('请输入验证码');
    expect(codeError('12345')).toBe('请输入6位数字验证码');
    expect(codeError('1234567')).toBe('请输入6位数字验证码');
    expect(codeError('12345a')).toBe('请输入6位数字验证码');
  });
});

describe('validateLogin', () => {
  it('checks both fields', () => {
    expect(validateLogin('13800000001', '123456')).toEqual({ mobile: null, code: null });
    expect(hasErrors(validateLogin('13800000001', '123456'))).toBe(false);
    const e = validateLogin('123', '');
    expect(e).toEqual({ mobile: '请输入正确的手机号', code: '请输入验证码' });
    expect(hasErrors(e)).toBe(true);
  });
});

describe('digitsOnly', () => {
  it('keeps at most max digits', () => {
    expect(digitsOnly('138 0000 0001', 11)).toBe('13800000001');
    expect(digitsOnly('12a34b5678', 6)).toBe('123456');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { maskMobile, nameInitials } from './format';

describe('maskMobile', () => {
  it('masks the middle four digits', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
  });
  it('leaves other strings alone', () => {
    expect(maskMobile('')).toBe('');
    expect(maskMobile('010-1234')).toBe('010-1234');
  });
});

describe('nameInitials', () => {
  it('uses the last two characters of a Chinese name', () => {
    expect(nameInitials('张三')).toBe('张三');
    expect(nameInitials('欧阳明月')).toBe('明月');
  });
  it('uses initials of a Latin name', () => {
    expect(nameInitials('li lei')).toBe('LL');
    expect(nameInitials('  ')).toBe('');
  });
});

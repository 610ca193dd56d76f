import { describe, expect, it } from 'vitest';
import { formatFen, maskMobile, nameInitials } from './format';

describe('formatFen', () => {
  it('shows whole yuan with thousands separators', () => {
    expect(formatFen(398000)).toBe('¥3,980');
    expect(formatFen(0)).toBe('¥0');
    expect(formatFen(100)).toBe('¥1');
    expect(formatFen(123456700)).toBe('¥1,234,567');
  });
  it('keeps fen when there are some', () => {
    expect(formatFen(1234560)).toBe('¥12,345.60');
    expect(formatFen(1)).toBe('¥0.01');
    expect(formatFen(99)).toBe('¥0.99');
  });
  it('can always show two decimals, drop the symbol, and handle negatives', () => {
    expect(formatFen(398000, { decimals: 'always' })).toBe('¥3,980.00');
    expect(formatFen(398000, { symbol: false })).toBe('3,980');
    expect(formatFen(-1050)).toBe('-¥10.50');
  });
});

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

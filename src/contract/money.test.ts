// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fenText, yuanText, yuanToFen } from './money';

describe('fenText', () => {
  it('writes two decimals and thousands separators', () => {
    expect(fenText(25050)).toBe('250.50');
    expect(fenText(1234567)).toBe('12,345.67');
    expect(fenText(123456789012)).toBe('1,234,567,890.12');
    expect(fenText(5)).toBe('0.05');
    expect(fenText(0)).toBe('0.00');
    expect(fenText(-100)).toBe('-1.00');
    expect(fenText(-5)).toBe('-0.05');
  });
  it('drops a fraction of a fen', () => {
    expect(fenText(1234.9)).toBe('12.34');
    expect(fenText(-1234.9)).toBe('-12.34');
  });
  it("leaves out .00 of whole yuan with decimals: 'auto'", () => {
    expect(fenText(398000, { decimals: 'auto' })).toBe('3,980');
    expect(fenText(0, { decimals: 'auto' })).toBe('0');
    expect(fenText(1234560, { decimals: 'auto' })).toBe('12,345.60');
    expect(fenText(1, { decimals: 'auto' })).toBe('0.01');
  });
  it('writes an input’s or a file’s text without separators', () => {
    expect(fenText(398000, { grouping: false })).toBe('3980.00');
    expect(fenText(1234567, { grouping: false })).toBe('12345.67');
    expect(fenText(5, { grouping: false })).toBe('0.05');
  });
});

describe('yuanText', () => {
  it('puts ¥ before the amount, and the sign before ¥', () => {
    expect(yuanText(25050)).toBe('¥250.50');
    expect(yuanText(398000)).toBe('¥3,980.00');
    expect(yuanText(0)).toBe('¥0.00');
    expect(yuanText(-1050)).toBe('-¥10.50');
  });
  it('takes the same options', () => {
    expect(yuanText(398000, { decimals: 'auto' })).toBe('¥3,980');
    expect(yuanText(0, { decimals: 'auto' })).toBe('¥0');
    expect(yuanText(100, { decimals: 'auto' })).toBe('¥1');
    expect(yuanText(1234560, { decimals: 'auto' })).toBe('¥12,345.60');
    expect(yuanText(1, { decimals: 'auto' })).toBe('¥0.01');
    expect(yuanText(123456700, { decimals: 'auto' })).toBe('¥1,234,567');
    expect(yuanText(99, { decimals: 'auto' })).toBe('¥0.99');
    expect(yuanText(-1050, { decimals: 'auto' })).toBe('-¥10.50');
    expect(yuanText(398000, { grouping: false })).toBe('¥3980.00');
  });
  it('writes what Intl writes for zh-CN (the texts the console showed before)', () => {
    const intl = (fen: number) => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const fen of [0, 1, 99, 100, 12345, 100000, 123456789, 99999999999]) expect(yuanText(fen)).toBe(intl(fen));
  });
});

describe('yuanToFen', () => {
  it('reads yuan with at most two decimals', () => {
    expect(yuanToFen('250.5')).toBe(25050);
    expect(yuanToFen('250.50')).toBe(25050);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1,200')).toBe(120000);
    expect(yuanToFen(' 88 ')).toBe(8800);
    for (const bad of ['', '1.234', '-1', '1e3', 'abc', '1.', '.5', '１２']) expect(yuanToFen(bad)).toBeNull();
  });
  it('reads back what fenText writes', () => {
    for (const fen of [1, 99, 100, 25050, 1234567]) {
      expect(yuanToFen(fenText(fen))).toBe(fen);
      expect(yuanToFen(fenText(fen, { grouping: false }))).toBe(fen);
    }
  });
});

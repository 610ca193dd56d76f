// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { periodProblem, periodText, TAX_STATUS_CODES, TAX_STATUS_TEXT, taxAllows, taxRowActions, taxServiceFee } from './tax-rules';

describe('tax rules', () => {
  it('names every status with the words of messages.md', () => {
    expect(TAX_STATUS_CODES.map((c) => TAX_STATUS_TEXT[c]).join(' · ')).toBe('待提交 · 待核对 · 待支付 · 已支付待确认 · 开具中 · 已开具 · 已驳回 · 已撤回');
  });
  it('allows only the listed transitions', () => {
    expect(taxAllows('checking', 'submit')).toBe(true);
    expect(taxAllows('draft', 'submit')).toBe(false);
    expect(taxAllows('paying', 'withdraw')).toBe(false);
    expect(taxAllows('issued', 'withdraw')).toBe(false);
    expect(taxAllows('unpaid', 'withdraw')).toBe(true);
    expect(taxAllows('issued', 'issue')).toBe(false);
    expect(taxAllows('unpaid', 'confirm')).toBe(false);
  });
  it('offers the row actions a status allows', () => {
    expect(taxRowActions('checking')).toEqual(['check', 'view', 'withdraw']);
    expect(taxRowActions('unpaid')).toEqual(['pay', 'view', 'withdraw']);
    expect(taxRowActions('issued')).toEqual(['view', 'download']);
    expect(taxRowActions('paying')).toEqual(['view']);
  });
  it('charges per person with a minimum', () => {
    expect(taxServiceFee(1)).toBe(2000);
    expect(taxServiceFee(10)).toBe(5000);
  });
  it('checks the month range', () => {
    expect(periodProblem('2026-01', '2026-03')).toBeNull();
    expect(periodProblem('2026-03', '2026-01')).toBe('结束月份不能早于起始月份');
    expect(periodProblem('2025-01', '2026-01')).toBe('税款所属期最长12个月');
    expect(periodProblem('2026-13', '2026-01')).toBe('请选择税款所属期起始月份');
    expect(periodText('2026-01', '2026-01')).toBe('2026-01');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { periodMonths, periodProblem, periodText, TAX_STATUS_CODES, TAX_STATUS_TEXT, taxAllows, taxRowActions, taxServiceFee } from './tax-rules';

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
    const now = new Date('2026-04-30T17:00:00Z'); // 2026-05-01 in China
    expect(periodProblem('2026-01', '2026-03', now)).toBeNull();
    expect(periodProblem('2026-03', '2026-01', now)).toBe('结束月份不能早于起始月份');
    expect(periodProblem('2025-01', '2026-01', now)).toBe('税款所属期最长12个月');
    expect(periodProblem('2026-13', '2026-01', now)).toBe('请选择税款所属期起始月份');
    // finished months only, within 36 months
    expect(periodProblem('2026-04', '2026-04', now)).toBeNull();
    expect(periodProblem('2026-05', '2026-05', now)).toBe('税款所属期须为已结束的月份（最晚 2026-04），本月税款次月申报入库后方可申请');
    expect(periodProblem('9999-12', '9999-12', now)).toMatch(/^税款所属期须为已结束的月份/);
    expect(periodProblem('2023-05', '2023-05', now)).toBeNull();
    expect(periodProblem('2023-04', '2023-05', now)).toBe('只能申请近3年内的税款所属期（2023-05 起）');
    expect(periodProblem('0000-01', '0000-01', now)).toMatch(/^只能申请近3年内/);
    expect(periodMonths(now)).toHaveLength(36);
    expect(periodMonths(now)[0]).toBe('2026-04');
    expect(periodMonths(now).at(-1)).toBe('2023-05');
    expect(periodText('2026-01', '2026-01')).toBe('2026-01');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultPeriod, formProblem, monthBefore, monthOptions, toggle, totals } from './form';

const now = new Date('2026-01-15T02:00:00Z');
describe('tax form rules', () => {
  it('counts months in China time across a year', () => {
    expect(monthBefore(now, 0)).toBe('2026-01');
    expect(monthBefore(now, 1)).toBe('2025-12');
    expect(monthBefore(new Date('2026-01-31T17:00:00Z'), 0)).toBe('2026-02');
    expect(defaultPeriod(now)).toEqual({ start: '2025-10', end: '2025-12' });
    expect(monthOptions(now)).toHaveLength(36);
    expect(monthOptions(now)[0]).toBe('2025-12'); // the unfinished month is not offered
  });
  it('checks the form in order', () => {
    const ok = { now, start: '2025-10', end: '2025-12', ids: [1], receive: 'download' as const, email: '', remark: '' };
    expect(formProblem(ok)).toBeNull();
    expect(formProblem({ ...ok, end: '2025-09' })).toBe('结束月份不能早于起始月份');
    expect(formProblem({ ...ok, end: '2026-01' })).toMatch(/^税款所属期须为已结束的月份/);
    expect(formProblem({ ...ok, ids: [] })).toBe('请选择人员或批次');
    expect(formProblem({ ...ok, receive: 'email', email: 'a@b' })).toBe('请填写正确的接收邮箱');
    expect(formProblem({ ...ok, receive: 'email', email: 'hr@yunfan.example' })).toBeNull();
  });
  it('toggles and sums a selection', () => {
    expect(toggle([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggle([1, 2], 1, false)).toEqual([2]);
    const items = [
      { id: 1, tax: 100, income: 1000, invoiceable: 1060 },
      { id: 2, tax: 50, income: 500, invoiceable: 530 },
    ];
    expect(totals(items, (x) => x.id === 2)).toEqual({ n: 1, tax: 50, income: 500, invoiceable: 530 });
  });
});

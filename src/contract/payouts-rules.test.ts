// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bpOf, precalcRow, precalcTotals, rateText } from './payouts-rules';

describe('payout pre-calculation', () => {
  it('rounds rates to whole fen, half up', () => {
    expect(bpOf(10_000, 600)).toBe(600);
    expect(bpOf(25_050, 150)).toBe(376); // 375.75
    expect(bpOf(1, 600)).toBe(0);
    expect(bpOf(9, 600)).toBe(1); // 0.54
  });
  it('withholds tax from the amount and charges the fee on top', () => {
    const r = precalcRow(25_050, 600, 150);
    expect(r).toEqual({ amount: 25_050, tax: 376, fee: 1503, net: 24_674 });
    const t = precalcTotals([r, precalcRow(10_000, 600, 150)]);
    expect(t).toEqual({ gross: 35_050, fee: 2103, tax: 526, net: 34_524, debit: 37_153 });
    expect(t.net + t.tax).toBe(t.gross);
  });
  it('refuses amounts that are not positive integers of fen', () => {
    expect(() => precalcRow(10.5, 600, 150)).toThrow();
    expect(() => precalcRow(0, 600, 150)).toThrow();
  });
  it('shows rates as percentages', () => {
    expect(rateText(600)).toBe('6.00%');
    expect(rateText(150)).toBe('1.50%');
  });
});

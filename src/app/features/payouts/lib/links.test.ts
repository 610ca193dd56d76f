// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { payListHref, runRecordHref, segCode, segInt } from './links';

describe('payout page addresses', () => {
  it('builds the log and ledger routes from task, batch and filter', () => {
    expect(runRecordHref(3, 7)).toBe('/employment/runRecord/3/7/all');
    expect(payListHref(0, 0, 'topup')).toBe('/employment/pay-list/0/0/topup');
  });
  it('reads segments defensively', () => {
    expect(segInt('12')).toBe(12);
    expect(segInt('-1')).toBe(0);
    expect(segInt('99999999999')).toBe(0);
    expect(segInt(undefined)).toBe(0);
    expect(segCode('fee', ['fee', 'tax'])).toBe('fee');
    expect(segCode('x', ['fee'])).toBe('all');
  });
});

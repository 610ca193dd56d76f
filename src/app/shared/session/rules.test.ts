// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { approvalNoticeDue, nextUrgeNotice } from './rules';

describe('approval notice (SPEC §4)', () => {
  it('is due when an apply user becomes normal and none was shown for the mobile', () => {
    expect(approvalNoticeDue('apply', 'normal', false)).toBe(true);
  });
  it('is shown once per mobile', () => {
    expect(approvalNoticeDue('apply', 'normal', true)).toBe(false);
  });
  it('is not due for other transitions', () => {
    expect(approvalNoticeDue('apply', 'apply', false)).toBe(false);
    expect(approvalNoticeDue('normal', 'normal', false)).toBe(false);
    expect(approvalNoticeDue(undefined, 'normal', false)).toBe(false);
    expect(approvalNoticeDue('no_apply', 'normal', false)).toBe(false);
  });
});

describe('urge notice', () => {
  const closed = (n: number | null) => ({ shownCount: 0, closedAt: n });
  it('shows the count when there are pending requests', () => {
    expect(nextUrgeNotice(closed(null), 3)).toBe(3);
    expect(nextUrgeNotice(closed(null), 0)).toBe(0);
  });
  it('updates an open notice', () => {
    expect(nextUrgeNotice({ shownCount: 3, closedAt: null }, 2)).toBe(2);
  });
  it('stays closed until the count grows', () => {
    expect(nextUrgeNotice(closed(3), 3)).toBe(0);
    expect(nextUrgeNotice(closed(3), 2)).toBe(0);
    expect(nextUrgeNotice(closed(3), 4)).toBe(4);
  });
});

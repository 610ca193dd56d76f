// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rolesWatch } from './live';

let stored: string | null;
let resolveRefresh: (() => void) | null;
let rejectRefresh: (() => void) | null;
const refresh = vi.fn(
  () =>
    new Promise<void>((res, rej) => {
      resolveRefresh = () => {
        stored = 'finance,member';
        res();
      };
      rejectRefresh = () => rej(new Error('network'));
    }),
);
const settle = async (ok = true) => {
  (ok ? resolveRefresh : rejectRefresh)!();
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  stored = 'member';
  refresh.mockClear();
});
afterEach(() => vi.useRealTimers());

const watch = () => rolesWatch({ stored: () => stored, refresh, debounceMs: 100 });

describe('rolesWatch (issue 27: the open console follows a role change)', () => {
  it('does nothing while the answers state the stored roles', () => {
    const on = watch();
    on({ roles: 'member', refused: false });
    on({ roles: null, refused: false });
    vi.advanceTimersByTime(500);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes once, debounced, when an answer states other roles; not again while in flight', async () => {
    const on = watch();
    on({ roles: 'finance,member', refused: false });
    on({ roles: 'finance,member', refused: false });
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(refresh).toHaveBeenCalledTimes(1);
    // the refresh's own answer and the page's other answers arrive while it is on its way
    on({ roles: 'finance,member', refused: false });
    on({ roles: 'finance,member', refused: true });
    vi.advanceTimersByTime(500);
    expect(refresh).toHaveBeenCalledTimes(1);
    await settle();
    on({ roles: 'finance,member', refused: false });
    vi.advanceTimersByTime(500);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a refusal for want of a permission refreshes even when the header agrees', () => {
    const on = watch();
    on({ roles: 'member', refused: true });
    vi.advanceTimersByTime(100);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh is tried again on the next answer; a followed header that still differs is not', async () => {
    const on = watch();
    on({ roles: 'hr,member', refused: false });
    vi.advanceTimersByTime(100);
    await settle(false);
    on({ roles: 'hr,member', refused: false });
    vi.advanceTimersByTime(100);
    expect(refresh).toHaveBeenCalledTimes(2);
    // this refresh stores finance,member although the header says hr,member: no loop on every call
    await settle();
    on({ roles: 'hr,member', refused: false });
    vi.advanceTimersByTime(100);
    expect(refresh).toHaveBeenCalledTimes(2);
    // a later change is followed again
    on({ roles: 'admin,member', refused: false });
    vi.advanceTimersByTime(100);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('follows nothing when nobody is signed in', () => {
    stored = null;
    const on = watch();
    on({ roles: 'admin,member', refused: true });
    vi.advanceTimersByTime(500);
    expect(refresh).not.toHaveBeenCalled();
  });
});

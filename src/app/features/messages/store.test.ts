import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../../shared/lib/http', async (original) => ({ ...(await original<object>()), call: (...a: unknown[]) => call(...a) }));
const { inbox, startPolling } = await import('./store');
const { pokeMessages } = await import('../../shared/lib/messages-poke');

let hidden = false;
const setAppBadge = vi.fn(() => Promise.resolve());
const clearAppBadge = vi.fn(() => Promise.resolve());
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.assign(navigator, { setAppBadge, clearAppBadge });
  call.mockReset().mockResolvedValue({ unread: 3 });
});
afterEach(() => vi.useRealTimers());

describe('the bell keeps its count live (消息中心)', () => {
  it('asks at start and every 60 s, not while the tab is hidden; back in view it asks at once', async () => {
    const stop = startPolling();
    await flush();
    expect(call).toHaveBeenCalledTimes(1);
    expect(inbox.unread).toBe(3);
    expect(setAppBadge).toHaveBeenLastCalledWith(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(call).toHaveBeenCalledTimes(2);
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(180_000);
    expect(call).toHaveBeenCalledTimes(2);
    hidden = false;
    call.mockResolvedValue({ unread: 0 });
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(call).toHaveBeenCalledTimes(3);
    expect(clearAppBadge).toHaveBeenCalled();
    stop();
  });

  it("asks at once when the console's own action wrote a message", async () => {
    const stop = startPolling();
    await flush();
    pokeMessages();
    await flush();
    expect(call).toHaveBeenCalledTimes(2);
    stop();
    pokeMessages();
    await flush();
    expect(call).toHaveBeenCalledTimes(2);
  });
});

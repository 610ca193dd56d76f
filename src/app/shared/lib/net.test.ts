import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { net, onNetworkBack, ONLINE_SETTLE_MS, reportNetworkFailure, reportNetworkSuccess, watchNetwork } from './net';

/** A window with its own event target and a service worker container that can post messages. */
function fakeWindow() {
  const win = new EventTarget() as EventTarget & { navigator: { serviceWorker: EventTarget } };
  win.navigator = { serviceWorker: new EventTarget() };
  const fromWorker = (data: unknown) => win.navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data }));
  return { win: win as unknown as Window, fromWorker, fire: (type: string) => win.dispatchEvent(new Event(type)) };
}

let fetchMock: ReturnType<typeof vi.fn>;
let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchMock);
  net.offline = false;
});
afterEach(() => {
  stop();
  reportNetworkSuccess();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('offline state driven by what requests see', () => {
  it('a failed request shows the offline state at once; a success clears it and runs the callbacks once', () => {
    const back = vi.fn();
    const off = onNetworkBack(back);
    reportNetworkFailure();
    expect(net.offline).toBe(true);
    reportNetworkFailure();
    reportNetworkSuccess();
    expect(net.offline).toBe(false);
    reportNetworkSuccess();
    expect(back).toHaveBeenCalledTimes(1);
    off();
    reportNetworkFailure();
    reportNetworkSuccess();
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("the service worker's NET messages drive it; unknown messages are ignored", () => {
    const { win, fromWorker } = fakeWindow();
    stop = watchNetwork(win);
    fromWorker({ type: 'NET', online: false });
    expect(net.offline).toBe(true);
    fromWorker({ type: 'SOMETHING', online: true });
    fromWorker({ type: 'NET', online: 'yes' });
    expect(net.offline).toBe(true);
    fromWorker({ type: 'NET', online: true });
    expect(net.offline).toBe(false);
  });

  it('while offline the probe backs off; the first answer clears the state', async () => {
    const back = vi.fn();
    const off = onNetworkBack(back);
    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/manifest\.webmanifest\?probe=\d+$/);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'HEAD', cache: 'no-store' });
    await vi.advanceTimersByTimeAsync(2_000 - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(net.offline).toBe(true);
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 200 })));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(net.offline).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
    off();
  });

  it('the probe backs off 1 s, 2 s, 4 s, 8 s, 15 s, then every 30 s (the numbers, not the module constant)', async () => {
    reportNetworkFailure();
    const gaps = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 30_000, 30_000];
    for (const [i, gap] of gaps.entries()) {
      await vi.advanceTimersByTimeAsync(gap - 1);
      expect(fetchMock, `probe ${i + 1} not before ${gap} ms`).toHaveBeenCalledTimes(i);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock, `probe ${i + 1} after ${gap} ms`).toHaveBeenCalledTimes(i + 1);
    }
    expect(net.offline).toBe(true);
  });

  it("the browser's offline event shows the state; its online event probes after a short settle", async () => {
    const { win, fire } = fakeWindow();
    stop = watchNetwork(win);
    fire('offline');
    expect(net.offline).toBe(true);
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    fire('online');
    expect(net.offline).toBe(true);
    await vi.advanceTimersByTimeAsync(ONLINE_SETTLE_MS);
    expect(net.offline).toBe(false);
  });

  it('while the browser says offline, only its online event (and the probe after it) clears the state', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { win, fromWorker, fire } = fakeWindow();
    stop = watchNetwork(win);
    fire('offline');
    fromWorker({ type: 'NET', online: true });
    reportNetworkSuccess();
    expect(net.offline).toBe(true);
    onLine.mockReturnValue(true);
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 200 })));
    fire('online');
    await vi.advanceTimersByTimeAsync(ONLINE_SETTLE_MS);
    expect(net.offline).toBe(false);
    onLine.mockRestore();
  });

  it('an HTTP error answer still means the network is there', async () => {
    reportNetworkFailure();
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 502 })));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(net.offline).toBe(false);
  });
});

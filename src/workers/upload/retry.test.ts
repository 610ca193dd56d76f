// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { OssError } from './oss';
import { classify, CrcMismatch, retryDelay, retrying, Stopped } from './retry';
import { TestClock } from './testing/fake-cloud';
import { TransportError } from './types';

describe('the retry policy', () => {
  it('classifies: transient errors retry, auth refreshes, the rest fails', () => {
    expect(classify(new TransportError('network'))).toBe('retry');
    expect(classify(new TransportError('abort'))).toBe('fatal');
    expect(classify(new CrcMismatch('x'))).toBe('retry');
    expect(classify(new OssError(503, 'ServiceUnavailable', ''))).toBe('retry');
    expect(classify(new OssError(403, 'SecurityTokenExpired', ''))).toBe('auth');
    expect(classify(new OssError(404, 'NoSuchUpload', ''))).toBe('noSuchUpload');
    expect(classify(new OssError(400, 'EntityTooSmall', ''))).toBe('fatal');
  });

  it('doubles from the base delay, at most 30 s', () => {
    expect([1, 2, 3, 4, 10].map((a) => retryDelay(a, 2000))).toEqual([2000, 4000, 8000, 16000, 30000]);
  });

  it('retries retryCount times with the doubling delays, then gives the error', async () => {
    const clock = new TestClock();
    let tries = 0;
    let retries = 0;
    const err = new TransportError('network');
    await expect(
      retrying({ retryCount: 3, retryDelayMs: 2000, clock, onRetry: () => retries++ }, new AbortController().signal, async () => {
        tries++;
        throw err;
      }),
    ).rejects.toBe(err);
    expect([tries, retries]).toEqual([4, 3]);
    expect(clock.sleeps).toEqual([2000, 4000, 8000]);
  });

  it('an auth failure refreshes and tries again without spending a retry; an abort stops', async () => {
    const clock = new TestClock();
    let refreshed = 0;
    let tries = 0;
    const r = await retrying(
      { retryCount: 3, retryDelayMs: 2000, clock, refreshAuth: async () => (refreshed++, true) },
      new AbortController().signal,
      async () => {
        if (++tries === 1) throw new OssError(403, 'SecurityTokenExpired', '');
        return 'ok';
      },
    );
    expect([r, refreshed, clock.sleeps.length]).toEqual(['ok', 1, 0]);
    const c = new AbortController();
    c.abort();
    await expect(retrying({ retryCount: 3, retryDelayMs: 2000, clock }, c.signal, async () => 1)).rejects.toBeInstanceOf(Stopped);
  });
});

import { describe, expect, it } from 'vitest';
import { SingleFlight, StsCredentials } from './credentials';
import { TestClock } from './testing/fake-cloud';
import type { Credentials } from './types';

const creds = (ms: number): Credentials => ({ AccessKeyId: 'id', AccessKeySecret: 's', SecurityToken: 't', Expiration: new Date(ms).toISOString() });

describe('credentials', () => {
  it('single flight: concurrent callers share one run; the next call runs again', async () => {
    const f = new SingleFlight<number>();
    let runs = 0;
    const fn = () => new Promise<number>((r) => setTimeout(() => r(++runs), 5));
    expect(await Promise.all([f.run(fn), f.run(fn), f.run(fn)])).toEqual([1, 1, 1]);
    expect(await f.run(fn)).toBe(2);
  });

  it('STS is fetched once for many callers, cached, and refreshed before expiry', async () => {
    const clock = new TestClock();
    let calls = 0;
    const sts = new StsCredentials({
      provider: { getSts: async () => (calls++, creds(clock.now() + 3600_000)) },
      clock,
      refreshBeforeMs: 300_000,
      onExpire: () => {},
    });
    const s = new AbortController().signal;
    await Promise.all([sts.get(s), sts.get(s), sts.get(s)]);
    await sts.get(s);
    expect(calls).toBe(1);
    clock.offset += 3400_000; // within the refresh margin
    await sts.get(s);
    expect(calls).toBe(2);
  });

  it('cannot refresh: Expire once, waits for resume with new credentials', async () => {
    const clock = new TestClock();
    let expired = 0;
    const sts = new StsCredentials({ provider: { getSts: () => Promise.reject(new Error('down')) }, clock, refreshBeforeMs: 0, onExpire: () => expired++ });
    const s = new AbortController().signal;
    const a = sts.get(s);
    const b = sts.get(s);
    await new Promise((r) => setTimeout(r, 5));
    expect(expired).toBe(1);
    sts.resume(creds(clock.now() + 3600_000));
    expect((await a).AccessKeyId).toBe('id');
    expect((await b).AccessKeyId).toBe('id');
  });
});

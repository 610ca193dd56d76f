// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Coalescer, ProgressMeter, Throttle } from './progress';

afterEach(() => vi.useRealTimers());

describe('the progress throttle', () => {
  it('passes at most once per interval; forced passes always go', () => {
    const t = new Throttle(250);
    const passed = [0, 10, 100, 249, 250, 300, 499, 500, 510].filter((ms) => t.pass(ms));
    expect(passed).toEqual([0, 250, 500]);
    expect(t.pass(520, true)).toBe(true);
    expect(t.pass(600)).toBe(false);
  });

  it('coalesces a flood into a few calls a second, latest value per key, the last never lost', () => {
    vi.useFakeTimers();
    const calls: number[][] = [];
    const c = new Coalescer<string, number>(
      250,
      (v) => calls.push(v),
      () => Date.now(),
    );
    for (let i = 0; i < 1000; i++) {
      c.push(i % 2 ? 'a' : 'b', i);
      vi.advanceTimersByTime(1); // 1000 events in one second
    }
    vi.advanceTimersByTime(300);
    expect(calls.length).toBeLessThanOrEqual(6);
    expect(calls.at(-1)).toEqual(expect.arrayContaining([999, 998]));
  });
});

describe('the meter', () => {
  it('never goes backwards, never reaches the size before finish, and counts retried bytes in speed only', () => {
    const m = new ProgressMeter(1000);
    m.bytes(1, 300, 0);
    m.bytes(2, 200, 100);
    expect(m.loaded).toBe(500);
    m.startPart(1); // part 1 fails, starts over
    m.bytes(2, 250, 200);
    expect(m.loaded).toBe(500);
    m.partDone(2, 500, 300);
    m.bytes(1, 500, 800);
    expect(m.loaded).toBe(999);
    expect(m.speed).toBeGreaterThan(0);
    m.finish();
    expect(m.loaded).toBe(1000);
  });
});

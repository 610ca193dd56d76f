import { describe, expect, it } from 'vitest';
import { computePartSize, MIN_PART, PartPlanner, REPROBE_AFTER, runPool, Tuner, type PartJob } from './parts';

const MB = 1024 * 1024;
const limits = { partSize: MB, parallel: 5, maxPartSize: 32 * MB, maxParallel: 8, adaptive: true };

function drain(p: PartPlanner, size: (i: number) => number): PartJob[] {
  const out: PartJob[] = [];
  for (let j = p.next(size(0)); j; j = p.next(size(out.length))) out.push(j);
  return out;
}

function covers(jobs: PartJob[], from: number, to: number) {
  const s = [...jobs].sort((a, b) => a.n - b.n);
  let off = from;
  for (const j of s) {
    expect(j.offset).toBe(off);
    off += j.size;
  }
  expect(off).toBe(to);
}

describe('the part plan', () => {
  it('equal parts from an empty checkpoint, numbered from 1, the last one the rest', () => {
    const jobs = drain(new PartPlanner(5 * MB + 7, 10000, { partSize: MB, parts: [] }), () => MB);
    expect(jobs.map((j) => j.n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(jobs.at(-1)!.size).toBe(7);
    covers(jobs, 0, 5 * MB + 7);
  });

  it('fills the gaps of a resumed checkpoint with the numbers left between its parts, then the frontier', () => {
    const parts = [1, 2, 4].map((n) => ({ partNumber: n, size: MB, etag: 'e', crc64: '1' }));
    const jobs = drain(new PartPlanner(6 * MB, 10000, { partSize: MB, parts }), () => MB);
    expect(jobs).toEqual([
      { n: 3, offset: 2 * MB, size: MB },
      { n: 5, offset: 4 * MB, size: MB },
      { n: 6, offset: 5 * MB, size: MB },
    ]);
  });

  it('integer sizes, never more than maxParts parts, whatever size the tuner asks for', () => {
    const size = 48_828_125_003;
    const jobs = drain(new PartPlanner(size, 10000, { partSize: MB, parts: [] }), (i) => (i % 3 === 0 ? 1000 : 1.5 * MB + 0.5));
    expect(jobs.length).toBeLessThanOrEqual(10000);
    expect(jobs.every((j) => Number.isInteger(j.size) && j.size >= MIN_PART)).toBe(true);
    covers(jobs, 0, size);
  });

  it('adaptive parts resume from their offsets; a gap too small for its numbers takes fewer parts', () => {
    const parts = [
      { partNumber: 1, size: MB, etag: 'a', crc64: '1' },
      { partNumber: 5, size: 4 * MB, etag: 'b', crc64: '2', offset: MB + 250 * 1024 },
    ];
    const size = MB + 250 * 1024 + 4 * MB + 3 * MB;
    const jobs = drain(new PartPlanner(size, 10000, { partSize: MB, parts }), () => 2 * MB);
    const gap = jobs.filter((j) => j.n < 5);
    expect(gap.length).toBe(2); // 250 KiB over numbers 2–4: two parts ≥ 100 KiB
    expect(gap.every((j) => j.size >= MIN_PART)).toBe(true);
    covers(gap, MB, MB + 250 * 1024);
    covers(
      jobs.filter((j) => j.n > 5),
      MB + 250 * 1024 + 4 * MB,
      size,
    );
  });

  it('plans the parts that were in flight again exactly (number, offset, size), then the frontier', () => {
    const parts = [
      { partNumber: 1, size: MB, etag: 'a', crc64: '1' },
      { partNumber: 2, size: 2 * MB, etag: 'b', crc64: '2', offset: MB },
      { partNumber: 4, size: 4 * MB, etag: 'c', crc64: '3', offset: 7 * MB },
    ];
    const inFlight = [
      { n: 3, offset: 3 * MB, size: 4 * MB },
      { n: 5, offset: 11 * MB, size: 4 * MB },
      { n: 4, offset: 7 * MB, size: 4 * MB }, // finished meanwhile: not again
    ];
    const jobs = drain(new PartPlanner(20 * MB, 10000, { partSize: MB, parts, inFlight }), () => 8 * MB);
    expect(jobs).toEqual([
      { n: 3, offset: 3 * MB, size: 4 * MB },
      { n: 5, offset: 11 * MB, size: 4 * MB },
      { n: 6, offset: 15 * MB, size: 5 * MB },
    ]);
  });

  it('a plan that overlaps finished parts or lies outside the file is planned afresh', () => {
    const parts = [{ partNumber: 1, size: 2 * MB, etag: 'a', crc64: '1', offset: 0 }];
    const inFlight = [
      { n: 2, offset: MB, size: 2 * MB }, // overlaps part 1
      { n: 3, offset: 9 * MB, size: 4 * MB }, // past the end
    ];
    const jobs = drain(new PartPlanner(6 * MB, 10000, { partSize: MB, parts, inFlight }), () => 2 * MB);
    covers(jobs, 2 * MB, 6 * MB);
    expect(jobs.map((j) => j.n)).toEqual([2, 3]);
  });

  it('computePartSize: whole KiB, ≥ 100 KiB, ≥ ceil(size / maxParts)', () => {
    expect(computePartSize(200 * MB, MB, 10000)).toBe(MB);
    expect(computePartSize(5 * MB, 1000, 10000)).toBe(MIN_PART);
    expect(Math.ceil(1e11 / computePartSize(1e11, MB, 10000))).toBeLessThanOrEqual(10000);
  });
});

describe('the tuner', () => {
  it('grows while throughput rises: part size doubles to its ceiling, then more in flight; integer sizes', () => {
    const t = new Tuner(limits);
    let now = 1000;
    t.partDone(0, now);
    let rate = 10 * MB; // bytes per second, rising
    for (let i = 0; i < 60; i++) {
      for (let k = 0; k < t.parallel; k++) {
        now += Math.ceil((t.partSize / rate) * 1000) + 300 / t.parallel;
        t.partDone(t.partSize, now);
      }
      rate *= 1.2;
    }
    expect(t.partSize).toBe(32 * MB);
    expect(t.parallel).toBe(8);
    expect(Number.isInteger(t.partSize)).toBe(true);
  });

  it('keeps the bytes in flight within their bound: bigger parts traded for fewer in flight, down to 3', () => {
    const t = new Tuner({ ...limits, maxPartSize: 16 * MB, maxInFlight: 12 * MB });
    let now = 1000;
    t.partDone(0, now);
    let rate = 10 * MB;
    const seen: [number, number][] = [];
    for (let i = 0; i < 60; i++) {
      for (let k = 0; k < t.parallel; k++) {
        now += Math.ceil((t.partSize / rate) * 1000) + 300 / t.parallel;
        t.partDone(t.partSize, now);
        seen.push([t.partSize, t.parallel]);
      }
      rate *= 1.2;
    }
    expect(seen.every(([p, n]) => p * n <= 12 * MB && Number.isInteger(p) && p % 1024 === 0)).toBe(true);
    expect([t.partSize, t.parallel]).toEqual([4 * MB, 3]);
    t.trouble();
    expect([t.partSize, t.parallel]).toEqual([2 * MB, 2]);
  });

  it('keeps growing while throughput holds, up to half a second of upload in flight; a slow link keeps the start', () => {
    /** windows at a flat `rate` (bytes per second, all parts together); answers every setting seen */
    const flat = (rate: number) => {
      const t = new Tuner({ ...limits, maxPartSize: 16 * MB, maxParallel: 6, maxInFlight: 64 * MB, inFlightSeconds: 0.5 });
      let now = 1000;
      t.partDone(0, now);
      const seen: [number, number][] = [];
      for (let i = 0; i < 40; i++) {
        for (let k = 0; k < t.parallel; k++) {
          now += (t.partSize / rate) * 1000;
          t.partDone(t.partSize, now);
          seen.push([t.partSize, t.parallel]);
        }
      }
      return { t, seen };
    };
    // 200 MB/s: grows though the rate never rises, to the largest parts within 64 MB in flight
    const fast = flat(200 * MB);
    expect([fast.t.partSize, fast.t.parallel]).toEqual([16 * MB, 4]);
    // 40 MB/s: half a second is 20 MB
    const middling = flat(40 * MB);
    expect(middling.seen.every(([p, n]) => p * n <= 20 * MB)).toBe(true);
    expect(middling.t.partSize * middling.t.parallel).toBeGreaterThan(10 * MB);
    expect(fast.seen.every(([p, n]) => p * n <= 64 * MB && p % 1024 === 0)).toBe(true);
    // 2 MB/s: half a second is 1 MB, under the start's 5 MB: the SPEC's 1 MB × 5 throughout
    const slow = flat(2 * MB);
    expect(slow.seen.every(([p, n]) => p === MB && n === 5)).toBe(true);
  });

  it('a 48.8 GB file through a growing and shrinking tuner: never more than 10000 parts, integer sizes', () => {
    const size = 48_828_125_003;
    const t = new Tuner({ ...limits, maxInFlight: 12 * MB });
    const p = new PartPlanner(size, 10000, { partSize: MB, parts: [] });
    const jobs: PartJob[] = [];
    let now = 1000;
    t.partDone(0, now);
    for (let j = p.next(t.partSize); j; j = p.next(t.partSize)) {
      jobs.push(j);
      now += jobs.length % 7 === 0 ? 5000 : 100;
      t.partDone(j.size, now);
      if (jobs.length % 50 === 0) t.trouble();
    }
    expect(jobs.length).toBeLessThanOrEqual(10000);
    expect(jobs.every((j) => Number.isInteger(j.size))).toBe(true);
    covers(jobs, 0, size);
  });

  it('shrinks on errors and stalls, never below the start', () => {
    const t = new Tuner(limits);
    t.partSize = 16 * MB;
    t.parallel = 6;
    t.trouble();
    expect(t.partSize).toBe(8 * MB);
    expect(t.parallel).toBe(5);
    for (let i = 0; i < 10; i++) t.trouble();
    expect(t.partSize).toBe(MB);
    expect(t.parallel).toBe(1);
  });

  it('undoes a step that made two windows in a row slower, and stays put when not adaptive', () => {
    const t = new Tuner(limits);
    let now = 1000;
    t.partDone(0, now);
    const window = (ms: number) => {
      for (let k = 0; k < t.parallel; k++) t.partDone(t.partSize, (now += ms / t.parallel));
    };
    window(500); // first rate: grow
    expect(t.partSize).toBe(2 * MB);
    window(5000); // much slower: one window may be noise
    expect(t.partSize).toBe(2 * MB);
    window(5000); // and again: back
    expect(t.partSize).toBe(MB);
    // held while steady, then tried again
    for (let i = 1; i < REPROBE_AFTER; i++) window(5000);
    expect(t.partSize).toBe(MB);
    window(5000);
    expect(t.partSize).toBe(2 * MB);
    // a slow window followed by a normal one keeps the step (and the search goes on)
    const u = new Tuner(limits);
    u.partDone(0, now);
    const uWindow = (ms: number) => {
      for (let k = 0; k < u.parallel; k++) u.partDone(u.partSize, (now += ms / u.parallel));
    };
    uWindow(500);
    uWindow(5000);
    expect(u.partSize).toBe(2 * MB);
    uWindow(1000);
    expect(u.partSize).toBe(4 * MB);
    const fixed = new Tuner({ ...limits, adaptive: false });
    fixed.partDone(0, 0);
    for (let i = 1; i < 50; i++) fixed.partDone(MB, i * 300);
    fixed.trouble();
    expect([fixed.partSize, fixed.parallel]).toEqual([MB, 5]);
  });
});

describe('the pool', () => {
  it('keeps at most tuner.parallel parts in flight and follows it as it changes', async () => {
    const t = new Tuner({ ...limits, adaptive: false, parallel: 2 });
    const p = new PartPlanner(20 * MB, 10000, { partSize: MB, parts: [] });
    let inflight = 0;
    let max = 0;
    const seen: number[] = [];
    const failure = await runPool(p, t, new AbortController().signal, async (job) => {
      inflight++;
      max = Math.max(max, inflight);
      seen.push(job.n);
      if (job.n === 5) t.parallel = 4;
      await new Promise((r) => setTimeout(r, 2));
      inflight--;
    });
    expect(failure).toBeNull();
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(max).toBeLessThanOrEqual(4);
    expect(max).toBeGreaterThan(2);
  });

  it('the first failure stops handing out parts, aborts the others and is answered', async () => {
    const t = new Tuner({ ...limits, adaptive: false, parallel: 3 });
    const p = new PartPlanner(50 * MB, 10000, { partSize: MB, parts: [] });
    let started = 0;
    const boom = new Error('boom');
    const failure = await runPool(p, t, new AbortController().signal, async (job, inner) => {
      started++;
      if (job.n === 2) throw boom;
      await new Promise((r) => setTimeout(r, 5));
      expect(inner.aborted).toBe(true);
    });
    expect(failure).toBe(boom);
    expect(started).toBeLessThan(10);
  });
});

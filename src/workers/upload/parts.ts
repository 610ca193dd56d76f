/**
 * The part pipeline: which parts a file still needs (planned from the checkpoint: gaps first,
 * then the frontier), the adaptive tuner that grows the part size and the number in flight while
 * throughput rises and shrinks them on errors and stalls, and the pool that sends the parts.
 */
import { UploadError, type Checkpoint, type CheckpointPart } from './types';

/** OSS's smallest part (all but the last). */
export const MIN_PART = 100 * 1024;

/** The part-size rule: at least the configured size, integer, and never more than maxParts parts. */
export function computePartSize(size: number, partSize: number, maxParts: number): number {
  const min = Math.ceil(size / maxParts);
  let p = Math.max(Math.floor(partSize), min, MIN_PART);
  // whole KiB keeps the reads aligned; still ≥ ceil(size / maxParts)
  p = Math.ceil(p / 1024) * 1024;
  return p;
}

/** Where a finished part starts in the file (checkpoints before adaptive parts have no offset). */
export function partOffset(p: CheckpointPart, cp: Pick<Checkpoint, 'partSize'>): number {
  return p.offset ?? (p.partNumber - 1) * cp.partSize;
}

export interface PartJob {
  n: number;
  offset: number;
  size: number;
}

/**
 * Hands out the parts still to send: first the parts the checkpoint's plan had handed out and
 * that never finished (the same number, offset and size, so a part the store holds after all is
 * recognised by ListParts), then the gaps between the rest (each filled with the part numbers left
 * between them), then the frontier after the last part, sized by the caller (the tuner) but never
 * so small that the rest would need more than maxParts parts.
 */
export class PartPlanner {
  private readonly gaps: PartJob[] = [];
  private nextN: number;
  private nextOffset: number;

  constructor(
    private readonly fileSize: number,
    private readonly maxParts: number,
    cp: Pick<Checkpoint, 'partSize' | 'parts' | 'inFlight'>,
  ) {
    const doneNs = new Set(cp.parts.map((p) => p.partNumber));
    const planned = (cp.inFlight ?? []).filter((j) => !doneNs.has(j.n) && j.size > 0 && j.offset + j.size <= fileSize);
    const known = [
      ...cp.parts.map((p) => ({ n: p.partNumber, offset: partOffset(p, cp), size: p.size, planned: false })),
      ...planned.map((j) => ({ ...j, planned: true })),
    ].sort((a, b) => a.n - b.n);
    let n = 0;
    let end = 0;
    for (const d of known) {
      // a planned part that overlaps what came before (a corrupt plan) is planned again
      if (d.planned && (d.offset < end || d.n <= n || (d.offset > end && d.n === n + 1))) continue;
      if (d.offset > end) this.fill(n + 1, d.n - 1, end, d.offset);
      if (d.planned) this.gaps.push({ n: d.n, offset: d.offset, size: d.size });
      n = d.n;
      end = Math.max(end, d.offset + d.size);
    }
    this.nextN = n + 1;
    this.nextOffset = end;
  }

  /** Splits [from, to) over part numbers first..last: as many as fit ≥ MIN_PART, sizes within 1 byte. */
  private fill(first: number, last: number, from: number, to: number): void {
    const bytes = to - from;
    const k = last - first + 1;
    if (k < 1) return;
    const count = Math.max(1, Math.min(k, Math.floor(bytes / MIN_PART)));
    const base = Math.floor(bytes / count);
    let extra = bytes - base * count;
    let off = from;
    for (let i = 0; i < count; i++) {
      const size = base + (extra > 0 ? 1 : 0);
      if (extra > 0) extra--;
      this.gaps.push({ n: first + i, offset: off, size });
      off += size;
    }
  }

  /** Bytes not yet handed out. */
  get remaining(): number {
    return this.gaps.reduce((s, g) => s + g.size, 0) + (this.fileSize - this.nextOffset);
  }

  /** The next part to send (`partSize`: the wanted size at the frontier); null when all are out. */
  next(partSize: number): PartJob | null {
    const g = this.gaps.shift();
    if (g) return g;
    const left = this.fileSize - this.nextOffset;
    if (left <= 0) return null;
    const numbersLeft = this.maxParts - this.nextN + 1;
    const floor = Math.ceil(left / Math.max(1, numbersLeft));
    const size = Math.min(left, Math.max(Math.floor(partSize), floor, MIN_PART));
    const job = { n: this.nextN, offset: this.nextOffset, size };
    this.nextN++;
    this.nextOffset += size;
    return job;
  }
}

/**
 * A window's shortest time: long enough to hold a few parts, short enough that the climb from the
 * SPEC's 1 MB × 5 to 16 MB × 4 (four steps) takes well under a second (at 250 ms a 1 GiB upload
 * on the bench spent a fifth of its time climbing).
 */
export const MIN_WINDOW_MS = 150;

/** windows to hold after an undone step before trying to grow again */
export const REPROBE_AFTER = 8;

export interface TunerLimits {
  /** the starting (SPEC) values */
  partSize: number;
  parallel: number;
  maxPartSize: number;
  maxParallel: number;
  /** adapt at all (off: the starting values throughout) */
  adaptive: boolean;
  /**
   * bytes in flight at most (part size × parallel; default: no bound): what one interruption (a
   * reload, a dropped network) can make the upload send again
   */
  maxInFlight?: number;
  /**
   * a second bound on bytes in flight, in seconds of upload at the rate measured (never below the
   * start's part size × parallel): a fast network may keep more in flight, a slow one keeps the
   * SPEC's start, and one interruption re-sends about this long of upload at most
   */
  inFlightSeconds?: number;
}

/**
 * Hill climbing on throughput: after each window (≥ `parallel` parts and ≥ MIN_WINDOW_MS) the
 * rate of the window is compared with the one before. Rising or holding (within 3 %): grow — the
 * part size doubles up to its limit (trading parts in flight for it, down to 3, when the bytes in
 * flight would pass their bound), then one more part in flight. Bigger parts cost less per byte on
 * both ends (a request, a signature, a checkpoint, a store write each), so a step that does not
 * hurt is kept: on a busy machine a real gain hides in the noise of one window, and waiting for a
 * clear rise had left the engine at 4 MB parts. Falling clearly (> 15 %) in two windows in a row:
 * undo the last step and hold for REPROBE_AFTER windows (a window of a few parts swings by a
 * quarter on a busy machine; one slow window does not end the search). An error or a stall halves
 * the part size (not below the start) and takes one part out of flight. Part sizes are whole KiB;
 * partSize × parallel never passes the bound on bytes in flight (maxInFlight, and inFlightSeconds
 * of the measured rate) once the start fits it.
 */
export class Tuner {
  partSize: number;
  parallel: number;
  private windowStart = 0;
  private windowBytes = 0;
  private windowParts = 0;
  private lastRate = 0;
  private lastStep: { partSize: number; parallel: number } | null = null;
  private held = false;
  private heldWindows = 0;
  /** the window after a step was clearly slower: the next one decides (the baseline is kept) */
  private doubted = false;

  constructor(private readonly l: TunerLimits) {
    this.partSize = Math.floor(l.partSize);
    this.parallel = Math.floor(l.parallel);
  }

  /** A part of `bytes` finished at `now`. */
  partDone(bytes: number, now: number): void {
    if (!this.l.adaptive) return;
    if (!this.windowStart) {
      this.windowStart = now;
      return;
    }
    this.windowBytes += bytes;
    this.windowParts++;
    const ms = now - this.windowStart;
    if (this.windowParts < this.parallel || ms < MIN_WINDOW_MS) return;
    const rate = (this.windowBytes * 1000) / ms;
    this.windowStart = now;
    this.windowBytes = 0;
    this.windowParts = 0;
    if (this.held && ++this.heldWindows >= REPROBE_AFTER) {
      // a step undone on one noisy window is tried again later (from a fresh baseline)
      this.held = false;
      this.heldWindows = 0;
      this.lastRate = 0;
    }
    if (!this.lastRate || rate >= this.lastRate * 0.97) {
      this.doubted = false;
      if (!this.held) this.grow(rate);
    } else if (rate < this.lastRate * 0.85 && this.lastStep) {
      // one slow window is as likely noise as the step's fault: undone only on a second one
      if (!this.doubted) {
        this.doubted = true;
        return;
      }
      this.doubted = false;
      this.undo();
      this.held = true;
      this.heldWindows = 0;
    } else this.doubted = false;
    this.lastRate = rate;
  }

  /** A request failed (retried) or stalled. */
  trouble(): void {
    if (!this.l.adaptive) return;
    this.partSize = Math.max(Math.floor(this.l.partSize), Math.floor(this.partSize / 2 / 1024) * 1024);
    this.parallel = Math.max(1, this.parallel - 1);
    this.lastStep = null;
    this.lastRate = 0;
    this.held = false;
    this.doubted = false;
  }

  /** The bound on bytes in flight at `rate` (bytes per second). */
  private inFlightCap(rate: number): number {
    const byTime = this.l.inFlightSeconds ? Math.max(this.l.partSize * this.l.parallel, rate * this.l.inFlightSeconds) : Infinity;
    return Math.min(this.l.maxInFlight ?? Infinity, byTime);
  }

  private grow(rate: number): void {
    const cap = this.inFlightCap(rate);
    const before = { partSize: this.partSize, parallel: this.parallel };
    const bigger = this.partSize * 2;
    if (bigger <= this.l.maxPartSize && bigger * this.parallel <= cap) this.partSize = bigger;
    else if (bigger <= this.l.maxPartSize && Math.floor(cap / bigger) >= 3 && Math.floor(cap / bigger) < this.parallel) {
      this.partSize = bigger;
      this.parallel = Math.floor(cap / bigger);
    } else if (this.parallel < this.l.maxParallel && this.partSize * (this.parallel + 1) <= cap) this.parallel++;
    this.lastStep = before.partSize === this.partSize && before.parallel === this.parallel ? null : before;
  }

  private undo(): void {
    if (this.lastStep) {
      this.partSize = this.lastStep.partSize;
      this.parallel = this.lastStep.parallel;
    }
    this.lastStep = null;
  }
}

/**
 * Runs `send` over the planned parts with up to `tuner.parallel` in flight (re-read after every
 * part, so the pool grows and shrinks with the tuner). The first failure stops handing out parts,
 * aborts the others (through `inner`) and is thrown once all have settled.
 */
export async function runPool(
  planner: PartPlanner,
  tuner: Tuner,
  signal: AbortSignal,
  send: (job: PartJob, inner: AbortSignal) => Promise<void>,
): Promise<unknown> {
  let failure: unknown = null;
  const inner = new AbortController();
  const onAbort = () => inner.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let active = 0;
  const running = new Set<Promise<void>>();
  return new Promise<unknown>((resolve) => {
    const spawn = () => {
      while (!failure && !signal.aborted && active < tuner.parallel) {
        const job = planner.next(tuner.partSize);
        if (!job) break;
        active++;
        const p: Promise<void> = send(job, inner.signal)
          .catch((e: unknown) => {
            if (!failure) failure = e;
            inner.abort();
          })
          .finally(() => {
            active--;
            running.delete(p);
            spawn();
            if (active === 0) {
              signal.removeEventListener('abort', onAbort);
              resolve(failure);
            }
          });
        running.add(p);
      }
      if (active === 0) {
        signal.removeEventListener('abort', onAbort);
        resolve(failure);
      }
    };
    spawn();
  });
}

/** The bytes of one part; a file that cannot be read any more is a ReadFileError (not retried). */
export async function readPart(file: Blob, offset: number, size: number): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(offset, offset + size).arrayBuffer());
  } catch (e) {
    throw new UploadError('ReadFileError', undefined, e);
  }
}

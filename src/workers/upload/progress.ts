/**
 * Progress of one file: bytes confirmed (finished parts) plus bytes in flight per part, never
 * backwards and never the last byte before Complete; a smoothed speed; and the throttle that keeps
 * progress events to a few a second (state changes always pass).
 */

export class ProgressMeter {
  /** bytes of finished parts */
  confirmed = 0;
  /** what the user sees: confirmed + in flight, never backwards, < size until done */
  loaded = 0;
  /** bytes per second, smoothed; 0 when idle */
  speed = 0;
  /** bytes written by every attempt (the speed counts these) */
  private sent = 0;
  private readonly inflight = new Map<number, number>();
  private speedAt = 0;
  private speedSent = 0;

  constructor(readonly size: number) {}

  /** Starts over from `confirmed` bytes (a new run, a checkpoint); keeps `loaded` from going back. */
  reset(confirmed: number): void {
    this.confirmed = confirmed;
    this.inflight.clear();
    this.loaded = Math.max(this.loaded, Math.min(confirmed, this.size - 1));
  }

  /** Drops everything: a new media, nothing sent yet. */
  restart(): void {
    this.confirmed = 0;
    this.loaded = 0;
    this.inflight.clear();
  }

  /** A request of part `n` has sent `loaded` bytes of its body. */
  bytes(n: number, loaded: number, now: number): void {
    const prev = this.inflight.get(n) ?? 0;
    if (loaded > prev) this.sent += loaded - prev;
    this.inflight.set(n, loaded);
    this.tick(now);
  }

  /** Part `n` starts (again): nothing of it counts yet. */
  startPart(n: number): void {
    this.inflight.set(n, 0);
  }

  /** Part `n` failed or was dropped. */
  dropPart(n: number): void {
    this.inflight.delete(n);
  }

  /** Part `n` of `size` bytes is stored. */
  partDone(n: number, size: number, now: number): void {
    this.inflight.delete(n);
    this.confirmed += size;
    this.tick(now);
  }

  /** Nothing in flight (a stop, the end of a run). */
  idle(): void {
    this.inflight.clear();
    this.speed = 0;
  }

  finish(): void {
    this.inflight.clear();
    this.loaded = this.size;
    this.speed = 0;
  }

  /** Seconds left at the current speed; null when unknown. */
  eta(): number | null {
    return this.speed > 0 ? Math.ceil((this.size - this.loaded) / this.speed) : null;
  }

  private tick(t: number): void {
    let inflight = 0;
    for (const v of this.inflight.values()) inflight += v;
    // never backwards, and the last byte only after Complete
    this.loaded = Math.max(this.loaded, Math.min(this.confirmed + inflight, this.size - 1));
    if (!this.speedAt) {
      this.speedAt = t;
      this.speedSent = this.sent;
    } else if (t - this.speedAt >= 500) {
      const rate = ((this.sent - this.speedSent) * 1000) / (t - this.speedAt);
      this.speed = this.speed ? this.speed * 0.6 + rate * 0.4 : rate;
      this.speedAt = t;
      this.speedSent = this.sent;
    }
  }
}

/** At most one pass per `everyMs`; a forced pass always goes and restarts the interval. */
export class Throttle {
  private last = -Infinity;

  constructor(private readonly everyMs: number) {}

  pass(now: number, force = false): boolean {
    if (!force && now - this.last < this.everyMs) return false;
    this.last = now;
    return true;
  }
}

/**
 * Coalesces a stream of updates into at most one call per `everyMs`, keeping only the latest value
 * per key; the first update after a quiet spell goes at once, later ones wait for the interval
 * (trailing call, so the last value is never lost). `flush` sends what waits now.
 */
export class Coalescer<K, V> {
  private pending = new Map<K, V>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private last = -Infinity;

  constructor(
    private readonly everyMs: number,
    private readonly send: (values: V[]) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  push(key: K, value: V): void {
    this.pending.set(key, value);
    if (this.timer) return;
    const wait = this.last + this.everyMs - this.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.size) return;
    const values = [...this.pending.values()];
    this.pending.clear();
    this.last = this.now();
    this.send(values);
  }
}

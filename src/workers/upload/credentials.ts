/**
 * Credentials: the STS credentials every VOD call is signed with (cached, refreshed before they
 * expire, one request at a time however many callers need them), the Expire state when they cannot
 * be refreshed, and the single-flight helper the per-object upload auth uses too.
 */
import { Stopped } from './retry';
import { UploadError, type Clock, type CredentialProvider, type Credentials, type NetworkMonitor } from './types';

/** Valid for longer than `marginMs` from `now`. */
export function freshFor(c: Credentials | null | undefined, now: number, marginMs: number): c is Credentials {
  return !!c && new Date(c.Expiration).getTime() - now > marginMs;
}

/** One run of `fn` at a time: callers arriving while it runs share its answer. */
export class SingleFlight<T> {
  private flight: Promise<T> | null = null;

  get busy(): boolean {
    return this.flight !== null;
  }

  run(fn: () => Promise<T>): Promise<T> {
    if (!this.flight) {
      const p = fn().finally(() => {
        if (this.flight === p) this.flight = null;
      });
      this.flight = p;
    }
    return this.flight;
  }
}

export interface StsOptions {
  provider: CredentialProvider;
  clock: Clock;
  /** refresh this long before expiry */
  refreshBeforeMs: number;
  network?: NetworkMonitor;
  /** called once when credentials cannot be refreshed (the engine enters Expire) */
  onExpire: () => void;
}

export class StsCredentials {
  private cache: Credentials | null = null;
  private readonly flight = new SingleFlight<Credentials>();
  private waiters: (() => void)[] = [];
  private expired = false;

  constructor(private readonly o: StsOptions) {}

  private fresh(c: Credentials | null): c is Credentials {
    return freshFor(c, this.o.clock.now(), this.o.refreshBeforeMs);
  }
  private valid(c: Credentials | null): c is Credentials {
    return freshFor(c, this.o.clock.now(), 0);
  }

  /** The cached credentials while they are still valid (no request); null otherwise. */
  current(): Credentials | null {
    return this.valid(this.cache) ? this.cache : null;
  }

  /** Forgets the cached credentials (the server refused them). */
  invalidate(): void {
    this.cache = null;
  }

  /** STS credentials: cached, refreshed before expiry, one request at a time. */
  async get(signal: AbortSignal, force = false): Promise<Credentials> {
    for (;;) {
      if (!force && this.fresh(this.cache)) return this.cache;
      try {
        return await this.flight.run(async () => {
          const c = await this.o.provider.getSts();
          if (!c?.AccessKeyId || !c.AccessKeySecret || !c.SecurityToken || !c.Expiration) {
            throw new UploadError('InvalidParameter.TokenInvalid');
          }
          this.cache = c;
          return c;
        });
      } catch (e) {
        if (e instanceof UploadError && e.code === 'InvalidParameter.TokenInvalid') throw e;
        if (!force && this.valid(this.cache)) return this.cache;
        // offline: not an expiry, wait for the network and ask again
        const net = this.o.network;
        if (net && !net.online()) {
          await net.waitOnline(signal).catch(() => {
            throw new Stopped();
          });
          continue;
        }
        // cannot refresh: Expire, tell the app, wait for resume()
        await this.waitResume(signal);
        force = false;
        if (this.valid(this.cache) && this.fresh(this.cache)) return this.cache;
      }
    }
  }

  /** After Expire: go on with these credentials (or fetch them again when none are given). */
  resume(sts?: Credentials): void {
    if (sts) {
      if (!sts.AccessKeyId || !sts.AccessKeySecret || !sts.SecurityToken) throw new UploadError('InvalidParameter.EmptyValue');
      this.cache = sts;
    }
    this.expired = false;
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  private waitResume(signal: AbortSignal): Promise<void> {
    if (!this.expired) {
      this.expired = true;
      this.o.onExpire();
    }
    return new Promise((resolve, reject) => {
      const done = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.waiters = this.waiters.filter((f) => f !== done);
        reject(new Stopped());
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(done);
    });
  }
}

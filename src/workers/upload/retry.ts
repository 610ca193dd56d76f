/**
 * The retry policy: which failures are worth another try (classify), how long to wait between
 * tries (doubling from retryDelayMs, at least retryCount tries), waiting for the network instead of
 * spending tries while it is down, and the stall guard that turns a silent request into a timeout.
 */
import { OssError } from './oss';
import { VodError } from './vod';
import { TransportError, type Clock, type NetworkMonitor } from './types';

/** Where a failure leads. */
export type ErrorClass = 'retry' | 'auth' | 'sts' | 'noSuchUpload' | 'fatal';

export class CrcMismatch extends Error {
  constructor(what: string) {
    super(`CRC64 校验不一致：${what}`);
  }
}

/** Thrown inside a run that was paused or canceled: not a failure. */
export class Stopped extends Error {}

export function classify(e: unknown): ErrorClass {
  if (e instanceof TransportError) return e.kind === 'abort' ? 'fatal' : 'retry';
  if (e instanceof CrcMismatch) return 'retry';
  if (e instanceof OssError) {
    if (e.code === 'NoSuchUpload') return 'noSuchUpload';
    if (['SecurityTokenExpired', 'InvalidAccessKeyId', 'InvalidSecurityToken', 'AccessDenied'].includes(e.code)) return 'auth';
    if (e.status >= 500 || e.status === 429 || e.status === 408 || ['RequestTimeout', 'RequestTimeTooSkewed', 'InternalError'].includes(e.code)) return 'retry';
    return 'fatal';
  }
  if (e instanceof VodError) {
    if (/Expired|InvalidSecurityToken|InvalidAccessKeyId|SignatureDoesNotMatch/.test(e.code)) return 'sts';
    if (e.status >= 500 || e.status === 429 || e.code === 'Throttling' || e.code.startsWith('HTTP')) return 'retry';
    return 'fatal';
  }
  return 'fatal';
}

/** The wait before try `attempt` (1-based): doubling from `base`, at most 30 s. */
export function retryDelay(attempt: number, base: number): number {
  return Math.min(base * 2 ** (attempt - 1), 30_000);
}

export interface RetryPolicy {
  retryCount: number;
  retryDelayMs: number;
  clock: Clock;
  network?: NetworkMonitor;
  /** an auth failure: refresh the credentials (answers false when there is nothing to refresh) */
  refreshAuth?: () => Promise<boolean>;
  /** the network went down (true) or came back (false) while retrying */
  onWaitingNetwork?: (waiting: boolean) => void;
  /** a try failed and another one follows */
  onRetry?: () => void;
}

/**
 * Runs `fn` until it succeeds: transient errors (network, timeouts, 5xx, CRC mismatch, stalls)
 * are retried with doubling delays (at least retryCount times from retryDelayMs); while the
 * network is down nothing is spent, it waits for it; auth errors refresh the credentials (3 times).
 */
export async function retrying<T>(p: RetryPolicy, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  let attempt = 0;
  let authRefresh = 0;
  for (;;) {
    if (signal.aborted) throw new Stopped();
    try {
      return await fn();
    } catch (e) {
      if (signal.aborted) throw new Stopped();
      const kind = classify(e);
      if (kind === 'auth' && p.refreshAuth && authRefresh < 3) {
        authRefresh++;
        if (await p.refreshAuth()) continue;
      }
      if (kind !== 'retry') throw e;
      const net = p.network;
      if (net && !net.online()) {
        p.onWaitingNetwork?.(true);
        await net.waitOnline(signal).catch(() => {
          throw new Stopped();
        });
        p.onWaitingNetwork?.(false);
        continue;
      }
      if (attempt >= p.retryCount) throw e;
      attempt++;
      p.onRetry?.();
      await p.clock.sleep(retryDelay(attempt, p.retryDelayMs), signal).catch(() => {
        throw new Stopped();
      });
    }
  }
}

/**
 * Aborts a request that made no progress for `limitMs` (then it fails as a timeout, which is
 * retried). `fn` gets the signal to pass on and `touch`, to call on every sign of progress.
 */
export async function stallGuard<T>(clock: Clock, limitMs: number, signal: AbortSignal, fn: (s: AbortSignal, touch: () => void) => Promise<T>): Promise<T> {
  const ctrl = new AbortController();
  const onAbort = () => ctrl.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let last = clock.now();
  let stalled = false;
  const timer = setInterval(
    () => {
      if (clock.now() - last > limitMs) {
        stalled = true;
        ctrl.abort();
      }
    },
    Math.max(50, Math.min(1000, limitMs / 4)),
  );
  try {
    return await fn(ctrl.signal, () => (last = clock.now()));
  } catch (e) {
    if (stalled && !signal.aborted) throw new TransportError('timeout', '请求长时间无响应');
    throw e;
  } finally {
    clearInterval(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Login abuse limits (issue 9 item 4). Counters live in the database (`rate_counters`), so every
 * server process sharing it enforces the same limits. Windows are fixed: a minute, or a China
 * calendar day (the messages say 请明天再试).
 */
import { Code } from '../../contract/envelope';
import type { Db } from '../db/types';
import { Refusal } from './refusal';

export const MSG_IP_LIMIT = '操作过于频繁，请稍后再试';

export interface LoginLimits {
  /** SMS codes one mobile may be sent a day */
  codesPerDay: number;
  /** wrong SMS codes one mobile may try a day; then locked until tomorrow */
  failsPerDay: number;
  /** POST /login/code, /login and /login/wechat/bind from one IP a minute */
  ipPerMinute: number;
  /** unauthenticated WeChat QR creations from one IP a minute */
  qrPerMinute: number;
  /** WeChat status polls from one IP a minute (the login page polls every 2 s) */
  pollPerMinute: number;
  /** SMS codes sent at the request of one IP a day, on every public page (login, leave page, worker pages) */
  smsIpPerDay: number;
  /** SMS codes sent through one public link a day (the leave QR on the office wall, a worker's invitation) */
  smsTokenPerDay: number;
  /**
   * calls of one public endpoint (auth false: links, tokens, invitation codes) from one IP a minute,
   * besides any limit of its own: guessing tokens or codes stops here (http/route.ts)
   */
  publicPerMinute: number;
  /** sign-ups through one task's public link a day (China calendar day), whoever sends them */
  signupsPerTaskPerDay: number;
}

/** The defaults; config.ts overrides them from LOGIN_* / WECHAT_*_IP_PER_MINUTE (README: Login limits), buildServer takes them as `loginLimits`. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  codesPerDay: 10,
  failsPerDay: 10,
  ipPerMinute: 60,
  qrPerMinute: 20,
  pollPerMinute: 120,
  smsIpPerDay: 500,
  smsTokenPerDay: 100,
  publicPerMinute: 120,
  signupsPerTaskPerDay: 200,
};

/** Start of the minute of `now`. */
export const minuteStart = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);
/** China-time midnight of `now`'s day. */
export const chinaDayStart = (now: Date) => {
  const offset = 8 * 3_600_000;
  return new Date(Math.floor((now.getTime() + offset) / 86_400_000) * 86_400_000 - offset);
};

/** Adds one hit to a bucket's window and answers the hits so far (this one included). */
export async function hit(db: Db, bucket: string, windowStart: Date): Promise<number> {
  const row = await db.one<{ hits: number }>(
    `INSERT INTO rate_counters (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_counters.hits + 1 RETURNING hits`,
    [bucket, windowStart],
  );
  return row!.hits;
}

/**
 * Adds one hit to a bucket's window unless it already holds `limit`; false when it does (nothing
 * added). One statement, so two servers racing for the last hit cannot both get it.
 */
export async function hitUnder(db: Db, bucket: string, windowStart: Date, limit: number): Promise<boolean> {
  const row = await db.one<{ hits: number }>(
    `INSERT INTO rate_counters (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_counters.hits + 1 WHERE rate_counters.hits < $3 RETURNING hits`,
    [bucket, windowStart, limit],
  );
  return !!row && row.hits <= limit;
}

/** The hits of a bucket's window, without adding one. */
export async function hits(db: Db, bucket: string, windowStart: Date): Promise<number> {
  const row = await db.one<{ hits: number }>('SELECT hits FROM rate_counters WHERE bucket = $1 AND window_start = $2', [bucket, windowStart]);
  return row?.hits ?? 0;
}

/** Counts a request of an IP against a per-minute limit; true when it is over. */
export async function overIpLimit(db: Db, what: string, ip: string, limit: number, now: Date): Promise<boolean> {
  return (await hit(db, `ip:${what}:${ip}`, minuteStart(now))) > limit;
}

/** The per-minute refusal: 操作过于频繁 and the seconds left of the minute. */
export const ipRefusal = (now: Date) => new Refusal(Code.TOO_MANY, MSG_IP_LIMIT, { retry_after: 60 - now.getUTCSeconds() });

/** Refuses a request when its IP is over the per-minute limit of `what` (login, binding, the scan page). */
export async function limitIp(db: Db, ip: string, what: string, limit: number, now: Date): Promise<void> {
  if (await overIpLimit(db, what, ip, limit, now)) throw ipRefusal(now);
}

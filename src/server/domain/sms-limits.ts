/**
 * The one limiter of every SMS code a public page sends (issue 28 item 3): the login page, the
 * scan-to-leave page behind the office-wall QR, the worker pages. A code goes out only when the
 * mobile (10 a day), the asking IP (the login's per-minute limit, and a day's cap) and the public
 * link it came through (a day's cap) all have room. Counters are keyed by the mobile's blind
 * index, never the number, and by the link's sha256, never the token.
 */
import type { Db } from '../db/types';
import { sha256hex } from '../lib/crypto';
import { chinaDayStart, hitUnder, ipRefusal, minuteStart, MSG_IP_LIMIT, type LoginLimits } from '../lib/limits';
import { blindIndex } from '../lib/pii';
import { tooMany } from '../lib/refusal';

export const MSG_DAILY_CODES = '今日验证码发送次数已达上限，请明天再试';

/**
 * What a code opens (sms_codes.purpose): a code is used up only by the page it was sent for, so a
 * worker page's or the leave page's code never logs into the console, and the other way round;
 * `sign` is the intent check of a worker's signature (domain/employment/sign-intent.ts).
 */
export type CodePurpose = 'login' | 'leave' | 'proof' | 'worker' | 'sign' | 'apply';

/** Who asks for a code: the IP, the public link's token on a token page (none on the login page), and what for. */
export interface SmsAsker {
  ip: string;
  token?: string;
  purpose: CodePurpose;
}

const mobileKey = (mobile: string) => blindIndex('mobile', mobile);
/** Wrong codes of a mobile today (the lockout, domain/sms-codes.ts). */
export const failBucket = (mobile: string) => `sms-fail:${mobileKey(mobile)}`;
/** Codes sent to a mobile today. */
export const sendBucket = (mobile: string) => `sms-send:${mobileKey(mobile)}`;
const ipMinuteBucket = (ip: string) => `ip:sms:${ip}`;
const ipDayBucket = (ip: string) => `sms-ip:${ip}`;
const tokenBucket = (token: string) => `sms-token:${sha256hex(token)}`;

/**
 * Counts one SMS code against the mobile, the IP and the link, or *throws* the refusal: thrown
 * inside the caller's transaction it rolls back whatever this call counted, so a refused request
 * writes nothing (no code row, no SMS job, no counter of another key).
 */
export async function limitSmsSend(t: Db, who: SmsAsker, mobile: string, now: Date, limits: LoginLimits): Promise<void> {
  const day = chinaDayStart(now);
  if (!(await hitUnder(t, sendBucket(mobile), day, limits.codesPerDay))) throw tooMany(MSG_DAILY_CODES);
  if (!(await hitUnder(t, ipMinuteBucket(who.ip), minuteStart(now), limits.ipPerMinute))) throw ipRefusal(now);
  if (!(await hitUnder(t, ipDayBucket(who.ip), day, limits.smsIpPerDay))) throw tooMany(MSG_IP_LIMIT);
  if (who.token !== undefined && !(await hitUnder(t, tokenBucket(who.token), day, limits.smsTokenPerDay))) throw tooMany(MSG_IP_LIMIT);
}

/**
 * The SMS-code service: issue a code to a mobile (interval, lockout, and the one limiter of
 * sms-limits.ts: mobile, IP, public link) and use one up. Login, WeChat binding, the scan-to-leave
 * page and the worker pages share it, and so its limits. Both run inside the caller's transaction
 * and *return* their refusal, for commitThenRefuse (lib/refusal.ts): a wrong try must stay counted.
 */
import { createHmac } from 'node:crypto';
import { smsSender } from '../adapters/sms';
import type { Db } from '../db/types';
import { enqueueSmsCode } from '../jobs/sms';
import { randomDigits, safeEqual } from '../lib/crypto';
import { serverKeys } from '../lib/keys';
import { chinaDayStart, hit, hits, type LoginLimits } from '../lib/limits';
import { blindIndex } from '../lib/pii';
import { badRequest, failed, tooMany, type Refusal } from '../lib/refusal';
import { addSeconds } from '../lib/time';
import { failBucket, limitSmsSend, type CodePurpose, type SmsAsker } from './sms-limits';

export { MSG_DAILY_CODES, type CodePurpose, type SmsAsker } from './sms-limits';

/** One code per mobile per minute; a code lives 5 minutes and survives 4 wrong tries. */
export const SMS_INTERVAL_S = 60;
export const SMS_TTL_S = 300;
export const SMS_MAX_ATTEMPTS = 5;

export const MSG_LOCKED = '验证码错误次数过多，请明天再试';

/** SMS codes are kept as HMAC-SHA256(SMS_CODE_KEY, mobile:code): a leaked table does not give working codes. */
export const smsCodeHmac = (mobile: string, code: string) => createHmac('sha256', serverKeys().smsCode).update(`${mobile}:${code}`).digest('hex');

interface SmsRow {
  id: number;
  code_hmac: string;
  sent_at: Date;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
}

/** Serialises the SMS work of one mobile (two quick clicks must not both send). */
const lockMobile = (db: Db, mobile: string) => db.query("SELECT pg_advisory_xact_lock(hashtext('sms:' || $1))", [mobile]);

/** A code row names its mobile by the blind index only (migration 042): the SMS itself travels sealed. */
const codeKey = (mobile: string) => blindIndex('mobile', mobile);

const latestCode = (db: Db, mobile: string, purpose: CodePurpose) =>
  db.one<SmsRow>(
    `SELECT id, code_hmac, sent_at, expires_at, attempts, consumed_at FROM sms_codes
      WHERE mobile_bidx = $1 AND purpose = $2 ORDER BY sent_at DESC, id DESC LIMIT 1`,
    [codeKey(mobile), purpose],
  );

/**
 * Checks an SMS code inside the caller's transaction and uses it up; answers the refusal
 * (return it from commitThenRefuse, lib/refusal.ts: a wrong try stays counted) or null. Login and /bind share it.
 * Every wrong code also counts against the mobile's day: at `failsPerDay` the mobile is locked
 * until tomorrow, whatever new codes it asks for.
 */
export async function consumeSmsCode(t: Db, mobile: string, code: string, purpose: CodePurpose, now: Date, limits: LoginLimits): Promise<Refusal | null> {
  await lockMobile(t, mobile);
  const day = chinaDayStart(now);
  if ((await hits(t, failBucket(mobile), day)) >= limits.failsPerDay) return tooMany(MSG_LOCKED);
  // only a code sent for this page counts: another page's code is as good as none
  const row = await latestCode(t, mobile, purpose);
  if (!row || row.consumed_at) return badRequest('请先获取验证码');
  if (row.attempts >= SMS_MAX_ATTEMPTS) return tooMany('验证码错误次数过多，请重新获取');
  if (row.expires_at.getTime() <= now.getTime()) return badRequest('验证码已过期，请重新获取');
  if (!safeEqual(row.code_hmac, smsCodeHmac(mobile, code))) {
    const attempts = row.attempts + 1;
    await t.query('UPDATE sms_codes SET attempts = $2 WHERE id = $1', [row.id, attempts]);
    if ((await hit(t, failBucket(mobile), day)) >= limits.failsPerDay) return tooMany(MSG_LOCKED);
    return attempts >= SMS_MAX_ATTEMPTS ? tooMany('验证码错误次数过多，请重新获取') : badRequest('验证码错误');
  }
  await t.query('UPDATE sms_codes SET consumed_at = $2 WHERE id = $1', [row.id, now]);
  return null;
}

/** The code `consumeSmsCode` just used up (same transaction): which one and when it was sent — the signing evidence. */
export async function usedCode(t: Db, mobile: string, purpose: CodePurpose): Promise<{ id: number; sent_at: Date }> {
  const row = await latestCode(t, mobile, purpose);
  if (!row?.consumed_at) throw new Error('usedCode: no code was used');
  return { id: row.id, sent_at: row.sent_at };
}

/**
 * Sends a new SMS code to `mobile`, asked for by `who`, inside the caller's transaction (lockout,
 * interval, then limitSmsSend), or answers the refusal (limitSmsSend's is thrown: it rolls back).
 * Every public page that sends a code goes through here, and so through the same limits.
 */
export async function issueSmsCode(t: Db, mobile: string, who: SmsAsker, now: Date, limits: LoginLimits, sandbox: boolean): Promise<Refusal | null> {
  const code = randomDigits(6);
  await lockMobile(t, mobile);
  const day = chinaDayStart(now);
  if ((await hits(t, failBucket(mobile), day)) >= limits.failsPerDay) return tooMany(MSG_LOCKED);
  const last = await latestCode(t, mobile, who.purpose);
  const since = last ? (now.getTime() - last.sent_at.getTime()) / 1000 : Infinity;
  if (since < SMS_INTERVAL_S) {
    const wait = Math.ceil(SMS_INTERVAL_S - since);
    return tooMany(`验证码发送过于频繁，请${wait}秒后再试`, { retry_after: wait });
  }
  await limitSmsSend(t, who, mobile, now, limits);
  const row = await t.one<{ id: number }>(
    'INSERT INTO sms_codes (mobile_bidx, purpose, code_hmac, sent_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [codeKey(mobile), who.purpose, smsCodeHmac(mobile, code), now, addSeconds(now, SMS_TTL_S)],
  );
  // with sandboxes on, the "SMS provider" is the sandbox: its outbox (GET /sandbox/sms) holds
  // what it delivered; the login itself only ever sees the HMAC
  if (sandbox) {
    await t.query('INSERT INTO sandbox_sms_outbox (sms_code_id, mobile, code, sent_at) VALUES ($1, $2, $3, $4)', [row!.id, mobile, code, now]);
  } else if (!(await enqueueSmsCode(t, row!.id, mobile, code))) {
    // production sends through the durable `sms-send` job (jobs/sms.ts), enqueued above in this
    // transaction; without a queue, the configured provider inline — a refused send rolls the code
    // and the day's count back, and the caller may simply try again
    const provider = smsSender();
    if (provider) {
      try {
        await provider.sendCode(mobile, code);
      } catch {
        throw failed('短信发送失败，请稍后再试');
      }
    }
  }
  return null;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, createHmac } from 'node:crypto';
import { endpoints } from '../../contract/endpoints';
import { Code } from '../../contract/envelope';
import { smsSender } from '../adapters/sms';
import { enqueueSmsCode } from '../jobs/sms';
import type { Db } from '../db/types';
import { toApiUser, loadCompany, USER_COLUMNS, type UserRow } from '../domain/users';
import { issueToken } from '../http/auth';
import { ApiError, badRequest, tooMany } from '../http/envelope';
import { addRoute } from '../http/route';
import { randomDigits, safeEqual } from '../lib/crypto';
import { chinaDayStart, hit, hits, overIpLimit, type LoginLimits } from '../lib/limits';
import { addSeconds } from '../lib/time';

/** One code per mobile per minute; a code lives 5 minutes and survives 4 wrong tries. */
export const SMS_INTERVAL_S = 60;
export const SMS_TTL_S = 300;
export const SMS_MAX_ATTEMPTS = 5;

export const MSG_DAILY_CODES = '今日验证码发送次数已达上限，请明天再试';
export const MSG_LOCKED = '验证码错误次数过多，请明天再试';
export const MSG_IP_LIMIT = '操作过于频繁，请稍后再试';

/**
 * SMS codes are kept as HMAC-SHA256(SMS_CODE_KEY, mobile:code): a leaked table does not give
 * working codes. Without SMS_CODE_KEY (base64) a fixed demo key is used (demo profile only).
 */
const smsKey = process.env.SMS_CODE_KEY
  ? Buffer.from(process.env.SMS_CODE_KEY, 'base64')
  : createHash('sha256').update('hr-console demo sms code key: never use in production').digest();
export const smsCodeHmac = (mobile: string, code: string) => createHmac('sha256', smsKey).update(`${mobile}:${code}`).digest('hex');

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

const latestCode = (db: Db, mobile: string) =>
  db.one<SmsRow>(
    `SELECT id, code_hmac, sent_at, expires_at, attempts, consumed_at FROM sms_codes
      WHERE mobile = $1 ORDER BY sent_at DESC, id DESC LIMIT 1`,
    [mobile],
  );

const failBucket = (mobile: string) => `sms-fail:${mobile}`;
const sendBucket = (mobile: string) => `sms-send:${mobile}`;

/** Refuses a request when its IP is over the per-minute limit of `what`. */
export async function limitIp(db: Db, req: FastifyRequest, what: string, limit: number, now: Date): Promise<void> {
  if (await overIpLimit(db, what, req.ip, limit, now)) throw new ApiError(Code.TOO_MANY, MSG_IP_LIMIT, 200, { retry_after: 60 - now.getUTCSeconds() });
}

/**
 * Checks an SMS code inside the caller's transaction and uses it up; answers the refusal
 * (to throw after the transaction, so a wrong try stays counted) or null. Login and /bind share it.
 * Every wrong code also counts against the mobile's day: at `failsPerDay` the mobile is locked
 * until tomorrow, whatever new codes it asks for.
 */
export async function consumeSmsCode(t: Db, mobile: string, code: string, now: Date, limits: LoginLimits): Promise<ApiError | null> {
  await lockMobile(t, mobile);
  const day = chinaDayStart(now);
  if ((await hits(t, failBucket(mobile), day)) >= limits.failsPerDay) return tooMany(MSG_LOCKED);
  const row = await latestCode(t, mobile);
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

/**
 * Sends a new SMS code to `mobile` inside the caller's transaction (interval, daily cap, lockout),
 * or answers the refusal. Login and the scan-to-leave page share it, and so its limits.
 */
export async function issueSmsCode(t: Db, mobile: string, now: Date, limits: LoginLimits, sandbox: boolean): Promise<ApiError | null> {
  const code = randomDigits(6);
  await lockMobile(t, mobile);
  const day = chinaDayStart(now);
  if ((await hits(t, failBucket(mobile), day)) >= limits.failsPerDay) return tooMany(MSG_LOCKED);
  const last = await latestCode(t, mobile);
  const since = last ? (now.getTime() - last.sent_at.getTime()) / 1000 : Infinity;
  if (since < SMS_INTERVAL_S) {
    const wait = Math.ceil(SMS_INTERVAL_S - since);
    return new ApiError(Code.TOO_MANY, `验证码发送过于频繁，请${wait}秒后再试`, 200, { retry_after: wait });
  }
  if ((await hits(t, sendBucket(mobile), day)) >= limits.codesPerDay) return tooMany(MSG_DAILY_CODES);
  await hit(t, sendBucket(mobile), day);
  const row = await t.one<{ id: number }>(
    'INSERT INTO sms_codes (mobile, code_hmac, sent_at, expires_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [mobile, smsCodeHmac(mobile, code), now, addSeconds(now, SMS_TTL_S)],
  );
  // with sandboxes on, the "SMS provider" is the sandbox: its outbox (GET /sandbox/sms) holds
  // what it delivered; the login itself only ever sees the HMAC
  if (sandbox) {
    await t.query('INSERT INTO sandbox_sms_outbox (sms_code_id, mobile, code, sent_at) VALUES ($1, $2, $3, $4)', [
      row!.id,
      mobile,
      code,
      now,
    ]);
  } else if (!(await enqueueSmsCode(t, row!.id, mobile, code))) {
    // production sends through the durable `sms-send` job (jobs/sms.ts), enqueued above in this
    // transaction; without a queue, the configured provider inline — a refused send rolls the code
    // and the day's count back, and the caller may simply try again
    const provider = smsSender();
    if (provider) {
      try {
        await provider.sendCode(mobile, code);
      } catch {
        throw new ApiError(Code.SERVER_ERROR, '短信发送失败，请稍后再试', 200);
      }
    }
  }
  return null;
}

export function authRoutes(app: FastifyInstance, opts: { sandbox: boolean; limits: LoginLimits }) {
  const { limits } = opts;
  addRoute(app, endpoints.loginCode, async ({ body, db, now, setMsg, req }) => {
    await limitIp(db, req, 'login', limits.ipPerMinute, now);
    const refused = await db.tx((t) => issueSmsCode(t, body.mobile, now, limits, opts.sandbox));
    if (refused) throw refused;
    setMsg('验证码已发送');
    return { retry_after: SMS_INTERVAL_S };
  });

  addRoute(app, endpoints.login, async ({ body, db, now, setMsg, req }) => {
    await limitIp(db, req, 'login', limits.ipPerMinute, now);
    // Decide inside the transaction, throw after it: a wrong try must stay counted. The token is
    // issued in the same transaction that uses the code up: both happen, or neither.
    const outcome = await db.tx(async (t) => {
      const wrong = await consumeSmsCode(t, body.mobile, body.code, now, limits);
      if (wrong) return wrong;
      // first login creates the account (no company yet)
      const user = (await t.one<UserRow>(
        `INSERT INTO users (mobile, created_at, last_login_at) VALUES ($1, $2, $2)
         ON CONFLICT (mobile) DO UPDATE SET last_login_at = EXCLUDED.last_login_at
         RETURNING ${USER_COLUMNS}`,
        [body.mobile, now],
      ))!;
      return { user, session: await issueToken(t, user.id, now) };
    });
    if (outcome instanceof ApiError) throw outcome;
    setMsg('登录成功');
    return {
      token: outcome.session.token,
      expires_at: outcome.session.expiresAt.toISOString(),
      user: toApiUser(outcome.user, await loadCompany(db, outcome.user.company_id)),
    };
  });

  addRoute(app, endpoints.logout, async ({ auth, db, now, setMsg }) => {
    await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
      auth.tokenHash,
      now,
    ]);
    setMsg('已退出登录');
    return null;
  });
}

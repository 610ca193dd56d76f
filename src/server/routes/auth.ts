import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { Code } from '../../contract/envelope';
import type { Db } from '../db/types';
import { toApiUser, loadCompany, USER_COLUMNS, type UserRow } from '../domain/users';
import { issueToken } from '../http/auth';
import { ApiError, badRequest, tooMany } from '../http/envelope';
import { addRoute } from '../http/route';
import { randomDigits, safeEqual } from '../lib/crypto';
import { addSeconds } from '../lib/time';

/** One code per mobile per minute; a code lives 5 minutes and survives 4 wrong tries. */
export const SMS_INTERVAL_S = 60;
export const SMS_TTL_S = 300;
export const SMS_MAX_ATTEMPTS = 5;

interface SmsRow {
  id: number;
  code: string;
  sent_at: Date;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
}

/** Serialises the SMS work of one mobile (two quick clicks must not both send). */
const lockMobile = (db: Db, mobile: string) => db.query("SELECT pg_advisory_xact_lock(hashtext('sms:' || $1))", [mobile]);

const latestCode = (db: Db, mobile: string) =>
  db.one<SmsRow>(
    `SELECT id, code, sent_at, expires_at, attempts, consumed_at FROM sms_codes
      WHERE mobile = $1 ORDER BY sent_at DESC, id DESC LIMIT 1`,
    [mobile],
  );

/**
 * Checks an SMS code inside the caller's transaction and uses it up; answers the refusal
 * (to throw after the transaction, so a wrong try stays counted) or null. Login and /bind share it.
 */
export async function consumeSmsCode(t: Db, mobile: string, code: string, now: Date): Promise<ApiError | null> {
  await lockMobile(t, mobile);
  const row = await latestCode(t, mobile);
  if (!row || row.consumed_at) return badRequest('请先获取验证码');
  if (row.attempts >= SMS_MAX_ATTEMPTS) return tooMany('验证码错误次数过多，请重新获取');
  if (row.expires_at.getTime() <= now.getTime()) return badRequest('验证码已过期，请重新获取');
  if (!safeEqual(row.code, code)) {
    const attempts = row.attempts + 1;
    await t.query('UPDATE sms_codes SET attempts = $2 WHERE id = $1', [row.id, attempts]);
    return attempts >= SMS_MAX_ATTEMPTS ? tooMany('验证码错误次数过多，请重新获取') : badRequest('验证码错误');
  }
  await t.query('UPDATE sms_codes SET consumed_at = $2 WHERE id = $1', [row.id, now]);
  return null;
}

export function authRoutes(app: FastifyInstance, opts: { sandbox: boolean }) {
  addRoute(app, endpoints.loginCode, async ({ body, db, now, setMsg, req }) => {
    const code = randomDigits(6);
    const wait = await db.tx(async (t) => {
      await lockMobile(t, body.mobile);
      const last = await latestCode(t, body.mobile);
      const since = last ? (now.getTime() - last.sent_at.getTime()) / 1000 : Infinity;
      if (since < SMS_INTERVAL_S) return Math.ceil(SMS_INTERVAL_S - since);
      await t.query('INSERT INTO sms_codes (mobile, code, sent_at, expires_at) VALUES ($1, $2, $3, $4)', [
        body.mobile,
        code,
        now,
        addSeconds(now, SMS_TTL_S),
      ]);
      return 0;
    });
    if (wait > 0) throw new ApiError(Code.TOO_MANY, `验证码发送过于频繁，请${wait}秒后再试`, 200, { retry_after: wait });
    // with sandboxes on, the "SMS gateway" is the sandbox inbox (GET /sandbox/sms) and the log
    if (opts.sandbox) req.log.info({ mobile: body.mobile, code }, 'sandbox SMS code sent');
    setMsg('验证码已发送');
    return { retry_after: SMS_INTERVAL_S };
  });

  addRoute(app, endpoints.login, async ({ body, db, now, setMsg }) => {
    // Decide inside the transaction, throw after it: a wrong try must stay counted.
    const outcome = await db.tx(async (t): Promise<ApiError | UserRow> => {
      const wrong = await consumeSmsCode(t, body.mobile, body.code, now);
      if (wrong) return wrong;
      // first login creates the account (no company yet)
      return (await t.one<UserRow>(
        `INSERT INTO users (mobile, created_at, last_login_at) VALUES ($1, $2, $2)
         ON CONFLICT (mobile) DO UPDATE SET last_login_at = EXCLUDED.last_login_at
         RETURNING ${USER_COLUMNS}`,
        [body.mobile, now],
      ))!;
    });
    if (outcome instanceof ApiError) throw outcome;
    const { token, expiresAt } = await issueToken(db, outcome.id, now);
    setMsg('登录成功');
    return {
      token,
      expires_at: expiresAt.toISOString(),
      user: toApiUser(outcome, await loadCompany(db, outcome.company_id)),
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

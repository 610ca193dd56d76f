/**
 * WeChat scan login (issue 5): the login page asks for a QR and gets two secrets: the ticket,
 * which the QR carries to the phone (it opens the confirm page; the sandbox stands in for
 * WeChat), and the poll secret, which only the login page knows and sends in POST bodies to poll
 * and to bind (issue 9 item 5: the ticket lands in access logs, so it claims nothing). The login
 * page receives the token once. A WeChat account without a mobile binds one on /bind (mobile +
 * SMS code); a mobile already bound to another WeChat account is refused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import type { Db } from '../db/types';
import { loadCompany, toApiUser, USER_COLUMNS, type UserRow } from '../domain/users';
import { issueToken } from '../domain/sessions';
import { Refusal, conflict, notFound } from '../lib/refusal';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';
import { newToken, sha256hex } from '../lib/crypto';
import { addSeconds } from '../lib/time';
import type { LoginLimits } from '../lib/limits';
import { consumeSmsCode } from '../domain/sms-codes';
import { limitIp } from '../lib/limits';

/** The QR lives 5 minutes; a confirmed WeChat user has 10 minutes to bind a mobile. */
export const WECHAT_QR_TTL_S = 300;
export const WECHAT_BIND_TTL_S = 600;

export interface TicketRow {
  status: 'waiting' | 'scanned' | 'confirmed' | 'consumed' | 'cancelled';
  openid: string | null;
  nickname: string;
  user_id: number | null;
  expires_at: Date;
  confirmed_at: Date | null;
}

export const findTicket = (db: Db, ticket: string, lock = false) =>
  db.one<TicketRow>(
    `SELECT status, openid, nickname, user_id, expires_at, confirmed_at FROM wechat_logins WHERE ticket_hash = $1${lock ? ' FOR UPDATE' : ''}`,
    [sha256hex(ticket)],
  );

/** The login page's view of its QR: found by the poll secret, locked for the update that follows. */
const findByPoll = (db: Db, pollSecret: string) =>
  db.one<TicketRow & { ticket_hash: string }>(
    `SELECT ticket_hash, status, openid, nickname, user_id, expires_at, confirmed_at FROM wechat_logins WHERE poll_hash = $1 FOR UPDATE`,
    [sha256hex(pollSecret)],
  );

/** PUBLIC_ORIGIN in production, else the origin the request came to (http/origin.ts). */
export const origin = (req: FastifyRequest): string => requestOrigin(req);

async function loggedIn(db: Db, user: UserRow, now: Date) {
  const { token, expiresAt } = await issueToken(db, user.id, now);
  await db.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [user.id, now]);
  return {
    status: 'confirmed' as const,
    token,
    expires_at: expiresAt.toISOString(),
    user: toApiUser(user, await loadCompany(db, user.company_id)),
  };
}

export function wechatRoutes(app: FastifyInstance, opts: { limits: LoginLimits }) {
  const { limits } = opts;
  addRoute(app, endpoints.wechatQr, async ({ db, now, req }) => {
    await limitIp(db, req.ip, 'wechat-qr', limits.qrPerMinute, now);
    const ticket = newToken();
    const pollSecret = newToken();
    await db.query('INSERT INTO wechat_logins (ticket_hash, poll_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      sha256hex(ticket),
      sha256hex(pollSecret),
      now,
      addSeconds(now, WECHAT_QR_TTL_S),
    ]);
    return { ticket, poll_secret: pollSecret, qr_url: `${origin(req)}/sandbox/wechat/${ticket}`, expires_in: WECHAT_QR_TTL_S };
  });

  /** Polled by the login page every 2 s with its poll secret. The token is handed out once. */
  addRoute(app, endpoints.wechatStatus, async ({ body, db, now, req, setMsg }) => {
    await limitIp(db, req.ip, 'wechat-poll', limits.pollPerMinute, now);
    const outcome = await db.tx(async (t) => {
      const row = await findByPoll(t, body.poll_secret);
      if (!row) throw notFound('二维码无效，请刷新后重试');
      if (row.status === 'cancelled') return { status: 'cancelled' as const };
      if (row.status === 'consumed') return { status: 'expired' as const };
      if (row.status === 'confirmed') {
        if (row.user_id === null) {
          const fresh = now.getTime() - row.confirmed_at!.getTime() < WECHAT_BIND_TTL_S * 1000;
          return fresh ? { status: 'confirmed' as const, need_bind: true, nickname: row.nickname } : { status: 'expired' as const };
        }
        await t.query(`UPDATE wechat_logins SET status = 'consumed', consumed_at = $2 WHERE ticket_hash = $1`, [row.ticket_hash, now]);
        const user = await t.one<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [row.user_id]);
        return loggedIn(t, user!, now);
      }
      if (row.expires_at.getTime() <= now.getTime()) return { status: 'expired' as const };
      return { status: row.status };
    });
    if (outcome.status === 'confirmed' && 'token' in outcome) setMsg('登录成功');
    return outcome;
  });

  addRoute(app, endpoints.wechatBind, async ({ body, db, now, req, setMsg }) => {
    await limitIp(db, req.ip, 'login', limits.ipPerMinute, now);
    const outcome = await db.tx(async (t) => {
      const row = await findByPoll(t, body.poll_secret);
      const stale = !row || row.status !== 'confirmed' || row.user_id !== null || !row.openid
        || now.getTime() - row.confirmed_at!.getTime() >= WECHAT_BIND_TTL_S * 1000;
      if (stale) return conflict('绑定已失效，请重新扫码登录');
      // the code first: whether a mobile is bound is told only to its owner
      const wrong = await consumeSmsCode(t, body.mobile, body.code, now, limits);
      if (wrong) return wrong;
      const owner = await t.one<{ id: number; wechat_openid: string | null }>(
        'SELECT id, wechat_openid FROM users WHERE mobile = $1 FOR UPDATE',
        [body.mobile],
      );
      if (owner?.wechat_openid && owner.wechat_openid !== row.openid) {
        return conflict('该手机号已绑定其他微信账号，请更换手机号，或使用手机号验证码登录');
      }
      const taken = await t.one<{ id: number }>('SELECT id FROM users WHERE wechat_openid = $1', [row.openid]);
      if (taken && taken.id !== owner?.id) return conflict('该微信已绑定其他手机号，请重新扫码登录');
      const user = (await t.one<UserRow>(
        `INSERT INTO users (mobile, wechat_openid, wechat_nickname, created_at, last_login_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (mobile) DO UPDATE SET wechat_openid = EXCLUDED.wechat_openid, wechat_nickname = EXCLUDED.wechat_nickname
         RETURNING ${USER_COLUMNS}`,
        [body.mobile, row.openid, row.nickname, now],
      ))!;
      await t.query(`UPDATE wechat_logins SET status = 'consumed', user_id = $2, consumed_at = $3 WHERE ticket_hash = $1`, [
        row.ticket_hash,
        user.id,
        now,
      ]);
      // the token in the same transaction that used the code up
      return loggedIn(t, user, now);
    });
    if (outcome instanceof Refusal) throw outcome;
    setMsg('绑定成功');
    return outcome;
  });
}

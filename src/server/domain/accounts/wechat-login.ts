/**
 * WeChat scan login (issue 5): the login page asks for a QR and gets two secrets: the ticket,
 * which the QR carries to the phone (it opens the confirm page; the sandbox stands in for
 * WeChat), and the poll secret, which only the login page knows and sends in POST bodies to poll
 * and to bind (issue 9 item 5: the ticket lands in access logs, so it claims nothing). The login
 * page receives the token once. A WeChat account without a mobile binds one (mobile + SMS code);
 * a mobile already bound to another WeChat account is refused.
 */
import type { z } from 'zod';
import type { WechatStatusData } from '../../../contract/account';
import { normalizeDigits } from '../../../contract/person';
import type { Db } from '../../db/types';
import { newToken, sha256hex } from '../../lib/crypto';
import type { LoginLimits } from '../../lib/limits';
import { sealPii } from '../../lib/pii';
import { commitThenRefuse, conflict, notFound } from '../../lib/refusal';
import { addSeconds } from '../../lib/time';
import { issueToken } from '../sessions';
import { consumeSmsCode } from '../sms-codes';
import { loadCompany, toApiUser, USER_COLUMNS, type UserRow } from '../users';

/** The QR lives 5 minutes; a confirmed WeChat user has 10 minutes to bind a mobile. */
export const WECHAT_QR_TTL_S = 300;
export const WECHAT_BIND_TTL_S = 600;

export type WechatStatus = z.input<typeof WechatStatusData>;

export interface TicketRow {
  status: 'waiting' | 'scanned' | 'confirmed' | 'consumed' | 'cancelled';
  openid: string | null;
  nickname: string;
  user_id: number | null;
  expires_at: Date;
  confirmed_at: Date | null;
}

/** The phone's view of a QR (the WeChat sandbox), by its ticket. */
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

/** A confirmed user still has time to bind a mobile. */
const bindable = (row: TicketRow, now: Date) => now.getTime() - row.confirmed_at!.getTime() < WECHAT_BIND_TTL_S * 1000;

/** Signs `user` in: a token, in the caller's transaction. */
async function loggedIn(t: Db, user: UserRow, now: Date) {
  const { token, expiresAt } = await issueToken(t, user.id, now);
  await t.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [user.id, now]);
  return {
    status: 'confirmed' as const,
    token,
    expires_at: expiresAt.toISOString(),
    user: toApiUser(user, await loadCompany(t, user.company_id)),
  };
}

type SignedIn = Awaited<ReturnType<typeof loggedIn>>;

/** A new QR; `origin` is the console's public origin, where the sandbox's confirm page lives. */
export async function createWechatQr(db: Db, origin: string, now: Date) {
  const ticket = newToken();
  const pollSecret = newToken();
  await db.query('INSERT INTO wechat_logins (ticket_hash, poll_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    sha256hex(ticket),
    sha256hex(pollSecret),
    now,
    addSeconds(now, WECHAT_QR_TTL_S),
  ]);
  return { ticket, poll_secret: pollSecret, qr_url: `${origin}/sandbox/wechat/${ticket}`, expires_in: WECHAT_QR_TTL_S };
}

/** The state of the login page's QR; a confirmed, bound WeChat user is signed in (the token once). */
export async function wechatLoginStatus(db: Db, pollSecret: string, now: Date): Promise<WechatStatus> {
  return db.tx(async (t): Promise<WechatStatus> => {
    const row = await findByPoll(t, pollSecret);
    if (!row) throw notFound('二维码无效，请刷新后重试');
    if (row.status === 'cancelled') return { status: 'cancelled' };
    if (row.status === 'consumed') return { status: 'expired' };
    if (row.status === 'confirmed') {
      if (row.user_id === null) return bindable(row, now) ? { status: 'confirmed', need_bind: true, nickname: row.nickname } : { status: 'expired' };
      await t.query(`UPDATE wechat_logins SET status = 'consumed', consumed_at = $2 WHERE ticket_hash = $1`, [row.ticket_hash, now]);
      const user = await t.one<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [row.user_id]);
      return loggedIn(t, user!, now);
    }
    if (row.expires_at.getTime() <= now.getTime()) return { status: 'expired' };
    return { status: row.status };
  });
}

/**
 * Binds a mobile (proved by its SMS code) to the confirmed WeChat user and signs in. A wrong code
 * is refused after the commit, so the try stays counted (commitThenRefuse); so are the other
 * refusals, which have written nothing but that count.
 */
export async function bindWechatMobile(db: Db, b: { pollSecret: string; mobile: string; code: string }, now: Date, limits: LoginLimits): Promise<SignedIn> {
  return commitThenRefuse(db, async (t) => {
    const row = await findByPoll(t, b.pollSecret);
    if (!row || row.status !== 'confirmed' || row.user_id !== null || !row.openid || !bindable(row, now)) {
      return conflict('绑定已失效，请重新扫码登录');
    }
    // the code first: whether a mobile is bound is told only to its owner
    const wrong = await consumeSmsCode(t, b.mobile, b.code, 'login', now, limits);
    if (wrong) return wrong;
    const m = sealPii('mobile', normalizeDigits(b.mobile));
    const owner = await t.one<{ id: number; wechat_openid: string | null }>('SELECT id, wechat_openid FROM users WHERE mobile_bidx = $1 FOR UPDATE', [m.bidx]);
    if (owner?.wechat_openid && owner.wechat_openid !== row.openid) {
      return conflict('该手机号已绑定其他微信账号，请更换手机号，或使用手机号验证码登录');
    }
    const taken = await t.one<{ id: number }>('SELECT id FROM users WHERE wechat_openid = $1', [row.openid]);
    if (taken && taken.id !== owner?.id) return conflict('该微信已绑定其他手机号，请重新扫码登录');
    const user = (await t.one<UserRow>(
      `INSERT INTO users (mobile_enc, mobile_bidx, mobile_mask, wechat_openid, wechat_nickname, created_at, last_login_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
       ON CONFLICT (mobile_bidx) DO UPDATE SET wechat_openid = EXCLUDED.wechat_openid, wechat_nickname = EXCLUDED.wechat_nickname
       RETURNING ${USER_COLUMNS}`,
      [m.enc, m.bidx, m.mask, row.openid, row.nickname, now],
    ))!;
    await t.query(`UPDATE wechat_logins SET status = 'consumed', user_id = $2, consumed_at = $3 WHERE ticket_hash = $1`, [row.ticket_hash, user.id, now]);
    // the token in the same transaction that used the code up
    return loggedIn(t, user, now);
  });
}

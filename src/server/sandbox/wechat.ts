import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope } from '../http/envelope';
import { conflict, notFound } from '../lib/refusal';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';
import { randomAlnum, sha256hex } from '../lib/crypto';
import { findTicket } from '../domain/accounts/wechat-login';
import { esc, mobilePage } from './mobile-page';
import { wantsHtml } from './pay';

const TicketParam = z.strictObject({ ticket: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, '二维码无效') });
const ConfirmBody = z.strictObject({
  action: z.enum(['confirm', 'cancel']).optional().default('confirm'),
  openid: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, '微信身份无效'),
  nickname: z.string().trim().max(20).optional().default(''),
});

/** The phone's WeChat identity: kept in a cookie, so the same phone is the same WeChat user. */
const OPENID_COOKIE = 'sandbox_wx_openid';
const readCookie = (header: string | undefined, name: string) =>
  (header ?? '')
    .split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? '';

const page = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(mobilePage('微信登录', body));

/** WeChat stand-in for the scan login: the page the QR opens, and the user's confirmation. */
export function wechatSandbox(app: FastifyInstance) {
  app.get('/sandbox/wechat/:ticket', async (req, reply) => {
    const { ticket } = parseInput(TicketParam, req.params);
    const row = await findTicket(app.db, ticket);
    const now = app.now();
    if (!row) return page(reply, 404, '<div class="card"><div class="err">!</div><p>二维码无效</p></div>');
    if (row.status !== 'waiting' && row.status !== 'scanned') {
      return page(reply, 200, '<div class="card"><div class="ok">✓</div><p>已处理，请在电脑上继续操作</p></div>');
    }
    if (row.expires_at <= now) return page(reply, 200, '<div class="card"><div class="err">!</div><p>二维码已过期，请在电脑上刷新二维码</p></div>');
    await app.db.query(`UPDATE wechat_logins SET status = 'scanned' WHERE ticket_hash = $1 AND status = 'waiting'`, [sha256hex(ticket)]);
    let openid = readCookie(req.headers.cookie, OPENID_COOKIE);
    if (!/^[A-Za-z0-9_-]{6,64}$/.test(openid)) openid = `wx_${randomAlnum(24)}`;
    const known = await app.db.one<{ wechat_nickname: string; mobile_mask: string }>(
      'SELECT wechat_nickname, mobile_mask FROM users WHERE wechat_openid = $1',
      [openid],
    );
    return page(
      reply,
      200,
      `<div class="card"><div class="logo">企</div><p><b>企业服务平台</b></p>
<p class="muted">申请使用你的微信身份登录${known ? `<br>已绑定手机号 ${esc(known.mobile_mask)}` : '<br>首次登录需要绑定手机号'}</p>
<form method="post" action="/sandbox/wechat/${esc(ticket)}">
<input type="hidden" name="openid" value="${esc(openid)}">
<label>微信昵称<input name="nickname" maxlength="20" value="${esc(known?.wechat_nickname || '微信用户')}"></label>
<button class="primary" name="action" value="confirm" type="submit">确认登录</button>
<button class="plain" name="action" value="cancel" type="submit">取消</button>
</form></div>`,
    );
  });

  app.post('/sandbox/wechat/:ticket', async (req, reply) => {
    try {
      const { ticket } = parseInput(TicketParam, req.params);
      const body = parseInput(ConfirmBody, req.body);
      const now = app.now();
      const result = await app.db.tx(async (t) => {
        const row = await findTicket(t, ticket, true);
        if (!row) throw notFound('二维码无效');
        if (row.status !== 'waiting' && row.status !== 'scanned') throw conflict('该二维码已使用');
        if (row.expires_at <= now) throw conflict('二维码已过期，请在电脑上刷新二维码');
        if (body.action === 'cancel') {
          await t.query(`UPDATE wechat_logins SET status = 'cancelled' WHERE ticket_hash = $1`, [sha256hex(ticket)]);
          return { status: 'cancelled', bound: false };
        }
        const user = await t.one<{ id: number }>('SELECT id FROM users WHERE wechat_openid = $1', [body.openid]);
        await t.query(`UPDATE wechat_logins SET status = 'confirmed', openid = $2, nickname = $3, user_id = $4, confirmed_at = $5 WHERE ticket_hash = $1`, [
          sha256hex(ticket),
          body.openid,
          body.nickname || '微信用户',
          user?.id ?? null,
          now,
        ]);
        return { status: 'confirmed', bound: !!user };
      });
      if (wantsHtml(req)) {
        reply.header('Set-Cookie', `${OPENID_COOKIE}=${body.openid}; Path=/sandbox; Max-Age=31536000; SameSite=Lax`);
        return page(
          reply,
          200,
          result.status === 'cancelled'
            ? '<div class="card"><p>已取消登录</p></div>'
            : `<div class="card"><div class="ok">✓</div><p><b>已确认登录</b></p><p class="muted">${result.bound ? '请在电脑上继续操作' : '请在电脑上绑定手机号'}</p></div>`,
        );
      }
      return envelope(200, result.status === 'cancelled' ? '已取消' : '已确认登录', result);
    } catch (err) {
      const api = toApiError(err);
      if (wantsHtml(req) && api.httpStatus < 500) return page(reply, 200, `<div class="card"><div class="err">!</div><p>${esc(api.message)}</p></div>`);
      throw err;
    }
  });
}

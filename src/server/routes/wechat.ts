/**
 * WeChat scan login (issue 5; the rules: domain/accounts/wechat-login.ts): the QR, the login
 * page's poll and binding a mobile on /bind. Every call is unauthenticated and limited per IP.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { bindWechatMobile, createWechatQr, wechatLoginStatus } from '../domain/accounts/wechat-login';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';
import { limitIp, type LoginLimits } from '../lib/limits';

export function wechatRoutes(app: FastifyInstance, opts: { limits: LoginLimits }) {
  const { limits } = opts;
  addRoute(app, endpoints.wechatQr, async ({ db, now, req }) => {
    await limitIp(db, req.ip, 'wechat-qr', limits.qrPerMinute, now);
    // PUBLIC_ORIGIN in production, else the origin the request came to (http/origin.ts)
    return createWechatQr(db, requestOrigin(req), now);
  });

  /** Polled by the login page every 2 s with its poll secret. The token is handed out once. */
  addRoute(app, endpoints.wechatStatus, async ({ body, db, now, req, setMsg }) => {
    await limitIp(db, req.ip, 'wechat-poll', limits.pollPerMinute, now);
    const outcome = await wechatLoginStatus(db, body.poll_secret, now);
    if (outcome.status === 'confirmed' && 'token' in outcome) setMsg('登录成功');
    return outcome;
  });

  addRoute(app, endpoints.wechatBind, async ({ body, db, now, req, setMsg }) => {
    await limitIp(db, req.ip, 'login', limits.ipPerMinute, now);
    const out = await bindWechatMobile(db, { pollSecret: body.poll_secret, mobile: body.mobile, code: body.code }, now, limits);
    setMsg('绑定成功');
    return out;
  });
}

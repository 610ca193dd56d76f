import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { loginWithCode, logout, sendLoginCode } from '../domain/sessions';
import { SMS_INTERVAL_S } from '../domain/sms-codes';
import { loadCompany, toApiUser } from '../domain/users';
import { addRoute } from '../http/route';
import { limitIp, type LoginLimits } from '../lib/limits';

export function authRoutes(app: FastifyInstance, opts: { sandbox: boolean; limits: LoginLimits }) {
  const { limits } = opts;
  addRoute(app, endpoints.loginCode, async ({ body, db, now, setMsg, req }) => {
    await limitIp(db, req.ip, 'login', limits.ipPerMinute, now);
    await sendLoginCode(db, body.mobile, req.ip, now, limits, opts.sandbox);
    setMsg('验证码已发送');
    return { retry_after: SMS_INTERVAL_S };
  });

  addRoute(app, endpoints.login, async ({ body, db, now, setMsg, req }) => {
    await limitIp(db, req.ip, 'login', limits.ipPerMinute, now);
    const { user, session } = await loginWithCode(db, body.mobile, body.code, now, limits);
    setMsg('登录成功');
    return { token: session.token, expires_at: session.expiresAt.toISOString(), user: toApiUser(user, await loadCompany(db, user.company_id)) };
  });

  addRoute(app, endpoints.logout, async ({ auth, db, now, setMsg }) => {
    await logout(db, auth.tokenHash, now);
    setMsg('已退出登录');
    return null;
  });
}

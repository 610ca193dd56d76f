/**
 * `POST /notify/wechatpay`: WeChat Pay v3 payment notifications (server to server, no
 * bearer: the platform's signature is the authentication). The body is verified as received, so
 * this route keeps it as a string. Answers as the platform expects: 200 `{code:'SUCCESS'}`, or
 * 4xx `{code:'FAIL', message}` (the platform then retries). The demo verifies with the sandbox
 * platform's key; production with WECHATPAY_* (config.ts), or 404 when not configured.
 */
import type { FastifyInstance } from 'fastify';
import { NotifyError, sandboxWechatPay, type WechatPayConfig } from '../adapters/wechatpay';
import { handlePayNotify } from '../domain/payouts/pay-notify';

export function wechatPayNotifyRoutes(app: FastifyInstance, opts: { sandbox: boolean; config?: WechatPayConfig | null }) {
  const cfg = () => opts.config ?? (opts.sandbox ? sandboxWechatPay().config : null);
  void app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    sub.post('/notify/wechatpay', async (req, reply) => {
      const c = cfg();
      if (!c) return reply.status(404).send({ code: 'FAIL', message: '未配置微信支付' });
      try {
        const r = await handlePayNotify(app.db, c, req.headers, typeof req.body === 'string' ? req.body : '', app.now());
        req.log.info({ order: r?.order_id, paid_now: r?.paid_now }, '微信支付通知');
        return reply.send({ code: 'SUCCESS' });
      } catch (err) {
        if (err instanceof NotifyError) {
          req.log.warn({ code: err.code, reason: err.message }, '微信支付通知被拒绝');
          return reply.status(err.status).send({ code: 'FAIL', message: err.message });
        }
        throw err;
      }
    });
  });
}

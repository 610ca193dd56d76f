/**
 * `POST /notify/esign`: e签宝's callbacks of our signing flows (server to server, no bearer: the
 * application's signature is the authentication; adapters/esign-flows.ts verifyNotification checks
 * it on the body as received, so this route keeps it as a string). Answers as e签宝 expects:
 * 2xx `{"code":"200","msg":"success"}` when taken — also for a flow that is not ours and for an
 * event we do not use (nothing to retry) —, 401/400 for what is not a well-signed callback, and
 * 503 when the outcome could not be applied now (e签宝's detail or file, or the TSA, unavailable:
 * nothing was written, and e签宝 sends it again). The rules: domain/employment/sign-flow-settle.ts.
 */
import type { FastifyInstance } from 'fastify';
import { EsignUnavailable } from '../adapters/esign';
import { NotifyRefused, verifyNotification } from '../adapters/esign-flows';
import { TsaUnavailable } from '../adapters/tsa';
import { applySealEvent } from '../domain/dimission/proof-seal';
import { applyFlowEvent } from '../domain/employment/sign-flow-settle';
import type { SignFlowProvider } from '../domain/employment/sign-flow';
import type { ServerTsa } from './tsa-provider';
import { ESIGN_NOTIFY_PATH } from './sign-flow-provider';

export function esignNotifyRoutes(app: FastifyInstance, opts: { flows: SignFlowProvider | null; tsa: ServerTsa | null }) {
  void app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    sub.post(ESIGN_NOTIFY_PATH, async (req, reply) => {
      const flows = opts.flows;
      if (!flows) return reply.status(404).send({ code: '404', msg: '未开通 e签宝 签署' });
      const now = app.now();
      try {
        const e = verifyNotification(flows.key, req.headers, req.query as Record<string, unknown>, typeof req.body === 'string' ? req.body : '', now);
        // a proof's electronic seal (domain/dimission/proof-seal.ts), else a worker's signature
        const r = (await applySealEvent(app.db, flows, e, now)) ? 'seal' : await applyFlowEvent(app.db, { flows, tsa: opts.tsa }, e, now);
        req.log.info({ action: e.action, flow: e.signFlowId, result: r }, 'e签宝回调');
        return reply.send({ code: '200', msg: 'success' });
      } catch (err) {
        if (err instanceof NotifyRefused) {
          req.log.warn({ reason: err.message }, 'e签宝回调被拒绝');
          return reply.status(err.status).send({ code: String(err.status), msg: err.message });
        }
        if (err instanceof EsignUnavailable || err instanceof TsaUnavailable) {
          req.log.error({ err }, 'e签宝回调暂不能处理');
          return reply.status(503).send({ code: '503', msg: '暂时无法处理，请稍后重试' });
        }
        throw err;
      }
    });
  });
}

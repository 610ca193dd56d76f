import type { FastifyInstance } from 'fastify';
import { isMobile } from '../../contract/person';
import { storedAreaSms } from '../domain/dimission/sms';
import { blindIndex } from '../lib/pii';

/**
 * The SMS gateway's outbox of the departure area (proof links, urges, returned requests):
 * `GET /sandbox/dimission/sms?mobile=M` lists what was "delivered" to M, newest first.
 */
export function dimissionSandbox(app: FastifyInstance) {
  app.get('/sandbox/dimission/sms', async (req, reply) => {
    const { mobile } = req.query as { mobile?: unknown };
    if (typeof mobile !== 'string' || !isMobile(mobile)) return reply.status(400).send({ msg: '请输入正确的手机号' });
    const rows = await app.db.query<{ kind: string; template: string; params_enc: string; sent_at: Date }>(
      'SELECT kind, template, params_enc, sent_at FROM dimission_sms WHERE mobile_bidx = $1 ORDER BY id DESC LIMIT 50',
      [blindIndex('mobile', mobile)],
    );
    return { list: rows.map((r) => ({ kind: r.kind, body: storedAreaSms(r), sent_at: r.sent_at.toISOString() })) };
  });
}

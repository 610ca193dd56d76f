import type { FastifyInstance } from 'fastify';
import { isMobile } from '../../contract/person';
import { storedNoticeText } from '../domain/notices';
import { blindIndex } from '../lib/pii';

/**
 * The SMS gateway's outbox of notices (domain/notices.ts), what was "delivered" to mobile M, newest
 * first: `GET /sandbox/dimission/sms?mobile=M` (proof links, urges, returned requests) and
 * `GET /sandbox/flex/sms?mobile=M` (签约短信, 催签, 验收, 发放) and `GET /sandbox/recruit/sms?mobile=M`
 * (the candidate's interview invitation, 改期, 取消).
 */
export function noticesSandbox(app: FastifyInstance) {
  for (const area of ['dimission', 'flex', 'recruit'] as const) {
    app.get(`/sandbox/${area}/sms`, async (req, reply) => {
      const { mobile } = req.query as { mobile?: unknown };
      if (typeof mobile !== 'string' || !isMobile(mobile)) return reply.status(400).send({ msg: '请输入正确的手机号' });
      const rows = await app.db.query<{ kind: string; template: string; params_enc: string; sent_at: Date }>(
        'SELECT kind, template, params_enc, sent_at FROM notice_sms WHERE mobile_bidx = $1 AND area = $2 ORDER BY id DESC LIMIT 50',
        [blindIndex('mobile', mobile), area],
      );
      return { list: rows.map((r) => ({ kind: r.kind, body: storedNoticeText(r), sent_at: r.sent_at.toISOString() })) };
    });
  }
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types';

export interface InboxRow {
  mobile: string;
  code: string;
  sent_at: Date;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
}

/**
 * The latest code of every mobile, newest first (the operator page's SMS inbox): the plain code
 * from the sandbox provider's outbox, its state from the login's own (HMAC-only) row.
 */
export const smsInbox = (db: Db, limit = 50) =>
  db.query<InboxRow>(
    `SELECT * FROM (
       SELECT DISTINCT ON (o.mobile) o.mobile, o.code, s.sent_at, s.expires_at, s.attempts, s.consumed_at
         FROM sandbox_sms_outbox o JOIN sms_codes s ON s.id = o.sms_code_id
        ORDER BY o.mobile, o.sent_at DESC, o.id DESC
     ) latest ORDER BY sent_at DESC LIMIT $1`,
    [limit],
  );

/** Stands in for the SMS gateway: what it "delivered" to a phone (its outbox, not the login's table). */
export function smsSandbox(app: FastifyInstance) {
  app.get('/sandbox/sms', async (req, reply) => {
    const { mobile } = req.query as { mobile?: unknown };
    if (typeof mobile !== 'string' || mobile === '') {
      const list = await smsInbox(app.db);
      return {
        list: list.map((r) => ({
          mobile: r.mobile,
          code: r.code,
          sent_at: r.sent_at.toISOString(),
          expires_at: r.expires_at.toISOString(),
          attempts: r.attempts,
          consumed: r.consumed_at !== null,
        })),
      };
    }
    const row = await app.db.one<{ code: string; sent_at: Date }>(
      'SELECT code, sent_at FROM sandbox_sms_outbox WHERE mobile = $1 ORDER BY sent_at DESC, id DESC LIMIT 1',
      [mobile],
    );
    if (!row) return reply.status(404).send({ msg: '该手机号暂无验证码' });
    return { code: row.code, sent_at: row.sent_at.toISOString() };
  });
}

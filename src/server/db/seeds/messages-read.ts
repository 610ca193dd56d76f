import type { Db } from '../types';
import type { SeedStep } from '../seed';
import { addDays } from '../../lib/time';
import { RETENTION_RULES } from '../../domain/accounts/retention-rules';

/**
 * The demo's 消息中心 as a team that has used the console looks at it: the seeded year wrote a
 * message for every event through the product's paths, so without this the bell would say a
 * year of batches is unread. Messages past the retention the daily job keeps are swept as it would,
 * and every colleague has read what is older than two days; the last two days stay unread.
 */
export const messagesReadSeed: SeedStep = {
  name: 'messages-read',
  async run(db: Db, now: Date) {
    await db.query('DELETE FROM messages WHERE created_at < $1', [addDays(now, -RETENTION_RULES.messageDays)]);
    await db.query(
      `INSERT INTO message_reads (company_id, message_id, user_id, read_at)
       SELECT m.company_id, m.id, u.id, m.created_at + interval '1 hour'
         FROM messages m JOIN users u ON u.company_id = m.company_id
        WHERE m.created_at < $1
       ON CONFLICT (message_id, user_id, company_id) DO NOTHING`,
      [addDays(now, -2)],
    );
  },
};

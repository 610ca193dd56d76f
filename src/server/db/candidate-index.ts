/**
 * 063a: the blind index of every candidate's mobile (issue 32 item 3, docs/pii.md), so duplicates
 * are found by equality without opening a number. The mobile has been sealed since 008; this step
 * opens each one in the migration only, BATCH rows a statement. Needs the configured PII keys.
 */
import { blindIndex, decryptPii } from '../lib/pii';
import type { Db } from './types';

const BATCH = 500;

export async function indexCandidateMobiles(db: Db): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db.query<{ id: number; enc: string }>(
      `SELECT id, mobile_enc AS enc FROM candidates WHERE id > $1 AND mobile_bidx IS NULL AND mobile_enc IS NOT NULL ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (!rows.length) return;
    await db.query('UPDATE candidates c SET mobile_bidx = u.b FROM unnest($1::int[], $2::text[]) AS u (id, b) WHERE c.id = u.id', [
      rows.map((r) => r.id),
      rows.map((r) => blindIndex('mobile', decryptPii(r.enc))),
    ]);
    after = rows.at(-1)!.id;
    if (rows.length < BATCH) return;
  }
}

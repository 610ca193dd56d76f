import type { Db } from '../../src/server/db';
import { sealPii } from '../../src/server/lib/pii';

/**
 * Inserts a user the way the server stores one: the login mobile sealed (enc, blind index, mask;
 * migration 042), never plain. `cols` are further columns of `users`. Answers the new id, or null
 * when `onConflict: 'nothing'` met an existing mobile.
 */
export async function insertUser(db: Db, mobile: string, cols: Record<string, unknown> = {}, opts: { onConflict?: 'nothing' } = {}): Promise<number | null> {
  const m = sealPii('mobile', mobile);
  const all: Record<string, unknown> = { mobile_enc: m.enc, mobile_bidx: m.bidx, mobile_mask: m.mask, ...cols };
  const names = Object.keys(all);
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})
     ${opts.onConflict === 'nothing' ? 'ON CONFLICT (mobile_bidx) DO NOTHING' : ''} RETURNING id`,
    Object.values(all),
  );
  return row?.id ?? null;
}

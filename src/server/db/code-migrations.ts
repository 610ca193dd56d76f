/**
 * Migration steps in TypeScript, run by migrate() in version order with the SQL files and
 * recorded in schema_migrations like them (once per database, in a transaction).
 */
import { normalizeDigits } from '../../contract/person';
import { sealPii } from '../lib/pii';
import type { Db } from './types';

/**
 * 008a: candidates' and company contacts' mobiles sealed (docs/pii.md): every plain value is
 * encrypted into `<f>_enc` with its mask in `<f>_mask`, then the plain columns are dropped, so
 * no code can read them by mistake. Needs the PII keys of the configuration (PII_KEYS).
 */
async function sealPlainMobiles(db: Db): Promise<void> {
  const people = await db.query<{ id: number; mobile: string }>('SELECT id, mobile FROM candidates WHERE mobile IS NOT NULL');
  for (const p of people) {
    const s = sealPii('mobile', normalizeDigits(p.mobile));
    await db.query('UPDATE candidates SET mobile_enc = $2, mobile_mask = $3 WHERE id = $1', [p.id, s.enc, s.mask]);
  }
  await db.exec(`ALTER TABLE candidates DROP COLUMN mobile;
    ALTER TABLE candidates ALTER COLUMN mobile_enc SET NOT NULL;`);
  const contacts = await db.query<{ id: number; contact_mobile: string }>("SELECT id, contact_mobile FROM companies WHERE contact_mobile <> ''");
  for (const c of contacts) {
    const s = sealPii('mobile', normalizeDigits(c.contact_mobile));
    await db.query('UPDATE companies SET contact_mobile_enc = $2, contact_mobile_mask = $3 WHERE id = $1', [c.id, s.enc, s.mask]);
  }
  await db.exec('ALTER TABLE companies DROP COLUMN contact_mobile');
}

export const codeMigrations: { version: string; name: string; run: (db: Db) => Promise<void> }[] = [
  { version: '008a', name: 'seal_pii', run: sealPlainMobiles },
];

/**
 * Migration steps in TypeScript, run by migrate() in version order with the SQL files and
 * recorded in schema_migrations like them (once per database, in a transaction).
 */
import { normalizeDigits } from '../../contract/person';
import { encryptPii, sealPii } from '../lib/pii';
import { indexCandidateMobiles } from './candidate-index';
import { sealMobiles } from './seal-mobiles';
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

/** 010: resignation requests held mobiles in plain text (001); seal them and drop the column. */
async function sealResignationMobiles(db: Db): Promise<void> {
  const col = await db.one(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
        AND table_name = 'resignation_requests' AND column_name = 'mobile'`,
  );
  if (!col) return;
  const rows = await db.query<{ id: number; mobile: string }>(`SELECT id, mobile FROM resignation_requests WHERE mobile <> ''`);
  for (const r of rows) {
    const s = sealPii('mobile', normalizeDigits(r.mobile));
    await db.query('UPDATE resignation_requests SET mobile_enc = $2, mobile_bidx = $3, mobile_mask = $4 WHERE id = $1', [r.id, s.enc, s.bidx, s.mask]);
  }
  await db.exec('ALTER TABLE resignation_requests DROP COLUMN mobile');
}

/**
 * 043a: the departure area's stored messages held their text, proof links included (issue 28 item
 * 2). Each body is sealed as the parameter of the plain-text template, then the column goes.
 */
async function sealAreaSmsBodies(db: Db): Promise<void> {
  const rows = await db.query<{ id: number; body: string }>('SELECT id, body FROM dimission_sms');
  for (const r of rows) {
    await db.query("UPDATE dimission_sms SET template = 'text', params_enc = $2 WHERE id = $1", [r.id, encryptPii(JSON.stringify({ text: r.body }))]);
  }
  await db.exec(`ALTER TABLE dimission_sms DROP COLUMN body;
    ALTER TABLE dimission_sms ALTER COLUMN template SET NOT NULL, ALTER COLUMN params_enc SET NOT NULL;`);
}

export const codeMigrations: { version: string; name: string; run: (db: Db) => Promise<void> }[] = [
  { version: '008a', name: 'seal_pii', run: sealPlainMobiles },
  { version: '010a', name: 'seal_resignation_mobiles', run: sealResignationMobiles },
  { version: '042a', name: 'seal_mobiles', run: sealMobiles },
  { version: '043a', name: 'seal_area_sms', run: sealAreaSmsBodies },
  { version: '063a', name: 'index_candidate_mobiles', run: indexCandidateMobiles },
];

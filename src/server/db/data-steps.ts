/**
 * Once-only data steps in TypeScript (what SQL cannot do, e.g. encrypt with the server's keys),
 * run by migrate() after the SQL migrations and recorded in `schema_migrations` like them.
 */
import { normalizeDigits } from '../../contract/person';
import { sealPii } from '../lib/pii';
import type { Db } from './types';

export interface DataStep {
  /** recorded in schema_migrations.version, e.g. `010a` (after 010's SQL) */
  version: string;
  name: string;
  run(db: Db): Promise<void>;
}

/** 010: resignation requests held mobiles in plain text (001); seal them and drop the column. */
const sealResignationMobiles: DataStep = {
  version: '010a',
  name: 'seal_resignation_mobiles',
  async run(db) {
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
  },
};

export const dataSteps: DataStep[] = [sealResignationMobiles];

/**
 * 042a: the last plain mobiles sealed (issue 28 item 4, docs/pii.md). Migration 042 added the
 * sealed columns; this step fills them from the plain values in batches, then drops the plain
 * columns, so no code can read them by mistake and no plain mobile stays at rest. Needs the PII
 * keys of the configuration (PII_KEYS, PII_INDEX_KEY), like 008a.
 */
import { normalizeDigits } from '../../contract/person';
import { sealPii } from '../lib/pii';
import type { Db } from './types';

const BATCH = 500;

interface SealSpec {
  table: string;
  /** the key column and its SQL type (a single-column key: the rows are walked in its order) */
  key: string;
  keyType: 'int' | 'text';
  /** the plain column, sealed into `<into>_enc` / `_bidx` / `_mask` */
  plain: string;
  into: string;
  parts: readonly ('enc' | 'bidx' | 'mask')[];
}

/** Seals every non-empty plain value of one column, BATCH rows a statement; empty values stay unsealed (enc NULL, mask ''). */
async function sealColumn(db: Db, s: SealSpec): Promise<void> {
  const set = s.parts.map((p) => `${s.into}_${p} = u.${p}`).join(', ');
  const arrays = s.parts.map((p, i) => `$${i + 2}::text[]`).join(', ');
  const sql = `UPDATE ${s.table} t SET ${set} FROM unnest($1::${s.keyType}[], ${arrays}) AS u (k, ${s.parts.join(', ')}) WHERE t.${s.key} = u.k`;
  let after: string | number | null = null;
  for (;;) {
    const rows: { k: string | number; v: string }[] = await db.query<{ k: string | number; v: string }>(
      `SELECT ${s.key} AS k, ${s.plain} AS v FROM ${s.table}
        WHERE ${s.plain} <> '' ${after === null ? '' : `AND ${s.key} > $1`} ORDER BY ${s.key} LIMIT ${BATCH}`,
      after === null ? [] : [after],
    );
    if (!rows.length) return;
    const sealed = rows.map((r) => sealPii('mobile', normalizeDigits(r.v)));
    await db.query(sql, [rows.map((r) => r.k), ...s.parts.map((p) => sealed.map((x) => x[p]))]);
    after = rows.at(-1)!.k;
  }
}

const SEALS: SealSpec[] = [
  { table: 'users', key: 'id', keyType: 'int', plain: 'mobile', into: 'mobile', parts: ['enc', 'bidx', 'mask'] },
  { table: 'sms_codes', key: 'id', keyType: 'int', plain: 'mobile', into: 'mobile', parts: ['bidx'] },
  { table: 'payout_codes', key: 'id', keyType: 'int', plain: 'mobile', into: 'mobile', parts: ['bidx'] },
  { table: 'company_invoices', key: 'company_id', keyType: 'int', plain: 'ship_phone', into: 'ship_phone', parts: ['enc', 'mask'] },
  { table: 'order_invoices', key: 'order_id', keyType: 'text', plain: 'ship_phone', into: 'ship_phone', parts: ['enc', 'mask'] },
  { table: 'tax_invoices', key: 'application_id', keyType: 'int', plain: 'ship_phone', into: 'ship_phone', parts: ['enc', 'mask'] },
];

export async function sealMobiles(db: Db): Promise<void> {
  for (const s of SEALS) await sealColumn(db, s);
  await db.exec(`
    ALTER TABLE users DROP COLUMN mobile;
    ALTER TABLE users ALTER COLUMN mobile_enc SET NOT NULL, ALTER COLUMN mobile_bidx SET NOT NULL, ALTER COLUMN mobile_mask DROP DEFAULT;
    CREATE UNIQUE INDEX users_mobile_bidx_uq ON users (mobile_bidx);

    ALTER TABLE sms_codes DROP COLUMN mobile;
    ALTER TABLE sms_codes ALTER COLUMN mobile_bidx SET NOT NULL;
    CREATE INDEX sms_codes_mobile_bidx_idx ON sms_codes (mobile_bidx, sent_at DESC, id DESC);

    ALTER TABLE payout_codes DROP COLUMN mobile;
    ALTER TABLE payout_codes ALTER COLUMN mobile_bidx SET NOT NULL;

    ALTER TABLE company_invoices DROP COLUMN ship_phone;
    ALTER TABLE order_invoices DROP COLUMN ship_phone;
    ALTER TABLE tax_invoices DROP COLUMN ship_phone;
  `);
}

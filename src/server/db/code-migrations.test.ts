import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { blindIndex, decryptPii } from '../lib/pii';
import { loadMigrations, migrate } from './migrate';
import type { Db } from './types';

/** 010a: a database from before 010 with plain mobiles in resignation_requests gets them sealed. */
describe('once-only data steps', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb({ empty: true });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('seals the plain mobiles of resignation requests and drops the column, once', async () => {
    const all = loadMigrations();
    await migrate(
      db,
      all.filter((m) => m.version < '010'),
    );
    const c = await db.one<{ id: number }>(
      `INSERT INTO companies (name, short_name, creditcode, status) VALUES ('旧数据公司', '旧数据', '91330106MA27WQ3D0X', 'normal') RETURNING id`,
    );
    await db.query(`INSERT INTO resignation_requests (company_id, employee_name, mobile) VALUES ($1, '甲', '13700000001'), ($1, '乙', '')`, [c!.id]);
    await migrate(db, all);
    const col = await db.one("SELECT 1 FROM information_schema.columns WHERE table_name = 'resignation_requests' AND column_name = 'mobile'");
    expect(col).toBeUndefined();
    const rows = await db.query<{ employee_name: string; mobile_enc: string | null; mobile_bidx: string | null; mobile_mask: string }>(
      'SELECT employee_name, mobile_enc, mobile_bidx, mobile_mask FROM resignation_requests ORDER BY id',
    );
    expect(decryptPii(rows[0]!.mobile_enc!)).toBe('13700000001');
    expect(rows[0]!.mobile_bidx).toBe(blindIndex('mobile', '13700000001'));
    expect(rows[0]!.mobile_mask).toBe('137****0001');
    expect(rows[1]!.mobile_enc).toBeNull();
    const v = await db.one("SELECT 1 FROM schema_migrations WHERE version = '010a'");
    expect(v).toBeDefined();
    // again: nothing to do
    await migrate(db, all);
  });
});

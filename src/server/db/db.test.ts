import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { companyStatus, mobileIndex, type CompanyRow, type UserRow } from '../domain/users';
import { decryptPii } from '../lib/pii';
import { isUscc } from '../../contract/uscc';
import { loadMigrations, migrate } from './migrate';
import { seed, seedSteps, DEMO_CODE_1, DEMO_CODE_2, DEMO_CODE_3 } from './seed';
import type { Db } from './types';
import { insertUser } from '../../../tests/setup/users';

const DEMO_MOBILES = ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005'];

describe('a blank database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb({ empty: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('migrates once, recording each migration', async () => {
    const first = await migrate(db);
    expect(first).toEqual(loadMigrations().map((m) => `${m.version}_${m.name}`));
    expect(first[0]).toBe('001_init');
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    // SQL migrations and the once-only TypeScript steps (code-migrations.ts) that follow them
    expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
  });

  it('is seeded as a demo database, each step once; a later step still runs', async () => {
    expect(await seed(db)).toEqual(seedSteps.map((s) => s.name));
    expect(await seed(db)).toEqual([]);
    const mode = await db.one<{ value: string }>("SELECT value FROM app_meta WHERE key = 'db_mode'");
    expect(mode?.value).toBe('demo');
    // a later issue adds a step: it runs on this existing demo database, once
    let runs = 0;
    const later = { name: '999_later', run: async () => void runs++ };
    expect(await seed(db, { steps: [...seedSteps, later] })).toEqual(['999_later']);
    expect(await seed(db, { steps: [...seedSteps, later] })).toEqual([]);
    expect(runs).toBe(1);
  }, 120_000); // the whole demo seed: ~10 s on a quiet machine, far more beside a busy suite

  it('a failing step leaves nothing behind and is retried next time', async () => {
    const bad = {
      name: '998_bad',
      run: async (t: Db) => {
        await t.query(`INSERT INTO crc_configure (key, value, name) VALUES ('tmp', 1, '临时')`);
        throw new Error('boom');
      },
    };
    await expect(seed(db, { steps: [bad] })).rejects.toThrow('boom');
    expect(await db.one(`SELECT 1 FROM crc_configure WHERE key = 'tmp'`)).toBeUndefined();
    expect(await db.one(`SELECT 1 FROM seed_runs WHERE step = '998_bad'`)).toBeUndefined();
  });

  it('the seeded demo data is realistic and consistent', async () => {
    for (const code of [DEMO_CODE_1, DEMO_CODE_2, DEMO_CODE_3]) expect(isUscc(code), code).toBe(true);
    const companies = await db.query<{ id: number; name: string; status: string; crc_balance: number }>(
      'SELECT id, name, status, crc_balance FROM companies ORDER BY id',
    );
    expect(companies.map((c) => [c.id, c.status])).toEqual([
      [1, 'normal'],
      [2, 'normal'],
      [3, 'apply'],
    ]);
    // the balance is what the ledger says
    for (const c of companies) {
      const last = await db.one<{ balance_after: number }>(
        'SELECT balance_after FROM crc_ledger WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
        [c.id],
      );
      expect(last?.balance_after ?? 0).toBe(c.crc_balance);
    }
    // the login mobiles are sealed (migration 042): found by their blind index, opened with the key
    const names = await db.query<{ mobile_enc: string; mobile_mask: string; realname: string }>(
      'SELECT mobile_enc, mobile_mask, realname FROM users WHERE mobile_bidx = ANY($1) ORDER BY id',
      [DEMO_MOBILES.map(mobileIndex)],
    );
    expect(names.map((u) => decryptPii(u.mobile_enc))).toEqual(DEMO_MOBILES);
    expect(names.map((u) => u.mobile_mask)).toEqual(DEMO_MOBILES.map((m) => `${m.slice(0, 3)}****${m.slice(-4)}`));
    for (const u of names) expect(u.realname).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
    const pending = await db.one<{ n: number }>("SELECT count(*) AS n FROM resignation_requests WHERE company_id = 1 AND status = 'pending'");
    expect(pending?.n).toBeGreaterThanOrEqual(3);
  });
});

describe('a database that already holds data', () => {
  it('is marked real and never seeded', async () => {
    const db = await openTestDb({ empty: true });
    try {
      await migrate(db);
      await insertUser(db, '13600000000', { realname: '孙丽' });
      expect(await seed(db)).toEqual([]);
      expect(await db.one<{ value: string }>("SELECT value FROM app_meta WHERE key = 'db_mode'")).toEqual({ value: 'real' });
      // and stays real even when emptied later
      await db.query('DELETE FROM users');
      expect(await seed(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('the Db interface', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('maps values the same on both drivers', async () => {
    const row = await db.one<{ d: string; n: number; t: Date; b: boolean; x: null }>(
      "SELECT DATE '2024-02-29' AS d, count(*) AS n, now() AS t, true AS b, NULL AS x FROM companies",
    );
    expect(row).toEqual({ d: '2024-02-29', n: 3, t: expect.any(Date), b: true, x: null });
  });

  it('rolls a transaction back on error; nested tx joins the outer one', async () => {
    await expect(
      db.tx(async (t) => {
        await t.query(`INSERT INTO app_meta (key, value) VALUES ('probe', '1')`);
        await t.tx(async (inner) => inner.query(`INSERT INTO app_meta (key, value) VALUES ('probe2', '1')`));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.query(`SELECT key FROM app_meta WHERE key LIKE 'probe%'`)).toEqual([]);
    await db.tx((t) => t.query(`INSERT INTO app_meta (key, value) VALUES ('probe', '1')`));
    expect(await db.one(`SELECT value FROM app_meta WHERE key = 'probe'`)).toEqual({ value: '1' });
  });

  it('runs concurrent queries and transactions without mixing them', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.tx(async (t) => {
          await t.query(`INSERT INTO app_meta (key, value) VALUES ($1, $2)`, [`c${i}`, String(i)]);
          return (await t.one<{ value: string }>(`SELECT value FROM app_meta WHERE key = $1`, [`c${i}`]))!.value;
        }),
      ),
    );
    expect(results).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });
});

describe('company_status', () => {
  const user = (member_status: 'pending' | 'normal') => ({ member_status }) as UserRow;
  const company = (status: CompanyRow['status']) => ({ status }) as CompanyRow;
  it('derives no_apply / apply / normal', () => {
    expect(companyStatus(user('normal'), null)).toBe('no_apply');
    expect(companyStatus(user('pending'), company('apply'))).toBe('apply');
    expect(companyStatus(user('pending'), company('reject'))).toBe('apply');
    expect(companyStatus(user('pending'), company('normal'))).toBe('apply');
    expect(companyStatus(user('normal'), company('normal'))).toBe('normal');
  });
});

describe('USCC', () => {
  it('accepts the standard’s vectors and refuses a wrong check digit', () => {
    for (const v of ['91350100M000100Y43', '91230184MA1BUFLT44', '92371000MA3MXH0E3W', '91110108772551611J']) {
      expect(isUscc(v)).toBe(true);
    }
    expect(isUscc('91350100M000100Y44')).toBe(false);
    expect(isUscc('91350100M000100I43')).toBe(false);
  });
});

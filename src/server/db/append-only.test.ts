/**
 * The money trail and the audit trails cannot be rewritten (issue 28 item 5, migration 039), on a
 * real database: UPDATE, DELETE and TRUNCATE are refused on the ledger, the 操作日志, the role and
 * payout-settings change logs; pii_views allows exactly what retention does (forget the name and
 * mask; delete rows past the 3 years) and nothing else. A balance stays writable: the nightly
 * check (jobs/ledger-check.test.ts) catches a wrong one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { ANONYMISED_NAME } from '../domain/accounts/retention-rules';
import { post } from '../domain/payouts/ledger';
import type { Db } from './types';
import { mobileIndex } from '../domain/users';

let db: Db;
let companyId = 0;
let userId = 0;

beforeAll(async () => {
  db = await openTestDb();
  const u = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
  companyId = u.company_id;
  userId = u.id;
  // one row in each table at least (row triggers fire only on rows)
  const batch = (await db.one<{ id: number }>(`INSERT INTO payout_batches (company_id, batch_no) VALUES ($1, 'AO' || floor(random()*1e9)::text) RETURNING id`, [
    companyId,
  ]))!.id;
  await db.query(`INSERT INTO payout_logs (company_id, batch_id, action, content) VALUES ($1, $2, '创建', '仅追加测试')`, [companyId, batch]);
  await db.tx((t) => post(t, companyId, 'topup', 10_000, { remark: '仅追加测试' }, new Date()));
  await db.query(`INSERT INTO role_changes (company_id, user_id, changed_by, before, after) VALUES ($1, $2, $2, '{member}', '{member,hr}')`, [
    companyId,
    userId,
  ]);
  await db.query(`INSERT INTO payout_settings_changes (company_id, changed_by, before, after) VALUES ($1, $2, '{}', '{"fee_rate_bp": 1}')`, [
    companyId,
    userId,
  ]);
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const count = async (table: string) => (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

describe('append-only tables refuse UPDATE, DELETE and TRUNCATE', () => {
  const cases: [table: string, update: string][] = [
    ['payout_ledger', 'UPDATE payout_ledger SET amount = amount * 2'],
    ['payout_logs', "UPDATE payout_logs SET content = 'x'"],
    ['role_changes', "UPDATE role_changes SET after = '{admin}'"],
    ['payout_settings_changes', 'UPDATE payout_settings_changes SET after = before'],
  ];
  for (const [table, update] of cases) {
    it(table, async () => {
      const n = await count(table);
      expect(n).toBeGreaterThan(0);
      const sum = await db.one(`SELECT md5(string_agg(t::text, ',' ORDER BY t.id)) AS h FROM ${table} t`);
      await expect(db.query(update)).rejects.toThrow(/append-only/);
      await expect(db.query(`DELETE FROM ${table}`)).rejects.toThrow(/append-only/);
      await expect(db.exec(`TRUNCATE ${table}`)).rejects.toThrow(/append-only/);
      // also inside a transaction of the application's kind
      await expect(db.tx((t) => t.exec(`TRUNCATE ${table}`))).rejects.toThrow(/append-only/);
      expect(await count(table)).toBe(n);
      expect(await db.one(`SELECT md5(string_agg(t::text, ',' ORDER BY t.id)) AS h FROM ${table} t`)).toEqual(sum);
    });
  }

  it('a balance stays writable (payout_accounts is not append-only; the nightly check compares it)', async () => {
    await db.query('UPDATE payout_accounts SET balance = balance WHERE company_id = $1', [companyId]);
  });
});

describe('pii_views: only what retention does', () => {
  const view = async (viewedAt: Date) =>
    (await db.one<{ id: number }>(
      `INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, reason, subject_name, subject_mask, record_label, viewed_at)
       VALUES ($1, $2, 'departure_record', 1, 'id_card', '办理社保', '王小明', '110105********002X', '离职记录', $3) RETURNING id::int AS id`,
      [userId, companyId, viewedAt],
    ))!.id;
  const row = (id: number) => db.one('SELECT subject_name, subject_mask, reason, record_label FROM pii_views WHERE id = $1', [id]);

  it('refuses TRUNCATE, rewriting a row, and deleting one younger than 3 years', async () => {
    const id = await view(new Date());
    const n = await count('pii_views');
    await expect(db.exec('TRUNCATE pii_views')).rejects.toThrow(/append-only/);
    await expect(db.query("UPDATE pii_views SET reason = '其他' WHERE id = $1", [id])).rejects.toThrow(/append-only/);
    await expect(db.query("UPDATE pii_views SET subject_name = '李四' WHERE id = $1", [id])).rejects.toThrow(/append-only/);
    // forgetting the name must not smuggle another change in
    await expect(
      db.query("UPDATE pii_views SET subject_name = $2, subject_mask = '', user_id = user_id + 0, ip = '1.2.3.4' WHERE id = $1", [id, ANONYMISED_NAME]),
    ).rejects.toThrow(/append-only/);
    const twoYears = new Date();
    twoYears.setUTCFullYear(twoYears.getUTCFullYear() - 2);
    const young = await view(twoYears);
    await expect(db.query('DELETE FROM pii_views WHERE id = ANY($1::bigint[])', [[id, young]])).rejects.toThrow(/append-only/);
    expect(await count('pii_views')).toBe(n + 1);
    expect(await row(id)).toEqual({ subject_name: '王小明', subject_mask: '110105********002X', reason: '办理社保', record_label: '离职记录' });
  });

  it('allows forgetting whose data it was (retention anonymising a departure) and deleting rows past 3 years', async () => {
    const id = await view(new Date());
    await db.query("UPDATE pii_views SET subject_name = $2, subject_mask = '' WHERE id = $1", [id, ANONYMISED_NAME]);
    expect(await row(id)).toEqual({ subject_name: ANONYMISED_NAME, subject_mask: '', reason: '办理社保', record_label: '离职记录' });
    const old = new Date();
    old.setUTCFullYear(old.getUTCFullYear() - 3);
    old.setUTCDate(old.getUTCDate() - 2);
    const gone = await view(old);
    await db.query('DELETE FROM pii_views WHERE id = $1', [gone]);
    expect(await row(gone)).toBeUndefined();
  });
});

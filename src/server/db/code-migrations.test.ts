import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { mobileIndex } from '../domain/users';
import { blindIndex, decryptPii, sealPii } from '../lib/pii';
import { loadMigrations, migrate } from './migrate';
import type { Db } from './types';

/** 010a and 042a: a database from before them with plain mobiles gets them sealed. */
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
    const col = await db.one(
      "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'resignation_requests' AND column_name = 'mobile'",
    );
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

/** 042a: the login mobiles, the codes' mobiles and the invoices' recipient phones of a database from before 042. */
describe('042a: the last plain mobiles', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb({ empty: true });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  const columns = async (table: string) =>
    (
      await db.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1', [
        table,
      ])
    ).map((c) => c.column_name);

  it('seals every plain value, drops the plain columns, and logs in by the blind index', async () => {
    const all = loadMigrations();
    await migrate(
      db,
      all.filter((m) => m.version < '042'),
    );
    const c = (await db.one<{ id: number }>(
      `INSERT INTO companies (name, short_name, creditcode, status) VALUES ('旧数据公司', '旧数据', '91330106MA27WQ3D0X', 'normal') RETURNING id`,
    ))!.id;
    const [a, b] = await db.query<{ id: number }>(`INSERT INTO users (mobile, company_id) VALUES ('13700000001', $1), ('１３７ 0000-0002', $1) RETURNING id`, [
      c,
    ]);
    await db.query(`INSERT INTO sms_codes (mobile, code_hmac, sent_at, expires_at) VALUES ('13700000001', 'h', now(), now())`);
    const batch = (await db.one<{ id: number }>(`INSERT INTO payout_batches (company_id, batch_no) VALUES ($1, 'FF1') RETURNING id`, [c]))!.id;
    await db.query(
      `INSERT INTO payout_codes (batch_id, company_id, mobile, code_hmac, sent_at, expires_at) VALUES ($1, $2, '13700000002', 'h', now(), now())`,
      [batch, c],
    );
    const invoice = `'旧数据公司', '91330106MA27WQ3D0X', 0`;
    await db.query(`INSERT INTO company_invoices (company_id, company_name, creditcode, invoice_type, ship_phone) VALUES ($1, ${invoice}, '13700000003')`, [c]);
    await db.query(
      `INSERT INTO member_orders (order_id, company_id, user_id, pack, name, amount, days, num, lv, created_at)
       VALUES ('YF1', $1, $2, 'year', '年度会员', 1, 365, 1, 1, now()), ('YF2', $1, $2, 'year', '年度会员', 1, 365, 1, 1, now())`,
      [c, a!.id],
    );
    await db.query(
      `INSERT INTO order_invoices (order_id, company_id, company_name, creditcode, invoice_type, ship_phone)
       VALUES ('YF1', $1, ${invoice}, '13700000004'), ('YF2', $1, ${invoice}, '')`,
      [c],
    );
    const app = (await db.one<{ id: number }>(
      `INSERT INTO tax_applications (company_id, apply_no, period_start, period_end, mode, proof_type, receive, status, head_count, income, tax, invoiceable, fee, created_at, updated_at)
       VALUES ($1, 'TA1', '2026-01', '2026-03', 'people', 'table', 'download', 'issued', 1, 1, 0, 1, 0, now(), now()) RETURNING id`,
      [c],
    ))!.id;
    await db.query(
      `INSERT INTO tax_invoices (application_id, company_id, invoice_type, medium, company_name, creditcode, ship_phone, amount, content, created_at)
       VALUES ($1, $2, 0, 'paper', '旧数据公司', '91330106MA27WQ3D0X', '13700000005', 1, '*现代服务*人力资源服务', now())`,
      [app, c],
    );

    await migrate(db, all);
    expect(await db.one("SELECT 1 FROM schema_migrations WHERE version = '042a'")).toBeDefined();
    for (const t of ['users', 'sms_codes', 'payout_codes']) expect(await columns(t), t).not.toContain('mobile');
    for (const t of ['company_invoices', 'order_invoices', 'tax_invoices']) expect(await columns(t), t).not.toContain('ship_phone');

    const users = await db.query<{ id: number; mobile_enc: string; mobile_bidx: string; mobile_mask: string }>(
      'SELECT id, mobile_enc, mobile_bidx, mobile_mask FROM users ORDER BY id',
    );
    expect(users.map((u) => decryptPii(u.mobile_enc))).toEqual(['13700000001', '13700000002']);
    expect(users.map((u) => u.mobile_mask)).toEqual(['137****0001', '137****0002']);
    expect(users.map((u) => u.id)).toEqual([a!.id, b!.id]);
    // the login finds the account by the blind index, and a second account on the same mobile is refused
    expect(await db.one('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex('13700000002')])).toEqual({ id: b!.id });
    const dup = sealPii('mobile', '13700000001');
    await expect(db.query('INSERT INTO users (mobile_enc, mobile_bidx, mobile_mask) VALUES ($1, $2, $3)', [dup.enc, dup.bidx, dup.mask])).rejects.toThrow(
      /users_mobile_bidx_uq/,
    );
    expect(await db.one('SELECT mobile_bidx FROM sms_codes')).toEqual({ mobile_bidx: blindIndex('mobile', '13700000001') });
    expect(await db.one('SELECT mobile_bidx FROM payout_codes')).toEqual({ mobile_bidx: blindIndex('mobile', '13700000002') });
    const phones = await db.query<{ enc: string | null; mask: string }>(
      `SELECT ship_phone_enc AS enc, ship_phone_mask AS mask FROM company_invoices
       UNION ALL (SELECT ship_phone_enc, ship_phone_mask FROM order_invoices ORDER BY order_id)
       UNION ALL SELECT ship_phone_enc, ship_phone_mask FROM tax_invoices`,
    );
    expect(phones.map((p) => (p.enc ? decryptPii(p.enc) : null))).toEqual(['13700000003', '13700000004', null, '13700000005']);
    expect(phones.map((p) => p.mask)).toEqual(['137****0003', '137****0004', '', '137****0005']);
  });
});

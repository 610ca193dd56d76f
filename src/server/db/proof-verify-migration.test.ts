/**
 * Migration 056 (issue 30) on a database with history: 信息查看记录 rows that do not say whose data
 * was seen (written before 038, or by a server of the previous release while the new one rolled
 * out) are named from what they point at, and a proof's row says which departure (not just
 * 离职证明 （草稿）) — item 4, old rows included; rows of people since anonymised, and of records since
 * gone, stay as they are; the audit trail is append-only again afterwards. The employee's links
 * lose their 30-day end, and anonymising a proof drops its stored PDF but keeps the hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { sealPii } from '../lib/pii';
import { loadMigrations, migrate } from './migrate';
import type { Db } from './types';

let db: Db;
const id = sealPii('id_card', '330106199001010011');
const mobile = sealPii('mobile', '13955551234');

beforeAll(async () => {
  db = await openTestDb({ empty: true });
  const all = loadMigrations();
  await migrate(
    db,
    all.filter((m) => m.version < '056'),
  );
  const hr = sealPii('mobile', '13800000009');
  await db.exec(`INSERT INTO companies (name, creditcode, status) VALUES ('甲公司', '91330106MA27WQ3D0X', 'normal');`);
  await db.query('INSERT INTO users (mobile_enc, mobile_bidx, mobile_mask, company_id) VALUES ($1, $2, $3, 1)', [hr.enc, hr.bidx, hr.mask]);
  await db.query(
    `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, mobile_enc, mobile_bidx, mobile_mask,
       dept_name, job_name, entry_date, leave_date, leave_type, legal_basis)
     VALUES (1, 'manual', '钱多多', $1, $2, $3, $4, $5, $6, '市场部', '专员', '2020-01-01', '2026-10-31', 'resign', 'resign')`,
    [id.enc, id.bidx, id.mask, mobile.enc, mobile.bidx, mobile.mask],
  );
  await db.query(
    `INSERT INTO departure_proofs (company_id, record_id, status, serial, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date,
       tenure_text, legal_basis, company_name, issue_date, issued_at)
     VALUES (1, 1, 'issued', 'LZ20261101000001', '钱多多', $1, $2, '专员', '2020-01-01', '2026-10-31', '6年10个月', 'resign', '甲公司',
       '2026-11-01', now()),
            (1, 1, 'void', NULL, '钱多多', $1, $2, '专员', '2020-01-01', '2026-10-31', '6年10个月', 'resign', '甲公司', NULL, NULL)`,
    [id.enc, id.mask],
  );
  await db.query(
    `INSERT INTO resignation_requests (company_id, employee_name, mobile_enc, mobile_bidx, mobile_mask, submitted_at)
     VALUES (1, '钱多多', $1, $2, $3, '2026-10-01T02:00:00Z')`,
    [mobile.enc, mobile.bidx, mobile.mask],
  );
  const views: [string, number, string, string, string][] = [
    // as a server before 038 wrote them: no name, no mask, no label
    ['departure_record', 1, 'id_card', '', ''],
    ['resignation_request', 1, 'mobile', '', ''],
    ['departure_proof', 2, 'id_card', '', ''],
    // as 038 named a proof: the serial or （草稿）, not which departure
    ['departure_proof', 1, 'id_card', '钱多多', '离职证明 LZ20261101000001'],
    // a record since purged: nothing to name it from
    ['departure_record', 987654, 'id_card', '', ''],
  ];
  for (const [type, sid, field, name, label] of views)
    await db.query(
      `INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, reason, subject_name, subject_mask, record_label)
       VALUES (1, 1, $1, $2, $3, '查看', $4, $5, $6)`,
      [type, sid, field, name, name ? id.mask : '', label],
    );
  await db.query(`INSERT INTO proof_links (company_id, proof_id, token_hash, reason, created_at, expires_at) VALUES (1, 1, 'h', 'issue', now(), now())`);
  await migrate(db, all);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('migration 056', () => {
  it('names every old row of the audit trail from what it points at, and says which departure a proof row was', async () => {
    const rows = await db.query<{ subject_type: string; subject_id: number; subject_name: string; subject_mask: string; record_label: string }>(
      'SELECT subject_type, subject_id, subject_name, subject_mask, record_label FROM pii_views ORDER BY id',
    );
    expect(rows).toEqual([
      { subject_type: 'departure_record', subject_id: 1, subject_name: '钱多多', subject_mask: id.mask, record_label: '离职记录 · 离职日期 2026-10-31' },
      { subject_type: 'resignation_request', subject_id: 1, subject_name: '钱多多', subject_mask: mobile.mask, record_label: '离职申请 · 提交于 2026-10-01' },
      {
        subject_type: 'departure_proof',
        subject_id: 2,
        subject_name: '钱多多',
        subject_mask: id.mask,
        record_label: '离职证明 （草稿） · 离职日期 2026-10-31',
      },
      {
        subject_type: 'departure_proof',
        subject_id: 1,
        subject_name: '钱多多',
        subject_mask: id.mask,
        record_label: '离职证明 LZ20261101000001 · 离职日期 2026-10-31',
      },
      { subject_type: 'departure_record', subject_id: 987654, subject_name: '', subject_mask: '', record_label: '' },
    ]);
  });

  it('leaves the audit trail append-only again', async () => {
    await expect(db.query(`UPDATE pii_views SET reason = 'x' WHERE id = 1`)).rejects.toThrow(/append-only/);
  });

  it("the links already sent no longer end after 30 days; the employee's download is an opening", async () => {
    expect(await db.one('SELECT expires_at FROM proof_links')).toEqual({ expires_at: null });
    await db.query(`INSERT INTO proof_link_opens (company_id, proof_id, link_id, action, opened_at) VALUES (1, 1, 1, 'download', now())`);
  });

  it('anonymising a proof drops its stored PDF and keeps the hash (the paper stays checkable)', async () => {
    await db.query(`UPDATE departure_proofs SET verify_code = 'K7QM3XPD9TWA' WHERE id = 1`);
    await db.query(`INSERT INTO proof_files (company_id, proof_id, pdf_enc, sha256, bytes, created_at) VALUES (1, 1, 'sealed', $1, 9, now())`, [
      'a'.repeat(64),
    ]);
    await db.query(`UPDATE departure_proofs SET name = '已匿名化', id_card_enc = NULL, anonymised_at = now() WHERE id = 1`);
    expect(await db.one('SELECT pdf_enc, sha256 FROM proof_files')).toEqual({ pdf_enc: null, sha256: 'a'.repeat(64) });
    await expect(db.query(`UPDATE departure_proofs SET verify_code = 'not-a-code' WHERE id = 2`)).rejects.toThrow();
  });
});

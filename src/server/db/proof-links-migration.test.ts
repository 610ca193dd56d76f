/**
 * Migration 043 (issue 28 item 2) over a database that already sent proof links: the link in an
 * SMS already delivered keeps working (its hash moves to proof_links; since 056 for as long as the proof lives), and
 * the stored message texts are sealed (043a) and readable again only through the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { storedNoticeText } from '../domain/notices';
import { viewProofByLink } from '../domain/dimission/proof-links';
import { sha256hex } from '../lib/crypto';
import { sealPii } from '../lib/pii';
import { loadMigrations, migrate } from './migrate';
import type { Db } from './types';

let db: Db;
const TOKEN = 'old-link-token-0123456789';
const TEXT = `【云帆】您的离职证明（编号LZ20261101000001）已出具，请点击查看：https://hr.example/m/proof/${TOKEN}`;
const issued = new Date('2026-11-20T02:00:00Z');

beforeAll(async () => {
  db = await openTestDb({ empty: true });
  const all = loadMigrations();
  await migrate(
    db,
    all.filter((m) => m.version < '043'),
  );
  const id = sealPii('id_card', '330106199001010011');
  const mobile = sealPii('mobile', '13955551234');
  await db.exec(`INSERT INTO companies (name, creditcode, status) VALUES ('甲公司', '91330106MA27WQ3D0X', 'normal');`);
  await db.query(
    `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, mobile_enc, mobile_bidx, mobile_mask,
       dept_name, job_name, entry_date, leave_date, leave_type, legal_basis)
     VALUES (1, 'manual', '钱多多', $1, $2, $3, $4, $5, $6, '市场部', '专员', '2020-01-01', '2026-10-31', 'resign', 'resign')`,
    [id.enc, id.bidx, id.mask, mobile.enc, mobile.bidx, mobile.mask],
  );
  await db.query(
    `INSERT INTO departure_proofs (company_id, record_id, status, serial, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date,
       tenure_text, legal_basis, non_compete, company_name, issue_date, issued_at, view_token_hash)
     VALUES (1, 1, 'issued', 'LZ20261101000001', '钱多多', $1, $2, '专员', '2020-01-01', '2026-10-31', '6年10个月', 'resign', '', '甲公司',
       '2026-11-20', $3, $4)`,
    [id.enc, id.mask, issued, sha256hex(TOKEN)],
  );
  await db.query(`INSERT INTO dimission_sms (company_id, mobile_bidx, mobile_mask, kind, body, sent_at) VALUES (1, $1, $2, 'proof', $3, $4)`, [
    mobile.bidx,
    mobile.mask,
    TEXT,
    issued,
  ]);
  await migrate(db, all);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('migration 043 on links already sent', () => {
  it('the link already delivered opens the proof (masked); since 056 it lasts as long as the proof', async () => {
    const v = await viewProofByLink(db, TOKEN, '127.0.0.1', 'https://hr.example', new Date('2026-12-01T00:00:00Z'));
    expect(v.serial).toBe('LZ20261101000001');
    expect(v.id_card).toBe('330106********0011');
    const later = await viewProofByLink(db, TOKEN, '127.0.0.1', 'https://hr.example', new Date('2027-12-21T00:00:00Z'));
    expect(later.serial).toBe('LZ20261101000001');
    // issued before 056: its 验真码 and PDF were made on first need, and stay
    expect(later.verify_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(later.verify_code).toBe(v.verify_code);
    expect((await db.query('SELECT 1 FROM proof_files')).length).toBe(1);
  });

  it('the stored message text is sealed: no body column, the link only through the key', async () => {
    const rows = await db.query<{ template: string; params_enc: string }>('SELECT template, params_enc FROM notice_sms');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    expect(storedNoticeText(rows[0]!)).toBe(TEXT);
    const col = await db.one("SELECT 1 FROM information_schema.columns WHERE table_name = 'notice_sms' AND column_name = 'body'");
    expect(col).toBeUndefined();
  });
});

/**
 * Retention (issue 25 item 6; domain/accounts/retention-*.ts, docs/pii.md "Retention") over a real database:
 * rows older than each limit go, rows younger stay; departure records past 2 years are anonymised
 * or purged by the company's setting and a younger one is never touched whatever the setting; a
 * second run does nothing; batches and the budget; the log holds counts only; the settings
 * endpoint refuses non-admins and bad input in Chinese; a purged import file answers so.
 *
 * Why ~570 lines: one fixture of every kind of personal data, aged past and short of each limit;
 * the cases share it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetentionData } from '../../contract/retention';
import { API_PREFIX } from '../../contract/endpoints';
import { call, startTestServer, type Env, type TestServer } from '../../../tests/setup/server';
import type { Db } from '../db/types';
import { sha256hex as sha256 } from '../lib/crypto';
import {
  ANONYMISED_NAME,
  MSG_IMPORT_COMMIT_PURGED,
  MSG_IMPORT_ERRORS_PURGED,
  MSG_IMPORT_EXPIRED,
  MSG_IMPORT_FILE_PURGED,
  MSG_PROOF_ANONYMISED,
  MSG_RECORD_ANONYMISED,
} from '../domain/accounts/retention-rules';
import { applyRetention } from '../domain/accounts/retention-sweep';
import { encryptPii, sealPii } from '../lib/pii';
import { addDays, fmtDate } from '../lib/time';
import { installJobs, startJobs, type Jobs } from '.';
import { RETENTION_JOB, retentionJob } from './retention';
import { MSG_NO_PERMISSION } from '../../contract/roles';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let db: Db;
let jobs: Jobs | null = null;
const schema = `pgboss_ret_${randomBytes(4).toString('hex')}`;
let adminA: string;
let adminB: string;
let cA = 0;
let cB = 0;
let uA = 0;
let uB = 0;
const now = new Date();
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
const get = (path: string, token?: string) => call<Env>(s.url, 'GET', `${API_PREFIX}${path}`, { token });
const post = (path: string, form: Record<string, string>, token?: string) => call<Env>(s.url, 'POST', `${API_PREFIX}${path}`, { form, token });

/** The China date `years` years and `days` days before today, as the database counts years. */
async function yearsAgo(years: number, days = 0): Promise<string> {
  const r = await db.one<{ d: string }>(`SELECT (($1::date - make_interval(years => $2))::date + $3::int)::text AS d`, [fmtDate(now), years, -days]);
  return r!.d;
}

let serial = 0;
/** A departure record with sealed ID number and mobile; optionally a proof (issued with a link, or a draft) and the approved request it came from. */
async function record(companyId: number, userId: number, leave: string, opts: { proof?: 'issued' | 'draft'; request?: boolean } = {}) {
  const n = ++serial;
  const idCard = sealPii('id_card', `33010619900101${String(1000 + n).slice(-4)}`);
  const mobile = sealPii('mobile', `1391234${String(n).padStart(4, '0')}`);
  let requestId: number | null = null;
  if (opts.request) {
    requestId = (await db.one<{ id: number }>(
      `INSERT INTO resignation_requests (company_id, employee_name, mobile_enc, mobile_bidx, mobile_mask, id_card_enc, id_card_bidx, id_card_mask,
         dept_name, job_name, join_date, last_day, type, reason, status, submitted_at, reviewed_at, reviewed_by, handover_name, updated_at)
       VALUES ($1, '钱多多', $2, $3, $4, $5, $6, $7, '市场部', '专员', '2015-01-01', $8, 'resign', '个人发展', 'approved', $9, $9, $10, '孙交接', $9) RETURNING id`,
      [companyId, mobile.enc, mobile.bidx, mobile.mask, idCard.enc, idCard.bidx, idCard.mask, leave, new Date(`${leave}T10:00:00+08:00`), userId],
    ))!.id;
  }
  const rec = (await db.one<{ id: number }>(
    `INSERT INTO departure_records (company_id, source, request_id, name, id_card_enc, id_card_bidx, id_card_mask, mobile_enc, mobile_bidx, mobile_mask,
       dept_name, job_name, entry_date, leave_date, leave_type, legal_basis, created_by)
     VALUES ($1, $2, $3, '钱多多', $4, $5, $6, $7, $8, $9, '市场部', '专员', '2015-01-01', $10, 'resign', 'art37', $11) RETURNING id`,
    [companyId, requestId ? 'request' : 'manual', requestId, idCard.enc, idCard.bidx, idCard.mask, mobile.enc, mobile.bidx, mobile.mask, leave, userId],
  ))!.id;
  if (requestId) await db.query('UPDATE resignation_requests SET record_id = $2 WHERE id = $1', [requestId, rec]);
  let proofId: number | null = null;
  const token = `tok-${n}-${randomBytes(6).toString('hex')}`;
  if (opts.proof) {
    const issued = opts.proof === 'issued';
    proofId = (await db.one<{ id: number }>(
      `INSERT INTO departure_proofs (company_id, record_id, status, serial, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date,
         tenure_text, legal_basis, non_compete, company_name, issue_date, issued_at, created_by)
       VALUES ($1, $2, $3, $4, '钱多多', $5, $6, '专员', '2015-01-01', $7, '多年', 'art37', '无', '某公司', $7, $8, $9) RETURNING id`,
      [
        companyId,
        rec,
        opts.proof,
        issued ? `RET${n}${randomBytes(3).toString('hex')}` : null,
        idCard.enc,
        idCard.mask,
        leave,
        issued ? new Date(`${leave}T12:00:00+08:00`) : null,
        userId,
      ],
    ))!.id;
    if (issued) {
      await db.query(
        `INSERT INTO proof_links (company_id, proof_id, token_hash, reason, created_at, expires_at) VALUES ($1, $2, $3, 'issue', now(), '2100-01-01')`,
        [companyId, proofId, sha256(token)],
      );
    }
  }
  return { id: rec, requestId, proofId, token };
}
const recordRow = (id: number) =>
  db.one<{
    name: string;
    id_card_enc: string | null;
    id_card_bidx: string | null;
    id_card_mask: string;
    mobile_enc: string | null;
    mobile_mask: string;
    dept_name: string;
    job_name: string;
    leave_date: string;
    anonymised_at: Date | null;
  }>(
    'SELECT name, id_card_enc, id_card_bidx, id_card_mask, mobile_enc, mobile_mask, dept_name, job_name, leave_date, anonymised_at FROM departure_records WHERE id = $1',
    [id],
  );
const proofRow = (id: number) =>
  db.one<{ name: string; id_card_enc: string | null; links: number; opens: number; serial: string | null; status: string }>(
    `SELECT name, id_card_enc, serial, status, (SELECT count(*)::int FROM proof_links WHERE proof_id = p.id) AS links,
            (SELECT count(*)::int FROM proof_link_opens WHERE proof_id = p.id) AS opens FROM departure_proofs p WHERE id = $1`,
    [id],
  );
const requestRow = (id: number) =>
  db.one<{ employee_name: string; mobile_enc: string | null; id_card_enc: string | null; reason: string; status: string; anonymised_at: Date | null }>(
    'SELECT employee_name, mobile_enc, id_card_enc, reason, status, anonymised_at FROM resignation_requests WHERE id = $1',
    [id],
  );

async function closedRequest(companyId: number, status: string, lastChange: Date): Promise<number> {
  const m = sealPii('mobile', `1377777${String(++serial).padStart(4, '0')}`);
  return (await db.one<{ id: number }>(
    `INSERT INTO resignation_requests (company_id, employee_name, mobile_enc, mobile_bidx, mobile_mask, dept_name, job_name, type, reason, status, submitted_at, updated_at)
     VALUES ($1, '周某某', $2, $3, $4, '销售部', '销售', 'resign', '家庭原因', $5, $6, $6) RETURNING id`,
    [companyId, m.enc, m.bidx, m.mask, status, lastChange],
  ))!.id;
}

async function batch(companyId: number, userId: number, status: string, createdAt: Date, committedAt: Date | null = null): Promise<number> {
  return (await db.one<{ id: number }>(
    `INSERT INTO import_batches (company_id, type, file_name, file_size, file_hash, file_enc, status, rows_enc, issues_enc, created_by, created_at, committed_at, fail_count)
     VALUES ($1, 'workers', 'w.xlsx', 10, md5(random()::text), $2, $3, $4, $5, $6, $7, $8, 1) RETURNING id`,
    [
      companyId,
      encryptPii('xlsx-bytes'),
      status,
      status === 'pending' ? encryptPii('[]') : null,
      encryptPii('[{"row":2,"col":"身份证号","raw":"330106199001011234","msg":"x","level":"error"}]'),
      userId,
      createdAt,
      committedAt,
    ],
  ))!.id;
}
const batchRow = (id: number) =>
  db.one<{ status: string; message: string; file_enc: string | null; rows_enc: string | null; issues_enc: string | null; file_purged_at: Date | null }>(
    'SELECT status, message, file_enc, rows_enc, issues_enc, file_purged_at FROM import_batches WHERE id = $1',
    [id],
  );
const exists = async (sql: string, args: unknown[]) => Boolean(await db.one(sql, args));

beforeAll(async () => {
  s = await startTestServer();
  db = s.db;
  const a = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
  const b = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}'`))!;
  [uA, cA, uB, cB] = [a.id, a.company_id, b.id, b.company_id];
  adminA = await s.tokenFor('13800000001');
  adminB = await s.tokenFor('13800000002');
}, 120_000);
afterAll(async () => {
  installJobs(null);
  await jobs?.stop(1000).catch(() => undefined);
  if (db?.kind === 'pg') await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await s?.close();
}, 60_000);

describe('the retention rules', () => {
  // company A keeps the default (anonymise); company B chose purge (through its admin)
  const A: Record<string, Awaited<ReturnType<typeof record>>> = {};
  const B: Record<string, Awaited<ReturnType<typeof record>>> = {};
  const ids: Record<string, number> = {};
  let first: Awaited<ReturnType<typeof applyRetention>>;

  beforeAll(async () => {
    const r = await post('/usercenter/retention', { departure_action: 'purge' }, adminB);
    expect(r.body.code).toBe(200);
    const old = await yearsAgo(2, 1); // left 2 years and a day ago: due
    const edge = await yearsAgo(2); // left exactly 2 years ago today: still kept
    const young = await yearsAgo(1);
    A.old = await record(cA, uA, old, { proof: 'issued', request: true });
    A.oldDraft = await record(cA, uA, old, { proof: 'draft' });
    A.edge = await record(cA, uA, edge, { proof: 'issued', request: true });
    A.young = await record(cA, uA, young, { proof: 'issued' });
    B.old = await record(cB, uB, old, { proof: 'issued', request: true });
    B.edge = await record(cB, uB, edge, { proof: 'issued', request: true });
    B.young = await record(cB, uB, young, { proof: 'draft' });
    // requests returned or withdrawn that never became a record: 2 years after their last change
    const twoYears = new Date(`${old}T12:00:00+08:00`);
    ids.reqOldA = await closedRequest(cA, 'withdrawn', twoYears);
    ids.reqYoungA = await closedRequest(cA, 'withdrawn', addDays(now, -300));
    ids.reqPendingA = await closedRequest(cA, 'pending', addDays(now, -1200));
    ids.reqOldB = await closedRequest(cB, 'rejected', twoYears);
    // import originals: 7 days after a successful import, 30 days after an upload never imported
    ids.impDone8 = await batch(cA, uA, 'success', addDays(now, -9), addDays(now, -8));
    ids.impDone6 = await batch(cA, uA, 'success', addDays(now, -7), addDays(now, -6));
    ids.impFailed31 = await batch(cA, uA, 'failed', addDays(now, -31));
    ids.impPending31 = await batch(cA, uA, 'pending', addDays(now, -31));
    ids.impPending29 = await batch(cA, uA, 'pending', addDays(now, -29));
    ids.impImporting40 = await batch(cA, uA, 'importing', addDays(now, -40));
    // expired secrets: a day after expiry
    await db.query(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ('ret-old', $1, $2, $3), ('ret-new', $1, $2, $4)`, [
      uA,
      addDays(now, -20),
      at(-25),
      at(-12),
    ]);
    const pb = (await db.one<{ id: number }>(`INSERT INTO payout_batches (company_id, batch_no) VALUES ($1, $2) RETURNING id`, [
      cA,
      `RETPB${randomBytes(4).toString('hex')}`,
    ]))!.id;
    // (payout_codes carries its company since the company keys of 032, the mobile's blind index since 042)
    const code = async (expires: Date) =>
      (await db.one<{ id: number }>(
        `INSERT INTO payout_codes (batch_id, company_id, mobile_bidx, code_hmac, sent_at, expires_at) VALUES ($1, $3, $4, 'h', $2, $2) RETURNING id`,
        [pb, expires, cA, mobileIndex('13800000001')],
      ))!.id;
    ids.codeOld = await code(at(-30));
    ids.codeNew = await code(at(-2));
    ids.outOld = (await db.one<{ id: number }>(
      `INSERT INTO sandbox_payout_sms_outbox (mobile, batch_no, code, sent_at) VALUES ('13800000001', 'x', '123456', $1) RETURNING id`,
      [at(-30)],
    ))!.id;
    ids.outNew = (await db.one<{ id: number }>(
      `INSERT INTO sandbox_payout_sms_outbox (mobile, batch_no, code, sent_at) VALUES ('13800000001', 'x', '123456', $1) RETURNING id`,
      [at(-2)],
    ))!.id;
    const m = sealPii('mobile', '13955556666');
    await db.query(
      `INSERT INTO dimission_leave_tickets (ticket_hash, company_id, mobile_enc, mobile_bidx, mobile_mask, expires_at) VALUES ('ret-t-old', $1, $2, $3, $4, $5), ('ret-t-new', $1, $2, $3, $4, $6)`,
      [cA, m.enc, m.bidx, m.mask, at(-30), at(-2)],
    );
    ids.smsOld = (await db.one<{ id: number }>(
      `INSERT INTO notice_sms (company_id, area, mobile_bidx, mobile_mask, kind, template, params_enc, sent_at) VALUES ($1, 'dimission', $2, $3, 'proof', 'text', 'x', $4) RETURNING id`,
      [cA, m.bidx, m.mask, addDays(now, -31)],
    ))!.id;
    ids.smsNew = (await db.one<{ id: number }>(
      `INSERT INTO notice_sms (company_id, area, mobile_bidx, mobile_mask, kind, template, params_enc, sent_at) VALUES ($1, 'dimission', $2, $3, 'proof', 'text', 'x', $4) RETURNING id`,
      [cA, m.bidx, m.mask, addDays(now, -29)],
    ))!.id;
    await db.query(`INSERT INTO rate_counters (bucket, window_start, hits) VALUES ('ret:old', $1, 1), ('ret:new', $2, 1)`, [
      addDays(now, -3),
      addDays(now, -1),
    ]);
    const threeYears = new Date(now);
    threeYears.setUTCFullYear(threeYears.getUTCFullYear() - 3);
    ids.viewOld = (await db.one<{ id: number }>(
      `INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, viewed_at) VALUES ($1, $2, 'candidate', 1, 'mobile', $3) RETURNING id::int AS id`,
      [uA, cA, addDays(threeYears, -1)],
    ))!.id;
    ids.viewNew = (await db.one<{ id: number }>(
      `INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, viewed_at) VALUES ($1, $2, 'candidate', 1, 'mobile', $3) RETURNING id::int AS id`,
      [uA, cA, addDays(threeYears, 1)],
    ))!.id;
    const cand = (await db.one<{ id: number }>('SELECT id FROM candidates ORDER BY id LIMIT 1'))!.id;
    ids.rvOld = (await db.one<{ id: number }>(
      `INSERT INTO resume_views (company_id, user_id, candidate_id, contact_shown, viewed_at) VALUES ($1, $2, $3, false, $4) RETURNING id`,
      [cA, uA, cand, addDays(threeYears, -1)],
    ))!.id;
    ids.rvNew = (await db.one<{ id: number }>(
      `INSERT INTO resume_views (company_id, user_id, candidate_id, contact_shown, viewed_at) VALUES ($1, $2, $3, false, $4) RETURNING id`,
      [cA, uA, cand, addDays(threeYears, 1)],
    ))!.id;
    const tw = await db.query<{ id: number }>('SELECT id FROM flex_task_workers ORDER BY id LIMIT 2');
    if (tw.length === 2) {
      ids.twOld = tw[0]!.id;
      ids.twNew = tw[1]!.id;
      await db.query('UPDATE flex_task_workers SET session_hash = $2, session_until = $3 WHERE id = $1', [ids.twOld, 'h-old', at(-30)]);
      await db.query('UPDATE flex_task_workers SET session_hash = $2, session_until = $3 WHERE id = $1', [ids.twNew, 'h-new', at(-2)]);
    }
    // before: the employee's proof link works
    expect((await get(`/dimission/proof-view/${A.old!.token}`)).body.code).toBe(200);
    first = await applyRetention(db, now);
  }, 120_000);

  it('anonymises company A’s departure records past 2 years: no name, ID number or mobile; the facts stay', async () => {
    const r = (await recordRow(A.old!.id))!;
    expect(r).toMatchObject({
      name: ANONYMISED_NAME,
      id_card_enc: null,
      id_card_bidx: null,
      id_card_mask: '',
      mobile_enc: null,
      mobile_mask: '',
      dept_name: '市场部',
      job_name: '专员',
    });
    expect(r.anonymised_at).not.toBeNull();
    const p = (await proofRow(A.old!.proofId!))!;
    expect(p).toMatchObject({ name: ANONYMISED_NAME, id_card_enc: null, links: 0, opens: 0, status: 'viewed' }); // opened above
    expect(p.serial).toMatch(/^RET/); // the serial stays: a proof shown later can still be checked
    expect(await requestRow(A.old!.requestId!)).toMatchObject({
      employee_name: ANONYMISED_NAME,
      mobile_enc: null,
      id_card_enc: null,
      reason: '',
      status: 'approved',
    });
    // a draft never issued is deleted; its record anonymised
    expect(await proofRow(A.oldDraft!.proofId!)).toBeUndefined();
    expect((await recordRow(A.oldDraft!.id))!.name).toBe(ANONYMISED_NAME);
  });

  it('purges company B’s: the record, its proof and its request are gone', async () => {
    expect(await recordRow(B.old!.id)).toBeUndefined();
    expect(await proofRow(B.old!.proofId!)).toBeUndefined();
    expect(await requestRow(B.old!.requestId!)).toBeUndefined();
  });

  it('never touches a record younger than 2 years, whatever the setting (a record that left exactly 2 years ago today included)', async () => {
    for (const x of [A.edge!, A.young!, B.edge!, B.young!]) {
      const r = (await recordRow(x.id))!;
      expect(r.name).toBe('钱多多');
      expect(r.id_card_enc).not.toBeNull();
      expect(r.mobile_enc).not.toBeNull();
      expect(r.anonymised_at).toBeNull();
      const p = (await proofRow(x.proofId!))!;
      expect(p.id_card_enc).not.toBeNull();
    }
    for (const x of [A.edge!, B.edge!]) expect((await requestRow(x.requestId!))!.mobile_enc).not.toBeNull();
  });

  it('ends closed resignation requests with no record after 2 years by the setting; a pending one is never touched', async () => {
    expect(await requestRow(ids.reqOldA!)).toMatchObject({ employee_name: ANONYMISED_NAME, mobile_enc: null, reason: '', status: 'withdrawn' });
    expect(await requestRow(ids.reqOldB!)).toBeUndefined();
    expect((await requestRow(ids.reqYoungA!))!.mobile_enc).not.toBeNull();
    expect((await requestRow(ids.reqPendingA!))!.mobile_enc).not.toBeNull();
  });

  it('deletes import originals 7 days after the import and 30 days after an upload never imported; the batch row stays', async () => {
    for (const id of [ids.impDone8!, ids.impFailed31!, ids.impPending31!]) {
      const b = (await batchRow(id))!;
      expect(b).toMatchObject({ file_enc: null, rows_enc: null, issues_enc: null });
      expect(b.file_purged_at).not.toBeNull();
    }
    expect(await batchRow(ids.impDone8!)).toMatchObject({ status: 'success' });
    expect(await batchRow(ids.impPending31!)).toMatchObject({ status: 'failed', message: MSG_IMPORT_EXPIRED });
    for (const id of [ids.impDone6!, ids.impPending29!, ids.impImporting40!]) {
      const b = (await batchRow(id))!;
      expect(b.file_enc).not.toBeNull();
      expect(b.issues_enc).not.toBeNull();
      expect(b.file_purged_at).toBeNull();
    }
    expect((await batchRow(ids.impImporting40!))!.status).toBe('importing');
  });

  it('deletes expired secrets a day after expiry, old SMS bodies, rate windows and audit rows past 3 years; the young stay', async () => {
    expect(await exists("SELECT 1 FROM sessions WHERE token_hash = 'ret-old'", [])).toBe(false);
    expect(await exists("SELECT 1 FROM sessions WHERE token_hash = 'ret-new'", [])).toBe(true);
    expect(await exists('SELECT 1 FROM payout_codes WHERE id = $1', [ids.codeOld])).toBe(false);
    expect(await exists('SELECT 1 FROM payout_codes WHERE id = $1', [ids.codeNew])).toBe(true);
    expect(await exists('SELECT 1 FROM sandbox_payout_sms_outbox WHERE id = $1', [ids.outOld])).toBe(false);
    expect(await exists('SELECT 1 FROM sandbox_payout_sms_outbox WHERE id = $1', [ids.outNew])).toBe(true);
    expect(await exists("SELECT 1 FROM dimission_leave_tickets WHERE ticket_hash = 'ret-t-old'", [])).toBe(false);
    expect(await exists("SELECT 1 FROM dimission_leave_tickets WHERE ticket_hash = 'ret-t-new'", [])).toBe(true);
    expect(await exists('SELECT 1 FROM notice_sms WHERE id = $1', [ids.smsOld])).toBe(false);
    expect(await exists('SELECT 1 FROM notice_sms WHERE id = $1', [ids.smsNew])).toBe(true);
    expect(await exists("SELECT 1 FROM rate_counters WHERE bucket = 'ret:old'", [])).toBe(false);
    expect(await exists("SELECT 1 FROM rate_counters WHERE bucket = 'ret:new'", [])).toBe(true);
    expect(await exists('SELECT 1 FROM pii_views WHERE id = $1', [ids.viewOld])).toBe(false);
    expect(await exists('SELECT 1 FROM pii_views WHERE id = $1', [ids.viewNew])).toBe(true);
    expect(await exists('SELECT 1 FROM resume_views WHERE id = $1', [ids.rvOld])).toBe(false);
    expect(await exists('SELECT 1 FROM resume_views WHERE id = $1', [ids.rvNew])).toBe(true);
    if (ids.twOld) {
      expect(await db.one('SELECT session_hash, session_until FROM flex_task_workers WHERE id = $1', [ids.twOld])).toEqual({
        session_hash: null,
        session_until: null,
      });
      expect((await db.one<{ session_hash: string }>('SELECT session_hash FROM flex_task_workers WHERE id = $1', [ids.twNew]))!.session_hash).toBe('h-new');
    }
  });

  it('logs every purge as counts per company and kind (no value); a second run does nothing', async () => {
    expect(first.skipped).toBe(false);
    expect(first.more).toBe(false);
    expect(first.counts['departure_records:anonymise']).toBeGreaterThanOrEqual(2);
    expect(first.counts['departure_records:delete']).toBeGreaterThanOrEqual(1);
    const runs = await db.query<{ company_id: number | null; kind: string; action: string; row_count: number }>(
      'SELECT company_id, kind, action, row_count FROM retention_runs WHERE ran_at = $1',
      [now],
    );
    const of = (c: number | null, kind: string, action: string) =>
      runs.find((r) => r.company_id === c && r.kind === kind && r.action === action)?.row_count ?? 0;
    expect(of(cA, 'departure_records', 'anonymise')).toBe(2);
    expect(of(cA, 'departure_proofs', 'anonymise')).toBe(1);
    expect(of(cA, 'departure_proofs', 'delete')).toBe(1);
    expect(of(cB, 'departure_records', 'delete')).toBe(1);
    expect(of(cB, 'resignation_requests', 'delete')).toBe(2);
    expect(of(cA, 'import_files', 'clear')).toBe(3);
    expect(of(null, 'sessions', 'delete')).toBeGreaterThanOrEqual(1);
    // the sum of the log is what the call answered
    expect(runs.reduce((n, r) => n + r.row_count, 0)).toBe(first.total);

    const again = await applyRetention(db, now);
    expect(again).toEqual({ counts: {}, total: 0, more: false, skipped: false });
  });

  it('switching to purge later deletes records anonymised before; records younger stay', async () => {
    await db.query(
      `INSERT INTO retention_settings (company_id, departure_action, updated_at) VALUES ($1, 'purge', $2)
                    ON CONFLICT (company_id) DO UPDATE SET departure_action = 'purge'`,
      [cA, now],
    );
    const later = new Date(now.getTime() + 1000);
    const r = await applyRetention(db, later);
    expect(r.counts['departure_records:delete']).toBe(2);
    expect(await recordRow(A.old!.id)).toBeUndefined();
    expect(await requestRow(A.old!.requestId!)).toBeUndefined();
    expect(await requestRow(ids.reqOldA!)).toBeUndefined();
    expect((await recordRow(A.edge!.id))!.id_card_enc).not.toBeNull();
    await db.query(`UPDATE retention_settings SET departure_action = 'anonymise' WHERE company_id = $1`, [cA]);
  });
});

describe('what the console answers after a purge', () => {
  it('a purged import file: a clear Chinese answer, nothing audited; the batch says when', async () => {
    const id = await batch(cA, uA, 'pending', addDays(now, -40));
    await applyRetention(db, now);
    const file = await get(`/import/batches/${id}/file`, adminA);
    expect(file.body).toMatchObject({ code: 404, msg: MSG_IMPORT_FILE_PURGED, data: null });
    expect(MSG_IMPORT_FILE_PURGED).toContain('原文件已按保存期限删除');
    const errors = await get(`/import/batches/${id}/errors`, adminA);
    expect(errors.body).toMatchObject({ code: 404, msg: MSG_IMPORT_ERRORS_PURGED });
    expect(await exists(`SELECT 1 FROM pii_views WHERE subject_type = 'import_batch' AND subject_id = $1`, [id])).toBe(false);
    const detail = await get(`/import/batches/${id}`, adminA);
    expect(detail.body.code).toBe(200);
    expect(detail.body.data.batch.file_purged_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(detail.body.data.batch).toMatchObject({ status: 'failed', message: MSG_IMPORT_EXPIRED });
    expect(detail.body.data.issues).toEqual([]);
    const commit = await post(`/import/batches/${id}/commit`, {}, adminA);
    expect(commit.body).toMatchObject({ code: 409, msg: MSG_IMPORT_COMMIT_PURGED });
  });

  it('an anonymised record and proof: refusals that say why; the employee’s link is gone', async () => {
    const x = await record(cA, uA, await yearsAgo(3), { proof: 'issued' });
    const why = `&reason=${encodeURIComponent('核对身份信息')}`;
    // seen before: the audit row names the person until the record is anonymised
    expect((await get(`/dimission/records/${x.id}/reveal?field=id_card${why}`, adminA)).body.code).toBe(200);
    const audit = () =>
      db.one<{ subject_name: string; subject_mask: string; reason: string }>(
        `SELECT subject_name, subject_mask, reason FROM pii_views WHERE subject_type = 'departure_record' AND subject_id = $1`,
        [x.id],
      );
    expect((await audit())!.subject_mask).not.toBe('');
    await applyRetention(db, now);
    // the audit row stays (who, when, why, the record) without the name and the mask
    expect(await audit()).toEqual({ subject_name: ANONYMISED_NAME, subject_mask: '', reason: '核对身份信息' });
    expect((await get(`/dimission/records/${x.id}/reveal?field=id_card${why}`, adminA)).body).toMatchObject({ code: 404, msg: MSG_RECORD_ANONYMISED });
    expect((await get(`/dimission/records/${x.id}/reveal?field=mobile${why}`, adminA)).body).toMatchObject({ code: 404, msg: MSG_RECORD_ANONYMISED });
    expect((await get(`/dimission/proofs/${x.proofId}`, adminA)).body).toMatchObject({ code: 409, msg: MSG_PROOF_ANONYMISED });
    expect((await get(`/dimission/proof-view/${x.token}`)).body.code).toBe(404);
    // a new proof cannot be drawn from it (void the old one first, as a reissue would)
    await db.query(`UPDATE departure_proofs SET status = 'void' WHERE id = $1`, [x.proofId]);
    expect((await post('/dimission/proofs', { record_id: String(x.id) }, adminA)).body).toMatchObject({ code: 409, msg: MSG_RECORD_ANONYMISED });
    const list = await get(`/dimission/records?keywords=${encodeURIComponent(ANONYMISED_NAME)}&page=1&page_size=100`, adminA);
    const row = (list.body.data.list as { id: number; name: string; id_card_mask: string }[]).find((r) => r.id === x.id);
    expect(row).toMatchObject({ name: ANONYMISED_NAME, id_card_mask: '' });
  });
});

describe('batches, budget and concurrency', () => {
  it('works in LIMIT-ed batches; a budget stops a call with `more`, the next call goes on', async () => {
    const old = addDays(now, -4000);
    for (let i = 0; i < 7; i++) {
      await db.query(`INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, viewed_at) VALUES ($1, $2, 'candidate', $3, 'mobile', $4)`, [
        uB,
        cB,
        900 + i,
        old,
      ]);
    }
    const t1 = new Date(now.getTime() + 5000);
    const a = await applyRetention(db, t1, { batchSize: 2, budget: 5 });
    expect(a).toMatchObject({ total: 5, more: true });
    const b = await applyRetention(db, t1, { batchSize: 2, budget: 5 });
    expect(b).toMatchObject({ total: 2, more: false });
    // both calls at the same time add to one log row
    const row = await db.one<{ row_count: number }>(`SELECT row_count FROM retention_runs WHERE company_id = $1 AND kind = 'pii_views' AND ran_at = $2`, [
      cB,
      t1,
    ]);
    expect(row!.row_count).toBe(7);
  });

  it('two runs at once: each row is handled once', async () => {
    const old = addDays(now, -4000);
    for (let i = 0; i < 6; i++) {
      await db.query(`INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, viewed_at) VALUES ($1, $2, 'candidate', $3, 'mobile', $4)`, [
        uB,
        cB,
        950 + i,
        old,
      ]);
    }
    const [x, y] = await Promise.all([applyRetention(db, now, { batchSize: 2 }), applyRetention(db, now, { batchSize: 2 })]);
    expect(x.total + y.total).toBe(6);
  });

  it('runs as a queued job; a run that ends at its budget queues the next, until nothing is left; counts logged', async () => {
    const old = addDays(now, -4000);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(
        (await db.one<{ id: number }>(
          `INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, viewed_at) VALUES ($1, $2, 'candidate', $3, 'mobile', $4) RETURNING id::int AS id`,
          [uB, cB, 990 + i, old],
        ))!.id,
      );
    }
    const lines: object[] = [];
    const log = { info: (o: object) => void lines.push(o) };
    jobs = await startJobs({ db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [retentionJob({ log, batchSize: 2, budget: 3 })]);
    await jobs.work();
    installJobs(jobs); // as main.ts does: the job queues its next run through it
    await jobs.send(RETENTION_JOB, {});
    const t0 = Date.now();
    while (await exists('SELECT 1 FROM pii_views WHERE id = ANY($1::int[])', [ids])) {
      if (Date.now() - t0 > 60_000) throw new Error('the job chain never finished');
      await new Promise((r) => setTimeout(r, 200));
    }
    // three runs (3 + 3 + 1 rows), each a line of counts; no value in them
    await new Promise((r) => setTimeout(r, 500));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(lines)).not.toMatch(/1380000|钱多多|candidate/);
    expect(lines[0]).toMatchObject({ retention: { 'pii_views:delete': 3 }, more: true });
  }, 120_000);
});

describe('the setting (GET/POST /usercenter/retention)', () => {
  it('the admin reads and changes it; the answer says who and when, and the company’s purge history', async () => {
    const r0 = await get('/usercenter/retention', adminA);
    expect(r0.body.code).toBe(200);
    const d0 = RetentionData.parse(r0.body.data);
    expect(d0.departure_years).toBe(2);
    expect(d0.runs.length).toBeGreaterThan(0);
    expect(d0.runs.every((r) => r.rows > 0)).toBe(true);
    const r1 = await post('/usercenter/retention', { departure_action: 'purge' }, adminA);
    expect(r1.body).toMatchObject({ code: 200, msg: '保存期限设置已保存' });
    const d1 = RetentionData.parse(r1.body.data);
    expect(d1).toMatchObject({ departure_action: 'purge', updated_by: '王丽娟' });
    expect(d1.updated_at).not.toBeNull();
    expect((await post('/usercenter/retention', { departure_action: 'anonymise' }, adminA)).body.data.departure_action).toBe('anonymise');
    // another company's setting is its own
    expect((await get('/usercenter/retention', adminB)).body.data.departure_action).toBe('purge');
  });

  it('refuses a member who is not the admin, and bad input, in Chinese', async () => {
    await db.query(`UPDATE users SET member_status = 'normal' WHERE mobile_bidx = '${mobileIndex('13800000005')}'`);
    const member = await s.tokenFor('13800000005');
    expect((await post('/usercenter/retention', { departure_action: 'purge' }, member)).body).toMatchObject({
      code: 403,
      msg: MSG_NO_PERMISSION,
    });
    expect((await get('/usercenter/retention', member)).body).toMatchObject({ code: 403, msg: MSG_NO_PERMISSION });
    expect((await db.one<{ departure_action: string }>('SELECT departure_action FROM retention_settings WHERE company_id = $1', [cA]))!.departure_action).toBe(
      'anonymise',
    );
    const none = await s.tokenFor('13800000004');
    expect((await post('/usercenter/retention', { departure_action: 'purge' }, none)).body).toMatchObject({ code: 403, msg: '请先完成企业认证' });
    for (const form of [{ departure_action: 'keep' }, { departure_action: '' }, {}] as Record<string, string>[]) {
      expect((await post('/usercenter/retention', form, adminA)).body).toMatchObject({ code: 400, msg: '请选择离职记录到期后的处理方式：匿名化或删除' });
    }
    expect((await post('/usercenter/retention', { departure_action: 'purge', years: '1' }, adminA)).body).toMatchObject({
      code: 400,
      msg: '不支持的参数：years',
    });
    expect((await post('/usercenter/retention', { departure_action: 'purge' })).body.code).toBe(410000);
  });
});

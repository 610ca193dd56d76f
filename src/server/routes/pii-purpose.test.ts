/**
 * Personal data by need (issue 27) over real HTTP against PGlite: 查看 of a departure record's whole
 * ID number or mobile states a purpose (查看原因); a missing, too long or unfit one is refused in
 * Chinese and audits nothing; the audit row holds the reason and names the person (name, masked
 * number, the record) and never a whole number; 信息查看记录 answers them; older rows stay readable.
 * (The quarterly export's reason: payouts-import.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PiiViewsData } from '../../contract/privacy';
import { envelope } from '../../contract/envelope';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { auditPiiView } from '../lib/pii';
import { Refusal } from '../lib/refusal';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let admin: string;
let c1 = 0;
let rec: { id: number; name: string; id_card_mask: string; mobile_mask: string; leave_date: string };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.tokenFor('13800000001');
  c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
  rec = (await s.db.one<typeof rec>(
    `SELECT id, name, id_card_mask, mobile_mask, to_char(leave_date, 'YYYY-MM-DD') AS leave_date FROM departure_records
      WHERE company_id = $1 AND anonymised_at IS NULL AND mobile_enc IS NOT NULL ORDER BY id LIMIT 1`,
    [c1],
  ))!;
  expect(rec).toBeDefined();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const get = (path: string, token = admin) => call(s.url, 'GET', `/ent/v3${path}`, { token });
const reveal = (field: string, reason?: string) =>
  get(`/dimission/records/${rec.id}/reveal?field=${field}${reason === undefined ? '' : `&reason=${encodeURIComponent(reason)}`}`);
const views = async () => (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pii_views'))!.n;

describe('查看 a whole number needs a stated purpose', () => {
  it('refuses a missing, too short, too long, control-character or number-carrying reason in Chinese, and audits nothing', async () => {
    const before = await views();
    const cases: [string | undefined, string][] = [
      [undefined, '请选择或填写查看原因'],
      ['', '请选择或填写查看原因'],
      ['   ', '请选择或填写查看原因'],
      ['查', '请选择或填写查看原因'],
      ['查'.repeat(51), '查看原因不能超过50个字'],
      ['核对\u0000身份', '查看原因包含非法字符'],
      ['核对 110101199003074477', '查看原因中请勿填写证件号、手机号、银行卡号等号码'],
    ];
    for (const [reason, msg] of cases) {
      const r = await reveal('id_card', reason);
      expect(r.body, JSON.stringify(reason)).toMatchObject({ code: 400, msg });
    }
    expect((await get(`/dimission/records/${rec.id}/reveal?field=id_card&reason=a&reason=b`)).body).toMatchObject({ code: 400 });
    expect(await views()).toBe(before);
  });

  it('reveals for a listed purpose or a typed one; the audit row names the person and holds the reason, never the number', async () => {
    const before = await views();
    const r = await reveal('id_card', '办理社保/公积金转移');
    expect(r.body.code, r.body.msg).toBe(200);
    const whole = (r.body.data as { value: string }).value;
    expect(whole).toMatch(/^\d{17}[\dX]$/);
    const m = await reveal('mobile', '  员工本人来电核对手机号  ');
    expect(m.body.code).toBe(200);
    const mobile = (m.body.data as { value: string }).value;
    expect(await views()).toBe(before + 2);
    const rows = await s.db.query<Record<string, unknown>>(
      `SELECT subject_type, subject_id, field, reason, subject_name, subject_mask, record_label FROM pii_views
        WHERE subject_type = 'departure_record' AND subject_id = $1 ORDER BY id DESC LIMIT 2`,
      [rec.id],
    );
    const label = `离职记录 · 离职日期 ${rec.leave_date}`;
    expect(rows).toEqual([
      {
        subject_type: 'departure_record',
        subject_id: rec.id,
        field: 'mobile',
        reason: '员工本人来电核对手机号',
        subject_name: rec.name,
        subject_mask: rec.mobile_mask,
        record_label: label,
      },
      {
        subject_type: 'departure_record',
        subject_id: rec.id,
        field: 'id_card',
        reason: '办理社保/公积金转移',
        subject_name: rec.name,
        subject_mask: rec.id_card_mask,
        record_label: label,
      },
    ]);
    const all = JSON.stringify(await s.db.query('SELECT * FROM pii_views'));
    expect(all).not.toContain(whole);
    expect(all).not.toContain(mobile);
  });

  it('the proof preview (the action is the purpose) names the person, not departure_proof #id', async () => {
    const p = (await s.db.one<{ id: number; name: string; id_card_mask: string; serial: string | null; leave_date: string }>(
      `SELECT id, name, id_card_mask, serial, to_char(leave_date, 'YYYY-MM-DD') AS leave_date FROM departure_proofs
        WHERE company_id = $1 AND id_card_enc IS NOT NULL ORDER BY id LIMIT 1`,
      [c1],
    ))!;
    expect((await get(`/dimission/proofs/${p.id}`)).body.code).toBe(200);
    const row = await s.db.one<Record<string, unknown>>(
      `SELECT reason, subject_name, subject_mask, record_label FROM pii_views WHERE subject_type = 'departure_proof' AND subject_id = $1 ORDER BY id DESC LIMIT 1`,
      [p.id],
    );
    expect(row).toEqual({
      reason: '预览/打印离职证明',
      subject_name: p.name,
      subject_mask: p.id_card_mask,
      // which departure, not just 草稿 (issue 30 item 4)
      record_label: `离职证明 ${p.serial || '（草稿）'} · 离职日期 ${p.leave_date}`,
    });
  });
});

describe('every kind of full view names the person and the record (issue 30 item 4)', () => {
  it('a request’s mobile, a draft’s and an issued proof’s preview, a record’s numbers, a candidate’s contact', async () => {
    const from = (await s.db.one<{ n: number }>('SELECT coalesce(max(id), 0)::int AS n FROM pii_views'))!.n;
    const q = (await s.db.one<{ id: number }>(
      'SELECT id FROM resignation_requests WHERE company_id = $1 AND mobile_enc IS NOT NULL AND anonymised_at IS NULL ORDER BY id LIMIT 1',
      [c1],
    ))!;
    expect((await get(`/dimission/requests/${q.id}/mobile`)).body.code).toBe(200);
    for (const status of ['draft', 'viewed']) {
      const p = await s.db.one<{ id: number }>('SELECT id FROM departure_proofs WHERE company_id = $1 AND status = $2 AND id_card_enc IS NOT NULL LIMIT 1', [
        c1,
        status,
      ]);
      expect(p, status).toBeDefined();
      expect((await get(`/dimission/proofs/${p!.id}`)).body.code).toBe(200);
    }
    expect((await reveal('mobile', '核对联系方式')).body.code).toBe(200);
    const cand = (await s.db.one<{ id: number }>('SELECT id FROM candidates WHERE mobile_enc IS NOT NULL ORDER BY id LIMIT 1'))!;
    expect((await call(s.url, 'POST', `/ent/v3/talent/contact/${cand.id}`, { token: admin })).body.code).toBe(200);
    const rows = await s.db.query<{ subject_type: string; subject_name: string; subject_mask: string; record_label: string }>(
      'SELECT subject_type, subject_name, subject_mask, record_label FROM pii_views WHERE id > $1 ORDER BY id',
      [from],
    );
    expect(rows.map((r) => r.subject_type)).toEqual(['resignation_request', 'departure_proof', 'departure_proof', 'departure_record', 'candidate']);
    for (const r of rows) {
      expect(r.subject_name, r.subject_type).not.toBe('');
      expect(r.subject_mask, r.subject_type).toMatch(/\*/);
      expect(r.record_label, r.subject_type).not.toBe('');
      expect(r.record_label, r.subject_type).not.toMatch(/#\d/);
    }
    expect(rows.filter((r) => r.subject_type === 'departure_proof').every((r) => / · 离职日期 \d{4}-\d{2}-\d{2}$/.test(r.record_label))).toBe(true);
  });
});

describe('信息查看记录', () => {
  it('answers who, whose (name and masked number), which record, why and when; old rows fall back to the record kind', async () => {
    // a row as written before migration 038 (no name, no mask, no label) of a record since gone
    const u = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    await s.db.query(
      `INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, reason, viewed_at)
       VALUES ($1, $2, 'departure_record', 987654, 'id_card', '查看离职记录', now() - interval '1 day')`,
      [u, c1],
    );
    const all: (typeof PiiViewsData)['_output']['list'] = [];
    for (let page = 1; ; page++) {
      const d = envelope(PiiViewsData).parse((await get(`/usercenter/pii_views?page=${page}`)).body).data;
      all.push(...d.list);
      if (page * d.page_size >= d.total) break;
    }
    const mine = all.find((x) => x.reason === '办理社保/公积金转移')!;
    expect(mine).toMatchObject({
      subject_name: rec.name,
      subject_mask: rec.id_card_mask,
      record: `离职记录 · 离职日期 ${rec.leave_date}`,
      field: 'id_card',
      subject_type: 'departure_record',
    });
    expect(mine.viewer).not.toBe('');
    expect(mine.viewed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(all.find((x) => x.record === '离职记录 #987654')).toMatchObject({ subject_name: '', subject_mask: '', reason: '查看离职记录' });
    expect(all.filter((x) => /\d{7}/.test(x.subject_mask + x.reason))).toEqual([]);
  });
});

describe('the audit writer', () => {
  it('refuses a full view without a reason before writing, and the table refuses a whole number', async () => {
    const before = await views();
    const u = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    const subject = { type: 'departure_record', id: rec.id, name: rec.name, mask: rec.id_card_mask, label: 'x' };
    await expect(auditPiiView(s.db, { userId: u, companyId: c1, field: 'id_card', reason: ' ' }, subject)).rejects.toBeInstanceOf(Refusal);
    await expect(
      auditPiiView(s.db, { userId: u, companyId: c1, field: 'id_card', reason: '核对身份信息' }, { ...subject, mask: '110101199003074477' }),
    ).rejects.toThrow();
    expect(await views()).toBe(before);
  });
});

/**
 * Read rules (issue 9 item 6) and personal information applied (item 11): the licence, invoice
 * details, company ids and the talent hall for verified companies only, 查看联系方式 charged
 * check_info once and audited, sealed mobiles at rest, the company's audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { ContactRevealData, PiiViewsData } from '../../contract/privacy';
import { ResumeView } from '../../contract/talent';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { mobileIndex } from '../domain/users';
import { PLAIN_MOBILE } from '../../../tests/setup/mobiles';

let s: TestServer;
let admin: string; // 13800000001: admin of member company 1
let plain: string; // 13905710001: a plain member of company 1
let pending: string; // 13800000005: asked to join company 1, not yet admitted
let nonMember: string; // 13800000002: admin of company 2, verified, not a member
let inReview: string; // 13800000003: company under review
let noCompany: string; // 13800000004
let c1 = 0;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.tokenFor('13800000001');
  plain = await s.tokenFor('13905710001');
  pending = await s.tokenFor('13800000005');
  nonMember = await s.tokenFor('13800000002');
  inReview = await s.tokenFor('13800000003');
  noCompany = await s.tokenFor('13800000004');
  c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
});
afterAll(async () => {
  await s?.close();
});

const api = (method: string, path: string, token?: string, form?: Record<string, string>) => call(s.url, method, `/ent/v3${path}`, { token, form });
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('the business licence on file', () => {
  it('is shown to the company’s admitted members, not to a joiner the admin has not admitted', async () => {
    const up = await api('POST', '/usercenter/company/license', admin, { image: PNG });
    const id = up.body.data.license_id as number;
    await s.db.query('UPDATE companies SET license_id = $2 WHERE id = $1', [c1, id]);
    expect((await api('GET', `/usercenter/company/license/${id}`, plain)).body.data.image).toBe(PNG);
    const joiner = await api('GET', `/usercenter/company/license/${id}`, pending);
    expect(joiner.body).toEqual({ code: 404, msg: '营业执照照片不存在', data: null });
    // the pending joiner's view of the application carries no file either
    expect((await api('GET', '/usercenter/company', pending)).body.data.company).toMatchObject({ license_id: null, contact_mobile: '' });
  });
});

describe('invoice details', () => {
  const inv = { company_name: '杭州云帆智联科技有限公司', creditcode: '91330106MA27WQ3D0X', invoice_type: '0' };
  it('are written by 财务 and administrators only (the table’s perm); members still read them', async () => {
    const refused = await api('POST', '/usercenter/company/invoice', plain, inv);
    expect(refused.body).toMatchObject({ code: 403, msg: '您没有该操作的权限，请联系企业管理员' });
    expect((await api('POST', '/usercenter/company/order/invoice/YF2024110800012', plain, inv)).body).toMatchObject({
      code: 403,
      msg: '您没有该操作的权限，请联系企业管理员',
    });
    expect((await api('GET', '/usercenter/company/invoice', plain)).body.code).toBe(200);
  });
});

describe('company ids and the talent hall need a verified company', () => {
  it('refuses users without one, under review, or not yet admitted; answers verified members', async () => {
    for (const t of [noCompany, inReview, pending]) {
      expect((await api('GET', `/index/company/${c1}`, t)).body.code).toBe(403);
      expect((await api('GET', '/talent/list', t)).body.code).toBe(403);
    }
    expect((await api('GET', '/talent/list', noCompany)).body.msg).toBe('该操作需要企业认证，是否继续？');
    expect((await api('GET', `/index/company/${c1}`, nonMember)).body.code).toBe(200);
    expect((await api('GET', '/talent/list', nonMember)).body.code).toBe(200);
  });
});

describe('查看联系方式 (check_info)', () => {
  const balance = async () => (await s.db.one<{ crc_balance: number }>('SELECT crc_balance FROM companies WHERE id = $1', [c1]))!.crc_balance;
  const fresh = async () =>
    (await s.db.one<{ id: number }>(
      'SELECT id FROM candidates c WHERE NOT EXISTS (SELECT 1 FROM contact_unlocks u WHERE u.candidate_id = c.id) ORDER BY id LIMIT 1',
    ))!.id;

  it('charges check_info once per candidate, writes a ledger line, and audits every full view', async () => {
    const id = await fresh();
    const before = await balance();
    const resume = envelope(ResumeView).parse((await api('GET', `/talent/view_user/${id}`, plain)).body).data;
    expect(resume).toMatchObject({ contact_visible: true, contact_unlocked: false, contact_cost: 5 });
    const first = envelope(ContactRevealData).parse((await api('POST', `/talent/contact/${id}`, plain)).body);
    expect(first.msg).toBe('已消耗 5 CRC积分');
    expect(first.data.mobile).toMatch(/^1\d{10}$/);
    expect(first.data.mobile.slice(0, 3) + '****' + first.data.mobile.slice(7)).toBe(resume.user.mobile);
    expect(first.data).toMatchObject({ charged: 5, crc_balance: before - 5 });
    // a second opening (another colleague) is free
    const second = envelope(ContactRevealData).parse((await api('POST', `/talent/contact/${id}`, admin)).body);
    expect(second.data).toMatchObject({ mobile: first.data.mobile, charged: 0, crc_balance: before - 5 });
    expect(await balance()).toBe(before - 5);
    expect((await api('GET', `/talent/view_user/${id}`, admin)).body.data.contact_unlocked).toBe(true);
    const ledger = await s.db.query<{ delta: number; ref: string }>('SELECT delta, ref FROM crc_ledger WHERE company_id = $1 AND ref = $2', [
      c1,
      `candidate:${id}`,
    ]);
    expect(ledger).toEqual([{ delta: -5, ref: `candidate:${id}` }]);
    const views = await s.db.query<{ subject_type: string; field: string; reason: string }>(
      "SELECT subject_type, field, reason FROM pii_views WHERE subject_type = 'candidate' AND subject_id = $1",
      [id],
    );
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ subject_type: 'candidate', field: 'mobile', reason: '查看联系方式' });
  });

  it('two simultaneous openings charge once', async () => {
    const id = await fresh();
    const before = await balance();
    const both = await Promise.all([api('POST', `/talent/contact/${id}`, admin), api('POST', `/talent/contact/${id}`, plain)]);
    expect(both.map((r) => r.body.code)).toEqual([200, 200]);
    expect(await balance()).toBe(before - 5);
  });

  it('refuses with a clear message when the CRC balance is too low, and charges nothing', async () => {
    const id = await fresh();
    await s.db.query('UPDATE companies SET crc_balance = 3 WHERE id = $1', [c1]);
    const r = await api('POST', `/talent/contact/${id}`, admin);
    expect(r.body).toMatchObject({ code: 409, msg: 'CRC积分不足：查看联系方式需要 5 积分，当前余额 3 积分，请开通或续费会员获取积分' });
    expect(await balance()).toBe(3);
    expect(await s.db.one('SELECT 1 FROM contact_unlocks WHERE company_id = $1 AND candidate_id = $2', [c1, id])).toBeUndefined();
    await s.db.query('UPDATE companies SET crc_balance = 500 WHERE id = $1', [c1]);
  });

  it('is for member companies; a missing candidate is 404', async () => {
    expect((await api('POST', '/talent/contact/1', nonMember)).body).toMatchObject({ code: 403, msg: '该功能为付费会员功能，开通会员后即可正常使用' });
    expect((await api('POST', '/talent/contact/1', noCompany)).body.code).toBe(403);
    expect((await api('POST', '/talent/contact/99999999', admin)).body).toMatchObject({ code: 404, msg: '该人才不存在或已下线' });
  });
});

describe('personal information at rest', () => {
  it('keeps candidates’ and company contacts’ mobiles sealed: no plain column, no plain value', async () => {
    const cols = await s.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_name IN ('candidates', 'companies') AND column_name LIKE '%mobile%' AND table_schema = current_schema()`,
    );
    expect(cols.map((c) => `${c.table_name}.${c.column_name}`).sort()).toEqual([
      // the blind index (HMAC) the duplicate matcher looks a mobile up by (issue 32 item 3)
      'candidates.mobile_bidx',
      'candidates.mobile_enc',
      'candidates.mobile_mask',
      'companies.contact_mobile_enc',
      'companies.contact_mobile_mask',
    ]);
    const rows = await s.db.query<{ mobile_enc: string; mobile_mask: string; mobile_bidx: string | null }>(
      'SELECT mobile_enc, mobile_mask, mobile_bidx FROM candidates LIMIT 20',
    );
    for (const r of rows) {
      expect(r.mobile_bidx ?? '').not.toMatch(PLAIN_MOBILE);
      expect(r.mobile_enc).toMatch(/^v\d+\./);
      expect(r.mobile_enc).not.toMatch(PLAIN_MOBILE);
      expect(r.mobile_mask).toMatch(/^1\d{2}\*{4}\d{4}$/);
    }
    const contact = await s.db.one<{ contact_mobile_enc: string; contact_mobile_mask: string }>(
      'SELECT contact_mobile_enc, contact_mobile_mask FROM companies WHERE id = $1',
      [c1],
    );
    expect(contact!.contact_mobile_mask).toBe('138****0001');
    expect(contact!.contact_mobile_enc).toMatch(/^v\d+\./);
    // the application shows the mask to the company
    expect((await api('GET', '/usercenter/company', admin)).body.data.company.contact_mobile).toBe('138****0001');
  });
});

describe('the audit trail of full views', () => {
  it('shows the company’s administrators who saw whose value, when and why; no one else', async () => {
    const r = await api('GET', '/usercenter/pii_views', admin);
    const { data } = envelope(PiiViewsData).parse(r.body);
    expect(data.total).toBeGreaterThanOrEqual(4);
    expect(data.list[0]).toMatchObject({ field: 'mobile', reason: '查看联系方式', subject_type: 'candidate' });
    // names the candidate (a recruiter's opening states no reason: the action is the purpose)
    expect(data.list[0]!.subject_name).not.toBe('');
    expect(data.list[0]!.subject_mask).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(data.list[0]!.record).toBe('人才简历');
    expect(data.list.map((x) => x.viewer)).toContain('王丽娟');
    expect(JSON.stringify(data)).not.toMatch(PLAIN_MOBILE);
    expect((await api('GET', '/usercenter/pii_views', plain)).body).toMatchObject({ code: 403, msg: '您没有该操作的权限，请联系企业管理员' });
    // another company's trail does not hold company 1's views
    const other = envelope(PiiViewsData).parse((await api('GET', '/usercenter/pii_views', nonMember)).body).data;
    expect(other.total).toBe(0);
  });
});

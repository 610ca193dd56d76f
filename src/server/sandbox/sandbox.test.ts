import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { call, loginWithSms, startTestServer, type Env, type TestServer } from '../../../tests/setup/server';
import { mobileIndex } from '../domain/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

interface CompanyItem {
  id: number;
  name: string;
  status: string;
  reject_reason: string;
  applicant_mobile: string | null;
}
const companies = async (status?: string) =>
  (await call<{ list: CompanyItem[] }>(s.url, 'GET', `/sandbox/companies${status ? `?status=${status}` : ''}`)).body.list;
const review = (id: number | string, form: Record<string, string>, headers?: Record<string, string>) =>
  call(s.url, 'POST', `/sandbox/companies/${id}/review`, { form, ...(headers ? { headers } : {}) });
const userInfo = async (mobile: string) => (await call(s.url, 'GET', '/ent/v3/usercenter/info', { token: await s.tokenFor(mobile) })).body as Env;

describe('GET /sandbox/sms', () => {
  it('answers 404 JSON for a mobile without code', async () => {
    const r = await call(s.url, 'GET', '/sandbox/sms?mobile=13999999999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ msg: '该手机号暂无验证码' });
  });

  it('shows the latest code per mobile, and the whole inbox without mobile', async () => {
    await call(s.url, 'POST', '/ent/v3/login/code', { form: { mobile: '13800000004' } });
    const one = await call<{ code: string; sent_at: string }>(s.url, 'GET', '/sandbox/sms?mobile=13800000004');
    expect(one.status).toBe(200);
    expect(Object.keys(one.body).sort()).toEqual(['code', 'sent_at']);
    const all = await call<{ list: { mobile: string; code: string; consumed: boolean }[] }>(s.url, 'GET', '/sandbox/sms');
    expect(all.body.list.find((x) => x.mobile === '13800000004')).toMatchObject({ code: one.body.code, consumed: false });
  });
});

describe('company review', () => {
  it('lists the company under review with its applicant', async () => {
    const list = await companies('apply');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: '成都蜀道通达物流有限公司', status: 'apply', applicant_mobile: '13800000003' });
    expect((await companies()).length).toBe(3);
  });

  it('validates the form in Chinese', async () => {
    const id = (await companies('apply'))[0]!.id;
    expect((await review(id, {})).body).toMatchObject({ code: 400, msg: '审核结果只能是 pass（通过）或 reject（驳回）' });
    expect((await review(id, { result: 'maybe' })).body).toMatchObject({ code: 400 });
    expect((await review(id, { result: 'reject' })).body).toEqual({ code: 400, msg: '驳回时请填写驳回原因', data: null });
    expect((await review(id, { result: 'reject', reason: '长'.repeat(201) })).body).toMatchObject({
      code: 400,
      msg: '参数过长：原因',
    });
    expect((await review(id, { result: 'pass', extra: '1' })).body).toMatchObject({ code: 400, msg: '不支持的参数：extra' });
    expect((await review('abc', { result: 'pass' })).body).toMatchObject({ code: 400, msg: '参数格式错误：编号' });
    expect((await review(999999, { result: 'pass' })).body).toEqual({ code: 404, msg: '企业不存在', data: null });
    // a verified company is not under review
    const normal = (await companies('normal'))[0]!.id;
    expect((await review(normal, { result: 'pass' })).body).toEqual({ code: 409, msg: '该企业当前不在审核中', data: null });
  });

  it('reject keeps the applicant in apply and records the reason', async () => {
    const id = (await companies('apply'))[0]!.id;
    const r = await review(id, { result: 'reject', reason: '营业执照照片不清晰，请重新上传' });
    expect(r.body).toEqual({ code: 200, msg: '已驳回', data: { id, status: 'reject' } });
    expect((await companies()).find((c) => c.id === id)).toMatchObject({
      status: 'reject',
      reject_reason: '营业执照照片不清晰，请重新上传',
    });
    expect((await userInfo('13800000003')).data.user.company_status).toBe('apply');
  });

  it('pass makes the company normal, the applicant a member, and gifts the registration CRC', async () => {
    const id = (await companies('reject'))[0]!.id;
    await s.db.query(`UPDATE companies SET status = 'apply' WHERE id = $1`, [id]); // resubmitted
    const r = await review(id, { result: 'pass' });
    expect(r.body).toEqual({ code: 200, msg: '审核通过', data: { id, status: 'normal' } });
    const me = await userInfo('13800000003');
    expect(me.data.user.company_status).toBe('normal');
    expect(me.data.member).toMatchObject({ company_id: id, is_admin: 1, crc: 100 });
    const ledger = await s.db.query<{ delta: number; reason: string }>('SELECT delta, reason FROM crc_ledger WHERE company_id = $1', [id]);
    expect(ledger).toEqual([{ delta: 100, reason: '企业认证通过赠送' }]);
    expect((await review(id, { result: 'pass' })).body).toMatchObject({ code: 409 });
  });

  it('the operator page form redirects back with a notice', async () => {
    const user = await loginWithSms(s.url, '13812340000');
    expect(user.data.user.company_status).toBe('no_apply');
    const uid = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13812340000')}'`))!.id;
    const c = await s.db.one<{ id: number }>(
      `INSERT INTO companies (name, creditcode, status, submitted_by, submitted_at) VALUES ('苏州测试科技有限公司', '91320505MA1XYZ1234', 'apply', $1, now()) RETURNING id`,
      [uid],
    );
    await s.db.query(`UPDATE users SET company_id = $1, role = 'admin', member_status = 'pending' WHERE id = $2`, [c!.id, uid]);
    const page = await call<string>(s.url, 'GET', '/sandbox/');
    expect(page.body).toContain('苏州测试科技有限公司');
    expect(page.body).toContain(`action="/sandbox/companies/${c!.id}/review"`);
    const r = await review(c!.id, { result: 'reject' }, { accept: 'text/html' });
    expect(r.status).toBe(303);
    expect(decodeURIComponent(r.headers.get('location')!)).toBe('/sandbox/?error=驳回时请填写驳回原因');
    const ok = await review(c!.id, { result: 'pass' }, { accept: 'text/html' });
    expect(ok.status).toBe(303);
    expect(decodeURIComponent(ok.headers.get('location')!)).toContain('已通过');
    const notice = await call<string>(s.url, 'GET', ok.headers.get('location')!);
    expect(notice.body).toContain(`企业 ${c!.id} 已通过`);
  });
});

describe('GET /sandbox/', () => {
  it('is a self-contained Chinese page with the inbox, reviews and placeholders', async () => {
    const r = await call<string>(s.url, 'GET', '/sandbox/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    for (const text of ['沙箱操作台', '短信收件箱', '待审核企业', '会员订单', '上传记录', '13800000004']) {
      expect(r.body).toContain(text);
    }
    // nothing fetched from elsewhere (the empty data: icon only stops the browser asking for /favicon.ico)
    expect(r.body).not.toMatch(/<(link|script)[^>]+(href|src)="(?!data:)/i);
    expect(r.body).not.toMatch(/https?:\/\//);
    const plain = await call(s.url, 'GET', '/sandbox');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/sandbox/');
  });

  it('escapes what it shows', async () => {
    await s.db.query(`INSERT INTO companies (name, creditcode, status, submitted_at) VALUES ('<script>alert(1)</script>', 'X1', 'apply', now())`);
    const r = await call<string>(s.url, 'GET', '/sandbox/');
    expect(r.body).not.toContain('<script>alert(1)</script>');
    expect(r.body).toContain('&lt;script&gt;');
  });

  it('unknown sandbox paths are JSON 404', async () => {
    const r = await call(s.url, 'GET', '/sandbox/nope');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ msg: '沙箱接口不存在' });
  });
});

describe('sandboxes off', () => {
  it('/sandbox/* does not exist when the option is off', async () => {
    const app = await buildServer({ db: s.db, sandbox: false });
    for (const url of ['/sandbox/sms?mobile=13800000001', '/sandbox/', '/sandbox/companies']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
    }
    const r = await app.inject({ method: 'POST', url: '/sandbox/companies/1/review', payload: { result: 'pass' } });
    expect(r.statusCode).toBe(404);
    await app.close();
  });
});

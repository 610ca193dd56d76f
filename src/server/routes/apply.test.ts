/**
 * The job-seeker's own application (投递, issue 32) over real HTTP: 分享 makes one link per
 * position (重新生成链接 retires the old), the page shows the position and nothing of another
 * company, the SMS code is required and a wrong one refused, one person applies once, a closed or
 * expired position takes none, the 新投递 message reaches whoever recruits (not when 接收投递通知
 * is off), and the position's kept figures move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../contract/endpoints';
import { MSG_APPLIED, MSG_APPLIED_TWICE } from '../../contract/apply';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';

let s: TestServer;
/** the server's clock ahead of the real one: a new code for the same mobile waits out the minute */
let ahead = 0;
const tokens: Record<string, string> = {};
const tok = async (mobile: string) => (tokens[mobile] ??= await s.tokenFor(mobile));
const ADMIN = '13800000001';
const OTHER = '13800000002';
const RECRUITER = '13905710008';
const FINANCE = '13905710007';

type Env = { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = async (path: string, mobile?: string) =>
  (await call<Env>(s.url, 'GET', `${API_PREFIX}${path}`, { token: mobile ? await tok(mobile) : undefined })).body;
const post = async (path: string, form: Record<string, string>, mobile?: string) =>
  (await call<Env>(s.url, 'POST', `${API_PREFIX}${path}`, { form, token: mobile ? await tok(mobile) : undefined })).body;

const linkOf = (url: string) => url.split('/m/job/')[1]!;
const sandboxCode = async (mobile: string) => (await call<{ code: string }>(s.url, 'GET', `/sandbox/sms?mobile=${mobile}`)).body.code;
const figures = async (id: number) => (await s.db.one<{ apply_num: number; new_num: number }>('SELECT apply_num, new_num FROM positions WHERE id = $1', [id]))!;
const appTitles = async (mobile: string) => ((await get('/messages?kind=application', mobile)).data.list as { title: string }[]).map((m) => m.title);

/** A 投递 with a fresh code (asked for, then read from the SMS sandbox). */
async function apply(token: string, mobile: string, extra: Record<string, string> = {}) {
  ahead += 61_000;
  const sent = await post(`/job/${token}/code`, { mobile });
  if (sent.code !== 200) return sent;
  const code = await sandboxCode(mobile);
  return post(`/job/${token}/apply`, {
    name: '沈清秋',
    mobile,
    code,
    gender: '女',
    birth: '1996-05',
    education: '5',
    work_years: '3',
    intro: '三年新媒体运营经验',
    ...extra,
  });
}

let positions: { id: number; title: string }[];
beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(Date.now() + ahead) });
  positions = (await get('/position/list?status=open&page_size=50', ADMIN)).data.list;
  expect(positions.length).toBeGreaterThanOrEqual(3);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('分享: a position public link', () => {
  it('is made once, shown again, replaced by 重新生成链接; another company cannot share it', async () => {
    const p = positions[0]!;
    const a = await post(`/position/${p.id}/share`, {}, ADMIN);
    expect(a.code, a.msg).toBe(200);
    expect(a.data.url).toMatch(/\/m\/job\/[A-Za-z0-9_-]{24}$/);
    expect((await post(`/position/${p.id}/share`, {}, RECRUITER)).data.url).toBe(a.data.url);
    const b = await post(`/position/${p.id}/share`, { rotate: '1' }, ADMIN);
    expect(b.data.url).not.toBe(a.data.url);
    expect((await get(`/job/${linkOf(a.data.url)}`)).code).toBe(404);
    expect((await get(`/job/${linkOf(b.data.url)}`)).code).toBe(200);
    expect((await post(`/position/${p.id}/share`, {}, OTHER)).code).toBe(404);
    expect((await post(`/position/${p.id}/share`, {}, FINANCE)).code).not.toBe(200);
  });
});

describe('the position page and 投递简历', () => {
  it('shows the position as a job-seeker sees it: no figures, no other company, the contact only when 对外显示', async () => {
    const p = positions[0]!;
    const token = linkOf((await post(`/position/${p.id}/share`, {}, ADMIN)).data.url);
    await s.db.query('UPDATE positions SET contact_public = false WHERE id = $1', [p.id]);
    const page = await get(`/job/${token}`);
    expect(page.code).toBe(200);
    expect(page.data).toMatchObject({ title: p.title, job_nature: '全职', closed: '', contact_name: '', contact_tel: '' });
    const own = (await s.db.one<{ name: string }>('SELECT c.name FROM companies c JOIN positions p ON p.company_id = c.id WHERE p.id = $1', [p.id]))!;
    expect(page.data.company_name).toBe(own.name);
    const others = await s.db.query<{ name: string }>('SELECT name FROM companies WHERE id <> (SELECT company_id FROM positions WHERE id = $1)', [p.id]);
    const text = JSON.stringify(page.data);
    for (const o of others) expect(text).not.toContain(o.name);
    for (const k of ['id', 'company_id', 'apply_num', 'new_num', 'share_token', 'notify_apply', 'status']) expect(page.data).not.toHaveProperty(k);
    await s.db.query('UPDATE positions SET contact_public = true WHERE id = $1', [p.id]);
    const shown = (await get(`/job/${token}`)).data;
    expect(shown.contact_name).not.toBe('');
    expect(shown.contact_tel).not.toBe('');
    await s.db.query('UPDATE positions SET contact_public = false WHERE id = $1', [p.id]);
    expect((await get('/job/AAAAAAAAAAAAAAAAAAAAAAAA')).code).toBe(404);
  });

  it('needs the SMS code (a wrong one refused in Chinese), applies once, moves the figures and tells the recruiters only', async () => {
    const p = positions[0]!;
    const token = linkOf((await post(`/position/${p.id}/share`, {}, ADMIN)).data.url);
    const mobile = '13912347701';
    const form = { name: '沈清秋', mobile, gender: '女', birth: '1996-05', education: '5', work_years: '3', intro: '' };
    const none = await post(`/job/${token}/apply`, { ...form, code: '123456' });
    expect(none).toMatchObject({ code: 400, msg: '请先获取验证码' });
    expect((await post(`/job/${token}/code`, { mobile })).code).toBe(200);
    const right = await sandboxCode(mobile);
    const wrong = await post(`/job/${token}/apply`, { ...form, code: right === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ code: 400, msg: '验证码错误' });
    const bad = await post(`/job/${token}/apply`, { ...form, code: right, gender: '' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);

    const before = { fig: await figures(p.id), rec: (await appTitles(RECRUITER)).length, fin: (await appTitles(FINANCE)).length };
    const ok = await post(`/job/${token}/apply`, { ...form, code: right, intro: '三年新媒体运营经验' });
    expect(ok).toMatchObject({ code: 200, msg: MSG_APPLIED });
    expect(await figures(p.id)).toEqual({ apply_num: before.fig.apply_num + 1, new_num: before.fig.new_num + 1 });

    // the person's record: the mobile sealed, kept out of the talent hall; one application, 待处理
    const rows = await s.db.query<{ status: string; source: string; mobile_enc: string; in_hall: boolean; evaluation: string }>(
      `SELECT a.status, a.source, c.mobile_enc, c.in_hall, c.evaluation FROM applications a JOIN candidates c ON c.id = a.candidate_id
        WHERE a.position_id = $1 AND c.realname = '沈清秋'`,
      [p.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', source: '自主投递', in_hall: false, evaluation: '三年新媒体运营经验' });
    expect(rows[0]!.mobile_enc).not.toContain(mobile);
    const listed = (await get(`/position/${p.id}/applications`, ADMIN)).data.list as { realname: string; status: string }[];
    expect(listed.find((a) => a.realname === '沈清秋')?.status).toBe('pending');

    // 新投递: to whoever recruits (招聘 and the admin), not 财务, not another company
    const title = `沈清秋投递了「${p.title}」，待处理`;
    expect(await appTitles(RECRUITER)).toContain(title);
    expect(await appTitles(ADMIN)).toContain(title);
    expect((await appTitles(RECRUITER)).length).toBe(before.rec + 1);
    expect((await appTitles(FINANCE)).length).toBe(before.fin);
    expect(await appTitles(OTHER)).not.toContain(title);
    const msg = ((await get('/messages?kind=application', RECRUITER)).data.list as { title: string; ref: object }[]).find((m) => m.title === title)!;
    expect(msg.ref).toEqual({ route: 'positionCollection', id: String(p.id), name: p.title });

    // again, with a new code: 你已投递过该职位, still one row, the figures unchanged, no second message
    const twice = await apply(token, mobile);
    expect(twice).toMatchObject({ code: 409, msg: MSG_APPLIED_TWICE });
    expect(
      (await s.db.one<{ n: number }>(
        "SELECT count(*)::int AS n FROM applications a JOIN candidates c ON c.id = a.candidate_id WHERE a.position_id = $1 AND c.realname = '沈清秋'",
        [p.id],
      ))!.n,
    ).toBe(1);
    expect(await figures(p.id)).toEqual({ apply_num: before.fig.apply_num + 1, new_num: before.fig.new_num + 1 });
    expect((await appTitles(RECRUITER)).length).toBe(before.rec + 1);

    // the same person applying to another position is the same record
    const q = positions[1]!;
    const other = linkOf((await post(`/position/${q.id}/share`, {}, ADMIN)).data.url);
    expect((await apply(other, mobile)).code).toBe(200);
    expect(
      (await s.db.one<{ n: number }>(
        "SELECT count(DISTINCT candidate_id)::int AS n FROM applications a JOIN candidates c ON c.id = a.candidate_id WHERE c.realname = '沈清秋'",
      ))!.n,
    ).toBe(1);
  });

  it('writes no 新投递 message when the position says 接收投递通知: 否 (the application is still made)', async () => {
    const p = positions[2]!;
    const token = linkOf((await post(`/position/${p.id}/share`, {}, ADMIN)).data.url);
    await s.db.query('UPDATE positions SET notify_apply = false WHERE id = $1', [p.id]);
    const before = { rec: (await appTitles(RECRUITER)).length, fig: await figures(p.id) };
    const r = await apply(token, '13912347702', { name: '顾青' });
    expect(r.code, r.msg).toBe(200);
    expect((await appTitles(RECRUITER)).length).toBe(before.rec);
    expect((await figures(p.id)).apply_num).toBe(before.fig.apply_num + 1);
    await s.db.query('UPDATE positions SET notify_apply = true WHERE id = $1', [p.id]);
  });

  it('a closed or expired position says so and takes no application (code nor 投递)', async () => {
    const p = positions[2]!;
    const token = linkOf((await post(`/position/${p.id}/share`, {}, ADMIN)).data.url);
    const mobile = '13912347703';
    // a code asked for while open, then the position goes offline
    expect((await post(`/job/${token}/code`, { mobile })).code).toBe(200);
    const code = await sandboxCode(mobile);
    expect((await post(`/position/status/${p.id}`, { action: 'close' }, ADMIN)).code).toBe(200);
    expect((await get(`/job/${token}`)).data.closed).toBe('offline');
    const refused = await post(`/job/${token}/apply`, { name: '韩松', mobile, code, gender: '男', birth: '1990-01', education: '4', work_years: '8' });
    expect(refused).toMatchObject({ code: 409, msg: '该职位已停止招聘' });
    expect((await post(`/job/${token}/code`, { mobile: '13912347704' })).code).toBe(409);
    expect((await s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM candidates WHERE realname = '韩松'"))!.n).toBe(0);

    expect((await post(`/position/status/${p.id}`, { action: 'reopen' }, ADMIN)).code).toBe(200);
    await s.db.query("UPDATE positions SET closes_on = (now() AT TIME ZONE 'Asia/Shanghai')::date - 1 WHERE id = $1", [p.id]);
    expect((await get(`/job/${token}`)).data.closed).toBe('expired');
    expect(await apply(token, '13912347705', { name: '韩松' })).toMatchObject({ code: 409, msg: '该职位已过截止日期，停止接收投递' });
    await s.db.query('UPDATE positions SET closes_on = NULL WHERE id = $1', [p.id]);
  });

  it('the position form keeps 工作性质, 联系方式对外显示, 接收投递通知 and 截止日期', async () => {
    const p = positions[1]!;
    const d = (await get(`/position/${p.id}`, ADMIN)).data;
    expect(d).toMatchObject({ job_nature: '全职', notify_apply: true, closes_on: '' });
    const form: Record<string, string> = {};
    for (const [k, v] of Object.entries(d)) if (k !== 'status') form[k] = Array.isArray(v) ? v.join(',') : String(v);
    const saved = await post(
      '/position/save',
      { ...form, job_nature: '兼职', contact_public: '1', notify_apply: '0', closes_on: '2099-12-31', department: d.department },
      ADMIN,
    );
    expect(saved.code, saved.msg).toBe(200);
    expect((await get(`/position/${p.id}`, ADMIN)).data).toMatchObject({
      job_nature: '兼职',
      contact_public: true,
      notify_apply: false,
      closes_on: '2099-12-31',
    });
    const bad = await post('/position/save', { ...form, id: '', title: `${d.title}新`, job_nature: '零工' }, ADMIN);
    expect(bad).toMatchObject({ code: 400, msg: '请选择工作性质' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { CompanyInfo, PlanDaysData, PlanListData } from '../../contract/home';
import { InviteInfo, ResumeView } from '../../contract/talent';
import { fmtDate, fmtDateTime, addDays } from '../lib/time';
import { demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';

const s = useTestServer();
const { get, post } = entCalls(s);
// the demo's accounts (tests/setup/server.ts demoAccounts)
let member: string, nonMember: string, noCompany: string, c1: number, c2: number;
beforeAll(async () => {
  ({ member, nonMember, noCompany, c1, c2 } = await demoAccounts(s));
});

/** A candidate with a departure proof and no open application or interview with company 1. */
async function freshCandidate(): Promise<number> {
  const r = await s.db.one<{ id: number }>(
    `SELECT c.id FROM candidates c WHERE EXISTS (SELECT 1 FROM candidate_work w WHERE w.candidate_id = c.id AND w.has_proof)
        AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.candidate_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = c.id) ORDER BY c.id DESC LIMIT 1`,
  );
  return r!.id;
}
async function openJob(company: number): Promise<number> {
  return (await s.db.one<{ id: number }>(`SELECT id FROM positions WHERE company_id = $1 AND status = 'open' ORDER BY id LIMIT 1`, [company]))!.id;
}
const tomorrowAt = (hm: string) => `${fmtDate(addDays(new Date(), 1))} ${hm}:00`;

describe('GET /talent/view_user/{id}', () => {
  it('answers every field of the resume with the mobile masked (查看联系方式 opens it); the view is logged', async () => {
    const id = await freshCandidate();
    const r = await get(`/talent/view_user/${id}`, member);
    const { code, data } = envelope(ResumeView).parse(r.body);
    expect(code).toBe(200);
    const row = (await s.db.one<{ mobile_mask: string; realname: string }>('SELECT mobile_mask, realname FROM candidates WHERE id = $1', [id]))!;
    expect(data.user.realname).toBe(row.realname);
    expect(data.user.mobile).toBe(row.mobile_mask);
    expect(data.user.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(data.contact_visible).toBe(true);
    expect(data).toMatchObject({ contact_unlocked: false, contact_cost: 5 });
    expect(data.invited_type).toBe('user');
    expect(data.work_exp_list.length).toBeGreaterThan(0);
    expect(data.edu_list.length).toBeGreaterThan(0);
    const proof = data.work_exp_list.find((w) => w.no8_pic);
    expect(proof?.no8_pic).toMatch(/^\/files\/proof\/\d+\.svg\?exp=\d+&sig=/);
    const img = await fetch(s.url + proof!.no8_pic);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await img.text();
    expect(svg).toContain('离职证明');
    expect(svg).toContain(row.realname);
    const log = await s.db.one<{ contact_shown: boolean }>('SELECT contact_shown FROM resume_views WHERE candidate_id = $1 ORDER BY id DESC', [id]);
    expect(log?.contact_shown).toBe(false);
  });

  it('a tampered or expired proof link is refused', async () => {
    const id = await freshCandidate();
    const { data } = envelope(ResumeView).parse((await get(`/talent/view_user/${id}`, member)).body);
    const url = data.work_exp_list.find((w) => w.no8_pic)!.no8_pic;
    // another first character of the signature, whatever it was
    expect((await fetch(s.url + url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`))).status).toBe(403);
    expect((await fetch(s.url + url.replace(/exp=\d+/, 'exp=1000'))).status).toBe(403);
    expect((await fetch(`${s.url}/files/proof/abc.svg`)).status).toBe(403);
  });

  it('a non-member company sees the mobile masked', async () => {
    const id = await freshCandidate();
    const { data } = envelope(ResumeView).parse((await get(`/talent/view_user/${id}`, nonMember)).body);
    expect(data.user.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(data.contact_visible).toBe(false);
  });

  it('a user without a verified company, a missing candidate, a bad id and no token are refused', async () => {
    expect((await get('/talent/view_user/1', noCompany)).body).toMatchObject({ code: 403, msg: '该操作需要企业认证，是否继续？' });
    expect((await get('/talent/view_user/99999999', member)).body).toMatchObject({ code: 404, msg: '该人才不存在或已下线' });
    expect((await get('/talent/view_user/abc', member)).body.code).toBe(400);
    expect((await get('/talent/view_user/1')).body.code).toBe(410000);
  });

  it("opening an applicant's resume marks the application viewed and offers the intention invitation", async () => {
    const a = (await s.db.one<{ id: number; candidate_id: number; position_id: number }>(
      `SELECT a.id, a.candidate_id, a.position_id FROM applications a JOIN positions p ON p.id = a.position_id
        WHERE a.company_id = $1 AND a.status = 'pending' AND p.status = 'open' ORDER BY a.id LIMIT 1`,
      [c1],
    ))!;
    const { data } = envelope(ResumeView).parse((await get(`/talent/view_user/${a.candidate_id}`, member)).body);
    expect(data.invited_type).toBe('intention');
    expect(data.apply_id).toBeGreaterThan(0);
    expect((await s.db.one<{ status: string }>('SELECT status FROM applications WHERE id = $1', [a.id]))!.status).toBe('viewed');
  });
});

describe('GET /index/company/{id}', () => {
  it('answers the registration facts of a verified company', async () => {
    const { code, data } = envelope(CompanyInfo).parse((await get(`/index/company/${c1}`, nonMember)).body);
    expect(code).toBe(200);
    expect(data.company_name).toBe('杭州云帆智联科技有限公司');
    expect(data.creditcode).toHaveLength(18);
    expect(data.represent).toBe('陈建国');
  });
  it('a company under review or missing is not shown; bad ids are refused', async () => {
    const c3 = (await s.db.one<{ id: number }>(`SELECT id FROM companies WHERE status = 'apply' LIMIT 1`))!.id;
    expect((await get(`/index/company/${c3}`, member)).body).toMatchObject({ code: 404 });
    expect((await get('/index/company/0', member)).body.code).toBe(400);
    expect((await get('/index/company/1')).body.code).toBe(410000);
  });
});

describe('GET/POST /talent/invite/{id}', () => {
  it("type user: lists the company's open jobs and pre-fills the HR contact", async () => {
    const id = await freshCandidate();
    const { code, data } = envelope(InviteInfo).parse((await get(`/talent/invite/${id}?type=user`, member)).body);
    expect(code).toBe(200);
    expect(data.company_name).toBe('杭州云帆智联科技有限公司');
    expect(data.hr_mobile).toBe('13800000001');
    expect(data.hr_realname).toBe('王丽娟');
    const open = await s.db.query<{ id: number }>(`SELECT id FROM positions WHERE company_id = $1 AND status = 'open'`, [c1]);
    expect(data.job_lst.map((j) => j.id).sort()).toEqual(open.map((o) => o.id).sort());
  });

  it("type intention: the application's job, read-only; another company's application is refused", async () => {
    const a = (await s.db.one<{ id: number; title: string }>(
      `SELECT a.id, p.title FROM applications a JOIN positions p ON p.id = a.position_id WHERE a.company_id = $1 LIMIT 1`,
      [c1],
    ))!;
    const { data } = envelope(InviteInfo).parse((await get(`/talent/invite/${a.id}?type=intention`, member)).body);
    expect(data.job_name).toBe(a.title);
    expect(data.job_lst).toEqual([]);
    const other = (await s.db.one<{ id: number }>('SELECT id FROM applications WHERE company_id = $1 LIMIT 1', [c2]))!;
    // another company's application answers exactly like a missing one
    expect((await get(`/talent/invite/${other.id}?type=intention`, member)).body).toEqual({ code: 404, msg: '投递记录不存在', data: null });
    expect((await get('/talent/invite/99999999?type=intention', member)).body).toEqual({ code: 404, msg: '投递记录不存在', data: null });
  });

  it('needs a membership and a valid type', async () => {
    expect((await get('/talent/invite/1?type=user', nonMember)).body).toMatchObject({ code: 403, msg: '该功能为付费会员功能，开通会员后即可正常使用' });
    expect((await get('/talent/invite/1?type=boss', member)).body.code).toBe(400);
    expect((await get('/talent/invite/1', member)).body.code).toBe(400);
  });

  it('sends an invitation: the msg is the success text; the interview, application and plan follow', async () => {
    const id = await freshCandidate();
    const job = await openJob(c1);
    const r = await post(
      `/talent/invite/${id}`,
      {
        type: 'user',
        job_id: String(job),
        pick_time: tomorrowAt('15:30'),
        address: '  文三路478号12层  ',
        contacts_name: '王丽娟',
        contacts_tel: '0571-88886666',
        remark: '',
      },
      member,
    );
    expect(r.body).toMatchObject({ code: 200, msg: '面试邀请已发送' });
    const iv = (await s.db.one<{ address: string; pick_time: Date }>('SELECT address, pick_time FROM interviews WHERE candidate_id = $1', [id]))!;
    expect(iv.address).toBe('文三路478号12层');
    expect(fmtDateTime(iv.pick_time)).toBe(tomorrowAt('15:30'));
    expect((await s.db.one<{ status: string }>('SELECT status FROM applications WHERE candidate_id = $1', [id]))!.status).toBe('invited');
    // the same invitation again is refused
    const again = await post(
      `/talent/invite/${id}`,
      { type: 'user', job_id: String(job), pick_time: tomorrowAt('16:30'), address: '文三路', contacts_name: '王丽娟', contacts_tel: '13800000001' },
      member,
    );
    expect(again.body.code).toBe(409);
    // it shows in the plan on its day
    const days = envelope(PlanDaysData).parse((await get('/index/plan', member)).body).data.day_list;
    const day = fmtDate(addDays(new Date(), 1));
    expect(days.find((d) => d.date === day)?.label).toBe('明天');
    const list = envelope(PlanListData).parse((await post('/index/plan', { date: day }, member)).body).data.list;
    expect(list['下午']?.some((e) => e.user_id === id && e.hour === '15:30')).toBe(true);
  });

  it("refuses bad input with the SPEC words, another company's job and a closed job", async () => {
    const id = await freshCandidate();
    const base = {
      type: 'user',
      job_id: String(await openJob(c1)),
      pick_time: tomorrowAt('10:00'),
      address: '文三路',
      contacts_name: '王丽娟',
      contacts_tel: '13800000001',
    };
    const cases: [Record<string, string>, number, string | RegExp][] = [
      [{ ...base, job_id: '' }, 400, '请选择面试职位'],
      [{ type: 'user' }, 400, '请选择面试职位'],
      [{ type: 'user', job_id: base.job_id }, 400, '请选择面试时间'],
      [{ type: 'intention' }, 400, '请选择面试时间'],
      [{ ...base, address: '', contacts_name: '', contacts_tel: '' }, 400, '请填写面试地点'],
      [{ ...base, address: 'x'.repeat(101) }, 400, '参数过长：地址'],
      [{ ...base, job_id: '0' }, 400, '请选择面试职位'],
      [{ ...base, pick_time: '' }, 400, '请选择面试时间'],
      [{ ...base, address: '   ' }, 400, '请填写面试地点'],
      [{ ...base, contacts_name: ' ' }, 400, '请填写联系人姓名'],
      [{ ...base, contacts_tel: '' }, 400, '请填写联系方式'],
      [{ ...base, contacts_tel: '12345' }, 400, /请填写正确的联系电话/],
      [{ ...base, pick_time: '2020-01-01 09:00:00' }, 400, '面试时间不能早于一天前'],
      [{ ...base, pick_time: '2026-02-30 09:00:00' }, 400, /面试时间格式错误/],
      [{ ...base, pick_time: 'tomorrow' }, 400, /面试时间格式错误/],
      [{ ...base, extra: '1' }, 400, /不支持的参数/],
      [{ ...base, job_id: String(await openJob(c2)) }, 404, '职位不存在'],
      [{ ...base, job_id: '99999999' }, 404, '职位不存在'],
      [
        { ...base, job_id: String((await s.db.one<{ id: number }>(`SELECT id FROM positions WHERE company_id = $1 AND status = 'closed' LIMIT 1`, [c1]))!.id) },
        409,
        /未在招聘中/,
      ],
    ];
    for (const [form, code, msg] of cases) {
      const r = await post(`/talent/invite/${id}`, form, member);
      expect(r.body.code, JSON.stringify(form)).toBe(code);
      if (typeof msg === 'string') expect(r.body.msg).toBe(msg);
      else expect(r.body.msg).toMatch(msg);
    }
    expect(await s.db.one('SELECT 1 FROM interviews WHERE candidate_id = $1', [id])).toBeUndefined();
    expect((await post(`/talent/invite/${id}`, base, nonMember)).body.code).toBe(403);
    expect((await post('/talent/invite/99999999', base, member)).body.code).toBe(404);
  });
});

describe('GET/POST /index/plan', () => {
  it('day tabs from today on with counts, more than 7 for the demo company; a day grouped by time', async () => {
    const { data } = envelope(PlanDaysData).parse((await get('/index/plan', member)).body);
    expect(data.day_list.length).toBeGreaterThan(7);
    expect(data.day_list[0]).toMatchObject({ date: fmtDate(new Date()), label: '今天' });
    expect(data.day_list.every((d) => d.num > 0 && d.date >= fmtDate(new Date()))).toBe(true);
    const list = envelope(PlanListData).parse((await post('/index/plan', { date: data.day_list[0]!.date }, member)).body).data.list;
    const all = Object.values(list).flat();
    expect(all.length).toBe(data.day_list[0]!.num);
    expect(Object.keys(list).every((k) => ['上午', '下午', '晚上'].includes(k))).toBe(true);
    for (const e of all) expect(e.hour).toMatch(/^\d{2}:\d{2}$/);
  });
  it("only the caller's company; members only; bad dates refused", async () => {
    const c2days = envelope(PlanDaysData).parse((await get('/index/plan', member)).body).data.day_list;
    const c2rows = await s.db.query<{ candidate_id: number }>('SELECT candidate_id FROM interviews WHERE company_id = $1', [c2]);
    for (const d of c2days) {
      const list = (await post('/index/plan', { date: d.date }, member)).body.data.list as Record<string, { user_id: number }[]>;
      const ids = Object.values(list)
        .flat()
        .map((e) => e.user_id);
      const mine = await s.db.query<{ candidate_id: number }>('SELECT candidate_id FROM interviews WHERE company_id = $1', [c1]);
      for (const id of ids) expect(mine.some((m) => m.candidate_id === id) || !c2rows.some((r) => r.candidate_id === id)).toBe(true);
    }
    expect((await get('/index/plan', nonMember)).body.code).toBe(403);
    expect((await post('/index/plan', { date: '2026-13-01' }, member)).body).toMatchObject({ code: 400, msg: '日期格式错误' });
    expect((await post('/index/plan', { date: 'today' }, member)).body.code).toBe(400);
    expect((await post('/index/plan', {}, member)).body.code).toBe(400);
  });
});

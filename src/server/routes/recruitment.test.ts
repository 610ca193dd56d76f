import { beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { ApplyListData, HallData, HiredListData, InterviewListData, PositionDetail, PositionListData } from '../../contract/recruitment';
import { demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { PLAIN_MOBILE } from '../../../tests/setup/mobiles';

const s = useTestServer();
const { get, post } = entCalls(s);
// the demo's accounts (tests/setup/server.ts demoAccounts)
let member: string, nonMember: string, inReview: string, noCompany: string, c1: number, c2: number;
beforeAll(async () => {
  ({ member, nonMember, inReview, noCompany, c1, c2 } = await demoAccounts(s));
});

const JOB = {
  title: '高级测试工程师',
  category: '技术研发',
  city: '杭州',
  district: '滨江区',
  salary_min: '15',
  salary_max: '25',
  salary_months: '14',
  experience: '3-5',
  education: '5',
  headcount: '2',
  welfare: '五险一金,双休,年终奖',
  description: '负责核心交易链路的测试设计与自动化测试平台建设，推动质量体系落地。',
  address: '浙江省杭州市滨江区网商路699号',
  contact_name: '王丽娟',
  contact_tel: '0571-88886666',
};

describe('talent hall GET /talent/list', () => {
  it('pages a few hundred candidates with masked names and no contact details', async () => {
    const { code, data } = envelope(HallData).parse((await get('/talent/list?page=2&page_size=20', member)).body);
    expect(code).toBe(200);
    // a few hundred: counted to the hall's cap, then 200+ (issue 34)
    expect([data.total, data.total_more]).toEqual([200, true]);
    expect(data.list).toHaveLength(20);
    expect(data.page).toBe(2);
    for (const c of data.list) expect(c.realname).toMatch(/^.(先生|女士)$/);
    expect(JSON.stringify(data)).not.toMatch(PLAIN_MOBILE);
  });

  it('filters by keyword, city, education, experience, salary, job status and label', async () => {
    const q = async (qs: string) => envelope(HallData).parse((await get(`/talent/list?page_size=50&${qs}`, member)).body).data;
    const all = (await q('')).total;
    const city = await q(`city=${encodeURIComponent('杭州')}`);
    expect(city.total).toBeGreaterThan(0);
    expect(city.total).toBeLessThan(all);
    expect(city.list.every((c) => c.expect_city === '杭州')).toBe(true);
    const edu = await q('education=5');
    expect(edu.list.length).toBeGreaterThan(0);
    expect(edu.list.every((c) => c.education === '本科')).toBe(true);
    const exp = await q('experience=3-5');
    expect(exp.list.length).toBeGreaterThan(0);
    expect(exp.list.every((c) => /^[34]年经验$/.test(c.work_exp))).toBe(true);
    const fresh = await q('experience=fresh');
    expect(fresh.list.length).toBeGreaterThan(0);
    expect(fresh.list.every((c) => c.work_exp === '应届生')).toBe(true);
    const st = await q('job_status=1');
    expect(st.list.length).toBeGreaterThan(0);
    expect(st.list.every((c) => c.job_status === '离职-随时到岗')).toBe(true);
    const label = await q(`label=${encodeURIComponent('Java')}`);
    expect(label.total).toBeGreaterThan(0);
    expect(label.list.every((c) => c.labels.includes('Java'))).toBe(true);
    const kw = await q(`keywords=${encodeURIComponent('前端')}`);
    expect(kw.total).toBeGreaterThan(0);
    const none = await q(`keywords=${encodeURIComponent('%_不存在的技能_%')}`);
    expect(none.total).toBe(0);
    const both = await q(`city=${encodeURIComponent('杭州')}&education=5&salary=10-20`);
    expect(both.total).toBeLessThanOrEqual(city.total);
  });

  it('refuses bad filters in Chinese', async () => {
    expect((await get('/talent/list?city=火星', member)).body).toMatchObject({ code: 400, msg: '参数格式错误：城市' });
    expect((await get('/talent/list?page=0', member)).body.code).toBe(400);
    expect((await get('/talent/list?page_size=500', member)).body.code).toBe(400);
    expect((await get('/talent/list?salary=1-2', member)).body.code).toBe(400);
    expect((await get('/talent/list?foo=1', member)).body.msg).toBe('不支持的参数：foo');
    expect((await get('/talent/list')).body.code).toBe(410000);
  });
});

describe('positions', () => {
  let newId = 0;

  it("lists the company's own positions with tab counts and per-position figures", async () => {
    const { data } = envelope(PositionListData).parse((await get('/position/list?page_size=50', member)).body);
    const own = await s.db.query<{ status: string }>('SELECT status FROM positions WHERE company_id = $1', [c1]);
    expect(data.counts.all).toBe(own.length);
    expect(data.counts.open).toBe(own.filter((p) => p.status === 'open').length);
    expect(data.counts.review + data.counts.rejected + data.counts.closed + data.counts.open).toBe(data.counts.all);
    expect(data.list.some((p) => p.apply_num > 0)).toBe(true);
    expect(data.list.some((p) => p.invite_num > 0)).toBe(true);
    expect(data.list.find((p) => p.status === 'rejected')?.reject_reason).toBeTruthy();
    const open = envelope(PositionListData).parse((await get('/position/list?status=open', member)).body).data;
    expect(open.list.length).toBeGreaterThan(0);
    expect(open.list.every((p) => p.status === 'open')).toBe(true);
    expect(open.total).toBe(data.counts.open);
    const kw = envelope(PositionListData).parse((await get(`/position/list?keywords=${encodeURIComponent('Java')}`, member)).body).data;
    expect(kw.list.map((p) => p.title)).toEqual(['Java开发工程师']);
  });

  it('publishes (members only) and the position opens; a duplicate and bad input are refused', async () => {
    expect((await post('/position/save', JOB, nonMember)).body).toMatchObject({ code: 403, msg: '该功能为付费会员功能，开通会员后即可正常使用' });
    expect((await post('/position/save', JOB, noCompany)).body.code).toBe(403);
    expect((await post('/position/save', JOB, inReview)).body).toMatchObject({ code: 403, msg: '企业信息审核中，是否查看审核进度？' });
    const r = await post('/position/save', JOB, member);
    expect(r.body).toMatchObject({ code: 200, data: { status: 'open' } });
    newId = r.body.data.id;
    const d = envelope(PositionDetail).parse((await get(`/position/${newId}`, member)).body).data;
    expect(d).toMatchObject({ title: '高级测试工程师', salary_min: 15, salary_max: 25, salary_months: 14, welfare: ['五险一金', '双休', '年终奖'] });
    expect((await post('/position/save', JOB, member)).body).toMatchObject({ code: 409 });
    const bad: [Record<string, string>, string][] = [
      [{ ...JOB, title: '  ' }, '请填写职位名称'],
      [{ ...JOB, salary_min: '30' }, '最低薪资不能高于最高薪资'],
      [{ ...JOB, salary_max: '999' }, '薪资最高为 250K'],
      [{ ...JOB, district: '朝阳区' }, '请选择所在区县'],
      [{ ...JOB, city: '火星' }, '请选择工作城市'],
      [{ ...JOB, welfare: '五险一金,股东分红' }, '福利标签不在可选范围内'],
      [{ ...JOB, headcount: '0' }, '招聘人数至少为1人'],
      [{ ...JOB, description: '短' }, '职位描述至少10个字'],
      [{ ...JOB, contact_tel: 'abc' }, '请填写正确的联系电话（手机号或座机号）'],
    ];
    for (const [form, msg] of bad)
      expect((await post('/position/save', { ...form, title: form.title ?? JOB.title }, member)).body, msg).toMatchObject({ code: 400, msg });
  });

  it('text asking applicants for fees goes to review', async () => {
    const r = await post('/position/save', { ...JOB, title: '仓库理货员', description: '入职需缴纳押金500元，包住宿，长期稳定。' }, member);
    expect(r.body.data.status).toBe('review');
  });

  it("edits, closes and reopens; another company's position is refused everywhere", async () => {
    const e = await post('/position/save', { ...JOB, id: String(newId), headcount: '3' }, member);
    expect(e.body).toMatchObject({ code: 200, data: { id: newId, status: 'open' } });
    expect((await post(`/position/status/${newId}`, { action: 'close' }, member)).body).toMatchObject({
      code: 200,
      msg: '职位已下线',
      data: { status: 'closed' },
    });
    expect((await post(`/position/status/${newId}`, { action: 'close' }, member)).body.code).toBe(409);
    expect((await post(`/position/status/${newId}`, { action: 'reopen' }, nonMember)).body.code).toBe(403);
    expect((await post(`/position/status/${newId}`, { action: 'reopen' }, member)).body).toMatchObject({ code: 200, data: { status: 'open' } });
    expect((await post(`/position/status/${newId}`, { action: 'delete' }, member)).body).toMatchObject({ code: 400, msg: '请选择操作' });

    const other = (await s.db.one<{ id: number }>('SELECT id FROM positions WHERE company_id = $1 LIMIT 1', [c2]))!.id;
    // another company's position answers exactly like a missing one
    const refused = { code: 404, msg: '职位不存在', data: null };
    expect((await get(`/position/${other}`, member)).body).toMatchObject(refused);
    expect((await post('/position/save', { ...JOB, id: String(other) }, member)).body).toMatchObject(refused);
    expect((await post(`/position/status/${other}`, { action: 'close' }, member)).body).toMatchObject(refused);
    expect((await get(`/position/${other}/applications`, member)).body).toMatchObject(refused);
    expect((await get(`/position/${other}/hired`, member)).body).toMatchObject(refused);
    expect((await get(`/position/${other}/invited`, member)).body).toMatchObject(refused);
    expect((await get('/position/99999999', member)).body).toMatchObject({ code: 404, msg: '职位不存在' });
    expect((await s.db.one<{ status: string }>('SELECT status FROM positions WHERE id = $1', [other]))!.status).toBe('open');
  });

  it('per-position lists: applications with statuses, mark unsuitable, hire; hired and invited lists', async () => {
    const p = (await s.db.one<{ id: number; title: string }>(
      `SELECT p.id, p.title FROM positions p WHERE p.company_id = $1 AND EXISTS (SELECT 1 FROM applications a WHERE a.position_id = p.id AND a.status IN ('pending','viewed'))
        AND EXISTS (SELECT 1 FROM interviews i WHERE i.position_id = p.id) ORDER BY p.id LIMIT 1`,
      [c1],
    ))!;
    const apps = envelope(ApplyListData).parse((await get(`/position/${p.id}/applications`, member)).body).data;
    expect(apps.title).toBe(p.title);
    expect(apps.total).toBeGreaterThan(0);
    const target = apps.list.find((a) => a.status === 'pending' || a.status === 'viewed')!;
    expect((await post(`/position/application/${target.id}/unsuitable`, {}, member)).body).toMatchObject({ code: 200, data: { status: 'unsuitable' } });
    expect((await post(`/position/application/${target.id}/unsuitable`, {}, member)).body.code).toBe(409);
    const filtered = envelope(ApplyListData).parse((await get(`/position/${p.id}/applications?status=unsuitable`, member)).body).data;
    expect(filtered.list.some((a) => a.id === target.id)).toBe(true);
    expect(filtered.list.every((a) => a.status === 'unsuitable')).toBe(true);

    expect((await post(`/position/application/${target.id}/hire`, {}, nonMember)).body.code).toBe(403);
    expect((await post(`/position/application/${target.id}/hire`, {}, member)).body).toMatchObject({ code: 200, data: { status: 'hired' } });
    expect((await post(`/position/application/${target.id}/unsuitable`, {}, member)).body.code).toBe(409);
    const hired = envelope(HiredListData).parse((await get(`/position/${p.id}/hired`, member)).body).data;
    expect(hired.list.some((a) => a.id === target.id)).toBe(true);

    const invited = envelope(InterviewListData).parse((await get(`/position/${p.id}/invited`, member)).body).data;
    expect(invited.total).toBeGreaterThan(0);
    expect(invited.list[0]!.pick_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const otherApp = (await s.db.one<{ id: number }>('SELECT id FROM applications WHERE company_id = $1 LIMIT 1', [c2]))!.id;
    const noApp = { code: 404, msg: '投递记录不存在', data: null };
    expect((await post(`/position/application/${otherApp}/unsuitable`, {}, member)).body).toEqual(noApp);
    expect((await post(`/position/application/${otherApp}/hire`, {}, member)).body).toEqual(noApp);
    expect((await post('/position/application/99999999/hire', {}, member)).body).toEqual(noApp);
    expect((await get(`/position/${p.id}/applications?status=maybe`, member)).body.code).toBe(400);
    expect((await get(`/position/${p.id}/applications`, noCompany)).body.code).toBe(403);
  });
});

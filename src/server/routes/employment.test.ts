/**
 * 灵活用工 endpoints over real HTTP against PGlite: every endpoint, another company's ids (404 as
 * missing), bad input, transitions the table does not allow, the operator's review, the agreement
 * through VOD's CreateUploadAttachedMedia + OSS, and the worker's pages (routes/worker.ts) end to end.
 *
 * Why ~460 lines: one seeded server for the area's whole flow, task to worker page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { AgreementListData, FlexWorkerListData, TaskDetail, TaskListData, WorkerListData } from '../../contract/employment';
import { sealPii } from '../lib/pii';
import { dateAfter } from '../lib/time';
import { call, demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { sandboxOss, sandboxVod } from '../../../tests/setup/sandbox-upload';
import { signOnH5 } from '../../../tests/setup/esign-h5';
import { mobileIndex } from '../domain/users';

const s = useTestServer();
const { get, post } = entCalls(s);
// the demo's accounts (tests/setup/server.ts demoAccounts)
let member: string, nonMember: string, noCompany: string, c1: number, c2: number;
beforeAll(async () => {
  ({ member, nonMember, noCompany, c1, c2 } = await demoAccounts(s));
});

const now = () => new Date();

const TASK = () => ({
  action: 'submit',
  name: '夏季新品推广地推',
  category: '*现代服务*市场推广服务',
  description: '在指定商圈发放新品传单并引导扫码关注，每日工作6小时。',
  standard: '每日提交工作照片与扫码数据',
  work_mode: 'offline',
  address: '杭州市西湖区文三路478号',
  start_date: dateAfter(now(), 1),
  end_date: dateAfter(now(), 20),
  signup_deadline: dateAfter(now(), 5),
  headcount: '5',
  pay_amount: '25050',
  pay_unit: 'day',
  settle_mode: 'per_day',
  need_sign: '1',
});

/** A company-2 task made directly (company 2 is not a member, so it cannot make one itself). */
async function otherCompanyTask(): Promise<number> {
  const r = await s.db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'RWX' || floor(random()*1e9)::text, '别人的任务', 'recruiting', md5(random()::text)) RETURNING id`,
    [c2],
  );
  return r!.id;
}

async function review(id: number, result: 'pass' | 'reject', reason = '') {
  return call(s.url, 'POST', `/sandbox/employment/tasks/${id}/review`, { form: { result, reason } });
}

async function newWorker(companyId: number, name: string, cert: string, mobile: string): Promise<number> {
  const m = sealPii('mobile', mobile);
  const c = sealPii('id_card', cert);
  const r = await s.db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id`,
    [companyId, name, m.enc, m.bidx, m.mask, c.enc, c.bidx, c.mask],
  );
  return r!.id;
}

describe('employment: gates and lists', () => {
  it('lists the seeded tasks with counts, filters by status and keywords', async () => {
    const r = await get('/employment/tasks', member);
    expect(r.body.code).toBe(200);
    const d = envelope(TaskListData).parse(r.body).data;
    expect(d.counts.all).toBeGreaterThanOrEqual(7);
    for (const st of ['draft', 'review', 'rejected', 'recruiting', 'ongoing', 'ended', 'canceled']) expect(d.counts[st]).toBeGreaterThanOrEqual(1);
    const f = (await get('/employment/tasks?status=ongoing', member)).body.data;
    expect(f.list.length).toBeGreaterThan(0);
    expect(f.list.every((t: { status: string }) => t.status === 'ongoing')).toBe(true);
    const k = (await get(`/employment/tasks?keywords=${encodeURIComponent('海报')}`, member)).body.data;
    expect(k.list.map((t: { name: string }) => t.name)).toEqual(['门店促销海报设计']);
    expect((await get('/employment/tasks?status=bogus', member)).body.code).toBe(400);
    expect((await get('/employment/tasks?keywords=%00', member)).body.code).toBe(400);
  });

  it('members only; no token is 410000', async () => {
    expect((await get('/employment/tasks', nonMember)).body).toMatchObject({ code: 403, msg: '该功能为付费会员功能，开通会员后即可正常使用' });
    expect((await get('/employment/tasks', noCompany)).body.code).toBe(403);
    expect((await get('/employment/tasks')).body.code).toBe(410000);
    expect((await post('/employment/task/save', TASK(), nonMember)).body.code).toBe(403);
  });
});

describe('employment: publish, review, transitions', () => {
  it('saves a draft with only a name, refuses bad input, submits, and the operator reviews', async () => {
    const draft = await post('/employment/task/save', { action: 'draft', name: '草稿任务' }, member);
    expect(draft.body).toMatchObject({ code: 200, data: { status: 'draft' } });
    const id = draft.body.data.id as number;
    // bad input
    for (const [k, v, msg] of [
      ['pay_amount', '12.5', '报酬金额须为整数分'],
      ['pay_amount', '-1', '报酬金额不能为负'],
      ['category', '*乱写*类目', '请选择服务类目'],
      ['name', '', '请填写任务名称'],
      ['name', 'a\u0000b', '包含非法字符'],
      ['start_date', '2026-02-30x', ''],
    ] as const) {
      const r = await post('/employment/task/save', { ...TASK(), [k]: v }, member);
      expect(r.body.code).toBe(400);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect((await post('/employment/task/save', { ...TASK(), end_date: dateAfter(now(), -1), start_date: dateAfter(now(), -5) }, member)).body.msg).toBe(
      '结束日期不能早于今天',
    );
    expect((await post('/employment/task/save', { ...TASK(), unknown: 'x' }, member)).body.code).toBe(400);
    // submit an incomplete draft: refused with the first missing field, nothing changes
    expect((await post(`/employment/task/${id}/action`, { action: 'submit' }, member)).body).toMatchObject({ code: 400, msg: '请选择服务类目' });
    // complete it and submit
    const sub = await post('/employment/task/save', { ...TASK(), id: String(id) }, member);
    expect(sub.body).toMatchObject({ code: 200, data: { id, status: 'review' } });
    const d = envelope(TaskDetail).parse((await get(`/employment/task/${id}`, member)).body).data;
    expect(d).toMatchObject({ pay_amount: 25050, pay_unit: 'day', status: 'review', address: '杭州市西湖区文三路478号' });
    // not editable under review; rejection needs a reason
    expect((await post('/employment/task/save', { ...TASK(), id: String(id) }, member)).body.code).toBe(409);
    expect((await review(id, 'reject')).body).toMatchObject({ code: 400, msg: '驳回时请填写驳回原因' });
    expect((await review(id, 'reject', '请补充交付标准')).body).toMatchObject({ code: 200, data: { status: 'rejected' } });
    expect((await get(`/employment/task/${id}`, member)).body.data.reject_reason).toBe('请补充交付标准');
    expect((await review(id, 'pass')).body.code).toBe(409);
    expect((await post(`/employment/task/${id}/action`, { action: 'submit' }, member)).body.data.status).toBe('review');
    expect((await review(id, 'pass')).body).toMatchObject({ code: 200, data: { status: 'recruiting' } });
    // the operator page lists tasks under review and takes a plain form
    const html = await call(s.url, 'GET', '/sandbox/');
    expect(String(html.body)).toContain('待审核任务（灵活用工）');
    // transitions not allowed
    expect((await post(`/employment/task/${id}/action`, { action: 'delete' }, member)).body.code).toBe(409);
    expect((await post(`/employment/task/${id}/action`, { action: 'submit' }, member)).body.code).toBe(409);
    expect((await post(`/employment/task/${id}/action`, { action: 'end' }, member)).body.data.status).toBe('ended');
    expect((await post(`/employment/task/${id}/action`, { action: 'cancel' }, member)).body.code).toBe(409);
    expect((await post(`/employment/task/${id}/action`, { action: 'fly' }, member)).body.code).toBe(400);
    // copy makes a new draft without dates; delete a draft
    const copy = await post(`/employment/task/${id}/action`, { action: 'copy' }, member);
    expect(copy.body.data.status).toBe('draft');
    const c = (await get(`/employment/task/${copy.body.data.id}`, member)).body.data;
    expect(c).toMatchObject({ name: '夏季新品推广地推（副本）', start_date: '', pay_amount: 25050 });
    expect((await post(`/employment/task/${copy.body.data.id}/action`, { action: 'delete' }, member)).body.data.status).toBeNull();
    expect((await get(`/employment/task/${copy.body.data.id}`, member)).body.code).toBe(404);
  });

  it("another company's task answers 404 like a missing one, on every endpoint", async () => {
    const other = await otherCompanyTask();
    const missing = (await get('/employment/task/999999', member)).body;
    const theirs = (await get(`/employment/task/${other}`, member)).body;
    expect(theirs).toEqual(missing);
    expect(theirs.code).toBe(404);
    for (const r of [
      await post(`/employment/task/${other}/action`, { action: 'end' }, member),
      await post(
        `/employment/task/${other}/setting`,
        { signup_mode: 'public', signup_review: '1', need_realname: '1', settle_cycle: 'T+1', auto_accept_days: '7', notify_sms: '1', notify_site: '0' },
        member,
      ),
      await get(`/employment/task/${other}/agreements`, member),
      await get(`/employment/task/${other}/workers`, member),
      await post(`/employment/task/${other}/workers`, { name: '张三', mobile: '13911112222', cert_no: '110105198805051235' }, member),
      await post('/employment/task/save', { ...TASK(), id: String(other), action: 'draft' }, member),
    ])
      expect(r.body.code).toBe(404);
    const theirWorker = await newWorker(c2, '赵六', '320106199503151249', '13911113333');
    const ours = (await get('/employment/tasks?status=recruiting', member)).body.data.list[0].id as number;
    expect((await post(`/employment/task/${ours}/workers/pick`, { ids: String(theirWorker) }, member)).body.code).toBe(404);
    expect((await get('/employment/flex-workers?keywords=赵六', member)).body.data.total).toBe(0);
    const tw = await s.db.one<{ id: number }>(
      `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, invite_token) VALUES ($1, $2, $3, 'picked', md5(random()::text)) RETURNING id`,
      [other, c2, theirWorker],
    );
    expect((await post(`/employment/task-worker/${tw!.id}/action`, { action: 'remove' }, member)).body.code).toBe(404);
    expect((await get('/employment/agreement/999999/url', member)).body.code).toBe(404);
    expect((await get('/employment/task/99999999999', member)).body.code).toBe(400);
  });

  it('settings: saved, bounded', async () => {
    const id = (await get('/employment/tasks?status=recruiting', member)).body.data.list[0].id as number;
    const ok = { signup_mode: 'public', signup_review: '0', need_realname: '1', settle_cycle: 'T+0', auto_accept_days: '3', notify_sms: '1', notify_site: '0' };
    expect((await post(`/employment/task/${id}/setting`, ok, member)).body.code).toBe(200);
    const d = (await get(`/employment/task/${id}`, member)).body.data;
    expect(d.settings).toMatchObject({ signup_mode: 'public', signup_review: false, auto_accept_days: 3, notify_site: false });
    expect(d.public_url).toMatch(/^\/m\/flex\/t\//);
    expect((await post(`/employment/task/${id}/setting`, { ...ok, auto_accept_days: '31' }, member)).body.code).toBe(400);
    expect((await post(`/employment/task/${id}/setting`, { ...ok, signup_mode: 'x' }, member)).body.code).toBe(400);
  });
});

describe('employment: agreement, people, signing, acceptance', () => {
  it('the whole flow: PDF through VOD + OSS, workers added, signed on the phone page, delivered, accepted', async () => {
    const saved = await post('/employment/task/save', TASK(), member);
    const id = saved.body.data.id as number;
    // no people before approval
    expect((await post(`/employment/task/${id}/workers`, { name: '张伟', mobile: '13912340001', cert_no: '33010619900101123X' }, member)).body.code).toBe(409);
    await review(id, 'pass');

    // the agreement: CreateUploadAttachedMedia (pdf only), then a PUT to the object store
    const vod = sandboxVod(s, (await get('/upload/sts', member)).body.data);
    await expect(vod.request('CreateUploadAttachedMedia', { BusinessType: 'material', MediaExt: 'exe', Title: 'x' }, { method: 'GET' })).rejects.toThrow();
    const created = (await vod.request(
      'CreateUploadAttachedMedia',
      { BusinessType: 'material', MediaExt: 'pdf', Title: '服务协议', FileSize: '30' },
      { method: 'GET' },
    )) as {
      MediaId: string;
      UploadAddress: string;
      UploadAuth: string;
    };
    const auth = JSON.parse(Buffer.from(created.UploadAuth, 'base64').toString());
    const addr = JSON.parse(Buffer.from(created.UploadAddress, 'base64').toString());
    // the console claims the started upload; before the object exists the agreement is refused
    expect((await post('/upload/media/claim', { media_id: created.MediaId, kind: 'attached' }, member)).body.data.status).toBe('Uploading');
    expect(
      (await post(`/employment/task/${id}/agreement`, { name: '服务协议', media_id: created.MediaId, effective_date: dateAfter(now(), 0) }, member)).body.msg,
    ).toBe('文件尚未上传完成，请稍后再试');
    await sandboxOss(s, auth, addr.Bucket).put(addr.FileName, Buffer.from('%PDF-1.4\n%demo agreement\n%%EOF\n'), { mime: 'application/pdf' });
    expect((await post('/upload/media/register', { media_id: created.MediaId, kind: 'attached' }, member)).body.data.status).toBe('Normal');
    expect(
      (await post(`/employment/task/${id}/agreement`, { name: '', media_id: created.MediaId, effective_date: dateAfter(now(), 0) }, member)).body.msg,
    ).toBe('请填写协议名称');
    expect(
      (await post(`/employment/task/${id}/agreement`, { name: '服务协议', media_id: created.MediaId, effective_date: dateAfter(now(), -1) }, member)).body.msg,
    ).toBe('生效日期不能早于今天');
    const v1 = await post(
      `/employment/task/${id}/agreement`,
      { name: '灵活用工服务协议', media_id: created.MediaId, effective_date: dateAfter(now(), 0) },
      member,
    );
    expect(v1.body).toMatchObject({ code: 200, data: { version: 1, current: true } });
    // a second version effective later: the first stays current until then
    await post(`/employment/task/${id}/agreement`, { name: '灵活用工服务协议', media_id: created.MediaId, effective_date: dateAfter(now(), 3) }, member);
    const list = envelope(AgreementListData).parse((await get(`/employment/task/${id}/agreements`, member)).body).data.list;
    expect(list.map((a) => [a.version, a.current])).toEqual([
      [2, false],
      [1, true],
    ]);
    const url = (await get(`/employment/agreement/${v1.body.data.id}/url`, member)).body.data.url as string;
    const pdf = await fetch(s.url + url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');

    // people: typed in (validated, sealed) and picked from flex_workers
    expect((await post(`/employment/task/${id}/workers`, { name: '张伟', mobile: '1391234', cert_no: '33010619900101123X' }, member)).body.msg).toBe(
      '请输入正确的手机号',
    );
    expect((await post(`/employment/task/${id}/workers`, { name: '张伟', mobile: '13912340001', cert_no: '330106199001011230' }, member)).body.msg).toBe(
      '证件号码校验位错误',
    );
    expect(
      (
        await post(
          `/employment/task/${id}/workers`,
          { name: '张伟', mobile: '13912340001', cert_no: '33010619900101123X', bank_card: '6222021202000000018' },
          member,
        )
      ).body.msg,
    ).toBe('请填写正确的银行卡号');
    const typed = await post(
      `/employment/task/${id}/workers`,
      { name: '周杰', mobile: '13912349999', cert_no: '440305199307071278', bank_card: '6217001234567890122' },
      member,
    );
    expect(typed.body).toMatchObject({ code: 200, data: { added: 1 } });
    const row = await s.db.one<{ mobile_enc: string; mobile_mask: string; bank_card_mask: string }>(
      `SELECT mobile_enc, mobile_mask, bank_card_mask FROM flex_workers WHERE name = '周杰'`,
    );
    expect(row!.mobile_enc).not.toContain('13912349999');
    expect(row!.mobile_mask).toBe('139****9999');
    const picked = await newWorker(c1, '孙丽', '320106199503151249', '13912348888');
    const fw = envelope(FlexWorkerListData).parse(
      (await get(`/employment/flex-workers?task_id=${id}&keywords=${encodeURIComponent('孙丽')}`, member)).body,
    ).data;
    expect(fw.list[0]).toMatchObject({ id: picked, in_task: false, cert_no: '320106********1249' });
    expect((await post(`/employment/task/${id}/workers/pick`, { ids: `${picked},${picked}` }, member)).body.data).toMatchObject({
      added: 1,
      skipped: 0,
      notified: 1,
    });
    expect((await post(`/employment/task/${id}/workers/pick`, { ids: String(picked) }, member)).body.data).toMatchObject({ added: 0, skipped: 1, notified: 0 });
    expect((await post(`/employment/task/${id}/workers/pick`, { ids: 'abc' }, member)).body.code).toBe(400);
    expect((await get(`/employment/task/${id}`, member)).body.data.status).toBe('ongoing');

    const people = envelope(WorkerListData).parse((await get(`/employment/task/${id}/workers`, member)).body).data;
    expect(people.counts.applied).toBe(2);
    const sun = people.list.find((p) => p.name === '孙丽')!;
    expect(sun).toMatchObject({ mobile: '139****8888', sign_status: 'pending', work_status: 'hired', amount: 25050 });
    expect(sun.actions).toEqual(['remove', 'urge']);
    // not signed: cannot be accepted, cannot deliver
    expect((await post(`/employment/task-worker/${sun.id}/action`, { action: 'accept' }, member)).body.code).toBe(409);
    expect((await post(`/employment/task-worker/${sun.id}/action`, { action: 'urge' }, member)).body.code).toBe(200);
    expect((await post(`/employment/task-worker/${sun.id}/action`, { action: 'urge' }, member)).body.msg).toBe('今日已催签，请明天再试');

    // the worker's phone page (/m/flex/w/{token}, routes/worker.ts): SMS check, real name, sign, deliver
    const api = `/ent/v3/worker/invite/${sun.invite_url.split('/').pop()}`;
    expect(sun.invite_url).toMatch(/^\/m\/flex\/w\//);
    const jar: string[] = [];
    const w = async (path: string, form?: Record<string, string>) => {
      const r = await call(s.url, form ? 'POST' : 'GET', api + path, { form, headers: jar.length ? { cookie: jar.join('; ') } : {} });
      const set = r.headers.get('set-cookie');
      if (set) jar.push(set.split(';')[0]!);
      return r.body;
    };
    expect((await w('')).data.step).toBe('verify');
    expect((await w('/deliver', { note: 'x' })).msg).toBe('请先完成短信验证');
    await w('/code', {});
    const code = (await call<{ code: string }>(s.url, 'GET', '/sandbox/sms?mobile=13912348888')).body.code;
    expect((await w('/verify', { code: code === '000000' ? '111111' : '000000' })).code).toBe(400);
    expect((await w('/verify', { code })).data.step).toBe('realname');
    expect((await w('/realname', { name: '孙丽', id_no: '110105198805051235' })).msg).toBe('姓名与身份证号不一致，认证失败');
    const signStep = (await w('/realname', { name: '孙丽', id_no: '320106199503151249' })).data;
    expect(signStep.agreement.version).toBe(1);
    const agreementId = String(signStep.agreement.id);
    expect((await w('/deliver', { note: '完成' })).msg).toBe('请先签署协议');
    expect((await w('/sign', { agreement_id: agreementId })).msg).toBe('请先阅读并同意协议');
    await w('/sign-code', {});
    const signCode = (await call<{ code: string }>(s.url, 'GET', '/sandbox/sms?mobile=13912348888')).body.code;
    const signing = await w('/sign', { agreement_id: agreementId, agree: '1', code: signCode });
    expect(signing).toMatchObject({ code: 200, data: { step: 'signing' } });
    // e签宝's page (the demo's sandbox), its own code, then its callback: 已签署
    await signOnH5(signing.data.sign_url, '13912348888');
    await expect.poll(async () => (await w('')).data.step, { timeout: 15_000, interval: 100 }).toBe('deliver');
    await w('/deliver', { note: '已完成5天地推' });
    const after = envelope(WorkerListData).parse((await get(`/employment/task/${id}/workers?tab=delivery`, member)).body).data;
    expect(after.list[0]).toMatchObject({
      name: '孙丽',
      sign_status: 'signed',
      work_status: 'delivered',
      agreement_version: 1,
      delivery_note: '已完成5天地推',
    });
    expect(after.list[0]!.actions).toEqual(['accept', 'reject']);
    // reject needs a reason; the worker delivers again; accept
    expect((await post(`/employment/task-worker/${sun.id}/action`, { action: 'reject' }, member)).body.msg).toBe('请填写驳回原因');
    expect((await post(`/employment/task-worker/${sun.id}/action`, { action: 'reject', reason: '照片不清晰' }, member)).body.data.work_status).toBe('rejected');
    await w('/deliver', { note: '已补充清晰照片' });
    expect((await post(`/employment/task-worker/${sun.id}/action`, { action: 'accept' }, member)).body.data.work_status).toBe('accepted');
    expect((await post(`/employment/task-worker/${sun.id}/action`, { action: 'remove' }, member)).body.code).toBe(409);
    const settled = (await get(`/employment/task/${id}/workers?tab=settled`, member)).body.data;
    expect(settled.list.map((p: { name: string; amount: number }) => [p.name, p.amount])).toEqual([['孙丽', 25050]]);
    // the typed-in worker can be removed
    const zhou = people.list.find((p) => p.name === '周杰')!;
    expect((await post(`/employment/task-worker/${zhou.id}/action`, { action: 'remove' }, member)).body.data.removed).toBe(true);
  });

  it('the public link signs a worker up (applied, then 录用 when sign-ups are reviewed)', async () => {
    const id = (await post('/employment/task/save', TASK(), member)).body.data.id as number;
    await review(id, 'pass');
    await post(
      `/employment/task/${id}/setting`,
      { signup_mode: 'public', signup_review: '1', need_realname: '1', settle_cycle: 'T+1', auto_accept_days: '7', notify_sms: '1', notify_site: '1' },
      member,
    );
    const link = (await get(`/employment/task/${id}`, member)).body.data.public_url as string;
    const api = `/ent/v3/worker/task/${link.split('/').pop()}`;
    expect((await call(s.url, 'GET', api)).body.data).toMatchObject({ name: '夏季新品推广地推', closed: false });
    const bad = await call(s.url, 'POST', `${api}/signup`, { form: { name: '吴敏', mobile: '13955556666', cert_no: '123' } });
    expect(bad.body.code).toBe(400);
    const r = await call(s.url, 'POST', `${api}/signup`, { form: { name: '吴敏', mobile: '13955556666', cert_no: '310115199711204522' } });
    expect(r.body).toEqual({ code: 200, msg: '报名成功，请留意短信通知', data: null });
    const p = (await get(`/employment/task/${id}/workers`, member)).body.data.list[0];
    expect(p).toMatchObject({ name: '吴敏', work_status: 'applied', source: 'public' });
    expect(p.actions).toEqual(['hire', 'remove']);
    expect((await post(`/employment/task-worker/${p.id}/action`, { action: 'hire' }, member)).body.data.work_status).toBe('hired');
    expect((await post(`/employment/task-worker/${p.id}/action`, { action: 'hire' }, member)).body.code).toBe(409);
  });
});

describe('employment: agreement files and expiry', () => {
  /** A finished object in the sandbox store, made directly (the engine path is tested above). */
  async function storedMedia(companyId: number, bytes: Buffer | null, size: number, ext = 'pdf'): Promise<string> {
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = `${await mkdtemp(`${tmpdir()}/emp-`)}/f.${ext}`;
    if (bytes) await writeFile(path, bytes);
    const id = `T${Math.random().toString(36).slice(2, 14)}`;
    const key = `attached/material/${id}.${ext}`;
    const user = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    await s.db.query(
      `INSERT INTO media (media_id, kind, company_id, user_id, title, file_name, file_size, bucket, object_key, status)
       VALUES ($1, 'attached', $2, $3, 'x', $4, $5, 'outin-hrconsole-sandbox', $6, 'Normal')`,
      [id, companyId, user, `协议.${ext}`, size, key],
    );
    await s.db.query(`INSERT INTO oss_objects (bucket, object_key, size, etag, crc64, file_path) VALUES ('outin-hrconsole-sandbox', $1, $2, 'e', '0', $3)`, [
      key,
      size,
      path,
    ]);
    return id;
  }

  it('refuses a file that is not a PDF by content, one over 10 MB, and another company’s file', async () => {
    const id = (await get('/employment/tasks?status=recruiting', member)).body.data.list[0].id as number;
    const fake = await storedMedia(c1, Buffer.from('MZ not a pdf'), 12);
    expect((await post(`/employment/task/${id}/agreement`, { name: '协议', media_id: fake, effective_date: dateAfter(now(), 0) }, member)).body.msg).toBe(
      '协议文件仅支持 PDF 格式',
    );
    const big = await storedMedia(c1, null, 10 * 1024 * 1024 + 1);
    expect((await post(`/employment/task/${id}/agreement`, { name: '协议', media_id: big, effective_date: dateAfter(now(), 0) }, member)).body.msg).toBe(
      '协议文件不能超过10MB',
    );
    const theirs = await storedMedia(c2, Buffer.from('%PDF-1.4\n'), 9);
    expect((await post(`/employment/task/${id}/agreement`, { name: '协议', media_id: theirs, effective_date: dateAfter(now(), 0) }, member)).body.msg).toBe(
      '协议文件无效，请重新上传',
    );
    const ok = await storedMedia(c1, Buffer.from('%PDF-1.4\n'), 9);
    expect((await post(`/employment/task/${id}/agreement`, { name: '协议', media_id: ok, effective_date: dateAfter(now(), 0) }, member)).body.code).toBe(200);
    // agreements cannot be added to an ended task
    const ended = (await get('/employment/tasks?status=ended', member)).body.data.list[0].id as number;
    expect((await post(`/employment/task/${ended}/agreement`, { name: '协议', media_id: ok, effective_date: dateAfter(now(), 0) }, member)).body.code).toBe(
      409,
    );
  });

  it('a pending signature past the signup deadline shows 已过期 and can no longer be urged', async () => {
    const id = (await post('/employment/task/save', TASK(), member)).body.data.id as number;
    await review(id, 'pass');
    await post(`/employment/task/${id}/workers`, { name: '钱多多', mobile: '13977778888', cert_no: '33010219851212341X' }, member);
    await s.db.query(`UPDATE flex_tasks SET signup_deadline = $2 WHERE id = $1`, [id, dateAfter(now(), -1)]);
    const p = (await get(`/employment/task/${id}/workers`, member)).body.data.list[0];
    expect(p).toMatchObject({ name: '钱多多', sign_status: 'expired' });
    expect(p.actions).not.toContain('urge');
    expect((await post(`/employment/task-worker/${p.id}/action`, { action: 'urge' }, member)).body.code).toBe(409);
  });
});

describe('employment: an ended task', () => {
  it('still accepts what was delivered, and nothing else', async () => {
    const id = (await post('/employment/task/save', TASK(), member)).body.data.id as number;
    await review(id, 'pass');
    await post(`/employment/task/${id}/workers`, { name: '冯雪', mobile: '13977776666', cert_no: '420106198808085632' }, member);
    await post(`/employment/task/${id}/workers`, { name: '韩梅', mobile: '13977775555', cert_no: '510107199211117841' }, member);
    await s.db.query(
      `UPDATE flex_task_workers SET sign_status = 'signed', signed_at = now(), work_status = 'delivered', delivered_at = now()
        WHERE task_id = $1 AND worker_id = (SELECT id FROM flex_workers WHERE name = '冯雪' AND company_id = $2)`,
      [id, c1],
    );
    expect((await post(`/employment/task/${id}/action`, { action: 'end' }, member)).body.data.status).toBe('ended');
    const list = (await get(`/employment/task/${id}/workers`, member)).body.data.list as { id: number; name: string; actions: string[] }[];
    const feng = list.find((p) => p.name === '冯雪')!;
    const han = list.find((p) => p.name === '韩梅')!;
    expect(feng.actions).toEqual(['accept', 'reject']);
    expect(han.actions).toEqual([]);
    expect((await post(`/employment/task-worker/${han.id}/action`, { action: 'remove' }, member)).body.code).toBe(409);
    expect((await post(`/employment/task/${id}/workers`, { name: '何静', mobile: '13977774444', cert_no: '370202198706062152' }, member)).body.code).toBe(409);
    // the same certificate under another name is refused
    const other = (await post('/employment/task/save', TASK(), member)).body.data.id as number;
    await review(other, 'pass');
    expect((await post(`/employment/task/${other}/workers`, { name: '冯霜', mobile: '13977776666', cert_no: '420106198808085632' }, member)).body.msg).toBe(
      '该证件号码已登记在人员库中，但姓名不一致，请核对',
    );
    expect(
      (await post(`/employment/task/${other}/workers`, { name: '冯雪', mobile: '13977776666', cert_no: '420106198808085632' }, member)).body.data.added,
    ).toBe(1);
    expect((await post(`/employment/task-worker/${feng.id}/action`, { action: 'accept' }, member)).body.data.work_status).toBe('accepted');
  });
});

/**
 * The worker's pages' API (issue 29 items 1 and 6) over real HTTP against PGlite: an invitation end
 * to end (SMS code → session cookie → 实名认证, a mismatch refused → sign → deliver → 驳回 →
 * deliver again → 验收 → 发放记录), the worker session apart from the console's (neither opens the
 * other), and the public sign-up: one answer whatever the 人员库 holds, no link in it, a cap per
 * task and day.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { MSG_SIGNED_UP, WorkerRecordsData } from '../../contract/worker';
import { batchAction, createBatch } from '../domain/payouts/batch-edit';
import { MSG_SIGNUP_CAP } from '../domain/employment/public-signup';
import { makeIdCard } from '../db/seeds/dimission';
import { mobileIndex } from '../domain/users';
import { call, demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { workerInvites } from '../../../tests/setup/worker-invite';

let clock = Date.now();
const s = useTestServer({ now: () => new Date(clock), trustProxy: true, loginLimits: { signupsPerTaskPerDay: 5 } });
const { get, post } = entCalls(s);
let member: string, c1: number;
beforeAll(async () => {
  ({ member, c1 } = await demoAccounts(s));
});

const now = () => new Date(clock);
const { recruitingTask, invite, phone, smsCode, signWithCode } = workerInvites(
  s,
  () => member,
  () => c1,
  now,
);

describe('the invitation page', () => {
  it('SMS check → session → 实名认证 (a mismatch refused) → sign → deliver → 驳回 → deliver → 验收 → 发放记录', async () => {
    const taskId = await recruitingTask();
    const { token, rowId } = await invite(taskId, { name: '沈一帆', mobile: '13966001001', cert_no: '310115199711204522' });
    const p = phone(token);

    // before the check: the task, the masked mobile, nothing of the agreement
    const first = await p.view();
    expect(first).toMatchObject({
      step: 'verify',
      verified: false,
      mobile_mask: '139****1001',
      sign_status: 'pending',
      work_status: 'hired',
      agreement: null,
      task: { name: '社区团购自提点值守', pay_amount: 18000, pay_unit: 'day' },
    });
    expect(first.task.company_name).toBeTruthy();
    expect((await p.post('/realname', { name: '沈一帆', id_no: '310115199711204522' })).body).toMatchObject({ code: 400, msg: '请先完成短信验证' });
    expect((await p.post('/deliver', { note: '完成' })).body.msg).toBe('请先完成短信验证');
    expect((await p.get('/records')).body.msg).toBe('请先完成短信验证');

    // the code goes to the mobile on file; a wrong one is refused and sets no cookie
    const sent = await p.post('/code');
    expect(sent.body).toMatchObject({ code: 200, msg: '验证码已发送至139****1001', data: { mobile_mask: '139****1001' } });
    const code = await smsCode('13966001001');
    const wrong = await p.post('/verify', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.body.code).toBe(400);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const ok = await p.post('/verify', { code });
    expect(ok.body).toMatchObject({ code: 200, data: { step: 'realname', verified: true } });
    const cookie = ok.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^flexw=[\\w-]{43}; Path=/ent/v3/worker/invite/${token}; Max-Age=1800; HttpOnly; SameSite=Strict$`));
    // kept as a hash only
    const row = await s.db.one<{ session_hash: string }>('SELECT session_hash FROM flex_task_workers WHERE id = $1', [rowId]);
    expect(row!.session_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(row!.session_hash);

    // 实名认证: the check digit first, then the person on file
    expect((await p.post('/realname', { name: '沈一帆', id_no: '310115199711204523' })).body.msg).toBe('请输入正确的身份证号');
    expect((await p.post('/realname', { name: '沈一帆', id_no: '110105198805051235' })).body.msg).toBe('姓名与身份证号不一致，认证失败');
    expect((await p.post('/realname', { name: '沈一', id_no: '310115199711204522' })).body.msg).toBe('姓名与身份证号不一致，认证失败');
    expect((await p.post('/realname', { name: '', id_no: '310115199711204522' })).body.code).toBe(400);
    const real = await p.post('/realname', { name: '沈一帆', id_no: '310115 1997 1120 4522' });
    expect(real.body).toMatchObject({ code: 200, msg: '实名认证成功', data: { step: 'sign' } });
    const agreement = real.body.data.agreement as { id: number; version: number; url: string };
    expect(agreement).toMatchObject({ version: 1, name: '灵活用工服务协议' });
    const pdf = await fetch(s.url + agreement.url);
    expect(pdf.status).toBe(200);
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);

    // signing: intent, the version in effect
    expect((await p.post('/deliver', { note: '完成' })).body.msg).toBe('请先签署协议');
    expect((await p.post('/sign', { agreement_id: String(agreement.id), code: '123456' })).body.msg).toBe('请先阅读并同意协议');
    expect((await p.post('/sign', { agreement_id: String(agreement.id), agree: '1' })).body.msg).toBe('缺少参数：验证码');
    expect((await p.post('/sign', { agreement_id: String(agreement.id + 1000), agree: '1', code: '123456' })).body.msg).toBe('协议已更新，请重新阅读后签署');
    // through e签宝's signing flow (the demo's): its page, its own code, its callback
    const signed = await signWithCode(p, agreement.id, '13966001001');
    expect(signed.body).toMatchObject({
      code: 200,
      msg: '请在 e签宝 签署页面完成签署',
      data: { step: 'deliver', sign_status: 'signed', work_status: 'working' },
    });
    expect((await p.post('/sign', { agreement_id: String(agreement.id), agree: '1', code: '123456' })).body.code).toBe(409);
    expect((await p.post('/sign-code')).body).toMatchObject({ code: 409, msg: '当前状态不能签署' });
    expect((await p.post('/refuse')).body.msg).toBe('当前状态不能拒签');

    // delivery, HR's 驳回, again, 验收
    expect((await p.post('/deliver', { note: '' })).body.msg).toBe('请填写交付说明');
    expect((await p.post('/deliver', { note: '首周值守记录已提交' })).body.data).toMatchObject({ step: 'delivered', work_status: 'delivered' });
    expect((await post(`/employment/task-worker/${rowId}/action`, { action: 'reject', reason: '缺少周六记录' }, member)).body.code).toBe(200);
    expect(await p.view()).toMatchObject({ step: 'deliver', work_status: 'rejected', reject_reason: '缺少周六记录' });
    await p.post('/deliver', { note: '已补交周六记录' });
    expect((await post(`/employment/task-worker/${rowId}/action`, { action: 'accept' }, member)).body.code).toBe(200);
    expect(await p.view()).toMatchObject({ step: 'accepted', work_status: 'accepted', delivery_note: '已补交周六记录', amount: 18000 });

    // 我的协议 and 发放记录: nothing paid yet, then a submitted batch, then the channel's payment
    let records = envelope(WorkerRecordsData).parse((await p.get('/records')).body).data;
    expect(records.agreement).toMatchObject({ name: '灵活用工服务协议', version: 1 });
    expect(records.payouts).toEqual([]);
    // 我的任务: this person's tasks with the company, each its own link, this one marked
    expect(records.tasks).toEqual([
      { name: '社区团购自提点值守', work_status: 'accepted', sign_status: 'signed', need_sign: true, path: `/m/flex/w/${token}`, current: true },
    ]);
    const hr = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    const by = { companyId: c1, userId: hr, actor: 'HR', ip: '127.0.0.1' };
    const batch = await createBatch(s.db, by, { task_id: taskId }, now());
    records = envelope(WorkerRecordsData).parse((await p.get('/records')).body).data;
    expect(records.payouts).toEqual([]); // a draft is HR's own
    await batchAction(s.db, by, batch, 'submit', now());
    records = envelope(WorkerRecordsData).parse((await p.get('/records')).body).data;
    expect(records.payouts).toHaveLength(1);
    expect(records.payouts[0]).toMatchObject({ amount: 18000, status: 'pending', receipt_no: '' });
    await s.db.query(`UPDATE payout_rows SET status = 'success', finished_at = $2 WHERE id = $1`, [records.payouts[0]!.id, now()]);
    records = envelope(WorkerRecordsData).parse((await p.get('/records')).body).data;
    expect(records.payouts[0]).toMatchObject({ status: 'success' });
    expect(records.payouts[0]!.receipt_no).toMatch(/^HD\d{18}$/);
  });

  it('refusing: only a pending agreement, once; an unknown or removed link is refused', async () => {
    const taskId = await recruitingTask();
    const { token, rowId } = await invite(taskId, { name: '贺兰', mobile: '13966001002', cert_no: '33010219851212341X' });
    const p = phone(token);
    await p.post('/code');
    await p.post('/verify', { code: await smsCode('13966001002') });
    expect((await p.post('/refuse')).body).toMatchObject({ code: 200, msg: '已拒绝签署', data: { step: 'refused', sign_status: 'refused' } });
    expect((await p.post('/refuse')).body.code).toBe(409);
    expect((await call(s.url, 'GET', `/ent/v3/worker/invite/${'x'.repeat(24)}`)).body).toMatchObject({ code: 404, msg: '邀请不存在或已被移除' });
    expect((await call(s.url, 'GET', '/ent/v3/worker/invite/..%2F..')).body.msg).toBe('链接无效');
    // a person HR removes from the task: their link goes with them
    const other = await invite(taskId, { name: '韦青', mobile: '13966001003', cert_no: '420106198808085632' });
    expect((await post(`/employment/task-worker/${other.rowId}/action`, { action: 'remove' }, member)).body.code).toBe(200);
    expect((await call(s.url, 'GET', `/ent/v3/worker/invite/${other.token}`)).body.code).toBe(404);
    // HR's list shows the refusal
    const row = (await get(`/employment/task/${taskId}/workers`, member)).body.data.list.find((w: { id: number }) => w.id === rowId);
    expect(row.sign_status).toBe('refused');
  });
});

describe('worker sessions and console sessions stay apart', () => {
  it('the worker cookie opens no console call; a console token opens no worker step; one invitation’s cookie not another’s', async () => {
    const taskId = await recruitingTask();
    const a = await invite(taskId, { name: '郑好', mobile: '13966001004', cert_no: '510107199211117841' });
    const b = await invite(taskId, { name: '冯时', mobile: '13966001005', cert_no: '370202198706062152' });
    const pa = phone(a.token);
    await pa.post('/code');
    await pa.post('/verify', { code: await smsCode('13966001004') });
    const secret = pa.jar.get('flexw')!;
    expect(secret).toMatch(/^[\w-]{43}$/);

    // the worker's secret as a console credential: cookie or bearer, it is not a login
    for (const opts of [{ headers: { cookie: `flexw=${secret}` } }, { headers: { cookie: `token=${secret}` } }, { token: secret }]) {
      const r = await call(s.url, 'GET', '/ent/v3/usercenter/info', opts);
      expect(r.body.code).toBe(410000);
    }
    expect((await call(s.url, 'GET', '/ent/v3/employment/tasks', { headers: { cookie: `flexw=${secret}` } })).body.code).toBe(410000);

    // a console token (bearer or cookie) does not stand for the SMS check
    const realname = { name: '冯时', id_no: '370202198706062152' };
    const base = `/ent/v3/worker/invite/${b.token}`;
    expect((await call(s.url, 'POST', `${base}/realname`, { form: realname, token: member })).body.msg).toBe('请先完成短信验证');
    expect((await call(s.url, 'POST', `${base}/realname`, { form: realname, headers: { cookie: `token=${member}` } })).body.msg).toBe('请先完成短信验证');
    expect((await call(s.url, 'GET', base, { token: member })).body.data.step).toBe('verify');
    // nor does invitation a's cookie open invitation b
    expect((await call(s.url, 'POST', `${base}/realname`, { form: realname, headers: { cookie: `flexw=${secret}` } })).body.msg).toBe('请先完成短信验证');
    expect((await call(s.url, 'GET', `${base}/records`, { headers: { cookie: `flexw=${secret}` } })).body.msg).toBe('请先完成短信验证');

    // the session lasts half an hour
    expect((await pa.view()).verified).toBe(true);
    clock += 31 * 60_000;
    expect((await pa.view()).step).toBe('verify');
    expect((await pa.post('/realname', { name: '郑好', id_no: '510107199211117841' })).body.msg).toBe('请先完成短信验证');
  });
});

describe('the public sign-up', () => {
  /** A recruiting task of company 1 open to public sign-up; answers its link's token. */
  async function publicTask(): Promise<{ id: number; token: string }> {
    const id = await recruitingTask();
    const setting = {
      signup_mode: 'public',
      signup_review: '1',
      need_realname: '1',
      settle_cycle: 'T+1',
      auto_accept_days: '7',
      notify_sms: '1',
      notify_site: '1',
    };
    expect((await post(`/employment/task/${id}/setting`, setting, member)).body.code).toBe(200);
    const url = (await get(`/employment/task/${id}`, member)).body.data.public_url as string;
    expect(url).toMatch(/^\/m\/flex\/t\/[\w-]+$/);
    return { id, token: url.split('/').pop()! };
  }
  const signUp = (token: string, form: Record<string, string>, ip = '127.0.0.1') =>
    call(s.url, 'POST', `/ent/v3/worker/task/${token}/signup`, { form, headers: { 'x-forwarded-for': ip } });

  it('answers the same for a new person, one already in the 人员库, one on the task, and a number under another name; never a link', async () => {
    const t = await publicTask();
    const page = await call(s.url, 'GET', `/ent/v3/worker/task/${t.token}`);
    expect(page.body).toMatchObject({ code: 200, data: { name: '社区团购自提点值守', closed: false, pay_amount: 18000 } });

    const fresh = await signUp(t.token, { name: '温言', mobile: '13966002001', cert_no: '440305199307071278' });
    // 张伟 of the seed is in the company's 人员库 (with another mobile)
    const pooled = await signUp(t.token, { name: '张伟', mobile: '13966002002', cert_no: '33010619900101123X' });
    const again = await signUp(t.token, { name: '张伟', mobile: '13966002002', cert_no: '33010619900101123X' });
    const otherName = await signUp(t.token, { name: '张三', mobile: '13966002003', cert_no: '33010619900101123X' });
    const answers = [fresh, pooled, again, otherName];
    for (const r of answers) {
      expect(r.body).toEqual({ code: 200, msg: MSG_SIGNED_UP, data: null });
      expect(JSON.stringify(r.body)).not.toMatch(/flex|invite|token|http/i);
    }
    expect(new Set(answers.map((r) => r.headers.get('content-length'))).size).toBe(1);
    // the company sees who signed up; the pool kept its own data
    const list = (await get(`/employment/task/${t.id}/workers`, member)).body.data.list as {
      name: string;
      mobile: string;
      source: string;
      work_status: string;
    }[];
    expect(list.map((w) => w.name).sort()).toEqual(['张伟', '温言'].sort());
    expect(list.find((w) => w.name === '张伟')).toMatchObject({ mobile: '139****0001', source: 'public', work_status: 'applied' });
    expect(list.some((w) => w.name === '张三')).toBe(false);

    // what is wrong with the input itself is said (it does not depend on the pool)
    expect((await signUp(t.token, { name: '温言', mobile: '1396600', cert_no: '440305199307071278' })).body.msg).toBe('请输入正确的手机号');
    expect((await signUp(t.token, { name: '温言', mobile: '13966002001', cert_no: '440305199307071279' })).body.msg).toBe('证件号码校验位错误');
    expect((await signUp(t.token, { name: '<b>x</b>', mobile: '13966002001', cert_no: '440305199307071278' })).body.code).toBe(400);
    expect((await signUp('z'.repeat(24), { name: '温言', mobile: '13966002001', cert_no: '440305199307071278' })).body.msg).toBe('任务不存在或已停止报名');
    // the sandbox link of old is gone
    expect((await call(s.url, 'GET', `/sandbox/flex/t/${t.token}`)).status).toBe(404);
  });

  it('takes at most the day’s cap per task, from any IP; another task, or the next day, takes more', async () => {
    const t = await publicTask();
    const other = await publicTask();
    const person = (i: number) => ({ name: '鲁平', mobile: `1396600300${i}`, cert_no: makeIdCard('110105', '1990-03-03', 500 + i) });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await signUp(t.token, person(i), `10.9.0.${i}`)).body.code);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await signUp(t.token, person(6), '10.9.1.1')).body).toEqual({ code: 429, msg: MSG_SIGNUP_CAP, data: null });
    expect((await signUp(other.token, person(6), '10.9.1.2')).body.code).toBe(200);
    clock += 24 * 3_600_000;
    expect((await signUp(t.token, person(6), '10.9.1.3')).body.code).toBe(200);
  });
});

/**
 * Issue 15, second slice, over HTTP: the data panel's 灵活用工 and CRC sections and the 部门 filter
 * against hand-computed answers on a small fixture (a fresh company, fixed clock 2026-06-15 12:00
 * China time), an empty range, another company's data left out; the home page's to-do counts,
 * overview and account; announcements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrcStats, FlexStats, RecruitStats, DepartureStats } from '../../contract/statistics';
import { HomeSummary } from '../../contract/home';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { mobileIndex } from '../domain/users';
import { insertUser } from '../../../tests/setup/users';

const NOW = new Date('2026-06-15T12:00:00+08:00');
const at = (t: string) => new Date(`${t}+08:00`);
let s: TestServer;
let token: string;
let demo: string;
let co = 0;

beforeAll(async () => {
  s = await startTestServer({ now: () => NOW });
  const db = s.db;
  co = (await db.one<{ id: number }>(
    "INSERT INTO companies (name, creditcode, status, crc_balance) VALUES ('首页测试有限公司', '91330106HOME00001X', 'normal', 40) RETURNING id",
  ))!.id;
  const u = (await insertUser(db, '13955550002', { company_id: co, role: 'admin' }))!;
  token = await s.tokenFor('13955550002');
  demo = await s.tokenFor('13800000001');
  // positions with departments, one pending application each, an interview today
  const pos = async (title: string, dept: string | null) =>
    (await db.one<{ id: number }>(
      `INSERT INTO positions (company_id, title, category, city, district, salary_min, salary_max, description, created_by, department)
       VALUES ($1, $2, '技术研发', '杭州', '西湖区', 10, 20, '测试', $3, $4) RETURNING id`,
      [co, title, u, dept],
    ))!.id;
  const p1 = await pos('首页岗A', '技术部');
  const p2 = await pos('首页岗B', '销售部');
  const cands = (await db.query<{ id: number }>('SELECT id FROM candidates ORDER BY id LIMIT 3')).map((x) => x.id);
  await db.query(
    `INSERT INTO applications (position_id, company_id, candidate_id, status, created_at, updated_at) VALUES
       ($1, $3, $4, 'pending', $6, $6), ($2, $3, $5, 'pending', $6, $6), ($2, $3, $7, 'unsuitable', $6, $6)`,
    [p1, p2, co, cands[0], cands[1], at('2026-06-14T10:00:00'), cands[2]],
  );
  const iv = (pick: string, status: string) =>
    db.query(
      `INSERT INTO interviews (company_id, candidate_id, position_id, type, pick_time, address, contacts_name, contacts_tel, status, created_at)
       VALUES ($1, $2, $3, 'user', $4, '杭州', '王', '0571-1', $5, $6)`,
      [co, cands[0], p1, at(pick), status, at('2026-06-13T10:00:00')],
    );
  await iv('2026-06-15T15:00:00', 'accepted');
  await iv('2026-06-15T09:00:00', 'canceled');
  await iv('2026-06-16T09:00:00', 'pending');
  // departures in two departments
  for (const [k, dept] of [
    [1, '技术部'],
    [2, '销售部'],
    [3, '技术部'],
  ] as const) {
    await db.query(
      `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, dept_name, job_name, entry_date, leave_date, leave_type)
       VALUES ($1, 'manual', $2, 'x', $3, '3301**', $4, '工程师', '2020-01-01', '2026-06-12', 'resign')`,
      [co, `员工${k}`, `bidx-home-${k}`, dept],
    );
  }
  await db.query(`INSERT INTO resignation_requests (company_id, employee_name, status) VALUES ($1, '甲', 'pending'), ($1, '乙', 'approved')`, [co]);
  // 灵活用工: a task, two workers, a batch with a success and a failure, a batch waiting, an older row
  const task = (await db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token, submitted_at, need_sign) VALUES ($1, 'RWHOME0001', '首页任务', 'ongoing', 'tok-home-1', $2, true) RETURNING id`,
    [co, at('2026-06-10T10:00:00')],
  ))!.id;
  const worker = async (k: number) =>
    (await db.one<{ id: number }>(
      `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
       VALUES ($1, $2, 'x', $3, '139****', 'x', $4, '3301**') RETURNING id`,
      [co, `工人${k}`, `m-home-${k}`, `c-home-${k}`],
    ))!.id;
  const w1 = await worker(1);
  const w2 = await worker(2);
  await db.query(
    `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, sign_status, work_status, invite_token, accepted_at)
     VALUES ($1, $2, $3, 'named', 'pending', 'working', 'inv-home-1', NULL), ($1, $2, $4, 'named', 'signed', 'accepted', 'inv-home-2', $5)`,
    [task, co, w1, w2, at('2026-06-13T10:00:00')],
  );
  const batch = async (no: string, status: string) =>
    (await db.one<{ id: number }>(`INSERT INTO payout_batches (company_id, batch_no, task_id, status) VALUES ($1, $2, $3, $4) RETURNING id`, [
      co,
      no,
      task,
      status,
    ]))!.id;
  const b1 = await batch('FFHOME0001', 'partial');
  await batch('FFHOME0002', 'unpaid');
  const b3 = await batch('FFHOME0003', 'done');
  const row = (b: number, w: number, amount: number, status: string, finished: string, ch: string) =>
    db.query(
      `INSERT INTO payout_rows (batch_id, company_id, worker_id, name, amount, tax, fee, net, status, channel_no, finished_at)
       VALUES ($1, $2, $3, '工人', $4, $5, $6, $10, $7, $8, $9)`,
      [b, co, w, amount, amount / 100, (amount * 6) / 100, status, ch, at(finished), amount - amount / 100],
    );
  await row(b1, w1, 10000, 'success', '2026-06-12T10:00:00', 'PCHOME1'); // tax 100, fee 600
  await row(b1, w2, 20000, 'failed', '2026-06-12T10:00:00', 'PCHOME2');
  await row(b3, w1, 30000, 'success', '2026-06-15T09:00:00', 'PCHOME3'); // tax 300, fee 1800
  await row(b3, w2, 50000, 'success', '2026-05-01T09:00:00', 'PCHOME4'); // outside 近7天
  await db.query('INSERT INTO payout_accounts (company_id, balance) VALUES ($1, 123400)', [co]);
  // CRC: +10 and −5 −3 in the week, −7 long before
  for (const [delta, reason, t] of [
    [10, '员工离职记录（甲）', '2026-06-10T10:00:00'],
    [-5, '查看人才信息（王**）', '2026-06-11T10:00:00'],
    [-3, '查看人才信息（李**）', '2026-06-11T23:00:00'],
    [-2, '办理离职（乙）', '2026-06-14T10:00:00'],
    [-7, '查看人才信息（赵**）', '2026-04-01T10:00:00'],
  ] as const) {
    await db.query('INSERT INTO crc_ledger (company_id, delta, balance_after, reason, created_at) VALUES ($1, $2, 0, $3, $4)', [co, delta, reason, at(t)]);
  }
  await db.query(
    `INSERT INTO member_orders (order_id, company_id, user_id, pack, name, amount, days, num, lv, status, created_at)
    VALUES ('HOMEORDER0001', $1, $2, 'year', '年度会员', 398000, 365, 500, 1, 'unpaid', $3), ('HOMEORDER0002', $1, $2, 'year', '年度会员', 398000, 365, 500, 1, 'closed', $3)`,
    [co, u, at('2026-06-15T10:00:00')],
  );
  // 完税服务: two applications waiting for payment, one paid (开具中), one withdrawn
  for (const [no, status] of [
    ['HOMETAX1', 'unpaid'],
    ['HOMETAX2', 'unpaid'],
    ['HOMETAX3', 'issuing'],
    ['HOMETAX4', 'withdrawn'],
  ] as const) {
    await db.query(
      `INSERT INTO tax_applications (company_id, apply_no, period_start, period_end, mode, proof_type, receive, status, head_count, income, tax, invoiceable, fee, created_at, updated_at)
       VALUES ($1, $2, '2026-05', '2026-05', 'people', 'table', 'download', $3, 1, 10000, 150, 10600, 1000, $4, $4)`,
      [co, no, status, at('2026-06-15T10:00:00')],
    );
  }
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const get = async (path: string, tk = token) => {
  const r = await call(s.url, 'GET', `/ent/v3${path}`, { token: tk });
  return r.body as { code: number; msg: string; data: unknown };
};

describe('灵活用工 section', () => {
  it('近7天 as computed by hand: success rows only in the money, the rate over finished rows', async () => {
    const d = FlexStats.parse((await get('/statistics/flex?range=7d')).data);
    expect({ gross: d.gross, fee: d.fee, tax: d.tax, paid: d.paid, failed: d.failed, rate: d.success_rate }).toEqual({
      gross: 40000,
      fee: 2400,
      tax: 400,
      paid: 2,
      failed: 1,
      rate: 66.7,
    });
    expect(d.trend).toHaveLength(7);
    expect(d.trend.find((t) => t.date === '2026-06-12')).toEqual({ date: '2026-06-12', gross: 10000, paid: 1 });
    expect(d.trend.find((t) => t.date === '2026-06-15')).toEqual({ date: '2026-06-15', gross: 30000, paid: 1 });
    expect(d.tasks).toEqual({ published: 1, active: 1, accepted: 1 });
  });
  it('an empty range answers zeros, no rate, and a zero row per day', async () => {
    const d = FlexStats.parse((await get('/statistics/flex?range=custom&start=2026-01-01&end=2026-01-03')).data);
    expect([d.gross, d.paid, d.failed, d.success_rate]).toEqual([0, 0, 0, null]);
    expect(d.trend).toEqual(['2026-01-01', '2026-01-02', '2026-01-03'].map((date) => ({ date, gross: 0, paid: 0 })));
  });
  it("another company's payouts are left out", async () => {
    const d = FlexStats.parse((await get('/statistics/flex?range=custom&start=2026-06-12&end=2026-06-15', demo)).data);
    const mine = FlexStats.parse((await get('/statistics/flex?range=custom&start=2026-06-12&end=2026-06-15')).data);
    expect(mine.gross).toBe(40000);
    const sum = await s.db.one<{ g: string }>(
      `SELECT coalesce(sum(amount), 0)::text AS g FROM payout_rows WHERE company_id <> $1 AND status = 'success' AND finished_at >= $2 AND finished_at < $3
         AND company_id = (SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}')`,
      [co, at('2026-06-12T00:00:00'), at('2026-06-16T00:00:00')],
    );
    expect(d.gross).toBe(Number(sum!.g));
  });
});

describe('CRC section', () => {
  it('earned and spent per day, uses by kind with names left out, the balance', async () => {
    const d = CrcStats.parse((await get('/statistics/crc?range=7d')).data);
    expect([d.earned, d.spent, d.balance]).toEqual([10, 10, 40]);
    expect(d.trend.find((t) => t.date === '2026-06-11')).toEqual({ date: '2026-06-11', earned: 0, spent: 8 });
    expect(d.uses).toEqual([
      { reason: '查看人才信息', spent: 8 },
      { reason: '办理离职', spent: 2 },
    ]);
  });
  it('an empty range', async () => {
    const d = CrcStats.parse((await get('/statistics/crc?range=custom&start=2026-01-01&end=2026-01-01')).data);
    expect([d.earned, d.spent, d.uses, d.trend]).toEqual([0, 0, [], [{ date: '2026-01-01', earned: 0, spent: 0 }]]);
  });
});

describe('部门 filter', () => {
  it('recruitment counts only the department’s positions; departures only its people; the options list both', async () => {
    const all = RecruitStats.parse((await get('/statistics/recruitment?range=7d')).data);
    expect(all.funnel.applies).toBe(3);
    expect(all.department_options).toEqual(['技术部', '销售部']);
    const tech = RecruitStats.parse((await get(`/statistics/recruitment?range=7d&department=${encodeURIComponent('技术部')}`)).data);
    expect(tech.funnel.applies).toBe(1);
    expect(tech.positions.map((p) => p.title)).toEqual(['首页岗A']);
    const dep = DepartureStats.parse((await get(`/statistics/departure?range=7d&department=${encodeURIComponent('技术部')}`)).data);
    expect(dep.left).toBe(2);
    const none = DepartureStats.parse((await get(`/statistics/departure?range=7d&department=${encodeURIComponent('无此部门')}`)).data);
    expect(none.left).toBe(0);
  });
  it('a department too long or with NUL is a clear 400', async () => {
    expect((await get(`/statistics/recruitment?department=${'部'.repeat(16)}`)).code).toBe(400);
    expect((await get('/statistics/recruitment?department=a%00b')).code).toBe(400);
  });
});

describe('home summary', () => {
  it('to-do counts as computed by hand', async () => {
    const d = HomeSummary.parse((await get('/index/summary')).data);
    expect(d.todos).toEqual({ resumes: 2, interviews: 1, requests: 1, proofs: 0, unsigned: 1, batches: 1, orders: 1, tax_orders: 2 });
    // 邀约面试 and 录用 are the week's applications that reached the step (the fixture's two interviews
    // belong to no application of the week): the panel's funnel, docs/statistics.md (issue 31)
    expect(d.overview.recruit).toEqual({ open_positions: 2, applies: 3, invited: 0, hired: 0 });
    expect(d.overview.flex).toEqual({ active_tasks: 1, month_amount: 40000, month_count: 2 });
    expect(d.overview.departure).toEqual({ month_left: 3, month_proofs: 0 });
    expect(d.account.flex_balance).toBe(123400);
    expect(d.account.payout_task?.name).toBe('首页任务');
  });
  it("the overview's figures are the panel's (近7天; this month to today); a hire dated after today is in the cohort, not in the trend", async () => {
    const db = s.db;
    const p1 = (await db.one<{ id: number }>("SELECT id FROM positions WHERE company_id = $1 AND title = '首页岗A'", [co]))!.id;
    const cand = (await db.one<{ id: number }>(
      'SELECT id FROM candidates c WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.position_id = $1 AND a.candidate_id = c.id) ORDER BY id LIMIT 1',
      [p1],
    ))!.id;
    await db.query(
      "INSERT INTO applications (position_id, company_id, candidate_id, status, created_at, updated_at, hired_at) VALUES ($1, $2, $3, 'hired', $4, $4, $5)",
      [p1, co, cand, at('2026-06-15T09:00:00'), at('2026-06-17T10:00:00')],
    );
    const d = HomeSummary.parse((await get('/index/summary')).data);
    // the application is 录用 (its status and hired_at), so the cohort counts it whatever the hire's date;
    // the trend (events by date) does not show the hire until its day
    expect(d.overview.recruit).toEqual({ open_positions: 2, applies: 4, invited: 1, hired: 1 });
    // the overview is the panel's 近7天 funnel, label for label (issue 31 item 6)
    const rec = RecruitStats.parse((await get('/statistics/recruitment?range=7d')).data);
    expect(d.overview.recruit).toEqual({ open_positions: 2, applies: rec.funnel.applies, invited: rec.funnel.invited, hired: rec.funnel.hired });
    expect(rec.trend.reduce((a, t) => a + t.hires, 0)).toBe(0);
    const month = 'range=custom&start=2026-06-01&end=2026-06-15';
    const flex = FlexStats.parse((await get(`/statistics/flex?${month}`)).data);
    expect(d.overview.flex).toEqual({ active_tasks: 1, month_amount: flex.gross, month_count: flex.paid });
    const dep = DepartureStats.parse((await get(`/statistics/departure?${month}`)).data);
    expect(d.overview.departure).toEqual({ month_left: dep.left, month_proofs: dep.proofs_issued });
  });
  it("the demo company's counts are its own", async () => {
    const d = HomeSummary.parse((await get('/index/summary', demo)).data);
    expect(d.account.payout_task?.name).not.toBe('首页任务');
    expect(d.todos.batches).toBe(1);
  });
  it('needs a token', async () => {
    expect((await call(s.url, 'GET', '/ent/v3/index/summary')).body.code).not.toBe(200);
  });
});

describe('announcements', () => {
  it('the operator publishes one; it lists first when pinned; bad input is refused', async () => {
    const r = await call(s.url, 'POST', '/sandbox/announcements', { form: { title: '测试置顶公告', body: '内容', pinned: '1' } });
    expect(r.status).toBe(200);
    const d = (await get('/index/announcements')).data as { list: { title: string; pinned: boolean }[] };
    expect(d.list[0]).toMatchObject({ title: '测试置顶公告', pinned: true });
    const bad = await call(s.url, 'POST', '/sandbox/announcements', { form: { title: '' } });
    expect((bad.body as { msg: string }).msg).toBe('请填写公告标题');
    const nul = await call(s.url, 'POST', '/sandbox/announcements', { form: { title: 'a\u0000b' } });
    expect((nul.body as { code: number }).code).not.toBe(200);
    expect(((await get('/index/announcements')).data as { list: unknown[] }).list.filter((x) => (x as { title: string }).title.includes('\u0000'))).toEqual([]);
  });
});

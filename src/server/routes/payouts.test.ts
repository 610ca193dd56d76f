/**
 * 发放管理 over real HTTP against PGlite: the account and its ledger, a batch from a task's
 * accepted deliveries (unsigned refused, the monthly cap), confirm with the SMS code exactly once
 * (20 concurrent confirms, and a second server instance on the same database), the channel's
 * signed callbacks (a duplicate changes nothing), refunds, another company's batch 404, amounts
 * that are not integers of fen refused; the ledger invariant checked after every scenario.
 * 13800000001 (管理员) prepares; 周婷 (财务, P.approver) confirms (four eyes, issue 27).
 */
import { describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { AccountData, BatchDetail, LedgerData, LogData, SettingsChangesData } from '../../contract/payouts';
import { buildServer } from '../app';
import { call } from '../../../tests/setup/server';
import { payoutsTest } from '../../../tests/setup/payouts';

const P = payoutsTest();
const { get, post, taskWith, topUp, code, readyBatch } = P;
const balance = async () => AccountData.parse((await get('/payout/account', P.member)).body.data).balance;

type BatchDetail = ReturnType<typeof BatchDetail.parse>;
/** the default settings as the form sends them */
const SETTINGS = { fee_rate_bp: '600', tax_rate_bp: '150', monthly_cap_fen: '9800000', approval_threshold_fen: '0', self_approval: '0' };

describe('payouts: account and ledger', () => {
  it('tops up by bank transfer once the operator confirms, once', async () => {
    const before = await balance();
    const r = await post('/payout/topup', { amount: '123456' }, P.member);
    expect(r.body.code).toBe(200);
    expect(await balance()).toBe(before); // not before the money arrives
    const c = await call(P.s.url, 'POST', `/sandbox/payouts/topups/${r.body.data.id}/confirm`);
    expect(c.status).toBe(200);
    const again = await call(P.s.url, 'POST', `/sandbox/payouts/topups/${r.body.data.id}/confirm`);
    expect(again.status).toBe(200);
    expect((again.body as { code: number }).code).toBe(409);
    expect(await balance()).toBe(before + 123456);
    const led = LedgerData.parse((await get('/payout/ledger?type=topup', P.member)).body.data);
    expect(led.list[0]).toMatchObject({ type: 'topup', amount: 123456, balance_after: before + 123456 });
  });

  it('refuses amounts that are not integers of fen, and non-members', async () => {
    for (const amount of ['12.5', '-100', '0', '1e5', 'abc', '', '99999999999999', '100\u0000']) {
      const r = await post('/payout/topup', { amount }, P.member);
      expect(r.status).toBe(200);
      expect(r.body.code, amount).toBe(400);
    }
    expect((await post('/payout/topup', { amount: '100' }, P.other)).body.code).toBe(403);
    expect((await get('/payout/account')).body.code).toBe(410000);
    expect(await P.s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM payout_topups WHERE company_id = $1', [P.c2])).toEqual({ n: 0 });
  });

  it('saves the rates, the monthly cap and the approval rules; shows the defaults first; logs each change before → after', async () => {
    const a = AccountData.parse((await get('/payout/account', P.member)).body.data);
    expect(a.settings).toEqual({ fee_rate_bp: 600, tax_rate_bp: 150, monthly_cap_fen: 9_800_000, approval_threshold_fen: 0, self_approval: false });
    const changes = async () => SettingsChangesData.parse((await get('/payout/settings/changes', P.approver)).body.data);
    const n0 = (await changes()).total;
    const bad = async (form: Record<string, string>, msg: RegExp | string) => {
      const r = await post('/payout/settings', { ...SETTINGS, ...form }, P.member);
      expect(r.body.code, JSON.stringify(form)).toBe(400);
      expect(r.body.msg).toMatch(msg);
    };
    await bad({ fee_rate_bp: '6.5' }, '服务费率须为整数（万分之）');
    await bad({ monthly_cap_fen: '98000.5' }, '每人每月上限须为整数分');
    await bad({ approval_threshold_fen: '-1' }, '双人审批额度须为整数分（不需要时填0）');
    await bad({ self_approval: 'yes' }, '请选择是否开启单人审批');
    // 单人审批 in a company of several members: refused, nothing saved
    const solo = await post('/payout/settings', { ...SETTINGS, self_approval: '1' }, P.member);
    expect(solo.body).toMatchObject({ code: 409, msg: '企业仅有一位成员时才可开启单人审批；有多位成员时，提交人与审批人须为不同的人' });
    expect((await changes()).total).toBe(n0);
    const ok = await post('/payout/settings', { ...SETTINGS, approval_threshold_fen: '500000' }, P.member);
    expect(ok.body.data).toMatchObject({ approval_threshold_fen: 500_000, self_approval: false });
    await post('/payout/settings', SETTINGS, P.member);
    const c = await changes();
    expect(c.total).toBe(n0 + 2);
    expect(c.list[1]).toMatchObject({ operator: '王丽娟', before: { approval_threshold_fen: 0 }, after: { approval_threshold_fen: 500_000 } });
    // 财务 reads the record but cannot change the settings
    expect((await post('/payout/settings', SETTINGS, P.approver)).body.code).toBe(403);
  });
});

describe('payouts: batches', () => {
  it('pre-calculates fee and tax from the rates; refuses an unsigned worker; 404 for another company', async () => {
    const t = await taskWith(P.c1, [{ amount: 25_050 }, { amount: 10_000 }]);
    const b = await post('/payout/batch', { task_id: String(t) }, P.member);
    expect(b.body.code, b.body.msg).toBe(200);
    const d = BatchDetail.parse(b.body.data);
    expect(d).toMatchObject({ status: 'draft', head_count: 2, gross: 35_050, fee: 2103, tax: 526, net: 34_524, debit: 37_153 });
    expect(d.batch_no).toMatch(/^FF\d{18}$/);
    expect(d.rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    // the same deliveries are not put in a second live batch
    expect((await post('/payout/batch', { task_id: String(t) }, P.member)).body.msg).toBe('该任务暂无待发放的已验收人员');

    const u = await taskWith(P.c1, [{ amount: 5000 }, { amount: 5000, signed: false }]);
    const refused = await post('/payout/batch', { task_id: String(u) }, P.member);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toMatch(/尚未签署协议，不能发放/);
    expect(await P.s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM payout_batches WHERE task_id = $1', [u])).toEqual({ n: 0 });
    // a task that asks for no signature (是否需签约 = 否) pays its accepted deliveries unsigned (issue 29 item 5)
    const free = await taskWith(P.c1, [{ amount: 4000, signed: false }]);
    await P.s.db.query('UPDATE flex_tasks SET need_sign = false WHERE id = $1', [free]);
    const paid = await post('/payout/batch', { task_id: String(free) }, P.member);
    expect(paid.body.code, paid.body.msg).toBe(200);
    expect(BatchDetail.parse(paid.body.data).head_count).toBe(1);

    // another company's batch answers like a missing one, everywhere
    const t2 = await taskWith(P.c2, [{ amount: 1000 }]);
    const [ob] = await P.s.db.query<{ id: number }>(
      `INSERT INTO payout_batches (company_id, batch_no, task_id, status) VALUES ($1, 'FFOTHER' || floor(random()*1e9)::text, $2, 'unpaid') RETURNING id`,
      [P.c2, t2],
    );
    expect((await post('/payout/batch', { task_id: String(t2) }, P.member)).body.code).toBe(404);
    for (const r of [
      await get(`/payout/batch/${ob!.id}`, P.member),
      await get(`/payout/batch/${ob!.id}/logs`, P.member),
      await post(`/payout/batch/${ob!.id}/action`, { action: 'close' }, P.member),
      await post(`/payout/batch/${ob!.id}/code`, {}, P.member),
      await post(`/payout/batch/${ob!.id}/confirm`, { code: '123456' }, P.member),
      await get('/payout/batch/999999999', P.member),
    ])
      expect(r.body.code).toBe(404);
    expect((await P.s.db.one<{ status: string }>('SELECT status FROM payout_batches WHERE id = $1', [ob!.id]))!.status).toBe('unpaid');
    expect(envelope(LogData).safeParse((await get(`/payout/batch/${d.id}/logs`, P.member)).body).success).toBe(true);
  });

  it('keeps each person within the monthly cap across batches', async () => {
    await post('/payout/settings', { ...SETTINGS, monthly_cap_fen: '50000' }, P.member);
    try {
      const t = await taskWith(P.c1, [{ amount: 60_000 }]);
      const r = await post('/payout/batch', { task_id: String(t) }, P.member);
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toMatch(/每人每月上限¥500\.00/);
      // the same person in a second task: 30,000 + 30,000 passes the cap
      const t1 = await taskWith(P.c1, [{ amount: 30_000 }]);
      const b1 = await post('/payout/batch', { task_id: String(t1) }, P.member);
      expect(b1.body.code).toBe(200);
      const w = await P.s.db.one<{ worker_id: number }>('SELECT worker_id FROM flex_task_workers WHERE task_id = $1', [t1]);
      const t3 = await P.s.db.one<{ id: number }>(
        `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'RWQ' || floor(random()*1e9)::text, '二次任务', 'ongoing', md5(random()::text)) RETURNING id`,
        [P.c1],
      );
      await P.s.db.query(
        `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
         VALUES ($1,$2,$3,'named','accepted','signed',30000,md5(random()::text),now())`,
        [t3!.id, P.c1, w!.worker_id],
      );
      const b2 = await post('/payout/batch', { task_id: String(t3!.id) }, P.member);
      expect(b2.body.code).toBe(400);
      expect(b2.body.msg).toMatch(/本月已发¥300\.00/);
      // closing the first batch frees the month again
      await post(`/payout/batch/${b1.body.data.id}/action`, { action: 'close' }, P.member);
      expect((await post('/payout/batch', { task_id: String(t3!.id) }, P.member)).body.code).toBe(200);
    } finally {
      await post('/payout/settings', SETTINGS, P.member);
    }
  });
});

describe('payouts: confirm exactly once', () => {
  it('needs the SMS code and enough balance; 20 concurrent confirms debit once', async () => {
    const t = await taskWith(P.c1, [{ amount: 2_000_000 }, { amount: 3_000_000 }, { amount: 1_500_000 }]);
    const b = await readyBatch(t);
    // not enough money: refused, nothing debited, the code not used up
    const bal0 = await balance();
    if (bal0 >= b.debit) throw new Error('test expects a short balance');
    const c0 = await code(b.id);
    const short = await post(`/payout/batch/${b.id}/confirm`, { code: c0 }, P.approver);
    expect(short.body.code).toBe(409);
    expect(short.body.msg).toMatch(/账户余额不足/);
    await topUp(b.debit - bal0);
    expect((await post(`/payout/batch/${b.id}/confirm`, { code: c0 === '000000' ? '111111' : '000000' }, P.approver)).body.msg).toBe('验证码错误');
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(`/payout/batch/${b.id}/confirm`, { code: c0 }, P.approver)));
    const okd = answers.filter((a) => a.body.code === 200);
    expect(okd.length).toBe(20);
    expect(okd.filter((a) => a.body.data.duplicate === false).length).toBe(1);
    expect(okd.filter((a) => a.body.data.duplicate === true).every((a) => a.body.msg === '发放结果确认中，请勿重复提交')).toBe(true);
    const debits = await P.s.db.query('SELECT id FROM payout_ledger WHERE batch_id = $1 AND amount < 0', [b.id]);
    expect(debits.length).toBe(3); // 实发, 税费, 服务费: once each
    expect(await balance()).toBe(before - b.debit);
    const d = BatchDetail.parse((await get(`/payout/batch/${b.id}`, P.member)).body.data);
    expect(d.status).toBe('paying');
    expect(d.rows.length).toBeGreaterThan(0);
    expect(d.rows.every((r) => r.status === 'paying')).toBe(true);
    expect((await post(`/payout/batch/${b.id}/action`, { action: 'close' }, P.member)).body.code).toBe(409);
  });

  it('a monthly-cap refusal at 确认发放 keeps the SMS code (issue 28 item 7): the same code pays once the cap allows', async () => {
    const t = await taskWith(P.c1, [{ amount: 40_000 }]);
    const b = await readyBatch(t);
    await topUp(b.debit);
    const c = await code(b.id);
    const codeRow = () =>
      P.s.db.one<{ attempts: number; consumed_at: Date | null }>(
        'SELECT attempts, consumed_at FROM payout_codes WHERE batch_id = $1 ORDER BY id DESC LIMIT 1',
        [b.id],
      );
    // the cap lowered below this batch after it was submitted
    expect((await post('/payout/settings', { ...SETTINGS, monthly_cap_fen: '30000' }, P.member)).body.code).toBe(200);
    try {
      const refused = await post(`/payout/batch/${b.id}/confirm`, { code: c }, P.approver);
      expect(refused.body.code).toBe(400);
      expect(refused.body.msg).toMatch(/本月发放金额将超过每人每月上限¥300\.00/);
      expect(await codeRow()).toEqual({ attempts: 0, consumed_at: null });
      expect((await P.s.db.query('SELECT id FROM payout_ledger WHERE batch_id = $1', [b.id])).length).toBe(0);
    } finally {
      await post('/payout/settings', SETTINGS, P.member);
    }
    const ok = await post(`/payout/batch/${b.id}/confirm`, { code: c }, P.approver);
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'paying', duplicate: false });
    expect((await codeRow())!.consumed_at).not.toBeNull();
  });

  it('a second server process on the same database pays nothing more', async () => {
    const t = await taskWith(P.c1, [{ amount: 12_345 }]);
    const b = await readyBatch(t);
    await topUp(b.debit);
    const c = await code(b.id);
    const app2 = await buildServer({ db: P.s.db, sandbox: true, staticDir: null, logger: false });
    try {
      const form = new URLSearchParams({ code: c }).toString();
      const headers = { authorization: `Bearer ${P.approver}`, 'content-type': 'application/x-www-form-urlencoded' };
      const [x, y] = await Promise.all([
        app2.inject({ method: 'POST', url: `/ent/v3/payout/batch/${b.id}/confirm`, payload: form, headers }),
        post(`/payout/batch/${b.id}/confirm`, { code: c }, P.approver),
      ]);
      const dup = [x.json().data.duplicate, y.body.data.duplicate].sort();
      expect(dup).toEqual([false, true]);
    } finally {
      await app2.close();
    }
    expect((await P.s.db.query('SELECT id FROM payout_ledger WHERE batch_id = $1 AND amount < 0', [b.id])).length).toBe(3);
  });
});

describe('payouts: the channel', () => {
  it('applies signed results once, refunds failures and bounces, settles the batch', async () => {
    const t = await taskWith(P.c1, [{ amount: 10_000 }, { amount: 20_000 }, { amount: 30_000 }]);
    const b = await readyBatch(t);
    await topUp(b.debit);
    expect((await post(`/payout/batch/${b.id}/confirm`, { code: await code(b.id) }, P.approver)).body.data.duplicate).toBe(false);
    const [r1, r2, r3] = b.rows;
    const result = (id: number, result: 'success' | 'fail' | 'bounce', reason = '') => P.channelResult(id, result, reason);

    const ok1 = await result(r1!.id, 'success');
    expect(ok1.body.answer.data.applied).toBe(true);
    // the same callback delivered again changes nothing
    const replay = await call(P.s.url, 'POST', '/ent/v3/payout/notify', { form: ok1.body.payload });
    expect(replay.body).toMatchObject({ code: 200, data: { applied: false } });
    // a forged or altered callback is refused and writes nothing
    const forged = await call(P.s.url, 'POST', '/ent/v3/payout/notify', {
      form: { ...ok1.body.payload, notify_id: 'Nforged00001', result: 'fail', reason: 'x' },
    });
    expect(forged.body.code).toBe(400);
    expect(await P.s.db.one("SELECT 1 FROM payout_callbacks WHERE notify_id = 'Nforged00001'")).toBeUndefined();

    const bal = await balance();
    const f = await result(r2!.id, 'fail', '户名与卡号不符');
    expect(f.body.answer.data.applied).toBe(true);
    expect(await balance()).toBe(bal + r2!.amount + r2!.fee);
    expect((await call(P.s.url, 'POST', '/ent/v3/payout/notify', { form: f.body.payload })).body.data.applied).toBe(false);
    expect(await balance()).toBe(bal + r2!.amount + r2!.fee);
    // a failure cannot succeed later
    expect((await result(r2!.id, 'success')).body.answer.data.applied).toBe(false);

    await result(r3!.id, 'success');
    let d = BatchDetail.parse((await get(`/payout/batch/${b.id}`, P.member)).body.data);
    expect(d.status).toBe('partial');
    expect(d.rows.map((r) => r.status)).toEqual(['success', 'failed', 'success']);
    expect(d.rows[1]!.fail_reason).toBe('户名与卡号不符');
    // a bounce after success
    const bal2 = await balance();
    await result(r3!.id, 'bounce', '收款账户已销户');
    d = BatchDetail.parse((await get(`/payout/batch/${b.id}`, P.member)).body.data);
    expect(d.rows[2]!.status).toBe('bounced');
    expect(await balance()).toBe(bal2 + r3!.amount + r3!.fee);
    const logs = LogData.parse((await get(`/payout/batch/${b.id}/logs`, P.member)).body.data).list.map((l) => l.action);
    expect(logs.slice(0, 3)).toEqual(['创建', '提交', '确认发放']);
    // 4 results applied, and the contradicting success of the failed row logged as a conflict (not applied)
    expect(logs.filter((a) => a === '通道结果').length).toBe(5);
    const led = LedgerData.parse((await get(`/payout/ledger?batch_id=${b.id}`, P.member)).body.data);
    expect(led.list.map((l) => l.type).sort()).toEqual(['bounce_refund', 'fee', 'payout', 'refund', 'tax']);

    // 失败重发: a child batch with exactly the failed and bounced people; once
    const child = await post('/payout/batch', { task_id: String(t), retry_of: String(b.id) }, P.member);
    expect(child.body.code, child.body.msg).toBe(200);
    const cd = BatchDetail.parse(child.body.data);
    expect(cd.parent_no).toBe(b.batch_no);
    expect(cd.rows.map((r) => r.name).sort()).toEqual([r2!.name, r3!.name].sort());
    expect(cd.gross).toBe(r2!.amount + r3!.amount);
    expect((await post('/payout/batch', { task_id: String(t), retry_of: String(b.id) }, P.member)).body.msg).toBe('该批次的失败明细已全部重发');
    // only a 部分失败 batch of the same task, and only the company's own
    expect((await post('/payout/batch', { task_id: String(t), retry_of: String(cd.id) }, P.member)).body.code).toBe(409);
    const t9 = await taskWith(P.c1, [{ amount: 100 }]);
    expect((await post('/payout/batch', { task_id: String(t9), retry_of: String(b.id) }, P.member)).body.code).toBe(404);
    const logs2 = LogData.parse((await get(`/payout/batch/${b.id}/logs`, P.member)).body.data).list;
    expect(logs2.at(-1)!.action).toBe('重发');
  });

  it('an all-success batch completes', async () => {
    const t = await taskWith(P.c1, [{ amount: 8_800 }]);
    const b = await readyBatch(t);
    await topUp(b.debit);
    await post(`/payout/batch/${b.id}/confirm`, { code: await code(b.id) }, P.approver);
    await P.channelResult(b.rows[0]!.id, 'success');
    expect(BatchDetail.parse((await get(`/payout/batch/${b.id}`, P.member)).body.data).status).toBe('done');
  });

  it('a 退汇 that arrives before its 发放成功 is held, then applied with it: bounced, refunded once, logged (issue 28 item 6)', async () => {
    const b = await P.payingBatch([12_300]);
    const row = b.rows[0]!;
    const bal = await balance();
    const refunds = () =>
      P.s.db.query<{ type: string; amount: string }>(`SELECT type, amount::text FROM payout_ledger WHERE row_id = $1 AND type IN ('refund', 'bounce_refund')`, [
        row.id,
      ]);
    const bounce = await P.channelResult(row.id, 'bounce', '收款账户已销户');
    expect(bounce.body.answer).toMatchObject({ code: 200, msg: '退汇先于发放成功到达，已暂存，待发放成功后入账', data: { applied: false, waiting: true } });
    // held: the row is still 发放中, nothing refunded; a replay and the channel repeating it change nothing
    expect((await call(P.s.url, 'POST', '/ent/v3/payout/notify', { form: bounce.body.payload })).body.data).toEqual({ applied: false });
    expect((await P.channelResult(row.id, 'bounce', '收款账户已销户')).body.answer.data).toEqual({ applied: false });
    let d = BatchDetail.parse((await get(`/payout/batch/${b.id}`, P.member)).body.data);
    expect([d.status, d.rows[0]!.status]).toEqual(['paying', 'paying']);
    expect(await refunds()).toEqual([]);
    expect(await balance()).toBe(bal);

    // its success arrives: the held 退汇 is applied with it
    const ok = await P.channelResult(row.id, 'success');
    expect(ok.body.answer.data).toEqual({ applied: true });
    d = BatchDetail.parse((await get(`/payout/batch/${b.id}`, P.member)).body.data);
    expect([d.status, d.rows[0]!.status, d.rows[0]!.fail_reason]).toEqual(['partial', 'bounced', '收款账户已销户']);
    expect(await refunds()).toEqual([{ type: 'bounce_refund', amount: String(row.amount + row.fee) }]);
    expect(await balance()).toBe(bal + row.amount + row.fee);
    // later arrivals: the success again, and a contradicting failure — nothing moves, the failure is logged
    expect((await P.channelResult(row.id, 'success')).body.answer.data).toEqual({ applied: false });
    expect((await P.channelResult(row.id, 'fail', '户名与卡号不符')).body.answer.data).toEqual({ applied: false });
    expect(await refunds()).toHaveLength(1);
    const logs = LogData.parse((await get(`/payout/batch/${b.id}/logs`, P.member)).body.data)
      .list.filter((l) => l.action === '通道结果')
      .map((l) => l.content.replace(/（通道时间 [^）]+）/, '（通道时间 …）'));
    expect(logs).toEqual([
      `${row.name}：退汇（收款账户已销户）先于发放成功到达，待发放成功后入账`,
      `${row.name}：发放成功`,
      `${row.name}：退汇（收款账户已销户）`,
      `${row.name}：发放失败（户名与卡号不符）与已入账的发放结果矛盾，未入账，请与通道核对（通道时间 …）`,
    ]);
    const cbs = await P.s.db.query<{ result: string; state: string }>(
      'SELECT result, state FROM payout_callbacks WHERE row_id = $1 ORDER BY received_at, notify_id',
      [row.id],
    );
    expect(cbs.map((c) => c.state).sort()).toEqual(['applied', 'applied', 'conflict', 'duplicate', 'duplicate']);
  });
});

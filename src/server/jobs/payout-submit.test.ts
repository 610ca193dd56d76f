/**
 * 确认发放 → the channel, as durable jobs (jobs/payout-submit.ts) over real HTTP against the test
 * database and the channel sandbox: the `payout-submit` job enqueued with the confirm sends the
 * rows; a channel that is down or never answers in time is retried, and the rows are paid once; a
 * row the channel refuses fails with its reason, refunded once; a lost callback is found by the
 * reconcile and applied once (the callback that comes late, or twice, changes nothing); the
 * sandbox's auto mode settles orders without an operator; a row the channel never accepted is
 * submitted again by the reconcile.
 * The ledger invariant `checkLedger` is checked after every test (tests/setup/payouts.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchDetail } from '../../contract/payouts';
import { call } from '../../../tests/setup/server';
import { payoutsTest } from '../../../tests/setup/payouts';
import type { PayoutChannelClient } from '../adapters/payout-channel';
import { reconcilePayouts } from '../domain/payouts/submit';
import { sealPii } from '../lib/pii';
import { serverPayoutChannel } from '../routes/payout-channel-provider';
import { PAYOUT_CHANNEL_SANDBOX_PATH } from '../sandbox/payout-channel';
import { installJobs, startJobs, type JobDef, type Jobs } from '.';
import { PAYOUT_SUBMIT_JOB, payoutSubmitJob, type PayoutSubmitData } from './payout-submit';

const P = payoutsTest({ seqBase: 900 });
const schema = `pgboss_submit_${randomBytes(4).toString('hex')}`;
let channel: PayoutChannelClient;
/** the web side: enqueues with the confirm, works nothing */
let front: Jobs;
let worker: Jobs | null = null;
const job = (): JobDef<PayoutSubmitData> => ({ ...payoutSubmitJob(channel), retryDelay: 1 });
const boot = async () => {
  worker = await startJobs({ db: P.s.db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [job() as JobDef<never>]);
  await worker.work();
};

beforeAll(async () => {
  // a short limit on each call: the sandbox's slow fault outlasts it
  channel = serverPayoutChannel(P.s.app, { sandbox: true, timeoutMs: 800 })!;
  front = await startJobs({ db: P.s.db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [job() as JobDef<never>]);
  installJobs(front);
  await boot();
}, 120_000);
afterAll(async () => {
  installJobs(null);
  for (const j of [worker, front]) await j?.stop(2000).catch(() => undefined);
  if (P.s?.db.kind === 'pg') await P.s.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}, 60_000);

const until = async (what: () => Promise<boolean>, ms = 60_000) => {
  const t0 = Date.now();
  while (!(await what())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};
const rowsOf = (batchId: number) =>
  P.s.db.query<{ id: number; status: string; channel_no: string; submitted: boolean; channel_order_id: string; fail_reason: string }>(
    'SELECT id, status, channel_no, submitted_at IS NOT NULL AS submitted, channel_order_id, fail_reason FROM payout_rows WHERE batch_id = $1 ORDER BY id',
    [batchId],
  );
const submitted = (batchId: number) => async () => (await rowsOf(batchId)).every((r) => r.submitted);
const jobOf = async (batchId: number) =>
  (
    await P.s.db.query<{ state: string; retry_count: number; data: PayoutSubmitData }>(`SELECT state, retry_count, data FROM ${schema}.job WHERE name = $1`, [
      PAYOUT_SUBMIT_JOB,
    ])
  ).find((j) => j.data.batch_id === batchId);
const ordersAt = (channelNos: string[]) =>
  P.s.db.query<{ out_trade_no: string; order_id: string; status: string }>(
    'SELECT out_trade_no, order_id, status FROM sandbox_channel_orders WHERE out_trade_no = ANY($1) ORDER BY out_trade_no',
    [channelNos],
  );
const refunds = (rowId: number) =>
  P.s.db.query<{ amount: string }>(`SELECT amount::text FROM payout_ledger WHERE row_id = $1 AND type IN ('refund', 'bounce_refund')`, [rowId]);
const faults = (form: Record<string, string>) => call(P.s.url, 'POST', `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/faults`, { form });
const balance = async () => Number((await P.s.db.one<{ b: string }>('SELECT balance::text AS b FROM payout_accounts WHERE company_id = $1', [P.c1]))!.b);

describe('payout-submit job', () => {
  it('a channel that is down: the job is retried until it answers; each row is one order, paid once', async () => {
    expect((await faults({ unavailable: '2' })).status).toBe(200);
    const b = await P.payingBatch([10_000, 20_000]);
    await until(submitted(b.id));
    expect(await jobOf(b.id)).toMatchObject({ state: 'completed', retry_count: 2 });
    const rows = await rowsOf(b.id);
    const orders = await ordersAt(rows.map((r) => r.channel_no));
    expect(orders.map((o) => o.out_trade_no)).toEqual(rows.map((r) => r.channel_no).sort());
    expect(rows.map((r) => r.channel_order_id).sort()).toEqual(orders.map((o) => o.order_id).sort());
    const before = await balance();
    for (const r of rows) expect((await P.channelResult(r.id, 'success')).body.answer.data).toEqual({ applied: true });
    const d = BatchDetail.parse((await P.get(`/payout/batch/${b.id}`, P.member)).body.data);
    expect([d.status, ...d.rows.map((r) => r.status)]).toEqual(['done', 'success', 'success']);
    expect(await balance()).toBe(before);
    // the operator page lists the channel's own orders, each with its last callback's answer
    const page = (await call<string>(P.s.url, 'GET', '/sandbox/')).body;
    for (const r of rows) expect(page).toMatch(new RegExp(`data-order="${r.channel_no}">[\\s\\S]*?发放成功[\\s\\S]*?回调 HTTP 200`));
  }, 120_000);

  it('a channel that never answers in time: the try gives up, the retry hears the first acceptance — one order', async () => {
    await faults({ slow: '1', slow_ms: '5000' });
    const b = await P.payingBatch([7_000]);
    await until(submitted(b.id));
    expect(await jobOf(b.id)).toMatchObject({ state: 'completed', retry_count: 1 });
    const [row] = await rowsOf(b.id);
    expect(await ordersAt([row!.channel_no])).toEqual([{ out_trade_no: row!.channel_no, order_id: row!.channel_order_id, status: 'processing' }]);
    expect((await P.channelResult(row!.id, 'success')).body.answer.data).toEqual({ applied: true });
  }, 120_000);

  it('an account the channel refuses: 发放失败 with its reason, refunded once; the batch settles', async () => {
    const t = await P.taskWith(P.c1, [{ amount: 9_000 }, { amount: 4_000 }]);
    // the first person's card: one the channel does not know
    const card = sealPii('bank_card', '6222021202040000');
    await P.s.db.query(
      `UPDATE flex_workers SET bank_card_enc = $2, bank_card_mask = $3, bank_name = '中国工商银行'
        WHERE id = (SELECT worker_id FROM flex_task_workers WHERE task_id = $1 ORDER BY id LIMIT 1)`,
      [t, card.enc, card.mask],
    );
    const b = await P.readyBatch(t);
    await P.topUp(b.debit);
    const before = await balance();
    expect((await P.confirm(b.id, await P.code(b.id))).body.code).toBe(200);
    await until(async () => (await rowsOf(b.id)).every((r) => r.submitted || r.status === 'failed'));
    const [refused, ok] = await rowsOf(b.id);
    expect(refused).toMatchObject({ status: 'failed', submitted: false, fail_reason: '收款账户不存在或已销户' });
    expect(ok).toMatchObject({ status: 'paying', submitted: true });
    const r1 = b.rows[0]!;
    expect(await refunds(refused!.id)).toEqual([{ amount: String(r1.amount + r1.fee) }]);
    expect(await balance()).toBe(before - b.debit + r1.amount + r1.fee);
    expect(await ordersAt([refused!.channel_no])).toEqual([]);
    const logs = await P.s.db.query<{ content: string; operator: string }>(
      `SELECT content, operator FROM payout_logs WHERE batch_id = $1 AND action = '通道结果'`,
      [b.id],
    );
    expect(logs).toEqual([{ content: `${r1.name}：发放失败（收款账户不存在或已销户）`, operator: '发放通道' }]);
    await P.channelResult(ok!.id, 'success');
    expect(BatchDetail.parse((await P.get(`/payout/batch/${b.id}`, P.member)).body.data).status).toBe('partial');
  }, 120_000);

  it('a lost callback: the reconcile asks the channel and applies the result once; late and repeated callbacks change nothing', async () => {
    const b = await P.payingBatch([5_500, 6_600]);
    await until(submitted(b.id));
    const [paid, failed] = await rowsOf(b.id);
    // the channel settles both orders, and neither callback arrives
    await P.channelResult(paid!.id, 'success', '', { deliver: false });
    await P.channelResult(failed!.id, 'fail', '户名与卡号不符', { deliver: false });
    expect((await rowsOf(b.id)).map((r) => r.status)).toEqual(['paying', 'paying']);
    // not yet 30 minutes: nothing asked
    expect(await reconcilePayouts(P.s.db, channel, new Date())).toMatchObject({ asked: 0, settled: 0 });
    const before = await balance();
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await reconcilePayouts(P.s.db, channel, later)).toMatchObject({ asked: 2, settled: 2, problems: [], unavailable: false });
    expect((await rowsOf(b.id)).map((r) => [r.status, r.fail_reason])).toEqual([
      ['success', ''],
      ['failed', '户名与卡号不符'],
    ]);
    const f = b.rows[1]!;
    expect(await refunds(failed!.id)).toEqual([{ amount: String(f.amount + f.fee) }]);
    expect(await balance()).toBe(before + f.amount + f.fee);
    // again: nothing left to ask
    expect(await reconcilePayouts(P.s.db, channel, later)).toMatchObject({ asked: 0 });
    // the late callbacks, then one of them twice (same notify id): recorded, nothing moves
    const late = await P.channelResult(paid!.id, 'success');
    expect(late.body.answer.data).toEqual({ applied: false });
    expect((await P.channelResult(failed!.id, 'fail', '户名与卡号不符')).body.answer.data).toEqual({ applied: false });
    const resent = await call<{ payload: { notify_id: string }; answer: { code: number; data: unknown } }>(
      P.s.url,
      'POST',
      `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/orders/${paid!.channel_no}/resend`,
    );
    expect(resent.body.payload.notify_id).toBe(late.body.payload.notify_id);
    expect(resent.body.answer).toMatchObject({ code: 200, data: { applied: false } });
    expect(await refunds(failed!.id)).toHaveLength(1);
    const cbs = await P.s.db.query<{ notify_id: string; state: string }>('SELECT notify_id, state FROM payout_callbacks WHERE row_id = $1 ORDER BY notify_id', [
      paid!.id,
    ]);
    expect(cbs).toEqual([
      { notify_id: late.body.payload.notify_id, state: 'duplicate' },
      { notify_id: `RC-success-${paid!.channel_no}`, state: 'applied' },
    ]);
    // a 退汇 after it all, pressed on the operator page, is still applied: refunded once
    const pressed = await call(P.s.url, 'POST', `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/orders/${paid!.channel_no}/result`, {
      form: { result: 'bounce', reason: '收款账户已销户' },
      headers: { accept: 'text/html' },
    });
    expect(pressed.status).toBe(303);
    expect(decodeURIComponent(pressed.headers.get('location')!)).toMatch(/^\/sandbox\/\?done=回调：.+#payout-channel$/);
    expect((await rowsOf(b.id))[0]!.status).toBe('bounced');
    expect(await refunds(paid!.id)).toHaveLength(1);
  }, 120_000);

  it('the sandbox’s auto mode settles orders by itself: an account ending 1111 fails, the others are paid', async () => {
    const settings = (form: Record<string, string>) => call(P.s.url, 'POST', `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/settings`, { form });
    expect((await settings({ auto: '1', auto_delay_ms: '300' })).body).toEqual({ auto: true, auto_delay_ms: 300 });
    try {
      const t = await P.taskWith(P.c1, [{ amount: 3_000 }, { amount: 2_000 }]);
      const card = sealPii('bank_card', '6222021202041111');
      await P.s.db.query(
        `UPDATE flex_workers SET bank_card_enc = $2, bank_card_mask = $3 WHERE id = (SELECT worker_id FROM flex_task_workers WHERE task_id = $1 ORDER BY id LIMIT 1)`,
        [t, card.enc, card.mask],
      );
      const b = await P.readyBatch(t);
      await P.topUp(b.debit);
      expect((await P.confirm(b.id, await P.code(b.id))).body.code).toBe(200);
      await until(async () => (await rowsOf(b.id)).every((r) => r.status !== 'paying'));
      expect((await rowsOf(b.id)).map((r) => [r.status, r.fail_reason])).toEqual([
        ['failed', '户名与卡号不符'],
        ['success', ''],
      ]);
      expect(await refunds((await rowsOf(b.id))[0]!.id)).toHaveLength(1);
    } finally {
      await settings({ auto: '0' });
    }
  }, 120_000);

  it('rows the channel never accepted (the job not run): the reconcile submits them; the job, run later, hears the same acceptance', async () => {
    await worker!.stop(5000);
    worker = null;
    const b = await P.payingBatch([3_300]);
    const [row] = await rowsOf(b.id);
    expect(row!.submitted).toBe(false);
    expect(await ordersAt([row!.channel_no])).toEqual([]);
    const r = await reconcilePayouts(P.s.db, channel, new Date(Date.now() + 31 * 60_000));
    expect(r).toMatchObject({ resubmitted: 1, problems: [] });
    const [sent] = await rowsOf(b.id);
    expect(sent).toMatchObject({ status: 'paying', submitted: true });
    await boot();
    await until(async () => (await jobOf(b.id))?.state === 'completed');
    expect(await ordersAt([row!.channel_no])).toEqual([{ out_trade_no: row!.channel_no, order_id: sent!.channel_order_id, status: 'processing' }]);
    expect((await rowsOf(b.id))[0]!.channel_order_id).toBe(sent!.channel_order_id);
  }, 120_000);
});

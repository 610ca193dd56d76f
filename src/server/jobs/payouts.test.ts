/**
 * Payout results and 退汇 as the durable `payout-result` job (jobs/payouts.ts) over real HTTP
 * against the test database: the channel's callback is accepted at once and applied once by a
 * worker (replays and a second callback change nothing); a try that fails is retried with backoff
 * and refunds once; a success retried after its 退汇 ran ends bounced, refunded once; a worker
 * stopped mid-job leaves nothing and another worker applies it once.
 * The ledger invariant `checkLedger` is checked after every test (tests/setup/payouts.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../tests/setup/server';
import { payoutsTest } from '../../../tests/setup/payouts';
import { signNotify, type Notify } from '../domain/payouts/channel';
import { dedupeId, installJobs, startJobs, type JobDef, type Jobs } from '.';
import { payoutResultJob, PAYOUT_RESULT_JOB, type PayoutResultData } from './payouts';

const P = payoutsTest({ seqBase: 700 });
const schema = `pgboss_pay_${randomBytes(4).toString('hex')}`;
/** the web side: enqueues (installed for the routes) but works nothing, like a server whose workers are busy */
let front: Jobs;
const workers: Jobs[] = [];
const boot = async (def: JobDef<PayoutResultData> = payoutResultJob) => {
  const j = await startJobs({ db: P.s.db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [def as JobDef<never>]);
  await j.work();
  workers.push(j);
  return j;
};

beforeAll(async () => {
  front = await startJobs({ db: P.s.db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [payoutResultJob as JobDef<never>]);
  installJobs(front);
}, 120_000);
afterAll(async () => {
  installJobs(null);
  for (const j of [...workers, front]) await j?.stop(2000).catch(() => undefined);
  if (P.s?.db.kind === 'pg') await P.s.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}, 60_000);

const until = async (what: () => Promise<boolean>, ms = 90_000) => {
  const t0 = Date.now();
  while (!(await what())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};
const rowStatus = async (id: number) => (await P.s.db.one<{ status: string }>('SELECT status FROM payout_rows WHERE id = $1', [id]))!.status;
const refunds = (id: number) =>
  P.s.db.query<{ amount: string }>(`SELECT amount::text FROM payout_ledger WHERE row_id = $1 AND type IN ('refund', 'bounce_refund')`, [id]);
const jobRows = () =>
  P.s.db.query<{ id: string; state: string; retry_count: number }>(
    `SELECT id::text, state, retry_count FROM ${schema}.job WHERE name = $1 ORDER BY created_on`,
    [PAYOUT_RESULT_JOB],
  );
/** the one job of a callback: its id comes from the notify id (replays are the same job) */
const jobOf = async (notifyId: string | undefined) => (await jobRows()).find((j) => j.id === dedupeId(PAYOUT_RESULT_JOB, notifyId!))!;
/** every payout-result job sent so far has finished (completed or failed for good) */
const allSettled = async () => (await jobRows()).every((j) => j.state === 'completed' || j.state === 'failed');
const balance = async () => Number((await P.s.db.one<{ b: string }>('SELECT balance::text AS b FROM payout_accounts WHERE company_id = $1', [P.c1]))!.b);

describe('payout-result job', () => {
  it('accepts the callback at once and applies it once; a replay and a second callback change nothing; 退汇 refunds once', async () => {
    const b = await P.payingBatch([10_000, 20_000]);
    const [r1, r2] = b.rows;
    const first = await P.channelResult(r1!.id, 'success');
    expect(first.body.answer).toMatchObject({ code: 200, msg: '已受理，发放结果由后台任务入账', data: { applied: false, queued: true } });
    // nothing works the queue yet: accepted is not applied
    expect(await rowStatus(r1!.id)).toBe('paying');
    await boot();
    await until(async () => (await rowStatus(r1!.id)) === 'success');

    // the same callback three times more — one job still —, and the channel reporting the result again with a new id
    const jobsBefore = (await jobRows()).length;
    const replays = await Promise.all(Array.from({ length: 3 }, () => call(P.s.url, 'POST', '/ent/v3/payout/notify', { form: first.body.payload })));
    expect(replays.every((r) => r.body.code === 200)).toBe(true);
    expect((await jobRows()).length).toBe(jobsBefore);
    expect(await jobOf(first.body.payload.notify_id)).toBeTruthy();
    await P.channelResult(r1!.id, 'success');
    // a fail after success is not a move the row can make
    await P.channelResult(r1!.id, 'fail', '户名与卡号不符');
    await until(allSettled);
    expect(await rowStatus(r1!.id)).toBe('success');
    expect(await refunds(r1!.id)).toEqual([]);
    const callbacks = await P.s.db.query('SELECT notify_id FROM payout_callbacks WHERE row_id = $1', [r1!.id]);
    expect(callbacks).toHaveLength(3);
    expect((await jobRows()).every((j) => j.state === 'completed')).toBe(true);

    // 退汇 of the paid row and a failure of the other: each refunded once, by the job
    const before = await balance();
    const bounce = await P.channelResult(r1!.id, 'bounce', '收款账户已销户');
    await call(P.s.url, 'POST', '/ent/v3/payout/notify', { form: bounce.body.payload });
    await P.channelResult(r2!.id, 'fail', '户名与卡号不符');
    await until(async () => (await rowStatus(r1!.id)) === 'bounced' && (await rowStatus(r2!.id)) === 'failed');
    await until(allSettled);
    expect(await refunds(r1!.id)).toEqual([{ amount: String(r1!.amount + r1!.fee) }]);
    expect(await refunds(r2!.id)).toEqual([{ amount: String(r2!.amount + r2!.fee) }]);
    expect(await balance()).toBe(before + r1!.amount + r1!.fee + r2!.amount + r2!.fee);
    const d = await P.get(`/payout/batch/${b.id}`, P.member);
    expect(d.body.data.status).toBe('partial');
    expect(d.body.data.rows.map((r: { fail_reason: string }) => r.fail_reason)).toEqual(['收款账户已销户', '户名与卡号不符']);
  }, 180_000);

  it('refuses at once what no retry can fix: a bad signature, an unknown row, a failure without a reason', async () => {
    if (!workers.length) await boot();
    const b = await P.payingBatch([5_000]);
    const ok = await P.channelResult(b.rows[0]!.id, 'success');
    const p = ok.body.payload;
    const forged = await call(P.s.url, 'POST', '/ent/v3/payout/notify', { form: { ...p, notify_id: 'Nforged00002' } });
    expect(forged.body).toMatchObject({ code: 400, msg: '签名无效' });
    const n0 = (await jobRows()).length;
    const signed = (n: Notify) => call(P.s.url, 'POST', '/ent/v3/payout/notify', { form: { ...n, sign: signNotify(n) } });
    const base: Notify = { notify_id: 'Nunknown00001', channel_no: 'PONOSUCHROW0001', result: 'success', reason: '', ts: String(Date.now()) };
    expect((await signed(base)).body).toMatchObject({ code: 404, msg: '发放明细不存在' });
    const noReason = await signed({ ...base, notify_id: 'Nnoreason0001', channel_no: p.channel_no!, result: 'fail', reason: ' ' });
    expect(noReason.body).toMatchObject({ code: 400, msg: '失败原因不能为空' });
    expect(await jobRows()).toHaveLength(n0);
    await until(async () => (await rowStatus(b.rows[0]!.id)) === 'success');
    await until(allSettled);
  }, 120_000);

  it('a try that fails is retried with backoff; the failure is refunded once', async () => {
    // the first two tries hit a database error mid-way (a sequence is not rolled back with them)
    await P.s.db.exec(`CREATE SEQUENCE payout_fault_seq;
      CREATE FUNCTION payout_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF nextval('payout_fault_seq') <= 2 THEN RAISE EXCEPTION 'database restarting'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER payout_fault BEFORE INSERT ON payout_ledger FOR EACH ROW WHEN (NEW.type = 'refund') EXECUTE FUNCTION payout_fault();`);
    try {
      if (!workers.length) await boot();
      const b = await P.payingBatch([7_700]);
      const row = b.rows[0]!;
      const before = await balance();
      const sent = await P.channelResult(row.id, 'fail', '收款户名不符');
      expect(sent.body.answer.data.queued).toBe(true);
      await until(async () => (await rowStatus(row.id)) === 'failed');
      const job = await jobOf(sent.body.payload.notify_id);
      expect(job.retry_count).toBe(2);
      expect(await refunds(row.id)).toEqual([{ amount: String(row.amount + row.fee) }]);
      expect(await balance()).toBe(before + row.amount + row.fee);
      // the failed tries left no callback mark behind: exactly one, from the try that committed
      expect(await P.s.db.query('SELECT notify_id FROM payout_callbacks WHERE row_id = $1', [row.id])).toHaveLength(1);
    } finally {
      await P.s.db.exec('DROP TRIGGER payout_fault ON payout_ledger; DROP FUNCTION payout_fault(); DROP SEQUENCE payout_fault_seq;');
    }
  }, 120_000);

  it('a success job retried after its 退汇 ran: the 退汇 is held, then applied with the success — bounced, refunded once, logged (issue 28 item 6)', async () => {
    if (!workers.length) await boot();
    const b = await P.payingBatch([8_800]);
    const row = b.rows[0]!;
    const before = await balance();
    // the success's tries fail (a database error mid-way) until the row's 退汇 has been received
    await P.s.db.exec(`CREATE FUNCTION payout_late_success() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.row_id = ${row.id} AND NOT EXISTS (SELECT 1 FROM payout_callbacks WHERE row_id = NEW.row_id AND result = 'bounce')
        THEN RAISE EXCEPTION 'database restarting'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER payout_late_success BEFORE INSERT ON payout_callbacks FOR EACH ROW WHEN (NEW.result = 'success') EXECUTE FUNCTION payout_late_success();`);
    try {
      const ok = await P.channelResult(row.id, 'success');
      await until(async () => ((await jobOf(ok.body.payload.notify_id))?.retry_count ?? 0) >= 1);
      const bounce = await P.channelResult(row.id, 'bounce', '收款账户已销户');
      expect(bounce.body.answer.data).toEqual({ applied: false, queued: true });
      await until(async () => (await rowStatus(row.id)) === 'bounced');
      await until(allSettled);
      expect((await jobOf(ok.body.payload.notify_id)).state).toBe('completed');
      expect(await refunds(row.id)).toEqual([{ amount: String(row.amount + row.fee) }]);
      expect(await balance()).toBe(before + row.amount + row.fee);
      const logs = await P.s.db.query<{ content: string }>(`SELECT content FROM payout_logs WHERE batch_id = $1 AND action = '通道结果' ORDER BY id`, [b.id]);
      expect(logs.map((l) => l.content)).toEqual([
        `${row.name}：退汇（收款账户已销户）先于发放成功到达，待发放成功后入账`,
        `${row.name}：发放成功`,
        `${row.name}：退汇（收款账户已销户）`,
      ]);
      const d = await P.get(`/payout/batch/${b.id}`, P.member);
      expect([d.body.data.status, d.body.data.rows[0].status]).toEqual(['partial', 'bounced']);
    } finally {
      await P.s.db.exec('DROP TRIGGER payout_late_success ON payout_callbacks; DROP FUNCTION payout_late_success();');
    }
  }, 120_000);

  it('a worker stopped mid-job leaves nothing; another worker applies the result once', async () => {
    for (const w of workers.splice(0)) await w.stop(5000);
    const b = await P.payingBatch([6_600]);
    const row = b.rows[0]!;
    const before = await balance();
    let died!: () => void;
    const dead = new Promise<void>((r) => (died = r));
    // this worker applies the result inside its transaction, then goes away before committing
    const dying: JobDef<PayoutResultData> = {
      ...payoutResultJob,
      async run(d, ctx) {
        await payoutResultJob.run(d, ctx);
        const mid = await ctx.db.one<{ status: string }>('SELECT status FROM payout_rows WHERE id = $1', [row.id]);
        expect(mid!.status).toBe('failed');
        died();
        throw new Error('worker stopped mid-job');
      },
    };
    const a = await boot(dying);
    const sent = await P.channelResult(row.id, 'fail', '收款账户已冻结');
    await dead;
    await a.stop(5000);
    workers.splice(workers.indexOf(a), 1);
    expect(await rowStatus(row.id)).toBe('paying');
    expect(await refunds(row.id)).toEqual([]);
    expect(await balance()).toBe(before);
    // another server's worker takes the retry
    await boot();
    await until(async () => (await rowStatus(row.id)) === 'failed');
    await until(allSettled);
    expect(await refunds(row.id)).toEqual([{ amount: String(row.amount + row.fee) }]);
    expect(await balance()).toBe(before + row.amount + row.fee);
    const job = await jobOf(sent.body.payload.notify_id);
    expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(await P.s.db.query('SELECT job_id FROM job_runs WHERE job_id = $1', [job.id])).toHaveLength(1);
  }, 120_000);
});

/**
 * Several stateless servers on one PostgreSQL (issue 16 "Done when"): two real server processes
 * (src/server/main.ts) started at the same time on one database (migrations under the advisory
 * lock), then: a token from one works on the other; the SMS limit holds across both; concurrent
 * payment confirmations and payout confirmations on both grant once; SIGTERM on one during a
 * request lets it finish while the other serves on; a job enqueued on one worker
 * process that is killed mid-job still runs once; a payout result accepted by one server and
 * replayed to both is applied once by one server's payout-result job. PostgreSQL only: skipped without DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgDb } from './db/pg';
import { privatePg, type PrivatePg } from '../../tests/setup/db';
import { checkLedger } from './domain/payouts/ledger';
import { issueToken } from './domain/sessions';
import { sealPii } from './lib/pii';
import { call, type Env } from '../../tests/setup/server';
import { freePort, slowLoginCode, spawnServer, waitFor, type Proc } from '../../tests/setup/spawn';
import { mobileIndex } from './domain/users';

const URL_ = process.env.DATABASE_URL;
if (!URL_) console.log('two-servers.test.ts: skipped — DATABASE_URL is not set (these tests need a real PostgreSQL; .ci/run sets it)');

describe.skipIf(!URL_)('two servers on one PostgreSQL', () => {
  const schema = `two_${randomBytes(4).toString('hex')}`;
  // a schema of its own (behind a pooler, a database of its own: tests/setup/db.ts privatePg)
  let place: PrivatePg;
  const dbUrl = () => place.url;
  let db: PgDb;
  const procs: Proc[] = [];
  let A = '';
  let B = '';
  /** a row left 发放中 by the payout test, paid by the killed-worker test */
  let payingRow: { id: number; amount: number; fee: number; channel_no: string; company: number } | null = null;

  beforeAll(async () => {
    place = await privatePg('two');
    db = place.open(4);
    const [pa, pb] = [await freePort(), await freePort()];
    // one job queue for both servers, apart from other test files' servers on the same database
    const env = (port: number) => ({
      ...place.env,
      PORT: String(port),
      DATABASE_URL: dbUrl(),
      JOBS_SCHEMA: `${schema}_srv`,
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      LOGIN_FAILS_PER_DAY: '4',
    });
    // both at once: the migrations and the demo seed take turns under their locks
    const a = spawnServer(env(pa));
    const b = spawnServer(env(pb));
    procs.push(a, b);
    await Promise.all([waitFor(a, '已启动', 180_000), waitFor(b, '已启动', 180_000)]);
    A = `http://127.0.0.1:${pa}`;
    B = `http://127.0.0.1:${pb}`;
  }, 240_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await db?.exec(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`).catch(() => undefined);
    await db?.exec(`DROP SCHEMA IF EXISTS ${schema}_srv CASCADE`).catch(() => undefined);
    await db?.close();
    await place?.drop();
  }, 60_000);

  const form = (url: string, path: string, f: Record<string, string>, token?: string) => call(url, 'POST', path, { form: f, token });

  async function login(via: string, mobile: string): Promise<string> {
    expect((await form(via, '/ent/v3/login/code', { mobile })).body.code).toBe(200);
    const inbox = await call<{ code: string }>(via, 'GET', `/sandbox/sms?mobile=${mobile}`);
    const r = await form(via, '/ent/v3/login', { mobile, code: inbox.body.code });
    expect(r.body.code, r.body.msg).toBe(200);
    return (r.body as Env).data.token as string;
  }

  it('migrated once, both ready', async () => {
    const dup = await db.query('SELECT version FROM schema_migrations GROUP BY version HAVING count(*) > 1');
    expect(dup).toEqual([]);
    expect((await call(A, 'GET', '/readyz')).status).toBe(200);
    expect((await call(B, 'GET', '/readyz')).status).toBe(200);
  });

  it('a token from one server works on the other; logout on the other ends it on both', async () => {
    const token = await login(A, '13800000001');
    const info = await call(B, 'GET', '/ent/v3/usercenter/info', { token });
    expect(info.body.code).toBe(200);
    expect(info.body.data.user.mobile).toBe('13800000001');
    expect((await form(B, '/ent/v3/logout', {}, token)).body.code).toBe(200);
    expect((await call(A, 'GET', '/ent/v3/usercenter/info', { token })).body.code).toBe(410000);
  });

  it('the SMS limits hold across both servers', async () => {
    const mobile = '13905710001';
    expect((await form(A, '/ent/v3/login/code', { mobile })).body.code).toBe(200);
    const again = await form(B, '/ent/v3/login/code', { mobile });
    expect(again.body.code).toBe(429);
    expect(again.body.msg).toMatch(/验证码发送过于频繁/);
    // wrong codes tried on both servers add up to one lockout (LOGIN_FAILS_PER_DAY=4 here)
    const code = (await call<{ code: string }>(A, 'GET', `/sandbox/sms?mobile=${mobile}`)).body.code;
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 4; i++) tries.push((await form(i % 2 ? A : B, '/ent/v3/login', { mobile, code: wrong })).body.msg);
    expect(tries).toEqual(['验证码错误', '验证码错误', '验证码错误', '验证码错误次数过多，请明天再试']);
    // even the right code is refused now, on either server
    expect((await form(A, '/ent/v3/login', { mobile, code })).body.msg).toBe('验证码错误次数过多，请明天再试');
    expect((await form(B, '/ent/v3/login', { mobile, code })).body.msg).toBe('验证码错误次数过多，请明天再试');
  });

  it('concurrent membership payment confirmations on both servers grant once', async () => {
    const token = await login(B, '13800000002');
    const o = await form(A, '/ent/v3/usercenter/company/order/create', { pack: 'year' }, token);
    expect(o.body.code, o.body.msg).toBe(200);
    const id = o.body.data.order_id as string;
    const before = (await db.one<{ crc_balance: number; member_expire: string | null }>(
      `SELECT crc_balance, member_expire FROM companies c JOIN users u ON u.company_id = c.id WHERE u.mobile_bidx = '${mobileIndex('13800000002')}'`,
    ))!;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? A : B, 'POST', `/sandbox/pay/${id}`)));
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.paid_now === true)).toHaveLength(1);
    const gifts = await db.query('SELECT id FROM crc_ledger WHERE ref = $1', [id]);
    expect(gifts).toHaveLength(1);
    const after = (await db.one<{ crc_balance: number; member_expire: string }>(
      `SELECT crc_balance, member_expire FROM companies c JOIN users u ON u.company_id = c.id WHERE u.mobile_bidx = '${mobileIndex('13800000002')}'`,
    ))!;
    expect(after.crc_balance).toBeGreaterThan(before.crc_balance);
    expect(after.member_expire).not.toBe(before.member_expire);
  });

  it('concurrent payout confirmations on both servers debit once; the channel result is applied once by one server', async () => {
    // a session made directly (13800000001 asked for an SMS code less than a minute ago)
    const me = (await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
    const { token } = await issueToken(db, me.id, new Date());
    // four eyes: 周婷 (财务) approves what 13800000001 submits
    const fin = (await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13905710007')}'`))!;
    const approver = (await issueToken(db, fin.id, new Date())).token;
    const c1 = (await db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
    const t = await db.one<{ id: number }>(
      `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'RWTWO' || floor(random()*1e9)::text, '两台服务器', 'ongoing', md5(random()::text)) RETURNING id`,
      [c1],
    );
    // a person on the task, signed, whose delivery of `amount` (fen) was accepted
    const accepted = async (name: string, mobile: string, certNo: string, amount: number) => {
      const m = sealPii('mobile', mobile);
      const c = sealPii('id_card', certNo);
      const w = await db.one<{ id: number }>(
        `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [c1, name, m.enc, m.bidx, m.mask, c.enc, c.bidx, c.mask],
      );
      await db.query(
        `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
         VALUES ($1, $2, $3, 'named', 'accepted', 'signed', $4, md5(random()::text), now())`,
        [t!.id, c1, w!.id, amount],
      );
    };
    await accepted('王二', '13912345678', '110105194912310021', 12345);
    // a second person, whose row the killed-worker test below pays
    await accepted('李四', '13912345679', '11010519491231004X', 23456);
    const b = await form(A, '/ent/v3/payout/batch', { task_id: String(t!.id) }, token);
    expect(b.body.code, b.body.msg).toBe(200);
    const sub = await form(B, `/ent/v3/payout/batch/${b.body.data.id}/action`, { action: 'submit' }, token);
    const debit = sub.body.data.debit as number;
    const top = await form(A, '/ent/v3/payout/topup', { amount: String(debit) }, token);
    expect((await call(B, 'POST', `/sandbox/payouts/topups/${top.body.data.id}/confirm`)).status).toBe(200);
    expect((await form(B, `/ent/v3/payout/batch/${b.body.data.id}/code`, {}, approver)).body.code).toBe(200);
    const code = (await call<{ code: string }>(A, 'GET', '/sandbox/payouts/sms?mobile=13905710007')).body.code;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => form(i % 2 ? A : B, `/ent/v3/payout/batch/${b.body.data.id}/confirm`, { code }, approver)),
    );
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.duplicate === false)).toHaveLength(1);
    const debits = await db.query('SELECT id FROM payout_ledger WHERE batch_id = $1 AND amount < 0', [b.body.data.id]);
    expect(debits).toHaveLength(3);

    // the channel's failure, accepted by A and replayed to both: one payout-result job, applied on
    // whichever server took it; the row is refunded once
    const both = await db.query<{ id: number; amount: number; fee: number; channel_no: string }>(
      'SELECT id, amount::int, fee::int, channel_no FROM payout_rows WHERE batch_id = $1 ORDER BY id',
      [b.body.data.id],
    );
    expect(both).toHaveLength(2);
    const row = both[0]!;
    const second = both[1]!;
    payingRow = { ...second, company: c1 };
    // the confirm's payout-submit job (on either server) sent both rows to the channel sandbox
    const t1 = Date.now();
    while ((await db.query('SELECT 1 FROM sandbox_channel_orders WHERE out_trade_no = ANY($1)', [both.map((r) => r.channel_no)])).length < 2) {
      if (Date.now() - t1 > 60_000) throw new Error('the payout-submit job never sent the rows');
      await new Promise((r) => setTimeout(r, 300));
    }
    const res = await call<{ payload: Record<string, string>; answer: Env }>(A, 'POST', `/sandbox/payout-channel/ops/orders/${row.channel_no}/result`, {
      form: { result: 'fail', reason: '户名与卡号不符' },
    });
    expect(res.body.answer.data).toEqual({ applied: false, queued: true });
    const replays = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i % 2 ? A : B, 'POST', '/ent/v3/payout/notify', { form: res.body.payload })));
    expect(replays.every((r) => r.body.code === 200)).toBe(true);
    const settled = async () =>
      (await db.query(`SELECT id FROM ${schema}_srv.job WHERE name = 'payout-result' AND state NOT IN ('completed', 'failed')`)).length === 0 &&
      (await db.one<{ status: string }>('SELECT status FROM payout_rows WHERE id = $1', [row.id]))!.status === 'failed';
    const t0 = Date.now();
    while (!(await settled())) {
      if (Date.now() - t0 > 90_000) throw new Error('the payout-result job never ran');
      await new Promise((r) => setTimeout(r, 300));
    }
    const refunds = await db.query<{ amount: string }>(`SELECT amount::text FROM payout_ledger WHERE row_id = $1 AND type = 'refund'`, [row.id]);
    expect(refunds).toEqual([{ amount: String(row.amount + row.fee) }]);
    // the callback and its six replays, on either server, are one job (its id comes from the notify id)
    expect(await db.query(`SELECT id FROM ${schema}_srv.job WHERE name = 'payout-result'`)).toHaveLength(1);
    expect((await db.one<{ status: string }>('SELECT status FROM payout_rows WHERE id = $1', [second.id]))!.status).toBe('paying');
    expect(await checkLedger(db, c1)).toEqual([]);
  }, 120_000);

  it('SIGTERM on one server during a request lets it finish; the other keeps serving the same session', async () => {
    const me = (await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
    const { token } = await issueToken(db, me.id, new Date());
    const a = procs[0]!;
    const port = Number(new URL(A).port);
    // a request whose body is still arriving when the balancer's SIGTERM comes
    const got = await slowLoginCode(port, '13905710077', (rest) =>
      setTimeout(() => {
        a.child.kill('SIGTERM');
        setTimeout(rest, 1000);
      }, 500),
    );
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body)).toMatchObject({ code: 200 });
    // the code it sent is in the shared database: the other server lets the user in with it
    const code = (await call<{ code: string }>(B, 'GET', '/sandbox/sms?mobile=13905710077')).body.code;
    expect((await form(B, '/ent/v3/login', { mobile: '13905710077', code })).body.code).toBe(200);
    expect(await a.exited).toBe(0);
    await expect(fetch(`${A}/healthz`)).rejects.toThrow();
    expect((await call(B, 'GET', '/ent/v3/usercenter/info', { token })).body.code).toBe(200);
  }, 60_000);

  it('a job enqueued on one worker process that is killed mid-job runs once, on the other (a probe, then a payout result)', async () => {
    await db.exec('CREATE TABLE job_probe (id serial PRIMARY KEY, tag text NOT NULL, job_id text NOT NULL, pid int NOT NULL)');
    const worker = (env: Record<string, string>): Proc => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/job-worker.ts'], {
        cwd: fileURLToPath(new URL('../../', import.meta.url)),
        env: { PATH: process.env.PATH ?? '', ...place.env, DATABASE_URL: dbUrl(), JOBS_SCHEMA: `${schema}_boss`, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const p: Proc = { child, stdout: () => out, stderr: () => err, exited: new Promise((r) => child.on('exit', (c, s) => r(c ?? s ?? -1))) };
      procs.push(p);
      return p;
    };
    // the first worker sends the job, takes it, and dies in the middle of it
    const first = worker({ SEND: 'killed', SLEEP_MS: '60000', EXPIRE_S: '3' });
    await waitFor(first, /working \S+/, 90_000);
    const jobId = /sent (\S+)/.exec(first.stdout())![1]!;
    first.child.kill('SIGKILL');
    await first.exited;
    // its half-done work rolled back with its connection
    expect(await db.query("SELECT id FROM job_probe WHERE tag = 'killed'")).toEqual([]);
    const second = worker({ SLEEP_MS: '10', EXPIRE_S: '3' });
    await waitFor(second, '已启动', 90_000);
    const t0 = Date.now();
    while ((await db.query("SELECT id FROM job_probe WHERE tag = 'killed'")).length === 0) {
      if (Date.now() - t0 > 90_000) throw new Error(`the job never ran again:\n${second.stdout()}\n${second.stderr()}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const rows = await db.query<{ job_id: string; pid: number }>("SELECT job_id, pid FROM job_probe WHERE tag = 'killed'");
    expect(rows).toEqual([{ job_id: jobId, pid: second.child.pid }]);
    expect(await db.query('SELECT job_id FROM job_runs WHERE job_id = $1', [jobId])).toHaveLength(1);
    second.child.kill('SIGTERM');
    await second.exited;

    // the same with the real payout-result job: the refund a killed worker wrote is rolled back,
    // the next worker refunds once
    const p = payingRow!;
    const refunds = () => db.query<{ amount: string }>(`SELECT amount::text FROM payout_ledger WHERE row_id = $1 AND type = 'refund'`, [p.id]);
    const third = worker({ SEND_FAIL: p.channel_no, SLEEP_MS: '60000', EXPIRE_S: '3' });
    await waitFor(third, /working \S+/, 90_000);
    const payJob = /sent (\S+)/.exec(third.stdout())![1]!;
    third.child.kill('SIGKILL');
    await third.exited;
    expect(await refunds()).toEqual([]);
    expect((await db.one<{ status: string }>('SELECT status FROM payout_rows WHERE id = $1', [p.id]))!.status).toBe('paying');
    const fourth = worker({ SLEEP_MS: '10', EXPIRE_S: '3' });
    const t1 = Date.now();
    while ((await refunds()).length === 0) {
      if (Date.now() - t1 > 90_000) throw new Error(`the payout-result job never ran again:\n${fourth.stdout()}\n${fourth.stderr()}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    await new Promise((r) => setTimeout(r, 2000));
    expect(await refunds()).toEqual([{ amount: String(p.amount + p.fee) }]);
    expect((await db.one<{ status: string }>('SELECT status FROM payout_rows WHERE id = $1', [p.id]))!.status).toBe('failed');
    expect(await db.query('SELECT job_id FROM job_runs WHERE job_id = $1', [payJob])).toHaveLength(1);
    expect(await checkLedger(db, p.company)).toEqual([]);
    fourth.child.kill('SIGTERM');
    await fourth.exited;
  }, 240_000);
});

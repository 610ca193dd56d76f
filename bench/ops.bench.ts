/**
 * Operations (issue 25): real server processes (src/server/main.ts, the production profile) on
 * PostgreSQL, each scenario in a database of its own, created and dropped here:
 * - sms: 100 login codes asked at once; the last SMS must leave within 5 s (a stand-in SendSms
 *   provider runs in this process and notes each arrival); baseline: the last HTTP answer.
 * - payouts: 3,000 signed channel results delivered at once, each twice (a replay), 100 in flight;
 *   all applied within 60 s, one pg-boss job per result (3,000, not 6,000), one refund per failed
 *   row (the ledger's own check); baseline: the time to deliver them.
 * - pause: the server reaches PostgreSQL through a TCP proxy that freezes for BENCH_PAUSE_S
 *   (default 25) s while 10 clients loop /readyz, usercenter/info and a write (login/code): every
 *   answer within 10 s (503 + Retry-After expected), back to 200 within 2 s of the resume.
 * - pooler: the same 1,000 mixed calls (logins, info, position/list, profile writes; 20 at a
 *   time) straight to PostgreSQL and through PgBouncer in transaction mode (DB_POOLER=transaction;
 *   BENCH_PGBOUNCER_URL, or scripts/pgbouncer.sh started here): 0 errors behind the pooler.
 * Needs DATABASE_URL (a user allowed to create databases); BENCH_OPS=sms,pause runs only those,
 * BENCH_PAYOUT_ROWS (3000) and BENCH_PAUSE_S (25) change the sizes. Each scenario prints its figures with
 * `met` flags; the machine's load is printed beside them (timings never fail the run; a scenario
 * that throws is reported as { error } and the others still run).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, productionEnv, spawnServer, testKey, waitFor, type Proc } from '../tests/setup/spawn';
import { pauseProxy } from '../tests/setup/pause-proxy';
import { privatePg } from '../tests/setup/db';
import { notifyBase, type Notify } from '../src/server/domain/payouts/channel';
import { SmsProvider } from './lib/sms-provider';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PAUSE_S = Number(process.env.BENCH_PAUSE_S ?? 25);
const PAYOUT_ROWS = Number(process.env.BENCH_PAYOUT_ROWS ?? 3000);
/** the channel key the servers check and this bench signs with (domain/payouts/channel.ts signNotify) */
const CHANNEL_KEY = testKey(9);

const load = () => os.loadavg().map((l) => +l.toFixed(2));
const r1 = (v: number) => +v.toFixed(1);
const since = (t0: number) => r1(performance.now() - t0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (msg: string) => console.log(`ops: ${msg}`);
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

// --- places, servers, calls -----------------------------------------------------------------

/** A database of its own on DATABASE_URL's server (tests/setup/db.ts); drop() removes it and any session left on it. */
const privateDb = (url: string, what: string) => privatePg(`hr_bench_ops_${what}`, { url, database: true });

/** A node script of this repository run to its end with `env`; answers its stdout (throws on a non-zero exit). */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} ${args.join(' ')} exited ${code}: ${(err || out).trim().slice(-800)}`)),
    );
  });
}

/** The server's environment (the production profile) on `databaseUrl`, SMS to the bench's provider. */
const serverEnv = (databaseUrl: string, smsUrl: string, over: Record<string, string> = {}) =>
  productionEnv({
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: 'https://hr.example.com',
    STATIC_DIR: '/nonexistent',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ALIYUN_SMS_ENDPOINT: smsUrl,
    PAYOUT_CHANNEL_KEY: CHANNEL_KEY,
    // 100 codes and logins from one IP in a minute, and more
    LOGIN_IP_PER_MINUTE: '1000000',
    LOGIN_CODES_PER_DAY: '1000',
    LOGIN_FAILS_PER_DAY: '1000',
    ...over,
  });

/**
 * A production database as a release leaves it: the migrate command (migrate-main.ts: migrations,
 * pg-boss's schema and queues), then, when `seed`, the demo data and an admin token (ops-prepare.ts).
 */
async function prepare(databaseUrl: string, seed: boolean): Promise<{ token: string; company_id: number } | null> {
  const env = serverEnv(databaseUrl, 'http://127.0.0.1:1/');
  await runScript('src/server/migrate-main.ts', [], env);
  if (!seed) return null;
  return JSON.parse((await runScript('bench/lib/ops-prepare.ts', ['seed'], env)).trim().split('\n').at(-1)!) as { token: string; company_id: number };
}

async function startServer(env: Record<string, string>): Promise<{ proc: Proc; origin: string }> {
  const port = await freePort();
  const proc = spawnServer({ ...env, PORT: String(port) });
  await waitFor(proc, '已启动', 180_000);
  return { proc, origin: `http://127.0.0.1:${port}` };
}

async function stop(p: Proc | undefined) {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const killer = setTimeout(() => p.child.kill('SIGKILL'), 30_000);
  await p.exited;
  clearTimeout(killer);
}

interface Answer {
  /** HTTP status; 0: no answer (refused, reset, or our own 30 s limit) */
  status: number;
  /** the envelope's code (the API), or null */
  code: number | null;
  retryAfter: string | null;
  ms: number;
  /** performance.now() at the start and the end of the call */
  start: number;
  end: number;
  data?: unknown;
  error?: string;
}

async function call(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const start = performance.now();
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  try {
    const res = await fetch(origin + path, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let code: number | null = null;
    let data: unknown;
    try {
      const j = JSON.parse(text) as { code?: unknown; data?: unknown };
      if (typeof j.code === 'number') code = j.code;
      data = j.data;
    } catch {
      /* not JSON */
    }
    const end = performance.now();
    return { status: res.status, code, retryAfter: res.headers.get('retry-after'), ms: end - start, start, end, data };
  } catch (e) {
    const end = performance.now();
    return { status: 0, code: null, retryAfter: null, ms: end - start, start, end, error: errorText(e) };
  }
}

/** Runs `tasks` with at most `n` at a time. */
async function pool<T>(n: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds used by the PostgreSQL backends serving database `name` (on this machine only), since
 * `before` (a previous answer: backends present then count from there, new ones from zero).
 */
async function backendsCpu(db: pg.Client, name: string, before: Map<number, number> = new Map()): Promise<{ seconds: number; now: Map<number, number> }> {
  const pids = (await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])).rows.map(
    (r) => r.pid,
  );
  const now = new Map(pids.map((p) => [p, cpuSeconds(p)] as const));
  let seconds = 0;
  for (const [p, c] of now) seconds += c - (before.get(p) ?? 0);
  return { seconds, now };
}

const mobileOf = (prefix: string, i: number) => `${prefix}${String(i).padStart(11 - prefix.length, '0')}`;

// --- 1. sms ---------------------------------------------------------------------------------

async function smsScenario(url: string) {
  const place = await privateDb(url, 'sms');
  const sms = new SmsProvider();
  let srv: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await prepare(place.url, false);
    srv = await startServer(serverEnv(place.url, await sms.start()));
    const { origin } = srv;
    // warm up: a few codes through the whole path (JIT, the pool's connections, the queue's loop)
    const warm = Array.from({ length: 5 }, (_, i) => mobileOf('1370', i));
    await Promise.all(warm.map((m) => call(origin, 'POST', '/ent/v3/login/code', { form: { mobile: m } })));
    await sms.all(warm, 20_000);
    sms.reset();
    await sleep(1000);

    const mobiles = Array.from({ length: 100 }, (_, i) => mobileOf('1390', i));
    const t0 = performance.now();
    const answers = await Promise.all(mobiles.map((m) => call(origin, 'POST', '/ent/v3/login/code', { form: { mobile: m } })));
    const lastAnswer = Math.max(...answers.map((a) => a.end)) - t0;
    await sms.all(mobiles, 60_000);
    const arrivals = mobiles.map((m) => sms.byMobile.get(m)?.[0]?.at).filter((a): a is number => a !== undefined);
    const lastSms = arrivals.length ? Math.max(...arrivals) - t0 : NaN;
    await sleep(1000); // late duplicates, if any, would arrive now
    const ok = answers.filter((a) => a.status === 200 && a.code === 200).length;
    const once = mobiles.filter((m) => sms.byMobile.get(m)?.length === 1).length;
    return {
      codes_asked: mobiles.length,
      answered_ok: ok,
      last_answer_ms: r1(lastAnswer),
      first_sms_ms: arrivals.length ? r1(Math.min(...arrivals) - t0) : null,
      last_sms_ms: r1(lastSms),
      queue_lag_ms: r1(lastSms - lastAnswer),
      sms_received: sms.received,
      mobiles_sent_once: once,
      target: 'last SMS ≤ 5000 ms after the 100 codes were asked; 100 SMS, each mobile once',
      met: lastSms <= 5000 && sms.received === 100 && once === 100 && ok === 100,
    };
  } finally {
    await stop(srv?.proc);
    await sms.close();
    await place.drop();
  }
}

// --- 2. payouts -----------------------------------------------------------------------------

/** domain/payouts/channel.ts signNotify, with the key given to the server (the bench's process has none) */
const sign = (n: Notify) => createHmac('sha256', Buffer.from(CHANNEL_KEY, 'base64')).update(notifyBase(n)).digest('hex');

async function payoutsScenario(url: string) {
  const place = await privateDb(url, 'payouts');
  const sms = new SmsProvider();
  const db = new pg.Client({ connectionString: place.url });
  let srv: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await prepare(place.url, true);
    const env = serverEnv(place.url, await sms.start());
    const { batch_id: batchId, company_id: companyId } = JSON.parse(
      (await runScript('bench/lib/ops-prepare.ts', ['payouts', String(PAYOUT_ROWS)], env)).trim().split('\n').at(-1)!,
    ) as { batch_id: number; company_id: number };
    await db.connect();
    const rows = (await db.query<{ channel_no: string }>(`SELECT channel_no FROM payout_rows WHERE batch_id = $1 AND status = 'paying' ORDER BY id`, [batchId]))
      .rows;
    srv = await startServer(env);
    const { origin } = srv;

    // every 5th row fails (a refund each), the rest succeed; each callback delivered twice
    const ts = String(Date.now());
    const notes = rows.map(
      (r, i): Notify => ({
        notify_id: `N${randomBytes(12).toString('hex')}`,
        channel_no: r.channel_no,
        result: i % 5 === 4 ? 'fail' : 'success',
        reason: i % 5 === 4 ? '户名与卡号不符' : '',
        ts,
      }),
    );
    const failed = notes.filter((n) => n.result === 'fail').length;
    const bodies = notes.map((n) => ({ ...n, sign: sign(n) }));
    // the replays mixed in: each one follows its original by a few dozen deliveries
    const order: number[] = [];
    for (let i = 0; i < bodies.length; i++) {
      order.push(i);
      if (i >= 40) order.push(i - 40);
    }
    for (let i = Math.max(0, bodies.length - 40); i < bodies.length; i++) order.push(i);

    const local = ['127.0.0.1', 'localhost'].includes(new URL(place.url).hostname);
    const db0 = await backendsCpu(db, place.name);
    const cpu0 = cpuSeconds(srv.proc.child.pid);
    const t0 = performance.now();
    let applied = NaN;
    // rows still paying, polled while the results are delivered and after
    const watcher = (async () => {
      while (performance.now() - t0 < 120_000) {
        const left = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payout_rows WHERE batch_id = $1 AND status = 'paying'`, [batchId])).rows[0]!
          .n;
        if (left === 0) {
          applied = performance.now() - t0;
          return;
        }
        await sleep(200);
      }
    })();
    const answers = await pool(
      100,
      order.map((i) => () => call(origin, 'POST', '/ent/v3/payout/notify', { json: bodies[i] })),
    );
    const delivered = performance.now() - t0;
    const cpuDelivered = cpuSeconds(srv.proc.child.pid);
    await watcher;
    const cpuApplied = cpuSeconds(srv.proc.child.pid);
    const dbCpu = (await backendsCpu(db, place.name, db0.now)).seconds;

    const q = async (sql: string, p: unknown[] = []) => (await db.query<{ n: number }>(sql, p)).rows[0]!.n;
    const jobs = await q(
      `SELECT count(*)::int AS n FROM (SELECT id FROM pgboss.job WHERE name = 'payout-result' UNION SELECT id FROM pgboss.archive WHERE name = 'payout-result') j`,
    );
    const jobRuns = await q(`SELECT count(*)::int AS n FROM job_runs WHERE name = 'payout-result'`);
    const refunds = await q(`SELECT count(*)::int AS n FROM payout_ledger WHERE batch_id = $1 AND type = 'refund'`, [batchId]);
    const refundedRows = await q(
      `SELECT count(*)::int AS n FROM payout_rows r WHERE r.batch_id = $1 AND r.status = 'failed'
         AND (SELECT count(*) FROM payout_ledger l WHERE l.row_id = r.id AND l.type = 'refund') = 1`,
      [batchId],
    );
    const moved = await q(`SELECT count(*)::int AS n FROM payout_rows WHERE batch_id = $1 AND status IN ('success', 'failed')`, [batchId]);
    const batchStatus = (await db.query<{ status: string }>('SELECT status FROM payout_batches WHERE id = $1', [batchId])).rows[0]!.status;
    const ledger = JSON.parse((await runScript('bench/lib/ops-prepare.ts', ['ledger', String(companyId)], env)).trim().split('\n').at(-1)!) as {
      problems: string[];
    };
    const ok = answers.filter((a) => a.status === 200 && a.code === 200).length;
    const allApplied = Number.isFinite(applied);
    return {
      rows: rows.length,
      failed_rows: failed,
      deliveries: answers.length,
      delivered_ok: ok,
      deliver_ms: r1(delivered),
      all_applied_ms: allApplied ? r1(applied) : null,
      applied_vs_deliver: allApplied ? +(applied / delivered).toFixed(2) : null,
      // the server's CPU seconds over wall seconds: ~1 is a busy Node (CPU-bound); far below, it waits (database, locks, a loaded machine)
      server_cpu_share_delivering: +((cpuDelivered - cpu0) / (delivered / 1000)).toFixed(2),
      server_cpu_share_applying_after: allApplied ? +((cpuApplied - cpuDelivered) / Math.max(0.001, (applied - delivered) / 1000)).toFixed(2) : null,
      // what the work itself cost: the server's CPU and its database backends' (this machine's PostgreSQL only)
      server_cpu_s: r1(cpuApplied - cpu0),
      database_cpu_s: local && allApplied ? r1(dbCpu) : null,
      rows_moved: moved,
      batch_status: batchStatus,
      jobs_created: jobs,
      job_runs: jobRuns,
      refunds,
      failed_rows_refunded_once: refundedRows,
      ledger_problems: ledger.problems.slice(0, 5),
      target: `all ${rows.length} applied ≤ 60000 ms; ${rows.length} jobs (replays are one job); one refund per failed row; ledger consistent`,
      met:
        allApplied &&
        applied <= 60_000 &&
        jobs === rows.length &&
        refunds === failed &&
        refundedRows === failed &&
        ledger.problems.length === 0 &&
        moved === rows.length,
    };
  } finally {
    await stop(srv?.proc);
    await db.end().catch(() => undefined);
    await sms.close();
    await place.drop();
  }
}

// --- 3. pause -------------------------------------------------------------------------------

type Kind = 'readyz' | 'info' | 'code';

async function pauseScenario(url: string) {
  const place = await privateDb(url, 'pause');
  const sms = new SmsProvider();
  const target = new URL(place.url);
  const proxy = await pauseProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let srv: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { token } = (await prepare(place.url, true))!;
    srv = await startServer(serverEnv(proxy.through(place.url), await sms.start()));
    const { origin, proc } = srv;
    const auth = { authorization: `Bearer ${token}` };
    let n = 0;
    const one = (kind: Kind) =>
      kind === 'readyz'
        ? call(origin, 'GET', '/readyz')
        : kind === 'info'
          ? call(origin, 'GET', '/ent/v3/usercenter/info', { headers: auth })
          : call(origin, 'POST', '/ent/v3/login/code', { form: { mobile: mobileOf('1360', n++) } });

    const log: (Answer & { kind: Kind })[] = [];
    let running = true;
    const clients = Array.from({ length: 10 }, async (_, c) => {
      const kinds: Kind[] = ['readyz', 'info', 'code'];
      let k = c % 3;
      while (running) {
        const kind = kinds[k++ % 3]!;
        log.push({ ...(await one(kind)), kind });
        await sleep(50);
      }
    });
    await sleep(4000); // warm, all 200
    const warmBad = log.filter((a) => a.status !== 200).length;
    const pausedAt = performance.now();
    proxy.pause();
    say(`database paused for ${PAUSE_S} s`);
    await sleep(PAUSE_S * 1000);
    const resumedAt = performance.now();
    proxy.resume();
    say('database resumed');
    let firstInfo = NaN;
    let firstReady = NaN;
    const until = performance.now() + 20_000;
    while (performance.now() < until) {
      const back = (kind: Kind) => log.filter((a) => a.kind === kind && a.status === 200 && a.end >= resumedAt).map((a) => a.end);
      const i = back('info');
      const r = back('readyz');
      if (i.length && r.length) {
        firstInfo = Math.min(...i) - resumedAt;
        firstReady = Math.min(...r) - resumedAt;
        break;
      }
      await sleep(50);
    }
    await sleep(4000); // steady again
    running = false;
    await Promise.all(clients);

    const during = log.filter((a) => a.start < resumedAt && a.end > pausedAt);
    // statuses of the calls made while paused (one made late in the pause may be answered 200 after the resume)
    const statuses: Record<string, Record<string, number>> = {};
    for (const a of during.filter((x) => x.start >= pausedAt)) {
      const s = a.status === 0 ? `no answer (${a.error})` : a.status === 503 ? `503${a.retryAfter ? ' retry-after' : ''}` : String(a.status);
      statuses[a.kind] ??= {};
      statuses[a.kind]![s] = (statuses[a.kind]![s] ?? 0) + 1;
    }
    const longest = Math.max(0, ...during.map((a) => a.ms));
    const longestBy = Object.fromEntries(
      (['readyz', 'info', 'code'] as Kind[]).map((k) => [k, r1(Math.max(0, ...during.filter((a) => a.kind === k).map((a) => a.ms)))]),
    );
    const after = log.filter((a) => a.start >= resumedAt + 2000);
    const afterBad = after.filter((a) => a.status !== 200).length;
    // still alive and well: the process, its health, its readiness, a real answer
    const alive = proc.child.exitCode === null && proc.child.signalCode === null;
    const health = await call(origin, 'GET', '/healthz');
    const ready = await call(origin, 'GET', '/readyz');
    const info = await call(origin, 'GET', '/ent/v3/usercenter/info', { headers: auth });
    const healthy = alive && health.status === 200 && ready.status === 200 && info.status === 200 && info.code === 200;
    const crashes = (proc.stderr().match(/unhandled|uncaught/gi) ?? []).length;
    return {
      pause_s: PAUSE_S,
      warm_non_200: warmBad,
      answers_during_pause: during.length,
      longest_answer_ms: r1(longest),
      longest_by_kind_ms: longestBy,
      statuses_during_pause: statuses,
      no_answer: during.filter((a) => a.status === 0).length,
      // the proxy really froze: no call made during the pause had a 200 before the resume
      ok_before_resume: during.filter((a) => a.start >= pausedAt && a.end < resumedAt && a.status === 200).length,
      first_200_info_after_resume_ms: Number.isFinite(firstInfo) ? r1(firstInfo) : null,
      first_200_readyz_after_resume_ms: Number.isFinite(firstReady) ? r1(firstReady) : null,
      non_200_from_2s_after_resume: `${afterBad} of ${after.length}`,
      proxy_connections: { accepted: proxy.accepted, held_by_pause: proxy.held },
      alive_and_healthy_after: healthy,
      unhandled_in_stderr: crashes,
      target: 'every answer ≤ 10000 ms during the pause; first 200 of info and /readyz ≤ 2000 ms after the resume; alive after',
      met: {
        answers_within_10s: during.length > 0 && longest <= 10_000 && during.every((a) => a.status !== 0),
        back_within_2s: firstInfo <= 2000 && firstReady <= 2000,
        alive_after: healthy,
      },
    };
  } finally {
    proxy.resume();
    await stop(srv?.proc);
    await proxy.close();
    await sms.close();
    await place.drop();
  }
}

// --- 4. pooler ------------------------------------------------------------------------------

/** PgBouncer in transaction mode in front of DATABASE_URL's server: BENCH_PGBOUNCER_URL's, or one started here. */
async function pgbouncer(url: string): Promise<{ host: string; port: number; stop(): Promise<void> } | { skipped: string }> {
  const given = process.env.BENCH_PGBOUNCER_URL;
  if (given) {
    const u = new URL(given);
    return { host: u.hostname, port: Number(u.port || 6432), stop: async () => undefined };
  }
  if (spawnSync('sh', ['-c', 'command -v pgbouncer'], { stdio: 'ignore' }).status !== 0)
    return { skipped: 'pgbouncer is not installed (apt-get install pgbouncer) and BENCH_PGBOUNCER_URL is not set' };
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(u.hostname))
    return { skipped: `DATABASE_URL's server (${u.hostname}) is not on this machine: give BENCH_PGBOUNCER_URL` };
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hr-bench-pgbouncer-'));
  const r = spawnSync('bash', ['scripts/pgbouncer.sh', u.port || '5432', String(port), dir], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`scripts/pgbouncer.sh failed: ${(r.stderr || r.stdout).trim()}`);
  return {
    host: '127.0.0.1',
    port,
    async stop() {
      const pidFile = join(dir, 'pgbouncer.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0;
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      if (pid && alive()) {
        process.kill(pid, 'SIGTERM');
        for (let i = 0; i < 50 && alive(); i++) await sleep(100);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** 1,000 calls, 20 at a time: per 10 calls a login (code + login), 3 info, 3 position/list, 2 profile writes. */
async function mixed(origin: string, token: string, sms: SmsProvider, prefix: string) {
  const auth = { authorization: `Bearer ${token}` };
  const tally = { calls: 0, errors: 0, not_ok: 0, logins: 0, examples: [] as string[] };
  const count = (what: string, a: Answer) => {
    tally.calls++;
    const error = a.status !== 200 || a.code === 500 || a.code === 503;
    if (error) tally.errors++;
    if (a.code !== 200) tally.not_ok++;
    if ((error || a.code !== 200) && tally.examples.length < 5) tally.examples.push(`${what}: HTTP ${a.status} code ${a.code}${a.error ? ` ${a.error}` : ''}`);
    return a;
  };
  let m = 0;
  const login = async () => {
    const mobile = mobileOf(prefix, m++);
    const asked = count('login/code', await call(origin, 'POST', '/ent/v3/login/code', { form: { mobile } }));
    const code = asked.code === 200 ? await sms.codeFor(mobile, 15_000) : null;
    const res = count('login', await call(origin, 'POST', '/ent/v3/login', { form: { mobile, code: code ?? '000000' } }));
    if (res.code === 200) tally.logins++;
  };
  const info = async () => void count('usercenter/info', await call(origin, 'GET', '/ent/v3/usercenter/info', { headers: auth }));
  const list = async () => void count('position/list', await call(origin, 'GET', '/ent/v3/position/list', { headers: auth }));
  let w = 0;
  const write = async () =>
    void count(
      'usercenter/profile',
      await call(origin, 'POST', '/ent/v3/usercenter/profile', { headers: auth, form: { realname: '张三', dept_name: '人事部', job_name: `经理${w++ % 10}` } }),
    );
  const round = [login, info, list, write, info, list, write, info, list];
  const tasks = Array.from({ length: 100 }, () => round).flat();
  // warm up: the pool's connections, the JIT
  await pool(
    20,
    Array.from({ length: 40 }, (_, i) => (i % 2 ? info : list)),
  );
  Object.assign(tally, { calls: 0, errors: 0, not_ok: 0, examples: [] });
  const t0 = performance.now();
  await pool(20, tasks);
  const seconds = (performance.now() - t0) / 1000;
  return { ...tally, seconds: +seconds.toFixed(2), rps: Math.round(tally.calls / seconds) };
}

async function poolerScenario(url: string) {
  const bouncer = await pgbouncer(url);
  if ('skipped' in bouncer) return { skipped: bouncer.skipped };
  const place = await privateDb(url, 'pooler');
  const sms = new SmsProvider();
  let srv: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { token } = (await prepare(place.url, true))!;
    const smsUrl = await sms.start();
    srv = await startServer(serverEnv(place.url, smsUrl));
    const direct = await mixed(srv.origin, token, sms, '1350');
    await stop(srv.proc);
    const via = new URL(place.url);
    via.hostname = bouncer.host;
    via.port = String(bouncer.port);
    srv = await startServer(serverEnv(via.toString(), smsUrl, { DB_POOLER: 'transaction' }));
    const pooled = await mixed(srv.origin, token, sms, '1351');
    return {
      pgbouncer: process.env.BENCH_PGBOUNCER_URL ? 'BENCH_PGBOUNCER_URL' : `started here (scripts/pgbouncer.sh, port ${bouncer.port})`,
      direct,
      pgbouncer_transaction: pooled,
      rps_pooler_vs_direct: +(pooled.rps / direct.rps).toFixed(2),
      target: '0 errors in 1,000 mixed calls behind PgBouncer in transaction mode',
      met: pooled.errors === 0 && pooled.calls === 1000,
    };
  } finally {
    await stop(srv?.proc);
    await sms.close();
    await place.drop();
    await bouncer.stop();
  }
}

// --------------------------------------------------------------------------------------------

export default async function opsBench() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const skipped = 'DATABASE_URL is not set: the operations bench needs a PostgreSQL (its user allowed to create databases)';
    say(`skipped: ${skipped}`);
    return { skipped };
  }
  const out: Record<string, unknown> = { cpus: os.cpus().length, load_start: load() };
  const scenarios: [string, (url: string) => Promise<unknown>][] = [
    ['sms', smsScenario],
    ['payouts', payoutsScenario],
    ['pause', pauseScenario],
    ['pooler', poolerScenario],
  ];
  const only = process.env.BENCH_OPS?.split(',');
  for (const [name, run] of scenarios) {
    if (only && !only.includes(name)) continue;
    const t0 = performance.now();
    say(`${name}…`);
    try {
      out[name] = await run(url);
    } catch (e) {
      out[name] = { error: errorText(e) };
    }
    say(`${name} done in ${(since(t0) / 1000).toFixed(1)} s (load ${load().join(' ')}): ${JSON.stringify(out[name])}`);
  }
  out.load_end = load();
  return out;
}

/**
 * API throughput (issue 16): autocannon against real server processes (src/server/main.ts, the
 * demo profile, logs at warn), each run beside a bare Fastify hello-world in the same run:
 * - the embedded demo database (PGlite): GET /ent/v3/usercenter/info and /ent/v3/position/list;
 * - with DATABASE_URL: one server, then two servers on the same PostgreSQL (a private schema,
 *   dropped at the end), connections split between them.
 * BENCH_SECONDS (default 5) per measurement, BENCH_CONNECTIONS (default 50), BENCH_POOL (DB_POOL_MAX).
 * Prints req/s, p50/p95/p99, the ratios against the targets (met / NOT met: a timing never fails
 * the run) and the machine's load averages beside them.
 */
import autocannon, { type Result } from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, spawnServer, waitFor, type Proc } from '../tests/setup/spawn';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  errors: number;
}

/** `uptime`'s load averages (1, 5, 15 min): the machine is shared; figures mean little above ~2. */
const load = () => os.loadavg().map((l) => +l.toFixed(2));

/** The q-quantile of sorted values. */
const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);

/**
 * autocannon on one or several origins at once (connections split); rps summed; p50/p95/p99 over
 * every response's own time (autocannon's summary has no p95), across all origins.
 */
async function hammer(origins: string[], path: string, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Figures> {
  const per = Math.max(1, Math.floor(CONNECTIONS / origins.length));
  const times: number[] = [];
  const results = await Promise.all(
    origins.map(
      (o) =>
        new Promise<Result>((resolve, reject) => {
          const run = autocannon({ url: o + path, connections: per, duration: seconds, headers }, (err, r) => (err ? reject(err) : resolve(r)));
          run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
        }),
    ),
  );
  times.sort((x, y) => x - y);
  const ms = (v: number) => +v.toFixed(1);
  return {
    rps: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
    p50_ms: ms(quantile(times, 0.5)),
    p95_ms: ms(quantile(times, 0.95)),
    p99_ms: ms(quantile(times, 0.99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
  };
}

async function start(env: Record<string, string>): Promise<{ proc: Proc; origin: string }> {
  const port = await freePort();
  const proc = spawnServer({ ...env, PORT: String(port), LOG_LEVEL: 'warn', SANDBOX: '1' });
  await waitFor(proc, '已启动', 180_000);
  return { proc, origin: `http://127.0.0.1:${port}` };
}

async function startHello(): Promise<{ proc: Proc; origin: string }> {
  const port = await freePort();
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/hello.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((res) => child.on('exit', (c, s) => res(c ?? s ?? -1)));
  const proc: Proc = { child, stdout: () => out, stderr: () => '', exited };
  await waitFor(proc, '已启动');
  return { proc, origin: `http://127.0.0.1:${port}` };
}

async function stop(p: Proc) {
  if (p.child.exitCode !== null) return;
  p.child.kill('SIGTERM');
  await p.exited;
}

/** Logs in as the demo admin through the real SMS flow (the code from the sandbox inbox). */
async function login(origin: string): Promise<Record<string, string>> {
  const mobile = '13800000001';
  const form = (o: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(o).toString(),
  });
  await fetch(`${origin}/ent/v3/login/code`, form({ mobile }));
  const { code } = (await (await fetch(`${origin}/sandbox/sms?mobile=${mobile}`)).json()) as { code: string };
  const res = (await (await fetch(`${origin}/ent/v3/login`, form({ mobile, code }))).json()) as { code: number; data: { token: string } };
  if (res.code !== 200) throw new Error('bench login failed');
  const auth = { authorization: `Bearer ${res.data.token}` };
  // the figures only count if the answers are real
  for (const p of ['/ent/v3/usercenter/info', '/ent/v3/position/list']) {
    const body = (await (await fetch(origin + p, { headers: auth })).json()) as { code: number };
    if (body.code !== 200) throw new Error(`${p}: code ${body.code}`);
  }
  return auth;
}

const INFO = '/ent/v3/usercenter/info';
const LIST = '/ent/v3/position/list';

/**
 * One setting's figures, each beside the bare Fastify measured just before it, and the ladder of
 * where a call's time goes: bare Fastify → our stack without the database (/healthz: hooks,
 * security headers, request ids) → plus one trivial query (/readyz) → the session lookup and its
 * JSON (usercenter/info) → a list (position/list).
 */
async function measure(origins: string[], auth: Record<string, string>, hello: string) {
  await hammer(origins, INFO, auth, 2); // warm up (JIT, caches, the pool's connections)
  const load_before = load();
  const bare = await hammer([hello], '/hello');
  const healthz = await hammer(origins, '/healthz');
  const readyz = await hammer(origins, '/readyz');
  const info = await hammer(origins, INFO, auth);
  const list = await hammer(origins, LIST, auth);
  return {
    load_before,
    load_after: load(),
    bare_fastify: bare,
    our_stack_healthz: healthz,
    one_query_readyz: readyz,
    usercenter_info: info,
    position_list: list,
    info_vs_bare: +(info.rps / bare.rps).toFixed(3),
  };
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

export default async function apiBench() {
  const out: Record<string, unknown> = { seconds: SECONDS, connections: CONNECTIONS, cores: os.cpus().length, load_at_start: load() };
  const hello = await startHello();
  const dataDir = mkdtempSync(join(tmpdir(), 'hr-bench-'));
  try {
    const one = await start({ DATA_DIR: dataDir, STATIC_DIR: dataDir });
    try {
      const m = await measure([one.origin], await login(one.origin), hello.origin);
      out.pglite = { ...m, target: `usercenter/info ≥ 1500 req/s: ${verdict(m.usercenter_info.rps >= 1500)} (${m.usercenter_info.rps})` };
    } finally {
      await stop(one.proc);
    }
    const url = process.env.DATABASE_URL;
    if (!url) {
      out.postgresql = 'skipped: DATABASE_URL is not set';
      out.load_at_end = load();
      return out;
    }
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const sep = url.includes('?') ? '&' : '?';
    // the server's own pool size (DB_POOL_MAX, default 10) unless BENCH_POOL says otherwise
    const env: Record<string, string> = { DATABASE_URL: `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`, STATIC_DIR: dataDir };
    if (process.env.BENCH_POOL) env.DB_POOL_MAX = process.env.BENCH_POOL;
    try {
      const a = await start(env);
      const b = await start(env);
      try {
        const auth = await login(a.origin);
        const single = await measure([a.origin], auth, hello.origin);
        const double = await measure([a.origin, b.origin], auth, hello.origin);
        const twoVsOne = +(double.usercenter_info.rps / single.usercenter_info.rps).toFixed(3);
        out.postgresql = {
          pool: env.DB_POOL_MAX ?? 'default (10)',
          one_server: single,
          two_servers: double,
          two_vs_one_info: twoVsOne,
          targets: {
            'info ≥ 0.3 × bare': `${verdict(single.info_vs_bare >= 0.3)} (${single.info_vs_bare})`,
            'info p99 < 20 ms at 50 connections': `${verdict(single.usercenter_info.p99_ms < 20)} (${single.usercenter_info.p99_ms} ms)`,
            'two servers ≥ 1.6 × one': `${verdict(twoVsOne >= 1.6)} (${twoVsOne})`,
          },
        };
      } finally {
        await stop(a.proc);
        await stop(b.proc);
      }
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
    out.load_at_end = load();
    return out;
  } finally {
    await stop(hello.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Recruitment API latency: the talent-hall search (keyword + filters over 320 resumes), the
 * position list with its per-position counts and the interview plan, each against
 * usercenter/info of the same server (compare the ratios; absolute numbers move with load).
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '../src/server/app';
import { migrate, seed } from '../src/server/db';
import { openPglite } from '../src/server/db/pglite';
import { issueToken } from '../src/server/http/auth';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CONCURRENCY = 8;

async function load(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { code: number };
        if (body.code !== 200) throw new Error(`${url}: code ${body.code}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => +times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(2);
  return { rps: Math.round(REQUESTS / seconds), p50_ms: pct(0.5), p95_ms: pct(0.95) };
}

export default async function recruitmentBench() {
  const db = await openPglite();
  await migrate(db);
  await seed(db);
  const app = await buildServer({ db, sandbox: false, staticDir: null, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/ent/v3`;
  const user = await db.one<{ id: number }>("SELECT id FROM users WHERE mobile = '13800000001'");
  const { token } = await issueToken(db, user!.id, new Date());
  const auth = { authorization: `Bearer ${token}` };
  const urls = {
    usercenter_info: `${base}/usercenter/info`,
    hall_page: `${base}/talent/list?page=3&page_size=10`,
    hall_search: `${base}/talent/list?keywords=${encodeURIComponent('前端')}&city=${encodeURIComponent('杭州')}&salary=10-20&page_size=20`,
    position_list: `${base}/position/list?status=all&page_size=20`,
    plan_days: `${base}/index/plan`,
  };
  for (const u of Object.values(urls)) await load(u, auth); // warm up
  const out: Record<string, unknown> = { requests: REQUESTS, concurrency: CONCURRENCY };
  const results: Record<string, { rps: number }> = {};
  for (const [name, u] of Object.entries(urls)) results[name] = await load(u, auth);
  Object.assign(out, results);
  for (const name of ['hall_page', 'hall_search', 'position_list', 'plan_days'])
    out[`${name}_vs_info_rps`] = +(results[name]!.rps / results.usercenter_info!.rps).toFixed(3);
  await app.close();
  await db.close();
  return out;
}

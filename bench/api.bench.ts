/** API latency: authenticated usercenter/info against the cheapest answer of the same server. */
import type { AddressInfo } from 'node:net';
import { buildServer } from '../src/server/app';
import { migrate, seed } from '../src/server/db';
import { openPglite } from '../src/server/db/pglite';
import { issueToken } from '../src/server/http/auth';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
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
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => +times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(2);
  return { rps: Math.round(REQUESTS / seconds), p50_ms: pct(0.5), p95_ms: pct(0.95) };
}

export default async function apiBench() {
  const db = await openPglite();
  await migrate(db);
  await seed(db);
  const app = await buildServer({ db, sandbox: false, staticDir: null, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const user = await db.one<{ id: number }>("SELECT id FROM users WHERE mobile = '13800000001'");
  const { token } = await issueToken(db, user!.id, new Date());
  const auth = { authorization: `Bearer ${token}` };
  // warm up both paths (JIT, PGlite caches)
  await load(`${base}/ent/v3/no-such-call`, {});
  await load(`${base}/ent/v3/usercenter/info`, auth);
  const baseline = await load(`${base}/ent/v3/no-such-call`, {});
  const info = await load(`${base}/ent/v3/usercenter/info`, auth);
  await app.close();
  await db.close();
  return { requests: REQUESTS, concurrency: CONCURRENCY, baseline_404: baseline, usercenter_info: info, info_vs_baseline_rps: +(info.rps / baseline.rps).toFixed(3) };
}

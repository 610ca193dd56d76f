/**
 * `npm run bench`: figures for the foundation, each against a baseline measured in the same run
 * (these machines are shared and noisy: compare ratios, not absolute numbers).
 *
 * - api: authenticated usercenter/info (token hash lookup + company joins) against the cheapest
 *   answer of the same server (an unknown /ent path: routing and the envelope, no database);
 * - bundle: gzip sizes of the console's first route and its lazy chunks from dist/ (if built),
 *   against the budgets of the PWA issue (130 KB first route, 60 KB per lazy route).
 * The last line printed is one JSON object.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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

async function apiBench() {
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

function bundleBench() {
  const dist = path.resolve('dist');
  if (!existsSync(path.join(dist, 'index.html'))) return { skipped: 'dist/ not built (npm run build)' };
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const initialBytes = initial.reduce((sum, f) => sum + gz(f), 0);
  const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const lazy = all.filter((f) => !initial.includes(f)).map((f) => ({ file: f, gzip_bytes: gz(f) }));
  const largestLazy = Math.max(0, ...lazy.map((l) => l.gzip_bytes));
  return {
    first_route_gzip_bytes: initialBytes,
    first_route_vs_budget: +(initialBytes / (130 * 1024)).toFixed(3),
    largest_lazy_gzip_bytes: largestLazy,
    largest_lazy_vs_budget: +(largestLazy / (60 * 1024)).toFixed(3),
    lazy_chunks: lazy.length,
  };
}

const api = await apiBench();
const bundle = bundleBench();
console.log('api:', api);
console.log('bundle:', bundle);
console.log(JSON.stringify({ api, bundle }));

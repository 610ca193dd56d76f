/** What the API benchmarks share: a seeded server on a fresh PGlite, a demo token, a load generator. */
import type { AddressInfo } from 'node:net';
import { buildServer } from '../../src/server/app';
import { migrate, seed } from '../../src/server/db';
import { openPglite } from '../../src/server/db/pglite';
import { issueToken } from '../../src/server/domain/sessions';
import { mobileIndex } from '../../src/server/domain/users';

export const CONCURRENCY = 8;

export interface LoadFigures {
  rps: number;
  p50_ms: number;
  p95_ms: number;
}

/**
 * `requests` GETs with CONCURRENCY in flight; `expectOk` also checks every envelope is code 200
 * (a benchmark of error answers would flatter the figures).
 */
export async function load(url: string, headers: Record<string, string>, opts: { requests: number; expectOk?: boolean }): Promise<LoadFigures> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < opts.requests) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        if (opts.expectOk) {
          const body = (await res.json()) as { code: number };
          if (body.code !== 200) throw new Error(`${url}: code ${body.code}`);
        } else await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => +times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(2);
  return { rps: Math.round(opts.requests / seconds), p50_ms: pct(0.5), p95_ms: pct(0.95) };
}

/** The API server over the demo seed, listening on a random port, with a token of 13800000001. */
export async function startApiServer() {
  const db = await openPglite();
  await migrate(db);
  await seed(db);
  const app = await buildServer({ db, sandbox: false, staticDir: null, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const user = await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`);
  const { token } = await issueToken(db, user!.id, new Date());
  return {
    origin,
    auth: { authorization: `Bearer ${token}` },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * The database can fail without taking the server with it (issue 25 item 3), on a real
 * PostgreSQL reached through a proxy that freezes (tests/setup/pause-proxy.ts: what a failover or
 * a partition looks like — connections open, nothing answers). While it is frozen, an API call
 * answers 503 with Retry-After and a Chinese message within its limits, /readyz answers 503
 * promptly, a frozen transaction's row locks do not outlive its limits; after the resume the
 * same server answers 200 again by itself. PostgreSQL only: skipped without DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privatePg, type PrivatePg } from '../../../tests/setup/db';
import { pauseProxy, type PauseProxy } from '../../../tests/setup/pause-proxy';
import { call } from '../../../tests/setup/server';
import { buildServer } from '../app';
import { issueToken } from '../domain/sessions';
import { migrate, seed } from '.';
import { openPg, type PgDb } from './pg';
import { mobileIndex } from '../domain/users';

const URL_ = process.env.DATABASE_URL;

describe.skipIf(!URL_)('a database that stops answering', () => {
  let place: PrivatePg;
  let proxy: PauseProxy;
  let db: PgDb;
  let app: FastifyInstance;
  let url = '';
  let token = '';

  beforeAll(async () => {
    place = await privatePg('outage');
    const setup = place.open(2);
    await migrate(setup);
    await seed(setup);
    const user = await setup.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`);
    token = (await issueToken(setup, user!.id, new Date())).token;
    await setup.close();
    const u = new URL(place.url);
    proxy = await pauseProxy({ host: u.hostname, port: Number(u.port || 5432) });
    // the server's own connections go through the proxy, with short limits
    const target = proxy.through(place.url);
    db = openPg({
      connectionString: target.split('?')[0]!,
      ...(place.env.DB_POOLER ? { pooler: true } : { searchPath: decodeURIComponent(/search_path=([\w]+)/.exec(decodeURIComponent(target))![1]!) }),
      max: 4,
      timeouts: { connectMs: 1000, statementMs: 1500, queryMs: 2000, lockMs: 1000, idleInTxMs: 3000 },
    });
    app = await buildServer({ db, sandbox: false, staticDir: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 180_000);

  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await db?.close().catch(() => undefined);
    await proxy?.close();
    await place?.drop();
  }, 60_000);

  const timed = async <T>(p: Promise<T>) => {
    const t0 = Date.now();
    const out = await p;
    return { out, ms: Date.now() - t0 };
  };

  it('answers 503 with Retry-After while frozen, /readyz promptly; 200 again by itself after the resume', async () => {
    expect((await call(url, 'GET', '/ent/v3/usercenter/info', { token })).body.code).toBe(200);
    proxy.pause();
    try {
      // requests on connections that were open (their answers never come) and on new ones
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => timed(call(url, 'GET', '/ent/v3/usercenter/info', { token }))).concat([
          timed(call(url, 'POST', '/ent/v3/login/code', { form: { mobile: '13905719999' } })),
        ]),
      );
      for (const { out, ms } of answers) {
        expect(out.status).toBe(503);
        expect(out.headers.get('retry-after')).toBe('2');
        expect(out.body).toMatchObject({ code: 503, msg: '服务繁忙，请稍后重试' });
        // the connection wait (1 s) or the client's answer limit (2 s), with room for a slow machine
        expect(ms).toBeLessThan(6000);
      }
      const ready = await timed(call(url, 'GET', '/readyz'));
      expect(ready.out.status).toBe(503);
      expect(ready.ms).toBeLessThan(4000);
      expect((await call(url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      proxy.resume();
    }
    const t0 = Date.now();
    for (;;) {
      const r = await call(url, 'GET', '/ent/v3/usercenter/info', { token });
      if (r.status === 200 && r.body.code === 200) break;
      expect(Date.now() - t0, `still ${r.status} after the resume`).toBeLessThan(10_000);
      await new Promise((r2) => setTimeout(r2, 100));
    }
    expect((await call(url, 'GET', '/readyz')).status).toBe(200);
  }, 60_000);

  it('a transaction frozen while it holds a row lock gives it up within its limits; the other caller is told to retry, not kept waiting', async () => {
    // a second, direct pool plays the other server; this transaction holds the lock and goes silent
    const other = place.open(2);
    try {
      const user = await other.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`);
      let release: () => void = () => undefined;
      const holder = db
        .tx(async (t) => {
          await t.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user!.id]);
          await new Promise<void>((r) => (release = r));
        })
        .catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 300));
      // the other server: refused within its lock limit (not 30 s), and a retry after the holder's idle limit succeeds
      const blocked = await timed(
        other.tx((t) => t.query('UPDATE users SET realname = realname WHERE id = $1', [user!.id]), { lockMs: 500 }).catch((e: unknown) => e),
      );
      expect((blocked.out as { code?: string }).code).toBe('55P03');
      expect(blocked.ms).toBeLessThan(3000);
      expect(await holder).toMatchObject({ code: 'HR_TX_IDLE' });
      release();
      const retried = await timed(other.tx((t) => t.query('UPDATE users SET realname = realname WHERE id = $1', [user!.id])));
      expect(retried.ms).toBeLessThan(3000);
    } finally {
      await other.close();
    }
  }, 60_000);
});

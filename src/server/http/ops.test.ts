/** Health, readiness, request ids and graceful shutdown (issue 16 item 4). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { freePort, slowLoginCode, spawnServer, waitFor } from '../../../tests/setup/spawn';

describe('health and readiness', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ sandbox: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('/healthz answers without the database, /readyz checks it and the migrations', async () => {
    const h = await call(s.url, 'GET', '/healthz');
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ status: 'ok' });
    const r = await call<{ status: string; migration: string }>(s.url, 'GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ready');
    // a database missing the newest migration is not ready
    await s.db.query('DELETE FROM schema_migrations WHERE version = $1', [r.body.migration]);
    const again = await call<{ status: string }>(s.url, 'GET', '/readyz');
    expect(again.status).toBe(503);
    expect(again.body.status).toBe('migrating');
    await s.db.query("INSERT INTO schema_migrations (version, name) VALUES ($1, 'restored')", [r.body.migration]);
    expect((await call(s.url, 'GET', '/readyz')).status).toBe(200);
  });

  it('every answer carries a request id; a well-formed one from the balancer is kept', async () => {
    const a = await call(s.url, 'GET', '/ent/v3/usercenter/info');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await call(s.url, 'GET', '/healthz', { headers: { 'x-request-id': 'lb-req-12345678' } });
    expect(b.headers.get('x-request-id')).toBe('lb-req-12345678');
    const c = await call(s.url, 'GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(c.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});

describe('Prometheus metrics', () => {
  it('only with METRICS_TOKEN, only for its bearer; counts by route pattern, never the raw URL', async () => {
    const { buildServer } = await import('../app');
    const db = (await startTestServer({ sandbox: false })) as TestServer;
    const plain = await buildServer({ db: db.db, staticDir: null });
    const withMetrics = await buildServer({ db: db.db, staticDir: null, metricsToken: 'metrics-token-0123456789' });
    try {
      expect((await plain.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('hr_http_requests_total');
      await withMetrics.inject({ method: 'GET', url: '/ent/v3/company/invite/SECRET-CODE-123' });
      await withMetrics.inject({ method: 'GET', url: '/healthz' });
      expect((await withMetrics.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const m = await withMetrics.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
      expect(m.statusCode).toBe(200);
      expect(m.body).toContain('hr_http_requests_total{method="GET",route="/healthz",status="2xx"} 1');
      expect(m.body).toMatch(/hr_http_request_duration_seconds_bucket\{method="GET",route="\/healthz",status="2xx",le="\+Inf"\} 1/);
      expect(m.body).not.toContain('SECRET-CODE-123');
    } finally {
      await plain.close();
      await withMetrics.close();
      await db.close();
    }
  });
});

describe('SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hr-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lets a request in flight finish, then exits 0 and takes no new connections', async () => {
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), SEED: '0', SANDBOX: '0', STATIC_DIR: dataDir, LOG_LEVEL: 'info' };
    if (process.env.DATABASE_URL)
      Object.assign(env, { DATABASE_URL: process.env.DATABASE_URL }, process.env.DB_POOLER ? { DB_POOLER: process.env.DB_POOLER } : {});
    else env.DATA_DIR = dataDir;
    const p = spawnServer(env);
    try {
      await waitFor(p, '已启动');
      // a request whose body is still arriving when the signal comes
      const got = await slowLoginCode(port, '13700000077', async (rest) => {
        // once the server has taken the request (its access log says so), the signal; the rest of
        // the body well after it
        await waitFor(p, /"msg":"incoming request"/);
        p.child.kill('SIGTERM');
        setTimeout(rest, 1500);
      });
      expect(got.status).toBe(200);
      expect(JSON.parse(got.body)).toMatchObject({ code: 200 });
      expect(await p.exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
  }, 120_000);
});

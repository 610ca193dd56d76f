/**
 * Durable jobs (issue 16 item 5) on the test database (PGlite, or PostgreSQL with DATABASE_URL):
 * a job runs once, is retried with backoff after a failure, and survives a restart.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behindPooler, openTestDb } from '../../../tests/setup/db';
import { openPg } from '../db/pg';
import type { Db } from '../db/types';
import { buildServer } from '../app';
import { installJobs, runOnce, startJobs, type JobDef, type Jobs } from '.';

let db: Db;
const schema = `pgboss_${randomBytes(4).toString('hex')}`;
const started: Jobs[] = [];

beforeAll(async () => {
  db = await openTestDb();
  await db.exec('CREATE TABLE job_probe (id serial PRIMARY KEY, tag text NOT NULL, job_id text NOT NULL)');
}, 120_000);
afterAll(async () => {
  for (const j of started) await j.stop(1000).catch(() => undefined);
  if (db?.kind === 'pg') await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db?.close();
}, 60_000);

const until = async (what: () => Promise<boolean>, ms = 60_000) => {
  const t0 = Date.now();
  while (!(await what())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};
const probes = (tag: string) => db.query<{ job_id: string }>('SELECT job_id FROM job_probe WHERE tag = $1', [tag]);

let failuresLeft = 2;
const probe: JobDef<{ tag: string }> = {
  name: 'probe',
  retryDelay: 1,
  async run({ tag }, { db: t, jobId }) {
    await t.query('INSERT INTO job_probe (tag, job_id) VALUES ($1, $2)', [tag, jobId]);
    // the insert above rolls back with the failure: a failed try leaves nothing
    if (tag === 'flaky' && failuresLeft-- > 0) throw new Error('provider unavailable');
  },
};

/** an outside call (a provider): no transaction open while it runs (jobs/index.ts) */
const calls: string[] = [];
const outsideProbe: JobDef<{ tag: string }> = {
  name: 'outside-probe',
  outside: true,
  batchSize: 20,
  concurrency: 5,
  async run({ tag }, { db: d }) {
    // the database itself, not a transaction: a query here is fine even on the embedded one
    await d.one('SELECT 1');
    calls.push(tag);
  },
};

const boot = async () => {
  const j = await startJobs({ db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [probe as JobDef<never>, outsideProbe as JobDef<never>]);
  started.push(j);
  return j;
};

describe('jobs', () => {
  it('a job sent by a server that stops before working it runs after a restart, once', async () => {
    const a = await boot();
    const id = await a.send('probe', { tag: 'restart' });
    expect(id).toBeTruthy();
    await a.stop();
    expect(await probes('restart')).toEqual([]);
    const b = await boot();
    await b.work();
    await until(async () => (await probes('restart')).length > 0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await probes('restart')).toEqual([{ job_id: id }]);
  }, 120_000);

  it('a failing job is retried with backoff until it succeeds, its effect once', async () => {
    const j = started.at(-1)!;
    const id = await j.send('probe', { tag: 'flaky' });
    await until(async () => (await probes('flaky')).length > 0, 90_000);
    expect(failuresLeft).toBe(-1);
    expect(await probes('flaky')).toEqual([{ job_id: id }]);
  }, 120_000);

  it('a burst of jobs is all worked, in batches (the loop fetches again at once while batches come back full)', async () => {
    const j = started.at(-1)!;
    const tags = Array.from({ length: 120 }, (_, i) => `burst-${i}`);
    await Promise.all(tags.map((tag) => j.send('outside-probe', { tag })));
    await until(async () => calls.length >= tags.length, 60_000);
    expect([...calls].sort()).toEqual([...tags].sort());
    const marks = await db.one<{ n: number }>("SELECT count(*)::int AS n FROM job_runs WHERE name = 'outside-probe'");
    expect(marks!.n).toBe(tags.length);
  }, 90_000);

  it('replays of one event are one job; the backlog shows what waits and since when', async () => {
    const j = started.at(-1)!;
    const first = await j.send('probe', { tag: 'replayed' }, { dedupe: 'N-callback-1', startAfterSeconds: 3600 });
    const again = await j.send('probe', { tag: 'replayed' }, { dedupe: 'N-callback-1', startAfterSeconds: 3600 });
    expect(first).toBeTruthy();
    expect(again).toBeNull();
    const other = await j.send('probe', { tag: 'replayed' }, { dedupe: 'N-callback-2', startAfterSeconds: 3600 });
    expect(other).not.toBe(first);
    const probeBacklog = (await j.backlog()).find((b) => b.name === 'probe')!;
    expect(probeBacklog.waiting).toBeGreaterThanOrEqual(2);
    // not due yet: nothing overdue waits
    expect(probeBacklog.oldest_waiting_seconds).toBe(0);
    // /metrics shows it, per queue
    const app = await buildServer({ db, sandbox: false, staticDir: null, logger: false, metricsToken: 'metrics-token-0123456789' });
    installJobs(j);
    try {
      const m = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
      expect(m.body).toMatch(new RegExp(`hr_jobs_waiting\\{queue="probe"\\} ${probeBacklog.waiting}\\n`));
      expect(m.body).toContain('hr_jobs_oldest_waiting_seconds{queue="outside-probe"} 0.0');
      expect(m.body).toContain('hr_jobs_active{queue="probe"}');
    } finally {
      installJobs(null);
      await app.close();
    }
  });

  it('runOnce does the work of one job id once', async () => {
    let n = 0;
    expect(await runOnce(db, 'manual-1', 'probe', async () => void n++)).toBe(true);
    expect(await runOnce(db, 'manual-1', 'probe', async () => void n++)).toBe(false);
    expect(n).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'servers starting at once on a new database all start, on one pg-boss schema (PostgreSQL)',
    async () => {
      // each "server" its own pool, as separate processes have: pg-boss's schema creation raced
      // (duplicate pg_namespace key) before Jobs.start took one lock across the whole startup
      const fresh = `pgboss_${randomBytes(4).toString('hex')}`;
      const pools = Array.from({ length: 4 }, () => openPg({ connectionString: process.env.DATABASE_URL!, max: 4, pooler: behindPooler() }));
      try {
        const servers = await Promise.all(pools.map((p) => startJobs({ db: p, schema: fresh, maintenanceSeconds: 60 }, [probe as JobDef<never>])));
        for (const s of servers) await s.stop(1000);
        const first = pools[0]!;
        const versions = await first.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${fresh}.version`);
        expect(versions[0]?.n).toBe(1);
      } finally {
        await pools[0]!.exec(`DROP SCHEMA IF EXISTS ${fresh} CASCADE`);
        for (const p of pools) await p.close();
      }
    },
    120_000,
  );
});

/**
 * The nightly ledger check (issue 28 item 5) as a pg-boss job on a real database: a consistent
 * database reports 0; a balance written behind the ledger's back (payout_accounts is not
 * append-only) is found, logged by company id and shown by /metrics
 * (hr_ledger_mismatch_companies, the time of the check) — on any server, read from the database.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { buildServer } from '../app';
import type { Db } from '../db/types';
import { serverJobs } from '../server-jobs';
import { startJobs, type Jobs } from '.';
import { LEDGER_CHECK_JOB, ledgerCheckJob } from './ledger-check';
import { mobileIndex } from '../domain/users';

const TOKEN = 'metrics-token-0123456789';
const schema = `pgboss_led_${randomBytes(4).toString('hex')}`;
let db: Db;
let app: FastifyInstance;
let url: string;
let jobs: Jobs | null = null;
const warnings: object[] = [];

beforeAll(async () => {
  db = await openTestDb();
  app = await buildServer({ db, staticDir: null, metricsToken: TOKEN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  jobs = await startJobs({ db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [ledgerCheckJob({ warn: (o) => void warnings.push(o) })]);
  await jobs.work();
}, 60_000);
afterAll(async () => {
  await jobs?.stop(1000).catch(() => undefined);
  await app?.close();
  if (db?.kind === 'pg') await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db?.close();
});

const metrics = async () => (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
const runs = async () => (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM ledger_checks'))!.n;
/** queues the job and waits for its run to be recorded */
async function runCheck() {
  const before = await runs();
  await jobs!.send(LEDGER_CHECK_JOB, {});
  const t0 = Date.now();
  while ((await runs()) === before) {
    if (Date.now() - t0 > 30_000) throw new Error('the ledger check never ran');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the nightly ledger check', () => {
  it('is one of the server jobs, scheduled daily', () => {
    expect(serverJobs({ vod: null }).find((j) => j.name === LEDGER_CHECK_JOB)).toMatchObject({ cron: expect.stringMatching(/^\d+ \d+ \* \* \*$/) });
  });

  it('reports 0 on a consistent database, finds a tampered balance, and /metrics shows it', async () => {
    expect(await metrics()).not.toContain('hr_ledger_mismatch_companies');
    await runCheck();
    let m = await metrics();
    expect(m).toContain('hr_ledger_mismatch_companies 0\n');
    expect(m).toMatch(/hr_ledger_checked_companies [1-9]\d*\n/);
    const at = Number(/hr_ledger_last_check_timestamp_seconds (\d+)/.exec(m)?.[1]);
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(120);
    expect(warnings).toEqual([]);

    // a balance written behind the ledger's back
    const c = (await db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
    await db.query('INSERT INTO payout_accounts (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING', [c]);
    await db.query('UPDATE payout_accounts SET balance = balance + 100000 WHERE company_id = $1', [c]);
    try {
      await runCheck();
      m = await metrics();
      expect(m).toContain('hr_ledger_mismatch_companies 1\n');
      expect(warnings).toEqual([expect.objectContaining({ ledgerMismatch: [c] })]);
      expect(JSON.stringify(warnings)).not.toContain('100000');
    } finally {
      await db.query('UPDATE payout_accounts SET balance = balance - 100000 WHERE company_id = $1', [c]);
    }
    await runCheck();
    expect(await metrics()).toContain('hr_ledger_mismatch_companies 0\n');
  }, 90_000);
});

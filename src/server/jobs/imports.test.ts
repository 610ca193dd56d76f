/**
 * The import-recover job (jobs/imports.ts): a batch left 导入中 by a server that died between the
 * claim and the commit goes back to 待确认 with a note; a fresh claim and (on PostgreSQL) a commit
 * still holding its lock are left alone; the job runs it through the queue.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import type { Db } from '../db/types';
import { startJobs, type Jobs } from '.';
import { importRecoverJob, MSG_INTERRUPTED, recoverInterruptedImports } from './imports';
import { mobileIndex } from '../domain/users';

let db: Db;
let jobs: Jobs | null = null;
const schema = `pgboss_imp_${randomBytes(4).toString('hex')}`;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => {
  await jobs?.stop(1000).catch(() => undefined);
  if (db?.kind === 'pg') await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db?.close();
}, 60_000);

async function batch(status: string, claimedMinutesAgo: number | null): Promise<number> {
  const u = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
  const claimed = claimedMinutesAgo === null ? null : new Date(Date.now() - claimedMinutesAgo * 60_000);
  const r = await db.one<{ id: number }>(
    `INSERT INTO import_batches (company_id, type, file_name, file_size, file_hash, file_enc, status, rows_enc, created_by, claimed_at)
     VALUES ($1, 'workers', 'w.xlsx', 10, md5(random()::text), 'x', $2, 'rows', $3, $4) RETURNING id`,
    [u.company_id, status, u.id, claimed],
  );
  return r!.id;
}
const state = (id: number) =>
  db.one<{ status: string; message: string; rows_enc: string | null }>('SELECT status, message, rows_enc FROM import_batches WHERE id = $1', [id]);

describe('import-recover', () => {
  it('puts back a batch stuck 导入中 past the limit, its rows kept; leaves a fresh claim and other states', async () => {
    const stuck = await batch('importing', 30);
    const fresh = await batch('importing', 1);
    const done = await batch('success', 30);
    const ids = await recoverInterruptedImports(db, new Date());
    expect(ids).toContain(stuck);
    expect(ids).not.toContain(fresh);
    expect(await state(stuck)).toEqual({ status: 'pending', message: MSG_INTERRUPTED, rows_enc: 'rows' });
    expect((await state(fresh))!.status).toBe('importing');
    expect((await state(done))!.status).toBe('success');
  });

  it.skipIf(process.env.DATABASE_URL === undefined)('skips a batch whose commit still holds its lock (PostgreSQL)', async () => {
    const slow = await batch('importing', 30);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const commit = db.tx(async (t) => {
      await t.query('SELECT id FROM import_batches WHERE id = $1 FOR UPDATE', [slow]);
      locked();
      await held;
    });
    await isLocked;
    expect(await recoverInterruptedImports(db, new Date())).not.toContain(slow);
    release();
    await commit;
    expect(await recoverInterruptedImports(db, new Date())).toContain(slow);
  });

  it('runs as a queued job', async () => {
    const stuck = await batch('importing', 30);
    jobs = await startJobs({ db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [importRecoverJob]);
    await jobs.work();
    await jobs.send('import-recover', {});
    const t0 = Date.now();
    while ((await state(stuck))!.status !== 'pending') {
      if (Date.now() - t0 > 60_000) throw new Error('the job never ran');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await state(stuck))!.message).toBe(MSG_INTERRUPTED);
  }, 120_000);
});

/**
 * Production servers create nothing in pg-boss's schema (`migrate: false`): `npm run migrate`
 * prepares the schema and every queue of server-jobs.ts, and a server refuses (JobsNotPrepared)
 * while any is missing. The same with a database user without DDL rights: scripts/artefact-smoke.mjs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/setup/db';
import type { Db } from './db';
import { JobsNotPrepared, startJobs, type JobDef } from './jobs';
import { allServerJobs, serverJobs } from './server-jobs';

describe('the queues npm run migrate prepares', () => {
  let db: Db;
  const schema = `boss_${Date.now().toString(36)}`;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_none CASCADE`).catch(() => undefined);
    await db?.close();
  });

  it('a server that may not migrate refuses a schema or a queue npm run migrate did not make', async () => {
    await expect(startJobs({ db, schema: `${schema}_none`, migrate: false }, serverJobs({ vod: null }))).rejects.toThrow(JobsNotPrepared);
    // what migrate-main.ts does
    const prepared = await startJobs({ db, schema, migrate: true }, allServerJobs());
    await prepared.stop(2000);
    // a production server (no video service: without media-finish) starts on it
    const server = await startJobs({ db, schema, migrate: false }, serverJobs({ vod: null }));
    await server.stop(2000);
    // a job this build's migrate did not know
    const stranger: JobDef<never> = { name: 'not-prepared', run: async () => undefined };
    const refused = await startJobs({ db, schema, migrate: false }, [...serverJobs({ vod: null }), stranger]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(JobsNotPrepared);
    expect((refused as Error).message).toMatch(new RegExp(`^后台任务队列尚未建立，服务未启动：模式 ${schema} 中缺少队列 not-prepared。.*npm run migrate`));
  }, 120_000);
});

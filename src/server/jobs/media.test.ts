/**
 * The demo never locks up (issue 25 item 1). An upload claimed and finished but never registered
 * (the tab closed mid-upload) is recorded by the `media-finish` job, which asks the demo's VOD
 * sandbox — a route of this same server, reading the same embedded database. The job used to ask
 * from inside its once-only transaction: the sandbox's query waited for the one connection the job
 * held, the job waited for the sandbox, and every request that touched the database hung with them,
 * across restarts. Here the real job runs on the real queue over the test server's database, and
 * the server must keep answering while it works.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { sandboxUpload } from '../../../tests/setup/sandbox-upload';
import { PENDING_GRACE_MS } from '../domain/media/register';
import { serverVod } from '../routes/upload';
import { startJobs, type Jobs } from '.';
import { mediaFinishJob } from './media';

let s: TestServer;
let jobs: Jobs | null = null;
const schema = `pgboss_${randomBytes(4).toString('hex')}`;
beforeAll(async () => {
  s = await startTestServer();
}, 60_000);
afterAll(async () => {
  await jobs?.stop(2000).catch(() => undefined);
  if (s?.db.kind === 'pg') await s.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await s?.close();
}, 60_000);

/** What the console does before the tab closes: CreateUploadVideo, claim, the object — no register. */
async function uploadThenCloseTab(mobile: string): Promise<string> {
  const u = await sandboxUpload(s, mobile, 'video', { finish: false, bytes: randomBytes(5000) });
  expect(
    (await call(s.url, 'POST', '/ent/v3/upload/media/claim', { token: await s.tokenFor(mobile), form: { media_id: u.id, kind: 'video' } })).body.code,
  ).toBe(200);
  await u.put();
  // claimed longer ago than the grace its own register had
  await s.db.query('UPDATE media SET created_at = $2 WHERE media_id = $1', [u.id, new Date(Date.now() - PENDING_GRACE_MS - 60_000)]);
  return u.id;
}

const status = async (id: string) => (await s.db.one<{ status: string }>('SELECT status FROM media WHERE media_id = $1', [id]))?.status;

describe('media-finish on the embedded database (the demo)', () => {
  it('records the unregistered upload while the server keeps answering; a second run is a no-op', async () => {
    const id = await uploadThenCloseTab('13800000001');
    expect(await status(id)).toBe('Uploading');
    const vod = serverVod(s.app, { sandbox: true })!.client;
    jobs = await startJobs({ db: s.db, schema, pollingSeconds: 0.5, maintenanceSeconds: 60 }, [mediaFinishJob(vod)]);
    await jobs.work();
    await jobs.send('media-finish', {});
    const t0 = Date.now();
    // while the job works: /readyz and an API call that reads the database answer promptly
    const token = await s.tokenFor('13800000001');
    while ((await status(id)) !== 'Normal') {
      const ready = await Promise.race([call(s.url, 'GET', '/readyz'), new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      expect(ready, '/readyz hung while the job ran').not.toBeNull();
      expect(ready!.status).toBe(200);
      const info = await Promise.race([call(s.url, 'GET', '/ent/v3/usercenter/info', { token }), new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      expect(info, 'an API call hung while the job ran').not.toBeNull();
      expect(Date.now() - t0, 'the job never recorded the upload').toBeLessThan(30_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    const runs = await s.db.query<{ job_id: string }>("SELECT job_id FROM job_runs WHERE name = 'media-finish'");
    expect(runs.length).toBe(1);
    // again: nothing pending, the row stays as it is
    await jobs.send('media-finish', {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(await status(id)).toBe('Normal');
    expect((await call(s.url, 'GET', '/readyz')).status).toBe(200);
  }, 90_000);
});

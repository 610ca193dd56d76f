/**
 * A worker process for the two-server test: the real jobs module (src/server/jobs) on
 * DATABASE_URL with a `probe` job that writes a row and then takes SLEEP_MS inside its transaction
 * (a SIGKILL then lands mid-job). SEND=<tag> also enqueues one probe job and prints its id.
 */
import { openPg } from '../../src/server/db/pg';
import { startJobs, type JobDef } from '../../src/server/jobs';

const env = process.env;
const db = openPg({ connectionString: env.DATABASE_URL!, max: 3 });
const probe: JobDef<{ tag: string }> = {
  name: 'probe',
  retryDelay: 1,
  expireInSeconds: Number(env.EXPIRE_S ?? 4),
  async run({ tag }, { db: t, jobId }) {
    await t.query('INSERT INTO job_probe (tag, job_id, pid) VALUES ($1, $2, $3)', [tag, jobId, process.pid]);
    console.log(`working ${jobId}`);
    await new Promise((r) => setTimeout(r, Number(env.SLEEP_MS ?? 0)));
  },
};
const jobs = await startJobs({ db, schema: env.JOBS_SCHEMA, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [probe as JobDef<never>]);
if (env.SEND) console.log(`sent ${await jobs.send('probe', { tag: env.SEND })}`);
await jobs.work();
console.log('已启动');
process.on('SIGTERM', () => {
  void jobs.stop(2000).then(() => db.close()).then(() => process.exit(0));
});

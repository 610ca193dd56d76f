/**
 * A worker process for the two-server test: the real jobs module (src/server/jobs) on
 * DATABASE_URL with a `probe` job that writes a row and then takes SLEEP_MS inside its transaction
 * (a SIGKILL then lands mid-job). SEND=<tag> also enqueues one probe job and prints its id.
 * The real `payout-result` job too, also taking SLEEP_MS after its writes; SEND_FAIL=<channel_no>
 * enqueues the channel's signed 发放失败 of that row.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/server/config';
import { openPg } from '../../src/server/db/pg';
import { signNotify, type Notify } from '../../src/server/domain/payouts/channel';
import { startJobs, type JobDef } from '../../src/server/jobs';
import { payoutResultJob, type PayoutResultData } from '../../src/server/jobs/payouts';
import { useServerKeys } from '../../src/server/lib/keys';
import { usePiiKeys } from '../../src/server/lib/pii';

const env = process.env;
// the keys as a server of the same environment has them (main.ts): the notification it signs is the servers'
const config = loadConfig(env);
useServerKeys(config.keys);
usePiiKeys(config.pii);
const db = openPg({ connectionString: env.DATABASE_URL!, max: 3, pooler: env.DB_POOLER === 'transaction' });
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
const payout: JobDef<PayoutResultData> = {
  ...payoutResultJob,
  retryDelay: 1,
  expireInSeconds: Number(env.EXPIRE_S ?? 4),
  async run(d, ctx) {
    await payoutResultJob.run(d, ctx);
    console.log(`working ${ctx.jobId}`);
    await new Promise((r) => setTimeout(r, Number(env.SLEEP_MS ?? 0)));
  },
};
const jobs = await startJobs({ db, schema: env.JOBS_SCHEMA, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [probe as JobDef<never>, payout as JobDef<never>]);
if (env.SEND) console.log(`sent ${await jobs.send('probe', { tag: env.SEND })}`);
if (env.SEND_FAIL) {
  const notify: Notify = {
    notify_id: `N${randomBytes(12).toString('hex')}`,
    channel_no: env.SEND_FAIL,
    result: 'fail',
    reason: '收款账户已冻结',
    ts: String(Date.now()),
  };
  console.log(`sent ${await jobs.send<PayoutResultData>('payout-result', { notify, sign: signNotify(notify), received_at: new Date().toISOString() })}`);
}
await jobs.work();
console.log('已启动');
process.on('SIGTERM', () => {
  void jobs
    .stop(2000)
    .then(() => db.close())
    .then(() => process.exit(0));
});

/**
 * Payout results and 退汇 as a durable job (issue 16 item 5). The payout channel reports each
 * row's outcome (发放成功, 发放失败 with a reason, or later 退汇) by a signed callback to
 * POST /ent/v3/payout/notify. With a queue (every `npm start` / `npm run start:prod` server), the
 * callback is checked at once — signature, a row with that channel number, a reason for a failure —
 * and then only enqueued as `payout-result` (a row in PostgreSQL), so the channel is answered as
 * soon as the result is durable. A worker on any one server applies it:
 * the row's move (发放中 → 成功 | 失败, 成功 → 退汇), its one refund of amount + fee to the company
 * account, the batch's status and the 操作日志 line — all in the job's transaction together with
 * its `job_runs` mark (jobs/index.ts runOnce). Paid exactly once, whatever happens:
 *  - a replayed callback (same notify id) is the same job: its id is derived from the notify id
 *    (jobs/index.ts dedupe), so a replay sends nothing new; one arriving after that job was archived
 *    finds its `job_runs` mark, and payout_callbacks' primary key backs both;
 *  - a second callback with another id finds the row already moved (the row's state machine,
 *    domain/payouts/row-events.ts, under the row's lock), so a row is refunded at most once;
 *  - a 退汇 whose 发放成功 has not been applied yet (that job being retried) is held and applied
 *    when the success's job runs: arrival order does not lose it;
 *  - a worker that dies mid-job rolls back with its connection and the job is retried elsewhere;
 *  - a try that fails (a deadlock, the database restarting) is retried with backoff.
 * Without a queue (a test server built in-process) the callback applies inline, as before.
 */
import type { Db } from '../db/types';
import { applyNotify, verifyNotify, type Notify } from '../domain/payouts/channel';
import { badRequest, notFound } from '../lib/refusal';
import { jobQueue, type JobDef } from '.';

export const PAYOUT_RESULT_JOB = 'payout-result';

export interface PayoutResultData {
  notify: Notify;
  /** the channel's signature, checked again by the worker (the queue is a table like any other) */
  sign: string;
  /** when the callback arrived (ISO): the row's 完成时间 is the channel's, not the worker's */
  received_at: string;
}

/** Problems that no retry can fix, checked before the callback is accepted (answered to the channel). */
export async function checkNotify(db: Db, n: Notify): Promise<void> {
  const row = await db.one('SELECT id FROM payout_rows WHERE channel_no = $1', [n.channel_no]);
  if (!row) throw notFound('发放明细不存在');
  if (n.result !== 'success' && !n.reason.trim()) throw badRequest('失败原因不能为空');
}

export const payoutResultJob: JobDef<PayoutResultData> = {
  name: PAYOUT_RESULT_JOB,
  retryLimit: 8,
  retryDelay: 2,
  expireInSeconds: 120,
  // a 3,000-row batch's results arrive together: 50 a fetch, 4 transactions at a time (PostgreSQL)
  batchSize: 50,
  pollingSeconds: 0.5,
  async run({ notify, sign, received_at }, { db }) {
    if (!verifyNotify(notify, sign)) throw new Error(`payout-result: bad signature on ${notify.notify_id}`);
    // joins the job's transaction (nested tx): the effect commits with the job's once-only mark
    await applyNotify(db, notify, new Date(received_at));
  },
};

/**
 * Accepts a verified callback through the queue when this server has one: checked, then enqueued.
 * Answers false without a queue (the caller applies it inline).
 */
export async function enqueuePayoutResult(db: Db, notify: Notify, sign: string, now: Date): Promise<boolean> {
  const q = jobQueue();
  if (!q || !q.has(PAYOUT_RESULT_JOB)) return false;
  await checkNotify(db, notify);
  await q.sendIn<PayoutResultData>(db, PAYOUT_RESULT_JOB, { notify, sign, received_at: now.toISOString() }, { dedupe: notify.notify_id });
  return true;
}

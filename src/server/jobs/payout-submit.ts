/**
 * The payout channel's outbound work as durable jobs (issue 29, "the batch pays";
 * domain/payouts/submit.ts):
 * - `payout-submit`: enqueued in the transaction that moves a batch's rows to 发放中
 *   (domain/payouts/paying.ts startPaying, called by 确认发放), so a committed confirm always has its
 *   job and a rolled-back one none. It sends the rows in chunks; a channel that is down, times out
 *   (each call is limited: a channel that never answers holds nothing) or answers 5xx fails the
 *   try, and pg-boss retries with backoff (from 5 s, doubling, with jitter: ten retries over 1½–3 hours); chunks
 *   already answered stay recorded, and a resubmitted order is answered with its first acceptance.
 * - `payout-reconcile`, every 10 minutes on one server: asks the channel about rows 发放中 for
 *   longer than 30 minutes (a callback lost, a submission whose tries ran out) and applies the
 *   answers as callbacks, once.
 * Both are `outside` jobs (jobs/index.ts): no transaction is held while the channel answers (the
 * demo's channel is this same server, on the embedded database's one connection).
 * Without a queue (a test server built in-process) 确认发放 sends the rows itself once it has
 * committed (confirm.ts), and tests call reconcilePayouts directly.
 */
import type { PayoutChannelClient } from '../adapters/payout-channel';
import type { Db } from '../db/types';
import { reconcilePayouts, submitBatch } from '../domain/payouts/submit';
import { jobQueue, type JobDef } from '.';

export const PAYOUT_SUBMIT_JOB = 'payout-submit';
export const PAYOUT_RECONCILE_JOB = 'payout-reconcile';

export interface PayoutSubmitData {
  batch_id: number;
}

export interface PayoutChannelLog {
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

export function payoutSubmitJob(channel: PayoutChannelClient, log?: PayoutChannelLog): JobDef<PayoutSubmitData> {
  return {
    name: PAYOUT_SUBMIT_JOB,
    outside: true,
    retryLimit: 10,
    retryDelay: 5,
    // a 3,000-row batch is 60 calls of at most 10 s each
    expireInSeconds: 15 * 60,
    batchSize: 5,
    concurrency: 2,
    pollingSeconds: 1,
    async run({ batch_id }, { db, now }) {
      const r = await submitBatch(db, channel, batch_id, now);
      if (r.conflicts.length) log?.error({ batchId: batch_id, channelNos: r.conflicts }, '发放通道中已有同号不同内容的订单，未重复提交，请与通道核对');
    },
  };
}

export function payoutReconcileJob(channel: PayoutChannelClient, log?: PayoutChannelLog): JobDef {
  return {
    name: PAYOUT_RECONCILE_JOB,
    cron: '*/10 * * * *',
    outside: true,
    retryLimit: 1,
    retryDelay: 60,
    expireInSeconds: 15 * 60,
    async run(_data, { db, now }) {
      const r = await reconcilePayouts(db, channel, now);
      if (r.problems.length) log?.error({ problems: r.problems }, '发放对账：通道与明细不一致，未入账，请核对');
      if (r.unavailable) log?.warn({ asked: r.asked }, '发放对账：发放通道暂不可用，其余明细下次再查');
    },
  };
}

/** Sends the batch's rows through the queue when this server has one: enqueued in `t`. False: no queue. */
export async function enqueuePayoutSubmit(t: Db, batchId: number): Promise<boolean> {
  const q = jobQueue();
  if (!q || !q.has(PAYOUT_SUBMIT_JOB)) return false;
  await q.sendIn<PayoutSubmitData>(t, PAYOUT_SUBMIT_JOB, { batch_id: batchId }, { dedupe: `batch:${batchId}` });
  return true;
}

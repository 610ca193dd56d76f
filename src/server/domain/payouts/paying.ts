/**
 * The one way payout rows become 发放中 (issue 29, "the batch pays"): 确认发放 (confirm.ts) — every
 * other path that pays (失败重发, an imported list) makes a new batch that is confirmed the same way.
 * The rows move in the caller's transaction together with the `payout-submit` job that sends them
 * to the channel (jobs/payout-submit.ts), so they are sent if and only if the confirm commits.
 */
import type { Db } from '../../db/types';
import { enqueuePayoutSubmit } from '../../jobs/payout-submit';

/** Moves the batch's 待发放 rows to 发放中; `queued` false: no queue here, the caller sends them once committed. */
export async function startPaying(t: Db, batchId: number): Promise<{ queued: boolean }> {
  await t.query(`UPDATE payout_rows SET status = 'paying' WHERE batch_id = $1 AND status = 'pending'`, [batchId]);
  return { queued: await enqueuePayoutSubmit(t, batchId) };
}

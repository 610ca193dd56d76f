/**
 * POST /payout/notify: the channel's signed result as it arrives. Its own file because it hands
 * over to the `payout-result` job (jobs/payouts.ts), which itself applies with channel.ts.
 */
import type { Db } from '../../db/types';
import { enqueuePayoutResult } from '../../jobs/payouts';
import { badRequest } from '../../lib/refusal';
import { applyNotify, verifyNotify, type Notify } from './channel';

/** Checked, then applied by the durable `payout-result` job, or inline without a queue. */
export async function receiveChannelResult(db: Db, n: Notify, sign: string, now: Date): Promise<{ applied: boolean; queued?: true; waiting?: true }> {
  if (!verifyNotify(n, sign)) throw badRequest('签名无效');
  if (await enqueuePayoutResult(db, n, sign, now)) return { applied: false, queued: true };
  const state = await applyNotify(db, n, now);
  // waiting: a 退汇 that came before its 发放成功, held until the success arrives (row-events.ts)
  return state === 'waiting' ? { applied: false, waiting: true } : { applied: state === 'applied' };
}

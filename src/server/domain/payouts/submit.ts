/**
 * 发放中 rows and the payout channel (issue 29, "the batch pays"; adapters/payout-channel.ts):
 * - submitBatch sends a batch's rows not yet accepted, in chunks, and records each answer: an
 *   acceptance (submitted_at, the channel's order id); a refusal outright (account invalid …)
 *   becomes 发放失败 with the channel's reason, refunded once through the rows' state machine
 *   (channel.ts applyNotify, as a callback would); an OUT_TRADE_NO_CONFLICT (the number already
 *   names another order at the channel) moves nothing and is reported: that order stands, and
 *   the reconcile reads its result. Safe to repeat: the channel answers a resubmitted order with
 *   its first acceptance. Throws ChannelUnavailable when the channel cannot answer (the caller
 *   retries; the rows of answered chunks stay recorded).
 * - reconcilePayouts asks the channel about rows 发放中 for longer than `afterMinutes` and applies
 *   what it says through the same path as callbacks, once (deterministic callback ids, and the
 *   state machine makes the callback that comes late a duplicate); a row the channel does not
 *   know and that was never accepted is submitted again.
 * Both call the channel with no transaction open (the demo's channel is this same server).
 */
import { CHANNEL_CODES, type PayoutChannelClient, type PayoutOrder, type QueryAnswer, type SubmitAnswer } from '../../adapters/payout-channel';
import type { Db } from '../../db/types';
import { decryptPii } from '../../lib/pii';
import { addSeconds } from '../../lib/time';
import { applyNotify, type Notify } from './channel';

export const SUBMIT_CHUNK = 50;
/** rows 发放中 longer than this (since accepted, or confirmed when never accepted) are asked about */
export const RECONCILE_AFTER_MIN = 30;
const RECONCILE_LIMIT = 200;

interface UnsentRow {
  id: number;
  channel_no: string;
  net: string;
  name: string;
  pay_method: 'bank' | 'alipay';
  account_enc: string | null;
  bank_name: string;
  remark: string;
  batch_no: string;
}

/** A row as the channel's order: what the person receives (实发), to the account the row names or the worker's card. */
const toOrder = (r: UnsentRow): PayoutOrder => ({
  out_trade_no: r.channel_no,
  amount: Number(r.net),
  payee_name: r.name,
  pay_method: r.pay_method,
  account_no: r.account_enc ? decryptPii(r.account_enc) : '',
  bank_name: r.bank_name,
  remark: (r.remark || `${r.batch_no} 劳务报酬`).slice(0, 60),
});

export interface SubmitOutcome {
  accepted: number;
  refused: number;
  /** channel numbers the channel holds with other content (OUT_TRADE_NO_CONFLICT): for the operator */
  conflicts: string[];
  /** orders the channel's answer left out (sent again by the next try or the reconcile) */
  unanswered: number;
}

/** The channel's outright refusal of a row, as a failure callback: applied once (its id is the row's). */
const refusalNotify = (channelNo: string, a: { code: string; message: string }, now: Date): Notify => ({
  notify_id: `SR-${channelNo}`,
  channel_no: channelNo,
  result: 'fail',
  reason: (a.message.trim() || `通道拒绝受理（${a.code}）`).slice(0, 100),
  ts: String(now.getTime()),
});

async function record(db: Db, rows: UnsentRow[], answers: SubmitAnswer[], now: Date, out: SubmitOutcome) {
  const byNo = new Map(answers.map((a) => [a.out_trade_no, a]));
  for (const r of rows) {
    const a = byNo.get(r.channel_no);
    if (!a) out.unanswered++;
    else if (a.accepted) {
      await db.query('UPDATE payout_rows SET submitted_at = $2, channel_order_id = $3 WHERE id = $1 AND submitted_at IS NULL', [r.id, now, a.order_id]);
      out.accepted++;
    } else if (a.code === CHANNEL_CODES.conflict) out.conflicts.push(r.channel_no);
    else {
      await applyNotify(db, refusalNotify(r.channel_no, a, now), now);
      out.refused++;
    }
  }
}

/** Sends the batch's 发放中 rows the channel has not accepted yet (see the top of the file). */
export async function submitBatch(db: Db, channel: PayoutChannelClient, batchId: number, now: Date): Promise<SubmitOutcome> {
  const out: SubmitOutcome = { accepted: 0, refused: 0, conflicts: [], unanswered: 0 };
  let after = 0;
  for (;;) {
    const rows = await db.query<UnsentRow>(
      `SELECT r.id, r.channel_no, r.net::text, r.name, r.pay_method, COALESCE(r.account_enc, w.bank_card_enc) AS account_enc,
              COALESCE(NULLIF(r.bank_name, ''), w.bank_name, '') AS bank_name, r.remark, b.batch_no
         FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
         JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id
        WHERE r.batch_id = $1 AND r.status = 'paying' AND r.submitted_at IS NULL AND r.id > $2
        ORDER BY r.id LIMIT ${SUBMIT_CHUNK}`,
      [batchId, after],
    );
    if (!rows.length) return out;
    await record(db, rows, await channel.submit(rows.map(toOrder)), now, out);
    after = rows.at(-1)!.id;
  }
}

export interface ReconcileOutcome {
  asked: number;
  /** results applied (or found already applied) */
  settled: number;
  resubmitted: number;
  /** the channel does not know a row it once accepted, or holds another amount: for the operator */
  problems: string[];
  /** the channel stopped answering: the rest waits for the next run */
  unavailable: boolean;
}

/** What the channel's answer about an order means for the row, as callbacks with ids of their own. */
function queryNotifies(channelNo: string, q: Extract<QueryAnswer, { found: true }>, now: Date): Notify[] {
  const n = (result: Notify['result'], reason = ''): Notify => ({
    notify_id: `RC-${result}-${channelNo}`,
    channel_no: channelNo,
    result,
    reason: reason.slice(0, 100),
    ts: String(now.getTime()),
  });
  if (q.status === 'success') return [n('success')];
  if (q.status === 'failed') return [n('fail', q.reason || '通道查询：发放失败')];
  // 退汇 presumes its success: both, in the channel's order
  if (q.status === 'bounced') return [n('success'), n('bounce', q.reason || '通道查询：已退汇')];
  return [];
}

/** Asks the channel about rows whose result never came (see the top of the file). */
export async function reconcilePayouts(
  db: Db,
  channel: PayoutChannelClient,
  now: Date,
  o: { afterMinutes?: number; limit?: number } = {},
): Promise<ReconcileOutcome> {
  const out: ReconcileOutcome = { asked: 0, settled: 0, resubmitted: 0, problems: [], unavailable: false };
  const cutoff = addSeconds(now, -60 * (o.afterMinutes ?? RECONCILE_AFTER_MIN));
  const rows = await db.query<{ id: number; channel_no: string; net: string; batch_id: number; submitted: boolean }>(
    `SELECT r.id, r.channel_no, r.net::text, r.batch_id, r.submitted_at IS NOT NULL AS submitted
       FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
      WHERE r.status = 'paying' AND COALESCE(r.submitted_at, b.confirmed_at) <= $1
      ORDER BY r.channel_checked_at NULLS FIRST, r.id LIMIT $2`,
    [cutoff, o.limit ?? RECONCILE_LIMIT],
  );
  const resend = new Set<number>();
  for (const r of rows) {
    let q: QueryAnswer;
    try {
      q = await channel.queryOrder(r.channel_no);
    } catch {
      out.unavailable = true;
      break;
    }
    out.asked++;
    await db.query('UPDATE payout_rows SET channel_checked_at = $2 WHERE id = $1', [r.id, now]);
    if (!q.found) {
      if (r.submitted) out.problems.push(`${r.channel_no}：通道查无此单，但曾受理`);
      else resend.add(r.batch_id);
      continue;
    }
    if (q.amount !== Number(r.net)) {
      out.problems.push(`${r.channel_no}：通道金额${q.amount}分与明细实发${r.net}分不符，未入账`);
      continue;
    }
    if (!r.submitted)
      await db.query('UPDATE payout_rows SET submitted_at = $2, channel_order_id = $3 WHERE id = $1 AND submitted_at IS NULL', [r.id, now, q.order_id]);
    const notifies = queryNotifies(r.channel_no, q, now);
    for (const n of notifies) await applyNotify(db, n, now);
    if (notifies.length) out.settled++;
  }
  for (const batchId of resend) {
    if (out.unavailable) break;
    try {
      out.resubmitted += (await submitBatch(db, channel, batchId, now)).accepted;
    } catch {
      out.unavailable = true;
    }
  }
  return out;
}

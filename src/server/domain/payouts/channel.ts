/**
 * The payout channel's results (issue 13): each row's outcome arrives as an HMAC-signed callback
 * (the channel's signature, PAYOUT_CHANNEL_KEY), applied once per notify id through the row's
 * state machine (row-events.ts: paying → success | failed, success → bounced, a 退汇 arriving
 * before its success held until it comes); a failed or bounced row is refunded once.
 */
import { createHmac } from 'node:crypto';
import type { BatchStatus, RowStatus } from '../../../contract/payouts-rules';
import type { Db } from '../../db/types';
import { badRequest, notFound } from '../../lib/refusal';
import { safeEqual } from '../../lib/crypto';
import { serverKeys } from '../../lib/keys';
import { fmtDateTime } from '../../lib/time';
import { notifyPaid } from '../employment/notify';
import { log } from './batches';
import { post } from './ledger';
import { step, type CallbackState, type Source } from './row-events';
import { batchSettled } from '../messages/events';

export interface Notify {
  notify_id: string;
  channel_no: string;
  result: 'success' | 'fail' | 'bounce';
  reason: string;
  ts: string;
}
export const notifyBase = (n: Notify) => [n.notify_id, n.channel_no, n.result, n.reason, n.ts].join('\n');
/** signed with PAYOUT_CHANNEL_KEY (lib/keys.ts) */
export const signNotify = (n: Notify) => createHmac('sha256', serverKeys().payoutChannel).update(notifyBase(n)).digest('hex');
export const verifyNotify = (n: Notify, sign: string) => safeEqual(signNotify(n), sign);

/** Recomputes a paying batch's status from its rows (after a channel result). */
export async function settleBatch(db: Db, batchId: number, now: Date): Promise<BatchStatus> {
  const c = await db.one<{ paying: string; bad: string; status: BatchStatus }>(
    `SELECT (SELECT COUNT(*) FROM payout_rows WHERE batch_id = $1 AND status IN ('pending', 'paying'))::text AS paying,
            (SELECT COUNT(*) FROM payout_rows WHERE batch_id = $1 AND status IN ('failed', 'bounced'))::text AS bad,
            status FROM payout_batches WHERE id = $1`,
    [batchId],
  );
  if (!c || !['paying', 'done', 'partial'].includes(c.status)) return c?.status ?? 'closed';
  const to: BatchStatus = Number(c.bad) > 0 ? 'partial' : Number(c.paying) > 0 ? 'paying' : 'done';
  if (to !== c.status || (to !== 'paying' && Number(c.paying) === 0)) {
    await db.query(`UPDATE payout_batches SET status = $2, finished_at = CASE WHEN $3 THEN COALESCE(finished_at, $4) ELSE finished_at END WHERE id = $1`, [
      batchId,
      to,
      Number(c.paying) === 0,
      now,
    ]);
    if (to !== c.status) await batchSettled(db, batchId, to, now);
  }
  return to;
}

const RESULT_WORD = { success: '发放成功', fail: '发放失败', bounce: '退汇' } as const;

/** The channel's time of an event (`ts`: seconds or milliseconds) as 操作日志 text. */
const channelTime = (ts: string) => (/^\d{10,13}$/.test(ts) ? fmtDateTime(new Date(Number(ts) * (ts.length <= 10 ? 1000 : 1))) : '未知');

interface Seen {
  notify_id: string;
  result: Notify['result'];
  reason: string;
  ts: string;
}

/**
 * Applies one verified channel callback: once per notify id (a repeat changes nothing), through the
 * row's state machine (row-events.ts) under the row's lock — a 退汇 before its 发放成功 is held and
 * applied with it; a contradicting result is recorded and logged, not applied. Failed and bounced
 * rows get their money (amount + fee) back by one ledger entry. Answers what the callback became.
 */
export async function applyNotify(db: Db, n: Notify, now: Date): Promise<CallbackState | 'replay'> {
  return db.tx(async (t) => {
    // the batch before its row: the row's update moves the batch's kept counts (migration 070), and
    // every batch-level action locks the batch first, so the same order here cannot deadlock
    await t.query('SELECT id FROM payout_batches WHERE id = (SELECT batch_id FROM payout_rows WHERE channel_no = $1) FOR UPDATE', [n.channel_no]);
    const row = await t.one<{
      id: number;
      batch_id: number;
      company_id: number;
      status: RowStatus;
      amount: string;
      fee: string;
      name: string;
      batch_no: string;
    }>(
      `SELECT r.id, r.batch_id, r.company_id, r.status, r.amount::text, r.fee::text, r.name, b.batch_no
         FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id WHERE r.channel_no = $1 FOR UPDATE OF r`,
      [n.channel_no],
    );
    if (!row) throw notFound('发放明细不存在');
    if (n.result !== 'success' && !n.reason.trim()) throw badRequest('失败原因不能为空');
    const fresh = await t.one(
      `INSERT INTO payout_callbacks (notify_id, row_id, result, reason, received_at, company_id, ts, state)
       VALUES ($1,$2,$3,$4,$5,$6,$7,'ignored') ON CONFLICT (notify_id) DO NOTHING RETURNING notify_id`,
      [n.notify_id, row.id, n.result, n.reason.trim(), now, row.company_id, n.ts],
    );
    if (!fresh) return 'replay';
    const held = await t.one<Seen>(`SELECT notify_id, result, reason, ts FROM payout_callbacks WHERE company_id = $1 AND row_id = $2 AND state = 'waiting'`, [
      row.company_id,
      row.id,
    ]);
    const next = step({ status: row.status, held: !!held }, n.result);
    // the held 退汇 leaves `waiting` before this callback may take that state (one waiting per row)
    if (next.release) await t.query('UPDATE payout_callbacks SET state = $2 WHERE notify_id = $1', [held!.notify_id, next.release]);
    await t.query('UPDATE payout_callbacks SET state = $2 WHERE notify_id = $1', [n.notify_id, next.state]);
    if (next.status !== row.status) {
      await t.query('UPDATE payout_rows SET status = $2, fail_reason = $3, finished_at = $4 WHERE id = $1', [
        row.id,
        next.status,
        next.status === 'success' ? '' : next.status === 'bounced' ? (held ?? n).reason.trim() : n.reason.trim(),
        now,
      ]);
      // the worker hears of the money once it is paid (issue 29 item 4)
      if (next.status === 'success') await notifyPaid(t, row.id, now);
    }
    const src = (from: Source): Seen => (from === 'held' ? held! : n);
    for (const e of next.effects) {
      const c = src(e.from);
      const what = `${RESULT_WORD[c.result]}${c.reason ? `（${c.reason.trim()}）` : ''}`;
      if ('refund' in e) {
        await post(
          t,
          row.company_id,
          e.refund,
          Number(row.amount) + Number(row.fee),
          { batch_id: row.batch_id, row_id: row.id, ref_no: row.batch_no, remark: `${row.name} ${RESULT_WORD[c.result]}：${c.reason.trim()}` },
          now,
        );
        continue;
      }
      const content =
        e.log === 'applied'
          ? `${row.name}：${what}`
          : e.log === 'held'
            ? `${row.name}：${what}先于发放成功到达，待发放成功后入账`
            : `${row.name}：${what}与已入账的发放结果矛盾，未入账，请与通道核对（通道时间 ${channelTime(c.ts)}）`;
      await log(t, row.company_id, row.batch_id, '通道结果', content, '发放通道', '', now);
    }
    await settleBatch(t, row.batch_id, now);
    return next.state;
  });
}

/**
 * 来账: the payout channel's signed notification of a transfer into the platform account (issue
 * 29, "the batch pays"), how a bank top-up (对公转账充值, account.ts createTopup) is credited in
 * production. The company transfers with the 充值单号 (CZ…) in the remark; the channel notifies
 * POST /ent/v3/payout/transfer-notify. Verified (PAYOUT_CHANNEL_KEY), then applied once per
 * transfer (the bank's serial transfer_no; a replay, under any notify id, changes nothing):
 *  - the remark names a pending bank top-up of the same amount: confirmed and credited once, by
 *    one ledger entry (the compare-and-set and the ledger's unique topup index);
 *  - anything else — no order number, an unknown or WeChat order, one already credited, another
 *    amount — is kept unmatched, never credited silently: the route logs it, /metrics counts it
 *    (hr_payout_transfers_unmatched), the operator takes it up with the bank and the company.
 */
import { createHmac } from 'node:crypto';
import { yuanText as yuan } from '../../../contract/money';
import type { Db } from '../../db/types';
import { safeEqual } from '../../lib/crypto';
import { serverKeys } from '../../lib/keys';
import { badRequest } from '../../lib/refusal';
import { post } from './ledger';

export interface TransferNotify {
  notify_id: string;
  /** the bank's serial number of the transfer */
  transfer_no: string;
  /** fen, as digits */
  amount: string;
  payer_name: string;
  payer_account: string;
  remark: string;
  ts: string;
}

export const transferBase = (n: TransferNotify) => [n.notify_id, n.transfer_no, n.amount, n.payer_name, n.payer_account, n.remark, n.ts].join('\n');
/** signed with PAYOUT_CHANNEL_KEY (lib/keys.ts), like the results (channel.ts signNotify) */
export const signTransfer = (n: TransferNotify) => createHmac('sha256', serverKeys().payoutChannel).update(transferBase(n)).digest('hex');

export type TransferState = 'credited' | 'unmatched' | 'replay';

/** A bank account as kept: its last four digits. */
const maskAccount = (a: string) => {
  const digits = a.replace(/\D/g, '');
  return digits ? `**** ${digits.slice(-4)}` : '';
};

const ORDER_RE = /CZ\d{18}/;

/** Verifies and applies one 来账 notification (see the top of the file). */
export async function receiveTransfer(
  db: Db,
  n: TransferNotify,
  sign: string,
  now: Date,
): Promise<{ state: TransferState; reason: string; order_no: string | null }> {
  if (!safeEqual(signTransfer(n), sign)) throw badRequest('签名无效');
  const amount = Number(n.amount);
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('金额无效');
  const orderNo = ORDER_RE.exec(n.remark)?.[0] ?? null;
  return db.tx(async (t) => {
    // the first notification of a transfer wins (a concurrent repeat waits on the key, then does nothing)
    const fresh = await t.one(
      `INSERT INTO payout_transfers (transfer_no, notify_id, amount, payer_name, payer_account_mask, remark, ts, state, topup_no, received_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,'unmatched',$8,$9) ON CONFLICT DO NOTHING RETURNING transfer_no`,
      [n.transfer_no, n.notify_id, amount, n.payer_name.trim(), maskAccount(n.payer_account), n.remark.trim(), n.ts, orderNo, now],
    );
    if (!fresh) return { state: 'replay' as const, reason: '', order_no: orderNo };
    const unmatched = async (reason: string, companyId: number | null = null) => {
      await t.query('UPDATE payout_transfers SET reason = $2, company_id = $3 WHERE transfer_no = $1', [n.transfer_no, reason, companyId]);
      return { state: 'unmatched' as const, reason, order_no: orderNo };
    };
    if (!orderNo) return unmatched('附言中没有充值单号');
    const top = await t.one<{ id: number; company_id: number; amount: string; status: string; method: string }>(
      'SELECT id, company_id, amount::text, status, method FROM payout_topups WHERE order_no = $1 FOR UPDATE',
      [orderNo],
    );
    if (!top) return unmatched(`充值单${orderNo}不存在`);
    if (top.method !== 'bank') return unmatched(`充值单${orderNo}为微信支付充值，不接受转账`, top.company_id);
    if (top.status !== 'pending') return unmatched(`充值单${orderNo}已到账，本笔为重复转账`, top.company_id);
    if (Number(top.amount) !== amount) return unmatched(`金额${yuan(amount)}与充值单${orderNo}的${yuan(Number(top.amount))}不符`, top.company_id);
    await t.query(`UPDATE payout_topups SET status = 'confirmed', confirmed_at = $2, transaction_id = $3 WHERE id = $1 AND status = 'pending'`, [
      top.id,
      now,
      n.transfer_no,
    ]);
    await post(t, top.company_id, 'topup', amount, { topup_id: top.id, ref_no: orderNo, remark: `对公转账充值（来账流水号 ${n.transfer_no}）` }, now);
    await t.query(`UPDATE payout_transfers SET state = 'credited', company_id = $2 WHERE transfer_no = $1`, [n.transfer_no, top.company_id]);
    return { state: 'credited' as const, reason: '', order_no: orderNo };
  });
}

/** How many 来账 are kept unmatched (/metrics: alert when it grows). */
export async function unmatchedTransfers(db: Db): Promise<number> {
  const r = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_transfers WHERE state = 'unmatched'`);
  return r?.n ?? 0;
}

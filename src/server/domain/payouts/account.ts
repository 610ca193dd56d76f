/**
 * The company account of 灵活用工 (issue 13): its balance, rates and top-ups — by bank transfer
 * (the operator confirms the money arrived) or by WeChat Pay (credited by the signed notification,
 * pay-notify.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { dt } from './batches';
import { balanceOf, post, settingsOf } from './ledger';

/** where top-ups are transferred to and payouts are paid from (the platform's account) */
export const PLATFORM_BANK = { account_name: '杭州灵活用工服务有限公司（沙箱）', bank_name: '招商银行杭州分行营业部', account_no: '571900000000000000' };

export const newOrderNo = (now: Date) => `CZ${fmtDate(now).replace(/-/g, '')}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;

/** The account page: balance, rates, where to transfer, the last 20 top-ups. */
export async function accountView(db: Db, companyId: number) {
  const topups = await db.query<{
    id: number;
    order_no: string;
    amount: string;
    status: 'pending' | 'confirmed';
    method: 'bank' | 'wechat';
    created_at: Date;
    confirmed_at: Date | null;
  }>('SELECT id, order_no, amount::text, status, method, created_at, confirmed_at FROM payout_topups WHERE company_id = $1 ORDER BY id DESC LIMIT 20', [
    companyId,
  ]);
  return {
    balance: await balanceOf(db, companyId),
    settings: await settingsOf(db, companyId),
    bank: PLATFORM_BANK,
    topups: topups.map((t) => ({ ...t, amount: Number(t.amount), created_at: fmtDateTime(t.created_at), confirmed_at: dt(t.confirmed_at) })),
  };
}

async function refuseManyOpen(db: Db, companyId: number) {
  const open = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_topups WHERE company_id = $1 AND status = 'pending'`, [companyId]);
  if (open!.n >= 10) throw conflict('待确认的充值单过多，请等待到账确认后再提交');
}

/** A bank-transfer top-up order (pending until the operator confirms the money arrived). */
export async function createTopup(db: Db, companyId: number, userId: number, amount: number, now: Date) {
  await refuseManyOpen(db, companyId);
  const t = await db.one<{ id: number; order_no: string; created_at: Date }>(
    'INSERT INTO payout_topups (company_id, order_no, amount, created_by, created_at) VALUES ($1,$2,$3,$4,$5) RETURNING id, order_no, created_at',
    [companyId, newOrderNo(now), amount, userId, now],
  );
  return {
    id: t!.id,
    order_no: t!.order_no,
    amount,
    status: 'pending' as const,
    method: 'bank' as const,
    created_at: fmtDateTime(t!.created_at),
    confirmed_at: '',
  };
}

/**
 * 微信支付充值: a pending order and its QR. `codeUrl` places the platform's order (production:
 * Native下单; demo: the pay sandbox) before ours is written: a refusal leaves no order.
 */
export async function createWxTopup(db: Db, companyId: number, userId: number, amount: number, now: Date, codeUrl: (orderNo: string) => Promise<string>) {
  await refuseManyOpen(db, companyId);
  const orderNo = newOrderNo(now);
  const url = await codeUrl(orderNo);
  const t = await db.one<{ id: number; order_no: string }>(
    `INSERT INTO payout_topups (company_id, order_no, amount, method, created_by, created_at) VALUES ($1,$2,$3,'wechat',$4,$5) RETURNING id, order_no`,
    [companyId, orderNo, amount, userId, now],
  );
  return { id: t!.id, order_no: t!.order_no, amount, code_url: url };
}

/** A verified WeChat Pay v3 notification of a top-up (pay-notify.ts handlePayNotify). */
export interface WxNotify {
  order_no: string;
  transaction_id: string;
  amount: number;
}

/**
 * A verified WeChat Pay notification: the order moves 待支付 → 已到账 once (compare-and-set) and
 * only that move credits the account; any number of repeats is recorded and changes nothing.
 */
export async function applyWxNotify(db: Db, n: WxNotify, now: Date): Promise<boolean> {
  return db.tx(async (t) => {
    const top = await t.one<{ id: number; company_id: number; amount: string; status: string; method: string }>(
      'SELECT id, company_id, amount::text, status, method FROM payout_topups WHERE order_no = $1 FOR UPDATE',
      [n.order_no],
    );
    if (!top || top.method !== 'wechat') throw notFound('充值单不存在');
    if (Number(top.amount) !== n.amount) throw badRequest('金额与充值单不符');
    const won = await t.one(
      `UPDATE payout_topups SET status = 'confirmed', confirmed_at = $2, transaction_id = $3 WHERE id = $1 AND status = 'pending' RETURNING id`,
      [top.id, now, n.transaction_id],
    );
    await t.query('INSERT INTO payout_wx_notifies (order_no, transaction_id, applied, received_at, company_id) VALUES ($1,$2,$3,$4,$5)', [
      n.order_no,
      n.transaction_id,
      !!won,
      now,
      top.company_id,
    ]);
    if (!won) return false;
    await post(t, top.company_id, 'topup', n.amount, { topup_id: top.id, ref_no: n.order_no, remark: `微信支付充值（${n.transaction_id}）` }, now);
    return true;
  });
}

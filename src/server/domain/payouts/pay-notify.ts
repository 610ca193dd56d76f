/**
 * A WeChat Pay v3 payment notification applied to the order it pays (issue 16 item 2): the
 * adapter (adapters/wechatpay.ts readPayNotify) verifies and decrypts it; here the order of its
 * kind — a membership (member_orders), tax-service (tax_orders, `TAX…`) or top-up (payout_topups,
 * `CZ…`) order — is locked, its amount checked, the notification recorded and the order granted
 * once (a replayed notification id changes nothing). Used by POST /notify/wechatpay and the pay
 * sandbox. Lives in domain because it grants through three domain modules; adapters never import
 * domain (issue 26).
 */
import type { Db } from '../../db/types';
import { NotifyError, readPayNotify, type Headers, type WechatPayConfig } from '../../adapters/wechatpay';
import { Refusal } from '../../lib/refusal';
import { confirmPayment } from '../accounts/membership';
import { confirmTaxPayment } from '../tax/orders';
import { applyWxNotify } from './account';

/** What a notification did: `paid_now` false when the order was paid before (nothing changed). */
export interface PayResult {
  order_id: string;
  paid_now: boolean;
}

export type PayKind = 'member' | 'tax' | 'topup';

/** The order table an out_trade_no belongs to: `TAX…` tax fee, `CZ` + 18 digits top-up, else membership. */
export function payKindOf(outTradeNo: string): PayKind {
  if (outTradeNo.startsWith('TAX')) return 'tax';
  if (/^CZ\d{18}$/.test(outTradeNo)) return 'topup';
  return 'member';
}

/**
 * Verifies and applies one notification; answers the payment (null for an event that is not a
 * successful payment: acknowledged, nothing done). Throws NotifyError for anything refused.
 */
export async function handlePayNotify(db: Db, cfg: WechatPayConfig, headers: Headers, body: string, now: Date): Promise<PayResult | null> {
  const n = readPayNotify(cfg, headers, body, now);
  if (!n) return null;
  const { tx } = n;
  const kind = payKindOf(tx.out_trade_no);
  return db.tx(async (t) => {
    // the order of its kind, locked: its amount is what the payment must be
    const o = await t.one<{ amount: number }>(ORDER_SQL[kind], [tx.out_trade_no]);
    if (!o) throw new NotifyError(404, 'ORDER_NOT_EXIST', 'order not found');
    if (tx.amount?.currency !== 'CNY' || tx.amount.total !== Number(o.amount)) throw new NotifyError(400, 'PARAM_ERROR', 'amount does not match the order');
    await t.query('INSERT INTO wechatpay_notifications (id, order_id, event_type, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
      n.id,
      tx.out_trade_no,
      n.event_type,
      now,
    ]);
    // each is idempotent by itself: a replay or a second notification of the same order grants nothing
    try {
      if (kind === 'tax') return await confirmTaxPayment(t, tx.out_trade_no, now);
      if (kind === 'topup') {
        const applied = await applyWxNotify(
          t,
          { order_no: tx.out_trade_no, transaction_id: String(tx.transaction_id ?? '').slice(0, 64), amount: tx.amount.total },
          now,
        );
        return { order_id: tx.out_trade_no, paid_now: applied };
      }
      return await confirmPayment(t, tx.out_trade_no, now);
    } catch (e) {
      // e.g. a tax order closed before its payment arrived: refused (the platform retries; refunds are offline)
      if (e instanceof Refusal) throw new NotifyError(400, 'FAIL', e.message);
      throw e;
    }
  });
}

/** The payable amount of an order of each kind, locked for the notification's transaction. */
const ORDER_SQL: Record<PayKind, string> = {
  member: 'SELECT amount FROM member_orders WHERE order_id = $1 FOR UPDATE',
  tax: 'SELECT amount FROM tax_orders WHERE order_id = $1 FOR UPDATE',
  // only a WeChat top-up: a bank-transfer one is confirmed by the operator
  topup: "SELECT amount FROM payout_topups WHERE order_no = $1 AND method = 'wechat' FOR UPDATE",
};

/** Shared actions of the accounts area: payments (who may act for which company: access.ts). */
import type { Db } from '../db/types';
import { conflict, notFound } from '../lib/refusal';
import { fmtDate, fmtDateTime } from '../lib/time';

export const dt = (d: Date | null) => (d ? fmtDateTime(d) : null);

/** An order number: VIP + China-time timestamp + 6 random digits. */
export function orderNumber(now: Date, random6: string): string {
  return `VIP${fmtDateTime(now).replace(/\D/g, '')}${random6}`;
}

export interface PaymentResult {
  order_id: string;
  /** true: this call paid the order; false: it was paid before (nothing changed) */
  paid_now: boolean;
  member_expire: string;
}

/**
 * The WeChat Pay notification, idempotent: the first confirmation marks the order paid, extends
 * the membership (from the day after the current end, or from today) and credits the gifted CRC
 * with a ledger line; every later one changes nothing.
 */
export async function confirmPayment(db: Db, orderId: string, now: Date): Promise<PaymentResult> {
  return db.tx(async (t) => {
    const o = await t.one<{ company_id: number; status: string; name: string; days: number; num: number; lv: number; expire_to: string | null }>(
      `SELECT company_id, status, name, days, num, lv, to_char(expire_to, 'YYYY-MM-DD') AS expire_to
         FROM member_orders WHERE order_id = $1 FOR UPDATE`,
      [orderId],
    );
    if (!o) throw notFound('订单不存在');
    if (o.status === 'paid') return { order_id: orderId, paid_now: false, member_expire: o.expire_to ?? '' };
    if (o.status !== 'unpaid') throw conflict('订单已关闭');
    const today = fmtDate(now);
    const c = await t.one<{ member_expire: string; crc_balance: number }>(
      `UPDATE companies SET
         company_lv = GREATEST(CASE WHEN member_expire >= $2::date THEN company_lv ELSE 0 END, $3),
         member_expire = GREATEST(COALESCE(member_expire + 1, $2::date), $2::date) + ($4::int - 1),
         crc_balance = crc_balance + $5
       WHERE id = $1
       RETURNING to_char(member_expire, 'YYYY-MM-DD') AS member_expire, crc_balance`,
      [o.company_id, today, o.lv, o.days, o.num],
    );
    if (o.num > 0) {
      await t.query(
        `INSERT INTO crc_ledger (company_id, delta, balance_after, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [o.company_id, o.num, c!.crc_balance, `开通${o.name}赠送`, orderId, now],
      );
    }
    await t.query(`UPDATE member_orders SET status = 'paid', paid_at = $2, expire_to = $3 WHERE order_id = $1`, [
      orderId,
      now,
      c!.member_expire,
    ]);
    return { order_id: orderId, paid_now: true, member_expire: c!.member_expire };
  });
}

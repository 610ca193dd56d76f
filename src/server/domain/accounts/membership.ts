/**
 * Membership (SPEC §4 purchase): the order, its payment (who may act for which company: access.ts)
 * and the CRC the membership credits. An order's invoice: invoices.ts.
 */
import type { CrcEntry, OrderRow } from '../../../contract/account';
import type { Db } from '../../db/types';
import { randomDigits } from '../../lib/crypto';
import { pageSql, type Page } from '../../lib/page';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { dt } from './dates';

/** An order number: VIP + China-time timestamp + 6 random digits. */
export function orderNumber(now: Date, random6: string): string {
  return `VIP${fmtDateTime(now).replace(/\D/g, '')}${random6}`;
}

/** What the platform's order needs; its QR (adapters/wechatpay-orders.ts wechatCodeUrl) comes back. */
export interface PayOrder {
  out_trade_no: string;
  description: string;
  amount: number;
  sandboxPath: string;
}

/**
 * A membership order of `pack` for the company. `codeUrl` places the platform's order first: a
 * refused one leaves no unpayable order behind.
 */
export async function createMemberOrder(
  db: Db,
  o: { companyId: number; userId: number; pack: string },
  now: Date,
  codeUrl: (order: PayOrder) => Promise<string>,
): Promise<{ order_id: string; code_url: string }> {
  const p = await db.one<{ pack: string; name: string; amount: number; days: number; num: number; lv: number }>(
    'SELECT pack, name, amount, days, num, lv FROM member_packs WHERE pack = $1 AND enabled',
    [o.pack],
  );
  if (!p) throw badRequest('该会员套餐不存在或已下架，请重新选择');
  const orderId = orderNumber(now, randomDigits(6));
  const url = await codeUrl({ out_trade_no: orderId, description: p.name, amount: p.amount, sandboxPath: orderId });
  await db.query(
    `INSERT INTO member_orders (order_id, company_id, user_id, pack, name, amount, days, num, lv, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
    [orderId, o.companyId, o.userId, p.pack, p.name, p.amount, p.days, p.num, p.lv, now],
  );
  return { order_id: orderId, code_url: url };
}

/** The company's order `orderId`; another company's answers like a missing one. */
export async function ownOrder(db: Db, orderId: string, companyId: number) {
  const o = await db.one<{ order_id: string; company_id: number; pack: string; amount: number; status: string }>(
    'SELECT order_id, company_id, pack, amount, status FROM member_orders WHERE order_id = $1',
    [orderId],
  );
  if (!o || o.company_id !== companyId) throw notFound('订单不存在');
  return o;
}

/** One order's payment state (the console polls it while the QR shows). */
export async function memberOrder(db: Db, companyId: number, orderId: string) {
  const o = await ownOrder(db, orderId, companyId);
  return { order_id: o.order_id, pack: o.pack, amount: o.amount, payment_status: o.status === 'paid' };
}

/** The company's latest 100 orders with their invoice's state. */
export async function memberOrders(db: Db, companyId: number): Promise<OrderRow[]> {
  const rows = await db.query<
    Omit<OrderRow, 'created_at' | 'paid_at' | 'invoice_status'> & {
      created_at: Date;
      paid_at: Date | null;
      invoice_status: 'pending' | 'issued' | null;
    }
  >(
    `SELECT o.order_id, o.name, o.amount, o.days, o.num, o.status, o.created_at, o.paid_at, i.status AS invoice_status
       FROM member_orders o LEFT JOIN order_invoices i ON i.order_id = o.order_id AND i.company_id = o.company_id
      WHERE o.company_id = $1 ORDER BY o.created_at DESC LIMIT 100`,
    [companyId],
  );
  return rows.map((r) => ({ ...r, created_at: dt(r.created_at)!, paid_at: dt(r.paid_at), invoice_status: r.invoice_status ?? ('none' as const) }));
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
      await t.query(`INSERT INTO crc_ledger (company_id, delta, balance_after, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        o.company_id,
        o.num,
        c!.crc_balance,
        `开通${o.name}赠送`,
        orderId,
        now,
      ]);
    }
    await t.query(`UPDATE member_orders SET status = 'paid', paid_at = $2, expire_to = $3 WHERE order_id = $1`, [orderId, now, c!.member_expire]);
    return { order_id: orderId, paid_now: true, member_expire: c!.member_expire };
  });
}

/** One page of the company's CRC ledger, newest first, with its balance. */
export async function crcLedger(
  db: Db,
  company: { id: number; crc_balance: number },
  page: Page,
): Promise<{ balance: number; total: number; list: CrcEntry[] }> {
  const args: unknown[] = [company.id];
  const [rows, total] = await Promise.all([
    db.query<Omit<CrcEntry, 'created_at'> & { created_at: Date }>(
      `SELECT id, delta, balance_after, reason, ref, created_at FROM crc_ledger WHERE company_id = $1
        ORDER BY created_at DESC, id DESC${pageSql(args, page)}`,
      args,
    ),
    db.one<{ n: number }>('SELECT count(*)::int AS n FROM crc_ledger WHERE company_id = $1', [company.id]),
  ]);
  return {
    balance: company.crc_balance,
    total: total?.n ?? 0,
    list: rows.map((r) => ({ ...r, created_at: dt(r.created_at)! })),
  };
}

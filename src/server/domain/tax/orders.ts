/**
 * The tax service fee's order (tax_orders, `TAX…`): made at the check step (apply.ts), paid by
 * WeChat Pay (the same pay sandbox and notification path as membership) or by a bank transfer
 * with a voucher the operator confirms — one confirmation path for both, idempotent.
 */
import type { TaxAction, TaxStatus } from '../../../contract/tax-rules';
import type { Db } from '../../db/types';
import { sandboxPayPage } from '../../adapters/wechatpay-orders';
import { randomDigits } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { move, ownApplication } from './applications';

/** The platform's collection account for bank transfers (sandbox). */
export const TAX_BANK = { account_name: '杭州灵活用工服务有限公司（沙箱）', bank_name: '招商银行杭州分行营业部', account_no: '571900000000000000' };
export const TAX_SERVICE_NAME = '完税证明开具服务费';

export const newTaxOrderId = (now: Date) => `TAX${fmtDateTime(now).replace(/\D/g, '')}${randomDigits(6)}`;
export const isTaxOrder = (orderId: string) => orderId.startsWith('TAX');

const dt = (d: Date | null | undefined) => (d ? fmtDateTime(d) : '');

interface OrderRow {
  order_id: string;
  amount: string;
  status: 'unpaid' | 'confirming' | 'paid' | 'closed';
  method: 'wechat' | 'bank' | '';
  voucher_name: string;
  created_at: Date;
  paid_at: Date | null;
  /** the platform's QR content (production, WeChat Pay Native); '' in the demo: the sandbox page */
  code_url: string;
}
/** The order as the console shows it; `origin` makes the sandbox page's link (the demo's QR). */
export const orderOf = (o: OrderRow, origin: string) => ({
  order_id: o.order_id,
  service: TAX_SERVICE_NAME,
  amount: Number(o.amount),
  status: o.status,
  method: o.method,
  code_url: o.method === 'wechat' && o.status === 'unpaid' ? o.code_url || sandboxPayPage(origin, o.order_id) : '',
  bank: TAX_BANK,
  voucher_name: o.voucher_name,
  created_at: dt(o.created_at),
  paid_at: dt(o.paid_at),
});
export const orderRow = (db: Db, applicationId: number) =>
  db.one<OrderRow>('SELECT order_id, amount::text, status, method, voucher_name, created_at, paid_at, code_url FROM tax_orders WHERE application_id = $1', [
    applicationId,
  ]);

/** The order of the company's application; another company's answers like a missing one. */
async function ownOrder(db: Db, applicationId: number, companyId: number) {
  await ownApplication(db, applicationId, companyId);
  const o = await orderRow(db, applicationId);
  if (!o) throw notFound('订单不存在');
  return o;
}

export async function taxOrder(db: Db, companyId: number, applicationId: number, origin: string) {
  return orderOf(await ownOrder(db, applicationId, companyId), origin);
}

/** Makes the QR of an order (adapters/wechatpay-orders.ts wechatCodeUrl, bound to the request by the route). */
export type OrderQr = (o: { out_trade_no: string; description: string; amount: number; sandboxPath: string }) => Promise<string>;

/**
 * 微信支付 of an unpaid order: its QR, asked before anything is written (a refusal leaves nothing
 * unpayable behind). `keepQr`: production keeps the platform's code_url for the order page (the
 * same order again answers the same code); the demo keeps '' and shows the sandbox page.
 */
export async function payTaxByWechat(db: Db, companyId: number, applicationId: number, qr: OrderQr, keepQr: boolean) {
  const a = await ownApplication(db, applicationId, companyId);
  const o = await ownOrder(db, applicationId, companyId);
  if (a.status !== 'unpaid' || o.status !== 'unpaid') throw conflict('该订单当前不能支付');
  const url = await qr({ out_trade_no: o.order_id, description: TAX_SERVICE_NAME, amount: Number(o.amount), sandboxPath: o.order_id });
  await db.query(`UPDATE tax_orders SET method = 'wechat', code_url = $2 WHERE order_id = $1 AND status = 'unpaid'`, [o.order_id, keepQr ? url : '']);
  return { order_id: o.order_id, code_url: url };
}

/** 对公转账: the uploaded voucher (the company's finished image or attachment) → 待确认到账, for the operator. */
export async function payTaxByBank(db: Db, companyId: number, applicationId: number, mediaId: string, now: Date, origin: string) {
  const m = await db.one<{ status: string; file_name: string }>(
    `SELECT status, file_name FROM media WHERE media_id = $1 AND company_id = $2 AND kind IN ('image', 'attached')`,
    [mediaId, companyId],
  );
  if (!m) throw badRequest('请上传转账凭证');
  if (m.status !== 'Normal') throw badRequest('文件尚未上传完成，请稍后再试');
  await db.tx(async (t) => {
    const a = await ownApplication(t, applicationId, companyId, true);
    const o = await ownOrder(t, applicationId, companyId);
    if (o.status !== 'unpaid') throw conflict('该订单当前不能上传凭证');
    await move(t, a, 'voucher', 'paying', now);
    await t.query(`UPDATE tax_orders SET method = 'bank', status = 'confirming', voucher_media = $2, voucher_name = $3 WHERE order_id = $1`, [
      o.order_id,
      mediaId,
      m.file_name,
    ]);
  });
  return taxOrder(db, companyId, applicationId, origin);
}

export interface TaxPayResult {
  order_id: string;
  /** true: this call paid the order; false: it was paid before (nothing changed) */
  paid_now: boolean;
}

/**
 * The payment of a tax order arrived (WeChat Pay notification, or the operator saw the bank
 * transfer): the order becomes paid and the application 开具中, once; a repeat changes nothing.
 */
export async function confirmTaxPayment(db: Db, orderId: string, now: Date): Promise<TaxPayResult> {
  return db.tx(async (t) => {
    const o = await t.one<{ application_id: number; status: string }>('SELECT application_id, status FROM tax_orders WHERE order_id = $1 FOR UPDATE', [
      orderId,
    ]);
    if (!o) throw notFound('订单不存在');
    if (o.status === 'paid') return { order_id: orderId, paid_now: false };
    if (o.status === 'closed') throw conflict('订单已关闭');
    const a = await t.one<{ id: number; status: TaxStatus }>('SELECT id, status FROM tax_applications WHERE id = $1 FOR UPDATE', [o.application_id]);
    const action: TaxAction = a!.status === 'paying' ? 'confirm' : 'pay';
    await move(t, a!, action, 'issuing', now);
    await t.query(`UPDATE tax_orders SET status = 'paid', paid_at = $2, method = CASE WHEN method = '' THEN 'wechat' ELSE method END WHERE order_id = $1`, [
      orderId,
      now,
    ]);
    return { order_id: orderId, paid_now: true };
  });
}

/** The order as the pay sandbox shows it (the same page as membership orders). */
export const taxOrderForPayPage = (db: Db, orderId: string) =>
  db.one<{ order_id: string; name: string; amount: number; status: string; created_at: Date; paid_at: Date | null; company_name: string }>(
    `SELECT o.order_id, $2::text AS name, o.amount::int AS amount, CASE o.status WHEN 'paid' THEN 'paid' WHEN 'closed' THEN 'closed' ELSE 'unpaid' END AS status,
            o.created_at, o.paid_at, c.name AS company_name
       FROM tax_orders o JOIN companies c ON c.id = o.company_id WHERE o.order_id = $1`,
    [orderId, TAX_SERVICE_NAME],
  );

/** For the home page's to-do cards: the company's applications waiting for its payment (待支付). */
export async function taxPendingOrders(db: Db, companyId: number): Promise<number> {
  const r = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM tax_applications WHERE company_id = $1 AND status = 'unpaid'`, [companyId]);
  return r?.n ?? 0;
}

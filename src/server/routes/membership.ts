/**
 * Membership (SPEC §4 purchase, §7 calls): orders paid by WeChat Pay (the sandbox stands in
 * for it), the company's invoice details and an order's invoice (SPEC §5 rules, checked again here).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { invoiceProblem, type InvoiceForm } from '../../contract/invoice-rules';
import type { Db } from '../db/types';
import { dt, orderNumber } from '../domain/accounts';
import { activeCompany, adminCompany } from '../domain/access';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { wechatCodeUrl } from '../adapters/wechatpay-orders';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';
import { randomDigits } from '../lib/crypto';

/** The page a phone opens from the QR code (the real code_url is weixin://wxpay/…). */
export function payUrl(req: FastifyRequest, orderId: string): string {
  return `${requestOrigin(req)}/sandbox/pay/${orderId}`;
}

type InvoiceIn = Omit<InvoiceForm, 'invoice_type'> & { invoice_type: number };

/** The SPEC §5 rules; shipping counts as enabled when any recipient field is filled. */
function checkInvoice(b: InvoiceIn): void {
  const shipping = [b.ship_name, b.ship_phone, b.ship_address].some((v) => v.trim() !== '');
  const problem = invoiceProblem({ ...b, invoice_type: b.invoice_type === 1 ? 1 : b.invoice_type === 0 ? 0 : null }, shipping);
  if (problem) throw badRequest(problem.message);
  if (/\D/.test(b.bank_account) || /\D/.test(b.phone)) throw badRequest('账号和电话只能填写数字');
}

const INVOICE_COLS = 'company_name, creditcode, invoice_type, bank_name, bank_account, address, phone, ship_name, ship_phone, ship_address';
const invoiceValues = (b: InvoiceIn) => [
  b.company_name, b.creditcode, b.invoice_type, b.bank_name, b.bank_account, b.address, b.phone, b.ship_name, b.ship_phone, b.ship_address,
];

async function ownOrder(db: Db, orderId: string, companyId: number) {
  const o = await db.one<{ order_id: string; company_id: number; pack: string; amount: number; status: string }>(
    'SELECT order_id, company_id, pack, amount, status FROM member_orders WHERE order_id = $1',
    [orderId],
  );
  // another company's order answers like a missing one
  if (!o || o.company_id !== companyId) throw notFound('订单不存在');
  return o;
}

export function membershipRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.orderCreate, async ({ auth, body, db, now, req }) => {
    const c = adminCompany(auth, '开通会员');
    const p = await db.one<{ pack: string; name: string; amount: number; days: number; num: number; lv: number }>(
      'SELECT pack, name, amount, days, num, lv FROM member_packs WHERE pack = $1 AND enabled',
      [body.pack],
    );
    if (!p) throw badRequest('该会员套餐不存在或已下架，请重新选择');
    const orderId = orderNumber(now, randomDigits(6));
    // the platform's order first: a refused one leaves no unpayable order behind
    const codeUrl = await wechatCodeUrl(req, { out_trade_no: orderId, description: p.name, amount: p.amount, sandboxPath: orderId }, now);
    await db.query(
      `INSERT INTO member_orders (order_id, company_id, user_id, pack, name, amount, days, num, lv, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [orderId, c.id, auth.user.id, p.pack, p.name, p.amount, p.days, p.num, p.lv, now],
    );
    return { order_id: orderId, code_url: codeUrl };
  });

  addRoute(app, endpoints.order, async ({ auth, params, db }) => {
    const c = activeCompany(auth);
    const o = await ownOrder(db, params.id, c.id);
    return { order_id: o.order_id, pack: o.pack, amount: o.amount, payment_status: o.status === 'paid' };
  });

  addRoute(app, endpoints.orders, async ({ auth, db }) => {
    const c = activeCompany(auth);
    const rows = await db.query<{
      order_id: string; name: string; amount: number; days: number; num: number; status: 'unpaid' | 'paid' | 'closed';
      created_at: Date; paid_at: Date | null; invoice_status: 'pending' | 'issued' | null;
    }>(
      `SELECT o.order_id, o.name, o.amount, o.days, o.num, o.status, o.created_at, o.paid_at, i.status AS invoice_status
         FROM member_orders o LEFT JOIN order_invoices i ON i.order_id = o.order_id AND i.company_id = o.company_id
        WHERE o.company_id = $1 ORDER BY o.created_at DESC LIMIT 100`,
      [c.id],
    );
    return {
      list: rows.map((r) => ({ ...r, created_at: dt(r.created_at)!, paid_at: dt(r.paid_at), invoice_status: r.invoice_status ?? ('none' as const) })),
    };
  });

  addRoute(app, endpoints.invoice, async ({ auth, db }) => {
    const c = activeCompany(auth);
    const row = await db.one<InvoiceIn>(`SELECT ${INVOICE_COLS} FROM company_invoices WHERE company_id = $1`, [c.id]);
    return { invoice: row ? { ...row, invoice_type: row.invoice_type === 1 ? (1 as const) : (0 as const) } : null };
  });

  // the invoice details are the company's billing identity: administrators only
  addRoute(app, endpoints.saveInvoice, async ({ auth, body, db, now, setMsg }) => {
    const c = adminCompany(auth, '修改发票信息');
    checkInvoice(body);
    await db.query(
      `INSERT INTO company_invoices (company_id, ${INVOICE_COLS}, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
       ON CONFLICT (company_id) DO UPDATE SET company_name = $2, creditcode = $3, invoice_type = $4, bank_name = $5,
         bank_account = $6, address = $7, phone = $8, ship_name = $9, ship_phone = $10, ship_address = $11, updated_at = $12`,
      [c.id, ...invoiceValues(body), now],
    );
    setMsg('保存成功');
    return null;
  });

  /** The invoice of one paid order; the details are also kept as the company's invoice. */
  addRoute(app, endpoints.saveOrderInvoice, async ({ auth, params, body, db, now, setMsg }) => {
    const c = adminCompany(auth, '申请发票');
    checkInvoice(body);
    await db.tx(async (t) => {
      const o = await ownOrder(t, params.id, c.id);
      if (o.status !== 'paid') throw conflict('订单尚未支付，支付完成后再申请发票');
      const issued = await t.one<{ status: string }>('SELECT status FROM order_invoices WHERE order_id = $1', [o.order_id]);
      if (issued?.status === 'issued') throw conflict('该订单的发票已开具，不能修改');
      await t.query(
        `INSERT INTO order_invoices (order_id, ${INVOICE_COLS}, created_at, updated_at, company_id) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$12,$13)
         ON CONFLICT (order_id) DO UPDATE SET company_name = $2, creditcode = $3, invoice_type = $4, bank_name = $5,
           bank_account = $6, address = $7, phone = $8, ship_name = $9, ship_phone = $10, ship_address = $11, updated_at = $12`,
        [o.order_id, ...invoiceValues(body), now, c.id],
      );
      await t.query(
        `INSERT INTO company_invoices (company_id, ${INVOICE_COLS}, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
         ON CONFLICT (company_id) DO UPDATE SET company_name = $2, creditcode = $3, invoice_type = $4, bank_name = $5,
           bank_account = $6, address = $7, phone = $8, ship_name = $9, ship_phone = $10, ship_address = $11, updated_at = $12`,
        [c.id, ...invoiceValues(body), now],
      );
    });
    setMsg('发票申请已提交，我们将在5个工作日内开具');
    return null;
  });
}

/**
 * Invoices of the membership (SPEC §5 rules, checked again here): the company's invoice details
 * and the invoice of one paid order. The details are the company's billing identity: the route
 * lets administrators only save them.
 */
import { invoiceProblem, type InvoiceForm } from '../../../contract/invoice-rules';
import { normalizeDigits } from '../../../contract/person';
import type { Db } from '../../db/types';
import { decryptPii, sealPii } from '../../lib/pii';
import { badRequest, conflict } from '../../lib/refusal';
import { ownOrder } from './membership';

export type InvoiceIn = Omit<InvoiceForm, 'invoice_type'> & { invoice_type: number };

/** The SPEC §5 rules; shipping counts as enabled when any recipient field is filled. */
function checkInvoice(b: InvoiceIn): void {
  const shipping = [b.ship_name, b.ship_phone, b.ship_address].some((v) => v.trim() !== '');
  const problem = invoiceProblem({ ...b, invoice_type: b.invoice_type === 1 ? 1 : b.invoice_type === 0 ? 0 : null }, shipping);
  if (problem) throw badRequest(problem.message);
  if (/\D/.test(b.bank_account) || /\D/.test(b.phone)) throw badRequest('账号和电话只能填写数字');
}

/** The stored columns: the recipient's phone sealed (migration 042, docs/pii.md), never plain. */
const INVOICE_COLS =
  'company_name, creditcode, invoice_type, bank_name, bank_account, address, phone, ship_name, ship_phone_enc, ship_phone_mask, ship_address';
const SET_COLS = INVOICE_COLS.split(', ')
  .map((c, i) => `${c} = $${i + 2}`)
  .join(', ');
const invoiceValues = (b: InvoiceIn) => {
  const phone = b.ship_phone.trim() ? sealPii('mobile', normalizeDigits(b.ship_phone)) : null;
  return [
    b.company_name,
    b.creditcode,
    b.invoice_type,
    b.bank_name,
    b.bank_account,
    b.address,
    b.phone,
    b.ship_name,
    phone?.enc ?? null,
    phone?.mask ?? '',
    b.ship_address,
  ];
};

const upsertCompanyInvoice = (db: Db, companyId: number, b: InvoiceIn, now: Date) =>
  db.query(
    `INSERT INTO company_invoices (company_id, ${INVOICE_COLS}, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)
     ON CONFLICT (company_id) DO UPDATE SET ${SET_COLS}, updated_at = $13`,
    [companyId, ...invoiceValues(b), now],
  );

type StoredInvoice = Omit<InvoiceIn, 'ship_phone'> & { ship_phone_enc: string | null; ship_phone_mask: string };

/**
 * The company's invoice details, null before the first save. The recipient's phone whole only to
 * who may edit the details (`whole`: 财务 and 管理员, who typed it and must be able to save the
 * form again); every other member sees it masked (docs/pii.md).
 */
export async function companyInvoice(db: Db, companyId: number, whole: boolean) {
  const row = await db.one<StoredInvoice>(`SELECT ${INVOICE_COLS} FROM company_invoices WHERE company_id = $1`, [companyId]);
  if (!row) return null;
  const { ship_phone_enc: enc, ship_phone_mask: mask, ...rest } = row;
  return {
    ...rest,
    invoice_type: row.invoice_type === 1 ? (1 as const) : (0 as const),
    ship_phone: enc && whole ? decryptPii(enc) : mask,
  };
}

/** What a first invoice starts from: the verified company's name and credit code (税务登记号, issue 33). */
export async function invoiceDefaults(db: Db, companyId: number) {
  const c = await db.one<{ name: string; creditcode: string | null }>('SELECT name, creditcode FROM companies WHERE id = $1', [companyId]);
  return { company_name: c?.name ?? '', creditcode: c?.creditcode ?? '' };
}

export async function saveCompanyInvoice(db: Db, companyId: number, b: InvoiceIn, now: Date): Promise<void> {
  checkInvoice(b);
  await upsertCompanyInvoice(db, companyId, b, now);
}

/** The invoice of one paid order; the details are also kept as the company's invoice. */
export async function saveOrderInvoice(db: Db, companyId: number, orderId: string, b: InvoiceIn, now: Date): Promise<void> {
  checkInvoice(b);
  await db.tx(async (t) => {
    const o = await ownOrder(t, orderId, companyId);
    if (o.status !== 'paid') throw conflict('订单尚未支付，支付完成后再申请发票');
    const issued = await t.one<{ status: string }>('SELECT status FROM order_invoices WHERE order_id = $1', [o.order_id]);
    if (issued?.status === 'issued') throw conflict('该订单的发票已开具，不能修改');
    await t.query(
      `INSERT INTO order_invoices (order_id, ${INVOICE_COLS}, created_at, updated_at, company_id) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13,$14)
       ON CONFLICT (order_id) DO UPDATE SET ${SET_COLS}, updated_at = $13`,
      [o.order_id, ...invoiceValues(b), now, companyId],
    );
    await upsertCompanyInvoice(t, companyId, b, now);
  });
}

/**
 * The invoice of an application (tax_invoices): made at the check step from the company's invoice
 * details (SPEC §5 rules, checked again here), issued by the operator (operator.ts).
 */
import { invoiceProblem } from '../../../contract/invoice-rules';
import type { Db } from '../../db/types';
import { decryptPii } from '../../lib/pii';
import { badRequest } from '../../lib/refusal';
import { splitTax, type TaxSeller } from './seller';

export const INVOICE_CONTENT = '*现代服务*人力资源服务';

export async function invoiceOf(db: Db, applicationId: number) {
  const i = await db.one<{
    invoice_type: number;
    medium: 'electronic' | 'paper';
    company_name: string;
    creditcode: string;
    address: string;
    phone: string;
    bank_name: string;
    bank_account: string;
    amount: string;
    net_amount: string;
    tax_amount: string;
    rate_bp: number;
    content: string;
    seller_name: string;
    seller_tax_no: string;
    seller_address: string;
    seller_bank: string;
    invoice_no: string;
    invoice_date: string | null;
    status: 'pending' | 'issued';
    ship_name: string;
    ship_phone: string;
    ship_address: string;
  }>(
    `SELECT invoice_type, medium, company_name, creditcode, address, phone, bank_name, bank_account, amount::text, net_amount::text, tax_amount::text, rate_bp, content,
            seller_name, seller_tax_no, seller_address, seller_bank, invoice_no,
            to_char(invoice_date, 'YYYY-MM-DD') AS invoice_date, status, ship_name, ship_phone_mask AS ship_phone, ship_address
       FROM tax_invoices WHERE application_id = $1`,
    [applicationId],
  );
  if (!i) return null;
  const { seller_name, seller_tax_no, seller_address, seller_bank, ...rest } = i;
  return {
    ...rest,
    invoice_type: i.invoice_type === 1 ? (1 as const) : (0 as const),
    amount: Number(i.amount),
    net_amount: Number(i.net_amount),
    tax_amount: Number(i.tax_amount),
    seller: { name: seller_name, tax_no: seller_tax_no, address: seller_address, bank: seller_bank },
    invoice_date: i.invoice_date ?? '',
  };
}

/**
 * The application's invoice, from the company's invoice details as they are now; refuses details
 * that are missing or incomplete. Paper when a recipient is filled in, else electronic. The seller
 * and its rate are the platform's configured ones, fixed on the record: 价税合计 = 金额 + 税额.
 */
export async function createInvoice(t: Db, a: { id: number; company_id: number; invoiceable: string }, seller: TaxSeller, now: Date): Promise<void> {
  const inv = await t.one<{
    company_name: string;
    creditcode: string;
    invoice_type: number;
    bank_name: string;
    bank_account: string;
    address: string;
    phone: string;
    ship_name: string;
    ship_phone_enc: string | null;
    ship_phone_mask: string;
    ship_address: string;
  }>(
    `SELECT company_name, creditcode, invoice_type, bank_name, bank_account, address, phone, ship_name, ship_phone_enc, ship_phone_mask, ship_address
       FROM company_invoices WHERE company_id = $1`,
    [a.company_id],
  );
  if (!inv) throw badRequest('请先填写开票信息');
  // the recipient's phone is copied sealed; opened here only to check the rules again
  const shipPhone = inv.ship_phone_enc ? decryptPii(inv.ship_phone_enc) : '';
  const shipping = [inv.ship_name, shipPhone, inv.ship_address].some((v) => v.trim() !== '');
  const p = invoiceProblem({ ...inv, ship_phone: shipPhone, invoice_type: inv.invoice_type === 1 ? 1 : 0 }, shipping);
  if (p) throw badRequest(`开票信息不完整：${p.message}`);
  const split = splitTax(Number(a.invoiceable), seller.rateBp);
  await t.query(
    `INSERT INTO tax_invoices (application_id, company_id, invoice_type, medium, company_name, creditcode, address, phone, bank_name, bank_account,
       ship_name, ship_phone_enc, ship_phone_mask, ship_address, amount, content, created_at,
       rate_bp, net_amount, tax_amount, seller_name, seller_tax_no, seller_address, seller_bank)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24)`,
    [
      a.id,
      a.company_id,
      inv.invoice_type,
      shipping ? 'paper' : 'electronic',
      inv.company_name,
      inv.creditcode,
      inv.address,
      inv.phone,
      inv.bank_name,
      inv.bank_account,
      inv.ship_name,
      inv.ship_phone_enc,
      inv.ship_phone_mask,
      inv.ship_address,
      Number(a.invoiceable),
      INVOICE_CONTENT,
      now,
      seller.rateBp,
      split.net,
      split.tax,
      seller.name,
      seller.taxNo,
      seller.address,
      seller.bank,
    ],
  );
}

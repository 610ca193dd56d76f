/** An application as its page shows it: the check rows, the batches, the order and the invoice. */
import type { Db } from '../../db/types';
import { notFound } from '../../lib/refusal';
import { checkRows, itemOf, ownApplication, type AppRow } from './applications';
import { invoiceOf } from './invoices';
import { orderOf, orderRow } from './orders';

const MSG_MISSING_INVOICE = '发票不存在';

/** `origin`: the console's, for the demo's pay page link of an unpaid WeChat Pay order. */
export async function detailOf(db: Db, a: AppRow, origin: string) {
  const rows = await checkRows(db, a.id);
  const batches = await db.query<{ batch_no: string }>(
    `SELECT DISTINCT b.batch_no FROM tax_application_rows x JOIN payout_batches b ON b.id = x.batch_id AND b.company_id = x.company_id
      WHERE x.application_id = $1 ORDER BY b.batch_no`,
    [a.id],
  );
  const o = await orderRow(db, a.id);
  return {
    ...itemOf(a),
    rows,
    all_consistent: rows.every((r) => r.consistent),
    batches: batches.map((b) => b.batch_no),
    order: o ? orderOf(o, origin) : null,
    invoice: await invoiceOf(db, a.id),
  };
}

/** The company's application `id` (another company's: the same 404 as a missing one). */
export async function applicationDetail(db: Db, companyId: number, id: number, origin: string) {
  return detailOf(db, await ownApplication(db, id, companyId), origin);
}

/**
 * The invoice page of application `id` under its number (the apply_no). Before the check step
 * there is no invoice yet: the page shows the application alone.
 */
export async function invoicePage(db: Db, companyId: number, id: number, number: string, origin: string) {
  const a = await ownApplication(db, id, companyId);
  if (a.apply_no !== number) throw notFound(MSG_MISSING_INVOICE);
  return detailOf(db, a, origin);
}

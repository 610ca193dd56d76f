/**
 * The platform's decisions on an application (the operator page, sandbox/tax.ts): issue the proof
 * (number and date; the document is then downloadable), reject it, issue its invoice.
 */
import type { TaxStatus } from '../../../contract/tax-rules';
import type { Db } from '../../db/types';
import { randomDigits } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { MSG_APPLY_MISSING, move } from './applications';

export async function issueProof(db: Db, id: number, now: Date) {
  return db.tx(async (t) => {
    const a = await t.one<{ id: number; status: TaxStatus }>('SELECT id, status FROM tax_applications WHERE id = $1 FOR UPDATE', [id]);
    if (!a) throw notFound(MSG_APPLY_MISSING);
    const no = `(${fmtDate(now).slice(0, 4)})浙税证${randomDigits(8)}`;
    await move(t, a, 'issue', 'issued', now);
    await t.query('UPDATE tax_applications SET proof_no = $2, proof_date = $3 WHERE id = $1', [id, no, fmtDate(now)]);
    return no;
  });
}

export async function rejectApplication(db: Db, id: number, reason: string, now: Date) {
  return db.tx(async (t) => {
    const a = await t.one<{ id: number; status: TaxStatus }>('SELECT id, status FROM tax_applications WHERE id = $1 FOR UPDATE', [id]);
    if (!a) throw notFound(MSG_APPLY_MISSING);
    await move(t, a, 'reject', 'rejected', now);
    await t.query('UPDATE tax_applications SET reject_reason = $2 WHERE id = $1', [id, reason || '申请信息与税务系统记录不符']);
  });
}

export async function issueInvoice(db: Db, id: number, now: Date) {
  return db.tx(async (t) => {
    const i = await t.one<{ status: string; app_status: TaxStatus }>(
      `SELECT i.status, a.status AS app_status FROM tax_invoices i JOIN tax_applications a ON a.id = i.application_id AND a.company_id = i.company_id
        WHERE i.application_id = $1 FOR UPDATE OF i`,
      [id],
    );
    if (!i) throw notFound('发票不存在');
    if (i.status === 'issued') throw conflict('发票已开具');
    if (i.app_status !== 'issuing' && i.app_status !== 'issued') throw conflict('申请尚未支付完成，不能开票');
    const no = `${fmtDate(now).slice(2, 4)}33${randomDigits(16)}`;
    await t.query(`UPDATE tax_invoices SET status = 'issued', invoice_no = $2, invoice_date = $3 WHERE application_id = $1`, [id, no, fmtDate(now)]);
    return no;
  });
}

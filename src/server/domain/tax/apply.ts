/**
 * The company's steps of an application: make it (from paid payout rows of a period), send it to
 * the check step or withdraw it, and 我已核对以上信息无误 → 待支付 (the order and the invoice).
 * Each answers the application as its page shows it (detail.ts).
 */
import type { Db } from '../../db/types';
import { conflict, badRequest } from '../../lib/refusal';
import { checkRows, createApplication, move, ownApplication, type CreateInput } from './applications';
import { applicationDetail } from './detail';
import { createInvoice } from './invoices';
import { newTaxOrderId } from './orders';
import { checkPeriod } from './paid-rows';
import type { TaxSeller } from './seller';

/** /tax/apply: the period and the 批量申请 rules, then the application (待提交 as a draft, else 待核对). */
export async function applyForTax(db: Db, companyId: number, userId: number, b: CreateInput, now: Date, origin: string) {
  checkPeriod(b.start, b.end, now);
  if (b.bulk && (b.mode !== 'batches' || b.start !== b.end)) throw badRequest('批量申请须选择同一税款所属期的发放批次');
  if (b.bulk && b.ids.length < 2) throw badRequest('批量申请请至少选择两个发放批次');
  const id = await db.tx((t) => createApplication(t, companyId, userId, b, now));
  return applicationDetail(db, companyId, id, origin);
}

/** 提交核对 (待提交 → 待核对) or 撤回 (its rows free again, an unpaid order closed). */
export async function actOnApplication(db: Db, companyId: number, id: number, action: 'prepare' | 'withdraw', now: Date, origin: string) {
  await db.tx(async (t) => {
    const a = await ownApplication(t, id, companyId, true);
    await move(t, a, action, action === 'prepare' ? 'checking' : 'withdrawn', now);
  });
  return applicationDetail(db, companyId, id, origin);
}

/**
 * 我已核对以上信息无误 → 待支付: only when every row still matches its payout row; the invoice from
 * the company's details (SPEC §5 rules) and the service fee's order are made with the move.
 */
export async function submitChecked(db: Db, companyId: number, id: number, now: Date, origin: string, seller: TaxSeller) {
  await db.tx(async (t) => {
    const a = await ownApplication(t, id, companyId, true);
    if (a.status !== 'checking') throw conflict('当前状态的申请不能提交核对');
    const rows = await checkRows(t, a.id);
    if (rows.length === 0 || rows.some((r) => !r.consistent)) throw conflict('存在与发放记录不一致的信息，请撤回后重新申请');
    // refuses missing or incomplete invoice details before the move (all in this transaction)
    await createInvoice(t, a, seller, now);
    await move(t, a, 'submit', 'unpaid', now);
    await t.query('UPDATE tax_applications SET checked_at = $2 WHERE id = $1', [a.id, now]);
    await t.query('INSERT INTO tax_orders (order_id, application_id, company_id, amount, created_at) VALUES ($1,$2,$3,$4,$5)', [
      newTaxOrderId(now),
      a.id,
      companyId,
      Number(a.fee),
      now,
    ]);
  });
  return applicationDetail(db, companyId, id, origin);
}

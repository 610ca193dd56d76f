/**
 * Opening the service (no tax flag needed: this is how a company gets it): any verified company's
 * administrator applies, the operator decides (operator page, sandbox), and the decision sets the
 * company's is_pay_taxe flag.
 */
import type { Db } from '../../db/types';
import { sealPii } from '../../lib/pii';
import { conflict, notFound } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';

export async function taxServiceOf(db: Db, c: { id: number; is_pay_taxe: boolean }) {
  const s = await db.one<{
    status: 'pending' | 'approved' | 'rejected';
    tax_office: string;
    contact_name: string;
    contact_phone_mask: string;
    reject_reason: string;
    applied_at: Date;
    decided_at: Date | null;
  }>('SELECT status, tax_office, contact_name, contact_phone_mask, reject_reason, applied_at, decided_at FROM tax_services WHERE company_id = $1', [c.id]);
  const co = await db.one<{ name: string; creditcode: string }>('SELECT name, creditcode FROM companies WHERE id = $1', [c.id]);
  return {
    status: s?.status ?? ('none' as const),
    is_pay_taxe: c.is_pay_taxe,
    company_name: co!.name,
    tax_no: co!.creditcode,
    tax_office: s?.tax_office ?? '',
    contact_name: s?.contact_name ?? '',
    contact_phone: s?.contact_phone_mask ?? '',
    reject_reason: s?.reject_reason ?? '',
    applied_at: s ? fmtDateTime(s.applied_at) : '',
    decided_at: s?.decided_at ? fmtDateTime(s.decided_at) : '',
  };
}

/**
 * The administrator's application (or, once approved, new contact data). `submitted`: it waits for
 * the operator now; false: the open service's data were saved.
 */
export async function applyForTaxService(
  db: Db,
  c: { id: number; is_pay_taxe: boolean },
  userId: number,
  b: { tax_office: string; contact_name: string; contact_phone: string },
  now: Date,
) {
  const phone = sealPii('mobile', b.contact_phone);
  const status = await db.tx(async (t) => {
    const s = await t.one<{ status: string }>('SELECT status FROM tax_services WHERE company_id = $1 FOR UPDATE', [c.id]);
    if (s?.status === 'pending') throw conflict('开通申请正在审核中，请耐心等待');
    // approved: the contact data are updated, the service stays open
    const next = s?.status === 'approved' && c.is_pay_taxe ? 'approved' : 'pending';
    await t.query(
      `INSERT INTO tax_services (company_id, status, tax_office, contact_name, contact_phone_enc, contact_phone_mask, applied_by, applied_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
       ON CONFLICT (company_id) DO UPDATE SET status = $2, tax_office = $3, contact_name = $4, contact_phone_enc = $5,
         contact_phone_mask = $6, applied_by = $7, applied_at = CASE WHEN $2 = 'pending' THEN $8 ELSE tax_services.applied_at END,
         reject_reason = CASE WHEN $2 = 'pending' THEN '' ELSE tax_services.reject_reason END`,
      [c.id, next, b.tax_office, b.contact_name, phone.enc, phone.mask, userId, now],
    );
    return next;
  });
  return { submitted: status === 'pending', service: await taxServiceOf(db, c) };
}

/** The operator's decision on a pending application: the company's tax flag follows it. */
export async function decideService(db: Db, companyId: number, pass: boolean, reason: string, now: Date) {
  return db.tx(async (t) => {
    const s = await t.one<{ status: string }>('SELECT status FROM tax_services WHERE company_id = $1 FOR UPDATE', [companyId]);
    if (!s) throw notFound('开通申请不存在');
    if (s.status !== 'pending') throw conflict('该开通申请已处理');
    await t.query('UPDATE tax_services SET status = $2, reject_reason = $3, decided_at = $4 WHERE company_id = $1', [
      companyId,
      pass ? 'approved' : 'rejected',
      pass ? '' : reason || '资料不完整，请核实后重新申请',
      now,
    ]);
    await t.query('UPDATE companies SET is_pay_taxe = $2 WHERE id = $1', [companyId, pass]);
  });
}

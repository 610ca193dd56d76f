/**
 * The platform's decisions on an application (the operator page, sandbox/tax.ts): record the day a
 * month's withheld tax reached the treasury (入库), issue the proof (number, date, 验真码 and its
 * PDF; only for tax in the treasury), reject it, issue its invoice.
 */
import { cnMonth, MONTH_RE, type TaxStatus } from '../../../contract/tax-rules';
import type { Db } from '../../db/types';
import { randomDigits } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { lockedApplication, MSG_APPLY_MISSING, move } from './applications';
import { issueProofFile } from './proof-file';
import type { TaxSeller } from './seller';

/**
 * 税款入库: the withheld tax of `period` reached the treasury on `date` (from the 电子缴款凭证
 * `voucher`). Only a finished month, a day after it and not in the future; a correction overwrites.
 */
export async function recordRemittance(db: Db, period: string, date: string, voucher: string, now: Date) {
  if (!MONTH_RE.test(period) || period > cnMonth(now, 1)) throw badRequest('请选择已结束的税款所属期');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw badRequest('请填写正确的入库日期');
  if (date.slice(0, 7) <= period) throw badRequest('入库日期应在税款所属期之后（次月申报入库）');
  if (date > fmtDate(now)) throw badRequest('入库日期不能晚于今天');
  await db.query(
    `INSERT INTO tax_remittances (period, treasury_date, voucher_no, recorded_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (period) DO UPDATE SET treasury_date = $2, voucher_no = $3, recorded_at = $4`,
    [period, date, voucher.slice(0, 60), now],
  );
}

/** Issues the proof of a paid application: every month it covers must be in the treasury. */
export async function issueProof(db: Db, id: number, now: Date, origin: string, seller: TaxSeller) {
  return db.tx(async (t) => {
    const a = await lockedApplication(t, id);
    if (!a) throw notFound(MSG_APPLY_MISSING);
    const waiting = await t.query<{ period: string }>(
      `SELECT DISTINCT x.period FROM tax_application_rows x LEFT JOIN tax_remittances m ON m.period = x.period
        WHERE x.application_id = $1 AND m.period IS NULL ORDER BY x.period`,
      [id],
    );
    if (a.status === 'issuing' && waiting.length)
      throw conflict(`税款所属期 ${waiting.map((w) => w.period).join('、')} 的税款尚未入库，入库后方可开具完税证明`);
    const no = `(${fmtDate(now).slice(0, 4)})浙税证${randomDigits(8)}`;
    await move(t, a, 'issue', 'issued', now);
    await t.query('UPDATE tax_applications SET proof_no = $2, proof_date = $3 WHERE id = $1', [id, no, fmtDate(now)]);
    await issueProofFile(t, a, no, fmtDate(now), origin, seller, now);
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

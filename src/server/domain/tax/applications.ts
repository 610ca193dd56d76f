/**
 * 完税服务 (issue 14): the company's applications and their rows, the consistency check against
 * payout_rows, and the status transitions every step goes through (`move`). Who may use the service
 * (member + tax flag, on every tax endpoint but the service opening) is access.ts taxCompany.
 * payout_* tables are only read.
 */
import { taxAllows, taxServiceFee, type TaxAction, type TaxStatus } from '../../../contract/tax-rules';
import type { Db } from '../../db/types';
import { randomDigits } from '../../lib/crypto';
import { pageSql, type Page } from '../../lib/page';
import { containsPattern } from '../../lib/search';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { paidRows, sumOf, type PaidRow } from './paid-rows';

export const MSG_APPLY_MISSING = '申请不存在';

export const newApplyNo = (now: Date) => `TX${fmtDateTime(now).replace(/\D/g, '')}${randomDigits(4)}`;

export interface CreateInput {
  start: string;
  end: string;
  mode: 'people' | 'batches';
  ids: number[];
  proof_type: 'table' | 'document';
  receive: 'download' | 'email';
  email: string;
  remark: string;
  draft: boolean;
  bulk: boolean;
}

/**
 * Makes an application of the chosen people's or batches' paid rows of the period, inside the
 * caller's transaction (the company row is locked: the rows' "not yet applied" check holds).
 * Used by /tax/apply and by the `tax` import type's commit. Answers the new id.
 */
export async function createApplication(t: Db, companyId: number, userId: number, b: CreateInput, now: Date): Promise<number> {
  await t.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
  const all = await paidRows(t, companyId, b.start, b.end);
  const want = new Set(b.ids);
  const key = (r: PaidRow) => (b.mode === 'people' ? r.worker_id : r.batch_id);
  const rows = all.filter((r) => want.has(key(r)));
  if (new Set(rows.map(key)).size !== want.size) {
    throw badRequest(b.mode === 'people' ? '所选人员在该税款所属期内没有可申请的发放记录' : '所选批次不属于该税款所属期或已申请过');
  }
  const heads = new Set(rows.map((r) => r.worker_id)).size;
  const income = sumOf(rows, 'income');
  const a = await t.one<{ id: number }>(
    `INSERT INTO tax_applications (company_id, apply_no, period_start, period_end, mode, bulk, proof_type, receive, email, remark, status,
       head_count, income, tax, invoiceable, fee, created_by, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$18) RETURNING id`,
    [
      companyId,
      newApplyNo(now),
      b.start,
      b.end,
      b.mode,
      b.bulk,
      b.proof_type,
      b.receive,
      b.email,
      b.remark,
      b.draft ? 'draft' : 'checking',
      heads,
      income,
      sumOf(rows, 'tax'),
      income + sumOf(rows, 'fee'),
      taxServiceFee(heads),
      userId,
      now,
    ],
  );
  for (const r of rows) {
    await t.query(
      `INSERT INTO tax_application_rows (application_id, company_id, payout_row_id, batch_id, worker_id, name, cert_no_mask, income, tax, fee, period, paid_date)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
      [a!.id, companyId, r.id, r.batch_id, r.worker_id, r.name, r.cert_no, r.income, r.tax, r.fee, r.period, r.paid_date],
    );
  }
  return a!.id;
}

export interface AppRow {
  id: number;
  company_id: number;
  apply_no: string;
  period_start: string;
  period_end: string;
  mode: 'people' | 'batches';
  bulk: boolean;
  proof_type: 'table' | 'document';
  receive: 'download' | 'email';
  email: string;
  remark: string;
  status: TaxStatus;
  head_count: number;
  income: string;
  tax: string;
  invoiceable: string;
  fee: string;
  reject_reason: string;
  proof_no: string;
  proof_date: string | null;
  verify_code: string | null;
  created_at: Date;
  invoice_status: 'pending' | 'issued' | null;
}
const APP_COLS = `a.id, a.company_id, a.apply_no, a.period_start, a.period_end, a.mode, a.bulk, a.proof_type, a.receive, a.email, a.remark,
  a.status, a.head_count, a.income::text, a.tax::text, a.invoiceable::text, a.fee::text, a.reject_reason, a.proof_no,
  to_char(a.proof_date, 'YYYY-MM-DD') AS proof_date, a.verify_code, a.created_at, i.status AS invoice_status`;
const APP_FROM = 'tax_applications a LEFT JOIN tax_invoices i ON i.application_id = a.id AND i.company_id = a.company_id';

export const itemOf = (a: AppRow) => ({
  id: a.id,
  apply_no: a.apply_no,
  created_at: fmtDateTime(a.created_at),
  period_start: a.period_start,
  period_end: a.period_end,
  head_count: a.head_count,
  income: Number(a.income),
  tax: Number(a.tax),
  invoiceable: Number(a.invoiceable),
  fee: Number(a.fee),
  proof_type: a.proof_type,
  receive: a.receive,
  email: a.email,
  remark: a.remark,
  status: a.status,
  bulk: a.bulk,
  reject_reason: a.reject_reason,
  proof_no: a.proof_no,
  proof_date: a.proof_date ?? '',
  verify_code: a.verify_code ?? '',
  invoice_status: a.invoice_status ?? ('none' as const),
});

/** The company's application; another company's id answers like a missing one. */
export async function ownApplication(db: Db, id: number, companyId: number, lock = false): Promise<AppRow> {
  const a = await db.one<AppRow>(
    lock
      ? `SELECT ${APP_COLS} FROM ${APP_FROM} WHERE a.id = $1 AND a.company_id = $2 FOR UPDATE OF a`
      : `SELECT ${APP_COLS} FROM ${APP_FROM} WHERE a.id = $1 AND a.company_id = $2`,
    [id, companyId],
  );
  if (!a) throw notFound(MSG_APPLY_MISSING);
  return a;
}

/** Any company's application, locked (the operator's decisions). */
export const lockedApplication = (db: Db, id: number) => db.one<AppRow>(`SELECT ${APP_COLS} FROM ${APP_FROM} WHERE a.id = $1 FOR UPDATE OF a`, [id]);

export async function listApplications(db: Db, companyId: number, q: Page & { keywords: string; status: string }) {
  const like = containsPattern(q.keywords);
  const where = `a.company_id = $1 AND ($2 = 'all' OR a.status = $2)
    AND ($3 = '%%' OR a.apply_no ILIKE $3 OR a.remark ILIKE $3
         OR EXISTS (SELECT 1 FROM tax_application_rows x WHERE x.application_id = a.id AND x.company_id = a.company_id AND x.name ILIKE $3))`;
  const args = [companyId, q.status, like];
  const listArgs = [...args];
  const list = await db.query<AppRow>(`SELECT ${APP_COLS} FROM ${APP_FROM} WHERE ${where} ORDER BY a.id DESC${pageSql(listArgs, q)}`, listArgs);
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${APP_FROM} WHERE ${where}`, args);
  const counts = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM tax_applications WHERE company_id = $1 GROUP BY status',
    [companyId],
  );
  return { list: list.map(itemOf), total: total?.n ?? 0, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}

/**
 * The check rows: each snapshot compared with its payout row as it is now (一致 / 不一致), with its
 * 入库日期 — the day its month's tax reached the treasury (tax_remittances), '' while it has not.
 */
export async function checkRows(db: Db, applicationId: number) {
  const rows = await db.query<{
    id: number;
    name: string;
    cert_no_mask: string;
    income: string;
    tax: string;
    period: string;
    paid_date: string;
    batch_no: string;
    now_status: string;
    now_amount: string;
    now_tax: string;
  }>(
    `SELECT x.id, x.name, x.cert_no_mask, x.income::text, x.tax::text, x.period, COALESCE(to_char(m.treasury_date, 'YYYY-MM-DD'), '') AS paid_date, b.batch_no,
            r.status AS now_status, r.amount::text AS now_amount, r.tax::text AS now_tax
       FROM tax_application_rows x JOIN payout_rows r ON r.id = x.payout_row_id AND r.company_id = x.company_id
       JOIN payout_batches b ON b.id = x.batch_id AND b.company_id = x.company_id
       LEFT JOIN tax_remittances m ON m.period = x.period
      WHERE x.application_id = $1 ORDER BY x.id`,
    [applicationId],
  );
  return rows.map((r) => {
    const problem =
      r.now_status !== 'success'
        ? r.now_status === 'bounced'
          ? '发放已退汇'
          : '发放状态已变更'
        : r.now_amount !== r.income
          ? '收入额与发放记录不一致'
          : r.now_tax !== r.tax
            ? '已扣税额与发放记录不一致'
            : '';
    return {
      id: r.id,
      name: r.name,
      cert_no: r.cert_no_mask,
      income: Number(r.income),
      tax: Number(r.tax),
      period: r.period,
      paid_date: r.paid_date,
      batch_no: r.batch_no,
      consistent: problem === '',
      problem,
    };
  });
}

/** Moves an application (compare-and-set on its status); refuses a transition the rules forbid. */
export async function move(db: Db, a: { id: number; status: TaxStatus }, action: TaxAction, next: TaxStatus, now: Date) {
  if (!taxAllows(a.status, action)) throw conflict('当前状态的申请不能执行该操作');
  const r = await db.query(`UPDATE tax_applications SET status = $3, updated_at = $4 WHERE id = $1 AND status = $2 RETURNING id`, [a.id, a.status, next, now]);
  if (r.length === 0) throw conflict('申请状态已变化，请刷新后重试');
  if (next === 'withdrawn' || next === 'rejected') {
    await db.query('UPDATE tax_application_rows SET live = false WHERE application_id = $1', [a.id]);
    await db.query(`UPDATE tax_orders SET status = 'closed' WHERE application_id = $1 AND status = 'unpaid'`, [a.id]);
  }
}

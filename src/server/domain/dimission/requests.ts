/**
 * Resignation requests (离职申请) as HR sees them: the row, the list with its status tabs and 催办
 * state, the urge notice's count and the audited 查看 of the sealed mobile (docs/pii.md: lists
 * carry masks). The review (同意/退回/交接) is in handover.ts, the employee's side in scan-page.ts.
 */
import { REQUEST_STATUS_CODES, type RequestStatus } from '../../../contract/dimission-rules';
import { leaveTypeLabel } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { type Page, pageSql, statusCounts } from '../../lib/page';
import { revealPii } from '../../lib/pii';
import { notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { argOf, type Hr, keywordFilter, missing } from './shared';
import { noUrge, urgedPage } from './urges';

export interface RequestRow {
  id: number;
  company_id: number;
  employee_name: string;
  mobile_enc: string | null;
  mobile_mask: string;
  id_card_enc: string | null;
  id_card_bidx: string | null;
  id_card_mask: string;
  dept_name: string;
  job_name: string;
  join_date: string | null;
  last_day: string | null;
  type: string;
  reason: string;
  submitted_at: Date;
  status: RequestStatus;
  reject_reason: string;
  handover_name: string;
  record_id: number | null;
}
export const REQ_COLS = `id, company_id, employee_name, mobile_enc, mobile_mask, id_card_enc, id_card_bidx, id_card_mask, dept_name, job_name,
  join_date, last_day, type, reason, submitted_at, status, reject_reason, handover_name, record_id`;

/** A request as HR's list shows it. */
export const requestItem = (r: RequestRow, u = noUrge) => ({
  id: r.id,
  employee_name: r.employee_name,
  mobile_mask: r.mobile_mask,
  has_id_card: r.id_card_enc !== null,
  dept_name: r.dept_name,
  job_name: r.job_name,
  join_date: r.join_date,
  last_day: r.last_day,
  type: r.type,
  type_label: leaveTypeLabel(r.type),
  reason: r.reason,
  submitted_at: fmtDateTime(r.submitted_at),
  status: r.status,
  reject_reason: r.reject_reason,
  handover_name: r.handover_name,
  record_id: r.record_id,
  ...u,
});

/** The company's request `id` (locked for an update when `lock`), else the refusal. */
export async function ownRequestRow(db: Db, id: number, companyId: number, lock = false): Promise<RequestRow> {
  const r = await db.one<RequestRow>(`SELECT ${REQ_COLS} FROM resignation_requests WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`, [
    id,
    companyId,
  ]);
  if (!r) throw missing('离职申请');
  return r;
}

/** SPEC §4 urge notice: the company's pending resignation requests. */
export async function pendingRequestCount(db: Db, companyId: number): Promise<number> {
  const row = await db.one<{ n: number }>(`SELECT count(*) AS n FROM resignation_requests WHERE company_id = $1 AND status = 'pending'`, [companyId]);
  return row?.n ?? 0;
}

/** One page of the company's requests (pending first), with the count of each status. */
export async function listRequests(db: Db, companyId: number, q: Page & { status: 'all' | RequestStatus; keywords?: string }, now: Date) {
  const args: unknown[] = [companyId];
  const arg = argOf(args);
  const where = ['company_id = $1'];
  const k = keywordFilter(q.keywords, 'employee_name', 'mobile_bidx', arg);
  if (k) where.push(k);
  const counts = statusCounts(
    REQUEST_STATUS_CODES,
    await db.query<{ status: string; n: number }>(`SELECT status, count(*) AS n FROM resignation_requests WHERE ${where.join(' AND ')} GROUP BY status`, args),
  );
  if (q.status !== 'all') where.push(`status = ${arg(q.status)}`);
  const rows = await db.query<RequestRow>(
    `SELECT ${REQ_COLS} FROM resignation_requests WHERE ${where.join(' AND ')}
      ORDER BY (status = 'pending') DESC, submitted_at DESC, id DESC${pageSql(args, q)}`,
    args,
  );
  return urgedPage(db, 'request', q, counts, rows, now, requestItem);
}

/** 查看 a request's mobile: audited. */
export async function revealRequestMobile(db: Db, hr: Hr, id: number, ip: string): Promise<{ value: string }> {
  const r = await ownRequestRow(db, id, hr.company.id);
  if (!r.mobile_enc) throw notFound('该申请没有手机号');
  const value = await revealPii(
    db,
    r.mobile_enc,
    { userId: hr.userId, companyId: hr.company.id, field: 'mobile', reason: '查看离职申请手机号', ip },
    {
      type: 'resignation_request',
      id: r.id,
      name: r.employee_name,
      mask: r.mobile_mask,
      label: `离职申请 · 提交于 ${fmtDate(r.submitted_at)}`,
    },
  );
  return { value };
}

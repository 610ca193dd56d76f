/**
 * Departure records (离职记录): one per person and leave date, from a resignation request, HR's
 * typing or an import; the list with each record's latest proof, 档案/社保 transfer done, and the
 * audited 查看 of the sealed ID number and mobile (docs/pii.md).
 */
import type { ProofStatus } from '../../../contract/dimission-rules';
import { leaveTypeLabel } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { cappedCount, keyset, type Keyset, type Page, pageFields } from '../../lib/page';
import { revealPii, type Sealed } from '../../lib/pii';
import { conflict, notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { MSG_RECORD_ANONYMISED } from '../accounts/retention-rules';
import { argOf, dt, type Hr, isOverdue, keywordFilter, type KeywordQuery, missing, transferDaysLeft } from './shared';

export interface RecordInput {
  companyId: number;
  source: 'request' | 'manual';
  requestId?: number | null;
  name: string;
  idCard: Sealed;
  mobile: Sealed | null;
  deptName: string;
  jobName: string;
  entryDate: string;
  leaveDate: string;
  contractStart?: string | null;
  contractEnd?: string | null;
  openEnded?: boolean;
  leaveType: string;
  legalBasis: string;
  createdBy: number;
}
/** Inserts a departure record; the same person and leave date twice is refused (unique index). */
export async function insertRecord(db: Db, r: RecordInput, now: Date): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO departure_records (company_id, source, request_id, name, id_card_enc, id_card_bidx, id_card_mask,
       mobile_enc, mobile_bidx, mobile_mask, dept_name, job_name, entry_date, leave_date, contract_start, contract_end,
       contract_open_ended, leave_type, legal_basis, created_by, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21)
     ON CONFLICT (company_id, id_card_bidx, leave_date) DO NOTHING RETURNING id`,
    [
      r.companyId,
      r.source,
      r.requestId ?? null,
      r.name,
      r.idCard.enc,
      r.idCard.bidx,
      r.idCard.mask,
      r.mobile?.enc ?? null,
      r.mobile?.bidx ?? null,
      r.mobile?.mask ?? '',
      r.deptName,
      r.jobName,
      r.entryDate,
      r.leaveDate,
      r.contractStart || null,
      r.contractEnd || null,
      r.openEnded ?? false,
      r.leaveType,
      r.legalBasis,
      r.createdBy,
      now,
    ],
  );
  if (!row) throw conflict('该员工在此离职日期已有离职记录');
  return row.id;
}

/** The sealed mobile of a record (its proof's SMS goes there). */
export async function recordMobile(db: Db, recordId: number): Promise<string | null> {
  return (await db.one<{ mobile_enc: string | null }>('SELECT mobile_enc FROM departure_records WHERE id = $1', [recordId]))?.mobile_enc ?? null;
}

export interface RecordListRow {
  id: number;
  source: 'import' | 'request' | 'manual';
  name: string;
  id_card_mask: string;
  mobile_mask: string;
  dept_name: string;
  job_name: string;
  entry_date: string;
  leave_date: string;
  leave_type: string;
  legal_basis: string;
  transfer_done_at: Date | null;
  created_at: Date;
  proof_id: number | null;
  proof_status: ProofStatus | null;
  proof_serial: string | null;
}

/** The records of the company matching `keywords`: the WHERE clause, its arguments pushed onto `args` (the company first). */
function recordsWhere(companyId: number, keywords: KeywordQuery | undefined, args: unknown[]): string {
  args.push(companyId);
  const where = ['r.company_id = $1'];
  const kw = keywordFilter(keywords, 'r.name', 'r.mobile_bidx', argOf(args));
  if (kw) where.push(kw);
  return where.join(' AND ');
}

/** How many records match (exactly: the export's row count). */
export async function countRecords(db: Db, companyId: number, keywords: KeywordQuery | undefined): Promise<number> {
  const args: unknown[] = [];
  return (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM departure_records r WHERE ${recordsWhere(companyId, keywords, args)}`, args))!.n;
}

/**
 * The company's records matching `keywords`, newest departure first: one page (keyset on the
 * departure day and id), with the count capped unless `counted` is false (the export's batches).
 */
export async function recordRows(db: Db, companyId: number, keywords: KeywordQuery | undefined, page: Page & Keyset, counted = true) {
  const args: unknown[] = [];
  const where = recordsWhere(companyId, keywords, args);
  const count = counted ? await cappedCount(db, `SELECT 1 FROM departure_records r WHERE ${where}`, args) : { total: 0, total_more: false };
  const k = keyset(args, page, [
    { sql: 'r.leave_date', kind: 'date' },
    { sql: 'r.id', kind: 'int' },
  ]);
  const got = await db.query<RecordListRow>(
    `SELECT r.id${k.select}, r.source, r.name, r.id_card_mask, r.mobile_mask, r.dept_name, r.job_name, r.entry_date, r.leave_date, r.leave_type,
            r.legal_basis, r.transfer_done_at, r.created_at, p.id AS proof_id, p.status AS proof_status, p.serial AS proof_serial
       FROM departure_records r
       LEFT JOIN LATERAL (SELECT id, status, serial FROM departure_proofs WHERE record_id = r.id AND company_id = r.company_id ORDER BY (status <> 'void') DESC, id DESC LIMIT 1) p ON true
      WHERE ${where}${k.cond}${k.order}${k.limit}`,
    args,
  );
  return { ...count, ...k.rows(got) };
}

export const recordItem = (r: RecordListRow, today: string) => ({
  id: r.id,
  source: r.source,
  name: r.name,
  id_card_mask: r.id_card_mask,
  mobile_mask: r.mobile_mask,
  dept_name: r.dept_name,
  job_name: r.job_name,
  entry_date: r.entry_date,
  leave_date: r.leave_date,
  leave_type_label: leaveTypeLabel(r.leave_type),
  legal_basis: r.legal_basis,
  proof: r.proof_id ? { id: r.proof_id, status: r.proof_status!, serial: r.proof_serial ?? '' } : null,
  overdue: isOverdue(r.proof_status === 'void' ? null : r.proof_status, r.leave_date, today),
  transfer_days_left: r.transfer_done_at ? null : transferDaysLeft(r.leave_date, today),
  transfer_done_at: dt(r.transfer_done_at),
  created_at: fmtDateTime(r.created_at),
});

/** One page of the company's records. */
export async function listRecords(db: Db, companyId: number, q: Page & Keyset & { keywords?: string }, now: Date) {
  const { total, total_more, rows, next, prev } = await recordRows(db, companyId, q.keywords, q);
  const today = fmtDate(now);
  return { ...pageFields(q, total), total_more, next, prev, list: rows.map((r) => recordItem(r, today)) };
}

/** 档案及社保转移已办结: the 15-day reminder stops (the first time counts). */
export async function markTransferDone(db: Db, companyId: number, id: number, now: Date): Promise<{ transfer_done_at: string }> {
  const r = await db.one<{ transfer_done_at: Date | null }>(
    'UPDATE departure_records SET transfer_done_at = coalesce(transfer_done_at, $3) WHERE id = $1 AND company_id = $2 RETURNING transfer_done_at',
    [id, companyId, now],
  );
  if (!r) throw missing('离职记录');
  return { transfer_done_at: fmtDateTime(r.transfer_done_at!) };
}

/** How the audit trail names a departure record (the name and mask go in their own columns). */
export const recordLabel = (leaveDate: string) => `离职记录 · 离职日期 ${leaveDate}`;

/**
 * 查看 a record's ID number or mobile, for a stated purpose (查看原因): audited with it and the
 * person's name; an anonymised record has neither value.
 */
export async function revealRecord(db: Db, hr: Hr, id: number, field: 'id_card' | 'mobile', reason: string, ip: string): Promise<{ value: string }> {
  const r = await db.one<{
    id: number;
    name: string;
    leave_date: string;
    id_card_enc: string | null;
    id_card_mask: string;
    mobile_enc: string | null;
    mobile_mask: string;
    anonymised: boolean;
  }>(
    `SELECT id, name, leave_date, id_card_enc, id_card_mask, mobile_enc, mobile_mask, anonymised_at IS NOT NULL AS anonymised
       FROM departure_records WHERE id = $1 AND company_id = $2`,
    [id, hr.company.id],
  );
  if (!r) throw missing('离职记录');
  if (r.anonymised) throw notFound(MSG_RECORD_ANONYMISED);
  const sealed = field === 'id_card' ? r.id_card_enc : r.mobile_enc;
  if (!sealed) throw notFound('该记录没有手机号');
  const value = await revealPii(
    db,
    sealed,
    { userId: hr.userId, companyId: hr.company.id, field, reason, ip },
    {
      type: 'departure_record',
      id: r.id,
      name: r.name,
      mask: field === 'id_card' ? r.id_card_mask : r.mobile_mask,
      label: recordLabel(r.leave_date),
    },
  );
  return { value };
}

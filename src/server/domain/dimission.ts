/**
 * Departure handling (issue 11): the rules the routes, the seed and the resume's proof image
 * share — who may act, record and proof creation, the serial, the area's text messages, urging
 * once a day, and the CRC rules (docs/decisions.md → 离职办理).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  addDaysTo,
  basisOfLeaveType,
  daysBetween,
  legalBasisLabel,
  proofDocument,
  tenureText,
  type ProofFacts,
} from '../../contract/dimission-rules';
import { maskIdCard } from '../../contract/person';
import type { Db } from '../db/types';
import { enqueueSmsNotice } from '../jobs/sms';
import { Refusal, conflict, notFound, tooMany } from '../lib/refusal';
import { Code } from '../../contract/codes';
import { blindIndex, decryptPii, type Sealed } from '../lib/pii';
import { fmtDate, fmtDateTime } from '../lib/time';
import { MSG_RECORD_ANONYMISED } from './accounts/retention-rules';

export const MSG_URGED_TODAY = '今日已催办，请明天再试';
export const MSG_OVERDUE = '已超过离职日期，请尽快出具离职证明';
export const MSG_NO_CRC = 'CRC积分不足，是否前往充值/开通会员？';
/** Days the employer has for the 档案/社保 transfer after the departure (art. 50). */
export const TRANSFER_DAYS = 15;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newLinkToken = () => randomBytes(18).toString('base64url');

/** `%`, `_` and `\` taken literally in ILIKE. */
export const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The breadcrumb search: a name fragment, or a whole mobile through its blind index (a mobile is
 * never stored in plain text, so it can only be matched whole).
 */
export function keywordFilter(keywords: string | undefined, nameCol: string, bidxCol: string, arg: (v: unknown) => string): string | null {
  const k = (keywords ?? '').replace(/\s+/g, '');
  if (!k) return null;
  if (/^1[3-9]\d{9}$/.test(k)) return `${bidxCol} = ${arg(blindIndex('mobile', k))}`;
  return `${nameCol} ILIKE ${arg(like(k))}`;
}

/** Same answer for a missing object and another company's (no probing of ids). */
export const missing = (what: string) => notFound(`${what}不存在`);

// --- text messages ---------------------------------------------------------------------------------

/** The area's SMS gateway: the outbox the sandbox inbox reads (GET /sandbox/dimission/sms). */
export async function sendAreaSms(db: Db, companyId: number, mobileEnc: string | null, kind: string, body: string, now: Date): Promise<boolean> {
  if (!mobileEnc) return false;
  const mobile = decryptPii(mobileEnc);
  await db.query(
    'INSERT INTO dimission_sms (company_id, mobile_bidx, mobile_mask, kind, body, sent_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [companyId, blindIndex('mobile', mobile), `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, kind, body, now],
  );
  // production: delivered by the durable `sms-send` job (jobs/sms.ts) once this transaction commits
  await enqueueSmsNotice(db, mobileEnc, body);
  return true;
}

// --- urging -------------------------------------------------------------------------------------------

export interface UrgeInfo {
  last_urged_at: string | null;
  urged_today: boolean;
}
/** last urge time and whether today's urge was used, per target id */
export async function urgeInfo(db: Db, type: 'request' | 'proof', ids: number[], now: Date): Promise<Map<number, UrgeInfo>> {
  const out = new Map<number, UrgeInfo>();
  if (!ids.length) return out;
  const rows = await db.query<{ target_id: number; last: Date; today: boolean }>(
    `SELECT target_id, max(sent_at) AS last, bool_or(china_day = $3::date) AS today
       FROM dimission_urges WHERE target_type = $1 AND target_id = ANY ($2::int[]) GROUP BY target_id`,
    [type, ids, fmtDate(now)],
  );
  for (const r of rows) out.set(r.target_id, { last_urged_at: fmtDateTime(r.last), urged_today: r.today });
  return out;
}
export const noUrge: UrgeInfo = { last_urged_at: null, urged_today: false };

/** Records today's urge of one item; the unique key refuses a second one the same China day. */
export async function recordUrge(db: Db, companyId: number, type: 'request' | 'proof', id: number, userId: number, now: Date): Promise<void> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO dimission_urges (company_id, target_type, target_id, china_day, sent_by, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (target_type, target_id, china_day) DO NOTHING RETURNING id`,
    [companyId, type, id, fmtDate(now), userId, now],
  );
  if (!row) throw tooMany(MSG_URGED_TODAY);
}

// --- CRC (SPEC §3 configure; decisions.md) --------------------------------------------------------

async function crcValue(db: Db, key: string): Promise<number> {
  return (await db.one<{ value: number }>('SELECT value FROM crc_configure WHERE key = $1', [key]))?.value ?? 0;
}
async function crcMove(db: Db, companyId: number, delta: number, reason: string, ref: string, now: Date): Promise<void> {
  if (delta === 0) return;
  const row = await db.one<{ crc_balance: number }>(
    'UPDATE companies SET crc_balance = crc_balance + $2 WHERE id = $1 AND crc_balance + $2 >= 0 RETURNING crc_balance',
    [companyId, delta],
  );
  if (!row) throw new Refusal(Code.FORBIDDEN, MSG_NO_CRC);
  await db.query('INSERT INTO crc_ledger (company_id, delta, balance_after, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    companyId, delta, row.crc_balance, reason, ref, now,
  ]);
}
/** op_leave: processing a departure online (同意 a resignation request) costs CRC. */
export async function spendOpLeave(db: Db, companyId: number, requestId: number, now: Date): Promise<void> {
  await crcMove(db, companyId, -(await crcValue(db, 'op_leave')), '办理离职', `LZSQ${requestId}`, now);
}
/**
 * A departure record earns company_staff_leave_1 when HR creates it (request or manual); its first
 * issued proof raises what the record earned to company_staff_leave_2. Imported records earn on
 * their first proof only (an import of old departures is not a new record of HR's work).
 */
export async function earnForRecord(db: Db, companyId: number, recordId: number, withProof: boolean, now: Date): Promise<void> {
  const ref = `LZJL${recordId}`;
  const earned = (await db.one<{ n: number }>('SELECT coalesce(sum(delta), 0)::int AS n FROM crc_ledger WHERE company_id = $1 AND ref = $2', [companyId, ref]))!.n;
  const target = await crcValue(db, withProof ? 'company_staff_leave_2' : 'company_staff_leave_1');
  if (target > earned) await crcMove(db, companyId, target - earned, withProof ? '员工离职记录（含离职证明）' : '员工离职记录（普通）', ref, now);
}

// --- records and proofs -----------------------------------------------------------------------------

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
      r.companyId, r.source, r.requestId ?? null, r.name, r.idCard.enc, r.idCard.bidx, r.idCard.mask,
      r.mobile?.enc ?? null, r.mobile?.bidx ?? null, r.mobile?.mask ?? '', r.deptName, r.jobName, r.entryDate, r.leaveDate,
      r.contractStart || null, r.contractEnd || null, r.openEnded ?? false, r.leaveType, r.legalBasis, r.createdBy, now,
    ],
  );
  if (!row) throw conflict('该员工在此离职日期已有离职记录');
  return row.id;
}

interface RecordRow {
  id: number;
  company_id: number;
  name: string;
  /** null once anonymised by the retention job (domain/retention.ts) */
  id_card_enc: string | null;
  id_card_mask: string;
  job_name: string;
  entry_date: string;
  leave_date: string;
  contract_start: string | null;
  contract_end: string | null;
  contract_open_ended: boolean;
  leave_type: string;
  legal_basis: string;
}

/** A draft proof (待出具) filled from a record; one live proof per record. */
export async function draftFromRecord(db: Db, companyId: number, recordId: number, userId: number, now: Date, replaces: number | null = null): Promise<number> {
  const r = await db.one<RecordRow>(
    `SELECT id, company_id, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date, contract_start, contract_end,
            contract_open_ended, leave_type, legal_basis FROM departure_records WHERE id = $1 AND company_id = $2`,
    [recordId, companyId],
  );
  if (!r) throw missing('离职记录');
  if (!r.id_card_enc) throw conflict(MSG_RECORD_ANONYMISED);
  const live = await db.one('SELECT 1 FROM departure_proofs WHERE record_id = $1 AND status <> $2', [recordId, 'void']);
  if (live) throw conflict('该离职记录已有离职证明，请在离职证明中处理');
  const company = (await db.one<{ name: string }>('SELECT name FROM companies WHERE id = $1', [companyId]))!;
  const row = await db.one<{ id: number }>(
    `INSERT INTO departure_proofs (company_id, record_id, replaces_id, name, id_card_enc, id_card_mask, job_name, entry_date,
       leave_date, contract_start, contract_end, contract_open_ended, tenure_text, legal_basis, company_name, created_by,
       created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$17) RETURNING id`,
    [
      companyId, recordId, replaces, r.name, r.id_card_enc, r.id_card_mask, r.job_name, r.entry_date, r.leave_date,
      r.contract_start ?? r.entry_date, r.contract_end, r.contract_open_ended, tenureText(r.entry_date, r.leave_date),
      r.legal_basis || basisOfLeaveType(r.leave_type), company.name, userId, now,
    ],
  );
  return row!.id;
}

/** The serial of an issued proof: LZ + issue day + the proof's id (unique; a reissue gets a new one). */
export const proofSerial = (issueDay: string, id: number) => `LZ${issueDay.replaceAll('-', '')}${String(id).padStart(6, '0')}`;

export interface ProofRow {
  id: number;
  company_id: number;
  record_id: number;
  status: 'draft' | 'issued' | 'viewed' | 'void';
  serial: string | null;
  name: string;
  /** null once anonymised by the retention job (domain/retention.ts) */
  id_card_enc: string | null;
  id_card_mask: string;
  job_name: string;
  entry_date: string;
  leave_date: string;
  contract_start: string | null;
  contract_end: string | null;
  contract_open_ended: boolean;
  tenure_text: string;
  legal_basis: string;
  print_reason: boolean;
  non_compete: string;
  company_name: string;
  issue_date: string | null;
  issued_at: Date | null;
  viewed_at: Date | null;
  voided_at: Date | null;
  void_reason: string;
}
export const PROOF_COLS = `id, company_id, record_id, status, serial, name, id_card_enc, id_card_mask, job_name, entry_date,
  leave_date, contract_start, contract_end, contract_open_ended, tenure_text, legal_basis, print_reason, non_compete,
  company_name, issue_date, issued_at, viewed_at, voided_at, void_reason`;

/** The template's facts of a proof row; `idCard` is what this reader may see. */
export function factsOf(p: ProofRow, idCard: string, today: string): ProofFacts {
  return {
    name: p.name,
    id_card: idCard,
    job_name: p.job_name,
    entry_date: p.entry_date,
    leave_date: p.leave_date,
    contract_start: p.contract_start,
    contract_end: p.contract_end,
    contract_open_ended: p.contract_open_ended,
    tenure_text: p.tenure_text,
    legal_basis: p.legal_basis,
    print_reason: p.print_reason,
    non_compete: p.non_compete,
    company_name: p.company_name,
    issue_date: p.issue_date ?? today,
    serial: p.serial ?? '',
  };
}

/** Overdue: not issued and the departure date has passed (the proof is due on that date). */
export const isOverdue = (status: string | null, leaveDate: string, today: string) => (status === null || status === 'draft') && leaveDate < today;
/** Days left of the 15-day 档案/社保 transfer; null once more than 30 days past (no longer shown). */
export function transferDaysLeft(leaveDate: string, today: string): number | null {
  const left = daysBetween(today, addDaysTo(leaveDate, TRANSFER_DAYS));
  return left < -30 ? null : left;
}

/** For a third party (a resume reader): the template with the ID number masked (none once anonymised). */
export const thirdPartyDocument = (p: ProofRow, today: string) =>
  proofDocument(factsOf(p, p.id_card_enc ? maskIdCard(decryptPii(p.id_card_enc)) : '', today));

export { legalBasisLabel };

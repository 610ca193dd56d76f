/**
 * Departure proofs (离职证明): the row, the draft made from a record (one live proof per record),
 * the serial, the template's facts, and reading them — HR's list and audited preview, the
 * employee's link (proof-links.ts), a third party's masked copy (the resume's image, proof-image.ts).
 */
import {
  basisOfLeaveType,
  PROOF_STATUS_CODES,
  proofDocument,
  tenureText,
  verifyUrl,
  type ProofFacts,
  type ProofStatus,
} from '../../../contract/dimission-rules';
import { maskIdCard } from '../../../contract/person';
import type { Db } from '../../db/types';
import { type Page, pageSql, statusCounts } from '../../lib/page';
import { decryptPii } from '../../lib/pii';
import { conflict } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { MSG_RECORD_ANONYMISED } from '../accounts/retention-rules';
import { argOf, dt, isOverdue, keywordFilter, missing, transferDaysLeft } from './shared';
import { urgedPage } from './urges';

export interface ProofRow {
  id: number;
  company_id: number;
  record_id: number;
  status: ProofStatus;
  serial: string | null;
  name: string;
  /** null once anonymised by the retention job (domain/accounts/retention-*.ts) */
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
  /** the 验真码 of an issued proof (null on drafts and on proofs issued before issue 30 until first needed) */
  verify_code: string | null;
  early_reason: string;
  seal_kind: 'none' | 'electronic';
}
export const PROOF_COLS = `id, company_id, record_id, status, serial, name, id_card_enc, id_card_mask, job_name, entry_date,
  leave_date, contract_start, contract_end, contract_open_ended, tenure_text, legal_basis, print_reason, non_compete,
  company_name, issue_date, issued_at, viewed_at, voided_at, void_reason, verify_code, early_reason, seal_kind`;
/** PROOF_COLS of the proof row aliased `p` (joins). */
export const PROOF_COLS_P = PROOF_COLS.split(',')
  .map((c) => `p.${c.trim()}`)
  .join(', ');

/** The company's proof `id` (locked for an update when `lock`), else the refusal. */
export async function ownProofRow(db: Db, id: number, companyId: number, lock = false): Promise<ProofRow> {
  const p = await db.one<ProofRow>(`SELECT ${PROOF_COLS} FROM departure_proofs WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, companyId]);
  if (!p) throw missing('离职证明');
  return p;
}

/** The serial of an issued proof: LZ + issue day + the proof's id (unique; a reissue gets a new one). */
export const proofSerial = (issueDay: string, id: number) => `LZ${issueDay.replaceAll('-', '')}${String(id).padStart(6, '0')}`;

/** The record's columns a draft copies (a proof row holds them under the same names), and its leave type. */
type DraftSource = Pick<
  ProofRow,
  | 'id'
  | 'company_id'
  | 'name'
  | 'id_card_enc'
  | 'id_card_mask'
  | 'job_name'
  | 'entry_date'
  | 'leave_date'
  | 'contract_start'
  | 'contract_end'
  | 'contract_open_ended'
  | 'legal_basis'
> & { leave_type: string };

/** A draft proof (待出具) filled from a record; one live proof per record. */
export async function draftFromRecord(db: Db, companyId: number, recordId: number, userId: number, now: Date, replaces: number | null = null): Promise<number> {
  const r = await db.one<DraftSource>(
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
      companyId,
      recordId,
      replaces,
      r.name,
      r.id_card_enc,
      r.id_card_mask,
      r.job_name,
      r.entry_date,
      r.leave_date,
      r.contract_start ?? r.entry_date,
      r.contract_end,
      r.contract_open_ended,
      tenureText(r.entry_date, r.leave_date),
      r.legal_basis || basisOfLeaveType(r.leave_type),
      company.name,
      userId,
      now,
    ],
  );
  return row!.id;
}

/**
 * The template's facts of a proof row; `idCard` is what this reader may see, `origin` where the
 * 验真 page is (the QR). A draft states what it would state if issued today: the years of service
 * computed from its dates (issue 30 item 2), today's date; an issued proof states what it was
 * issued with.
 */
export function factsOf(p: ProofRow, idCard: string, today: string, origin = ''): ProofFacts {
  const draft = p.status === 'draft';
  return {
    name: p.name,
    id_card: idCard,
    job_name: p.job_name,
    entry_date: p.entry_date,
    leave_date: p.leave_date,
    contract_start: p.contract_start,
    contract_end: p.contract_end,
    contract_open_ended: p.contract_open_ended,
    tenure_text: draft ? tenureText(p.entry_date, p.leave_date) : p.tenure_text,
    legal_basis: p.legal_basis,
    print_reason: p.print_reason,
    non_compete: p.non_compete,
    company_name: p.company_name,
    issue_date: draft ? today : (p.issue_date ?? today),
    serial: p.serial ?? '',
    verify_code: p.verify_code ?? '',
    verify_url: p.verify_code && origin ? verifyUrl(origin, p.verify_code) : '',
  };
}

/** For a third party (a resume reader): the template with the ID number masked (none once anonymised). */
export const thirdPartyDocument = (p: ProofRow, today: string) => proofDocument(factsOf(p, p.id_card_enc ? maskIdCard(decryptPii(p.id_card_enc)) : '', today));

export const proofDetail = (p: ProofRow, idCard: string, today: string, origin: string) => {
  const f = factsOf(p, idCard, today, origin);
  return {
    ...f,
    verify_code: f.verify_code ?? '',
    verify_url: f.verify_url ?? '',
    id: p.id,
    record_id: p.record_id,
    status: p.status,
    id_card_mask: p.id_card_mask,
    issued_at: dt(p.issued_at),
    viewed_at: dt(p.viewed_at),
    early_reason: p.early_reason,
    seal_kind: p.seal_kind,
  };
};

/** How the audit trail names a proof: its serial (or 草稿) and which departure (the name has its own column). */
export const proofLabel = (p: Pick<ProofRow, 'serial' | 'leave_date'>) => `离职证明 ${p.serial || '（草稿）'} · 离职日期 ${p.leave_date}`;

/** One page of the company's proofs (drafts first), with the count of each status. */
export async function listProofs(db: Db, companyId: number, q: Page & { status: 'all' | ProofStatus; keywords?: string }, now: Date) {
  const today = fmtDate(now);
  const args: unknown[] = [companyId];
  const arg = argOf(args);
  const where = ['p.company_id = $1'];
  const k = keywordFilter(q.keywords, 'p.name', 'r.mobile_bidx', arg);
  if (k) where.push(k);
  const from = 'FROM departure_proofs p JOIN departure_records r ON r.id = p.record_id AND r.company_id = p.company_id';
  const counts = statusCounts(
    PROOF_STATUS_CODES,
    await db.query<{ status: string; n: number }>(`SELECT p.status, count(*) AS n ${from} WHERE ${where.join(' AND ')} GROUP BY p.status`, args),
  );
  if (q.status !== 'all') where.push(`p.status = ${arg(q.status)}`);
  const rows = await db.query<ProofRow & { transfer_done: boolean; view_count: number; sealing: boolean }>(
    `SELECT ${PROOF_COLS_P}, r.transfer_done_at IS NOT NULL AS transfer_done,
      EXISTS (SELECT 1 FROM proof_seal_flows s WHERE s.proof_id = p.id AND s.company_id = p.company_id AND s.status IN ('creating', 'signing')) AS sealing,
      (SELECT count(*)::int FROM proof_link_opens o WHERE o.proof_id = p.id AND o.company_id = p.company_id) AS view_count
      ${from} WHERE ${where.join(' AND ')}
      ORDER BY (p.status = 'draft') DESC, p.id DESC${pageSql(args, q)}`,
    args,
  );
  return urgedPage(db, 'proof', q, counts, rows, now, (p, urge) => ({
    id: p.id,
    record_id: p.record_id,
    serial: p.serial ?? '',
    name: p.name,
    id_card_mask: p.id_card_mask,
    job_name: p.job_name,
    leave_date: p.leave_date,
    status: p.status,
    issued_at: dt(p.issued_at),
    viewed_at: dt(p.viewed_at),
    view_count: p.view_count,
    void_reason: p.void_reason,
    overdue: isOverdue(p.status, p.leave_date, today),
    transfer_days_left: p.status === 'void' || p.transfer_done ? null : transferDaysLeft(p.leave_date, today),
    seal: p.seal_kind === 'electronic' ? ('sealed' as const) : p.sealing ? ('sealing' as const) : ('none' as const),
    ...urge,
  }));
}

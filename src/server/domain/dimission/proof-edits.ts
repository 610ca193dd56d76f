/**
 * HR's work on departure proofs: a draft from a record or typed in (填写), editing a draft,
 * 确认出具 (serial, the employee's SMS link, CRC), 作废, 重新出具 and 催办. An issued proof is never
 * edited: it is voided and reissued with a new serial.
 */
import type { z } from 'zod';
import type { ProofDraftBody, ProofManualBody } from '../../../contract/dimission';
import { dateProblem, isDate } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { sealPii } from '../../lib/pii';
import { badRequest, conflict } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { earnForRecord } from './crc';
import { draftFromRecord, ownProofRow, proofSerial, type ProofRow } from './proofs';
import { insertRecord, recordMobile } from './records';
import { newProofLink } from './proof-links';
import { type Hr, idCardOf, neutral, smsSign } from './shared';
import { sendNotice } from '../notices';
import { recordUrge } from './urges';

type ProofFields = z.output<typeof ProofDraftBody>;
type Saved = { id: number; status: ProofRow['status']; serial: string };

/** The editable facts' rules: the dates agree, a valid issue date, no evaluative words. */
function checkFields(f: ProofFields) {
  const open = f.contract_open_ended === '1';
  const problem = dateProblem({
    entry_date: f.entry_date,
    leave_date: f.leave_date,
    contract_start: f.contract_start,
    contract_end: f.contract_end,
    contract_open_ended: open,
  });
  if (problem) throw badRequest(problem);
  if (f.issue_date && !isDate(f.issue_date)) throw badRequest('请选择正确的出具日期');
  neutral(f.job_name, f.non_compete);
  return { open, end: open ? null : f.contract_end! };
}

/** 出具离职证明 for a record without a live proof: a draft filled from the record. */
export async function draftProofFromRecord(db: Db, hr: Hr, recordId: number, now: Date): Promise<Saved> {
  const id = await db.tx((t) => draftFromRecord(t, hr.company.id, recordId, hr.userId, now));
  return { id, status: 'draft', serial: '' };
}

/** 填写: a departure typed in by HR becomes a record (source manual) with a draft proof. */
export async function createManualProof(db: Db, hr: Hr, body: z.output<typeof ProofManualBody>, now: Date): Promise<Saved> {
  const c = hr.company;
  const { open, end } = checkFields(body);
  neutral(body.dept_name);
  const idCard = sealPii('id_card', idCardOf(body.id_card, now));
  const id = await db.tx(async (t) => {
    const recordId = await insertRecord(
      t,
      {
        companyId: c.id,
        source: 'manual',
        name: body.name,
        idCard,
        mobile: body.mobile ? sealPii('mobile', body.mobile) : null,
        deptName: body.dept_name,
        jobName: body.job_name,
        entryDate: body.entry_date,
        leaveDate: body.leave_date,
        contractStart: body.contract_start,
        contractEnd: end,
        openEnded: open,
        leaveType: body.leave_type,
        legalBasis: body.legal_basis,
        createdBy: hr.userId,
      },
      now,
    );
    await earnForRecord(t, c.id, recordId, false, now);
    const proofId = await draftFromRecord(t, c.id, recordId, hr.userId, now);
    await t.query('UPDATE departure_proofs SET tenure_text = $2, print_reason = $3, non_compete = $4, issue_date = $5 WHERE id = $1', [
      proofId,
      body.tenure_text,
      body.print_reason === '1',
      body.non_compete,
      body.issue_date || null,
    ]);
    return proofId;
  });
  return { id, status: 'draft', serial: '' };
}

/** Edits a draft (待出具); issued proofs are voided and reissued instead. */
export async function saveDraftProof(db: Db, hr: Hr, id: number, body: ProofFields, now: Date): Promise<Saved> {
  const { open, end } = checkFields(body);
  await db.tx(async (t) => {
    const p = await ownProofRow(t, id, hr.company.id, true);
    if (p.status !== 'draft') throw conflict('已出具的离职证明不能修改，请作废后重新出具');
    await t.query(
      `UPDATE departure_proofs SET job_name = $2, entry_date = $3, leave_date = $4, contract_start = $5, contract_end = $6,
         contract_open_ended = $7, tenure_text = $8, legal_basis = $9, print_reason = $10, non_compete = $11, issue_date = $12,
         updated_at = $13 WHERE id = $1`,
      [
        p.id,
        body.job_name,
        body.entry_date,
        body.leave_date,
        body.contract_start,
        end,
        open,
        body.tenure_text,
        body.legal_basis,
        body.print_reason === '1',
        body.non_compete,
        body.issue_date || null,
        now,
      ],
    );
    // the record keeps the legal basis (it decides unemployment benefits)
    await t.query('UPDATE departure_records SET legal_basis = $2 WHERE id = $1', [p.record_id, body.legal_basis]);
  });
  return { id, status: 'draft', serial: '' };
}

/** 确认出具: serial number, the employee's SMS link (at `origin`), CRC for the record with a proof. */
export async function issueProof(db: Db, hr: Hr, id: number, origin: string, now: Date): Promise<Saved> {
  const c = hr.company;
  const serial = await db.tx(async (t) => {
    const p = await ownProofRow(t, id, c.id, true);
    if (p.status !== 'draft') throw conflict('该离职证明已出具或已作废');
    const problem = dateProblem({
      ...p,
      contract_start: p.contract_start ?? '',
      contract_end: p.contract_end ?? '',
      contract_open_ended: p.contract_open_ended,
    });
    if (problem) throw badRequest(`${problem}，请先编辑离职证明`);
    if (!p.legal_basis) throw badRequest('请选择解除或者终止的法定依据');
    const today = fmtDate(now);
    const s = proofSerial(today, p.id);
    await t.query(
      `UPDATE departure_proofs SET status = 'issued', serial = $2, issue_date = coalesce(issue_date, $3), issued_at = $4, updated_at = $4
        WHERE id = $1`,
      [p.id, s, today, now],
    );
    await earnForRecord(t, c.id, p.record_id, true, now);
    const link = await newProofLink(t, p, 'issue', origin, now);
    await sendNotice(t, c.id, await recordMobile(t, p.record_id), 'proof_issued', { sign: smsSign(c), serial: s, link }, now);
    return s;
  });
  return { id, status: 'issued', serial };
}

/** 作废 with a reason (neutral words); the employee's links stop working (proof-links.ts checks the status). */
export async function voidProof(db: Db, hr: Hr, id: number, reason: string, now: Date): Promise<Saved> {
  const serial = await db.tx(async (t) => {
    const p = await ownProofRow(t, id, hr.company.id, true);
    if (p.status === 'void') throw conflict('该离职证明已作废');
    neutral(reason);
    await t.query(`UPDATE departure_proofs SET status = 'void', voided_at = $2, void_reason = $3, updated_at = $2 WHERE id = $1`, [p.id, now, reason]);
    return p.serial ?? '';
  });
  return { id, status: 'void', serial };
}

/** 重新出具: a new draft with the voided proof's facts (a new serial when issued). */
export async function reissueProof(db: Db, hr: Hr, id: number, now: Date): Promise<Saved> {
  const nid = await db.tx(async (t) => {
    const p = await ownProofRow(t, id, hr.company.id, true);
    if (p.status !== 'void') throw conflict('请先作废原离职证明，再重新出具');
    const draft = await draftFromRecord(t, hr.company.id, p.record_id, hr.userId, now, p.id);
    await t.query(
      `UPDATE departure_proofs SET job_name = $2, entry_date = $3, leave_date = $4, contract_start = $5, contract_end = $6,
         contract_open_ended = $7, tenure_text = $8, legal_basis = $9, print_reason = $10, non_compete = $11 WHERE id = $1`,
      [
        draft,
        p.job_name,
        p.entry_date,
        p.leave_date,
        p.contract_start,
        p.contract_end,
        p.contract_open_ended,
        p.tenure_text,
        p.legal_basis,
        p.print_reason,
        p.non_compete,
      ],
    );
    return draft;
  });
  return { id: nid, status: 'draft', serial: '' };
}

/** 催办 an issued proof the employee has not viewed: a link again (a new one; earlier ones stay valid) by SMS, once a day. */
export async function urgeProof(db: Db, hr: Hr, id: number, origin: string, now: Date): Promise<{ last_urged_at: string }> {
  const c = hr.company;
  await db.tx(async (t) => {
    const p = await ownProofRow(t, id, c.id, true);
    if (p.status !== 'issued') throw conflict('只有已出具、员工未查看的离职证明可以催办');
    const mobileEnc = await recordMobile(t, p.record_id);
    if (!mobileEnc) throw badRequest('该员工没有手机号，无法催办');
    await recordUrge(t, c.id, 'proof', p.id, hr.userId, now);
    // a link of its own: the one in the first SMS keeps working (proof-links.ts)
    const link = await newProofLink(t, p, 'urge', origin, now);
    await sendNotice(t, c.id, mobileEnc, 'proof_urge', { sign: smsSign(c), serial: p.serial ?? '', link }, now);
  });
  return { last_urged_at: fmtDateTime(now) };
}

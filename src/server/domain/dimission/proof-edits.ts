/**
 * HR's work on departure proofs: a draft from a record or typed in (填写), editing a draft,
 * 确认出具 (serial, 验真码 and PDF, the employee's SMS link, CRC), 作废, 重新出具 and 催办. An
 * issued proof is never edited: it is voided and reissued with a new serial. A draft's facts are
 * its departure record's: a save writes both, and 确认出具 refuses a proof that differs
 * (proof-facts.ts).
 */
import type { z } from 'zod';
import type { ProofDraftBody, ProofManualBody } from '../../../contract/dimission';
import { dateProblem, isEarly, tenureProblem, tenureText } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { sealPii } from '../../lib/pii';
import { badRequest, conflict } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { earnForRecord } from './crc';
import { draftFromRecord, ownProofRow, proofSerial, type ProofRow } from './proofs';
import { assertNeutral, issueRefusal, recordFacts } from './proof-facts';
import { newVerifyCode } from '../../lib/crypto';
import { storeProofFile } from './proof-files';
import { insertRecord, recordMobile } from './records';
import { newProofLink } from './proof-links';
import { type Hr, idCardOf, smsSign } from './shared';
import { sendNotice } from '../notices';
import { recordUrge } from './urges';

type ProofFields = z.output<typeof ProofDraftBody>;
type Saved = { id: number; status: ProofRow['status']; serial: string };

/**
 * The editable facts' rules: the dates agree, no evaluative words, and a years-of-service value
 * sent along is the one the dates give (it is computed, never typed: issue 30 item 2).
 */
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
  const tenure = f.tenure_text ? tenureProblem(f.tenure_text, f.entry_date, f.leave_date) : null;
  if (tenure) throw badRequest(tenure);
  assertNeutral({ job_name: f.job_name, non_compete: f.non_compete });
  return { open, end: open ? null : f.contract_end!, tenure: tenureText(f.entry_date, f.leave_date) };
}

/** 出具离职证明 for a record without a live proof: a draft filled from the record. */
export async function draftProofFromRecord(db: Db, hr: Hr, recordId: number, now: Date): Promise<Saved> {
  const id = await db.tx((t) => draftFromRecord(t, hr.company.id, recordId, hr.userId, now));
  return { id, status: 'draft', serial: '' };
}

/** 填写: a departure typed in by HR becomes a record (source manual) with a draft proof. */
export async function createManualProof(db: Db, hr: Hr, body: z.output<typeof ProofManualBody>, now: Date): Promise<Saved> {
  const c = hr.company;
  const { open, end, tenure } = checkFields(body);
  assertNeutral({ dept_name: body.dept_name });
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
    await t.query('UPDATE departure_proofs SET tenure_text = $2, print_reason = $3, non_compete = $4 WHERE id = $1', [
      proofId,
      tenure,
      body.print_reason === '1',
      body.non_compete,
    ]);
    return proofId;
  });
  return { id, status: 'draft', serial: '' };
}

/**
 * Edits a draft (待出具); issued proofs are voided and reissued instead. The departure record takes
 * the same facts (the proof restates the record: 确认出具 compares them), the years of service are
 * computed from the dates.
 */
export async function saveDraftProof(db: Db, hr: Hr, id: number, body: ProofFields, now: Date): Promise<Saved> {
  const { open, end, tenure } = checkFields(body);
  await db.tx(async (t) => {
    const p = await ownProofRow(t, id, hr.company.id, true);
    if (p.status !== 'draft') throw conflict('已出具的离职证明不能修改，请作废后重新出具');
    // the same person cannot have two departures on one date (the records' unique key)
    const clash = await t.one(
      `SELECT 1 FROM departure_records o JOIN departure_records r ON r.id = $1
        WHERE o.company_id = r.company_id AND o.id_card_bidx = r.id_card_bidx AND o.leave_date = $2 AND o.id <> r.id`,
      [p.record_id, body.leave_date],
    );
    if (clash) throw conflict('该员工在此离职日期已有离职记录');
    await t.query(
      `UPDATE departure_proofs SET job_name = $2, entry_date = $3, leave_date = $4, contract_start = $5, contract_end = $6,
         contract_open_ended = $7, tenure_text = $8, legal_basis = $9, print_reason = $10, non_compete = $11, updated_at = $12
        WHERE id = $1`,
      [
        p.id,
        body.job_name,
        body.entry_date,
        body.leave_date,
        body.contract_start,
        end,
        open,
        tenure,
        body.legal_basis,
        body.print_reason === '1',
        body.non_compete,
        now,
      ],
    );
    await t.query(
      `UPDATE departure_records SET job_name = $2, entry_date = $3, leave_date = $4, contract_start = $5, contract_end = $6,
         contract_open_ended = $7, legal_basis = $8 WHERE id = $1 AND company_id = $9`,
      [p.record_id, body.job_name, body.entry_date, body.leave_date, body.contract_start, end, open, body.legal_basis, hr.company.id],
    );
  });
  return { id, status: 'draft', serial: '' };
}

/**
 * 确认出具: the facts checked against the record (proof-facts.ts issueRefusal), the years of
 * service computed, the serial, the 验真码 and the PDF (stored once with its SHA-256), the
 * employee's SMS link (at `origin`), CRC for the record with a proof. Before the departure date
 * only with `earlyReason` (recorded; the proof then says 将于…).
 */
export async function issueProof(db: Db, hr: Hr, id: number, earlyReason: string, origin: string, now: Date): Promise<Saved> {
  const c = hr.company;
  const serial = await db.tx(async (t) => {
    const p = await ownProofRow(t, id, c.id, true);
    if (p.status !== 'draft') throw conflict('该离职证明已出具或已作废');
    const today = fmtDate(now);
    const early = isEarly(p.leave_date, today) ? earlyReason.trim() : '';
    const refusal = issueRefusal(p, await recordFacts(t, c.id, p.record_id), today, early);
    if (refusal) throw refusal;
    const issued: ProofRow = {
      ...p,
      status: 'issued',
      serial: proofSerial(today, p.id),
      verify_code: newVerifyCode(),
      tenure_text: tenureText(p.entry_date, p.leave_date),
      issue_date: today,
      issued_at: now,
      early_reason: early,
    };
    await t.query(
      `UPDATE departure_proofs SET status = 'issued', serial = $2, verify_code = $3, tenure_text = $4, issue_date = $5, issued_at = $6,
         early_reason = $7, updated_at = $6 WHERE id = $1`,
      [p.id, issued.serial, issued.verify_code, issued.tenure_text, today, now, early],
    );
    await storeProofFile(t, issued, origin, now);
    await earnForRecord(t, c.id, p.record_id, true, now);
    const link = await newProofLink(t, p, 'issue', origin, now);
    await sendNotice(t, c.id, await recordMobile(t, p.record_id), 'proof_issued', { sign: smsSign(c), serial: issued.serial!, link }, now);
    return issued.serial!;
  });
  return { id, status: 'issued', serial };
}

/** 作废 with a reason (neutral words); the employee's links stop working (proof-links.ts checks the status). */
export async function voidProof(db: Db, hr: Hr, id: number, reason: string, now: Date): Promise<Saved> {
  const serial = await db.tx(async (t) => {
    const p = await ownProofRow(t, id, hr.company.id, true);
    if (p.status === 'void') throw conflict('该离职证明已作废');
    assertNeutral({ void_reason: reason });
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
        tenureText(p.entry_date, p.leave_date),
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

/**
 * An issued proof's 验真码 and its file (issue 30): the PDF is rendered once, when the proof is
 * issued, sealed at rest and kept with its SHA-256 (`proof_files`); every download hands out those
 * bytes, so the hash a checker computes of the file they were given either is the issued one or is
 * not. Proofs issued before this existed get their code and file the first time they are needed
 * (HR's preview or print, the employee's link), dated when they were issued. Also HR's preview,
 * which needs both.
 */
import { createHash } from 'node:crypto';
import { proofDocument } from '../../../contract/dimission-rules';
import { newVerifyCode } from '../../lib/crypto';
import type { Db } from '../../db/types';
import { decryptPii, encryptPii, revealPii } from '../../lib/pii';
import { conflict, notFound } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { MSG_PROOF_ANONYMISED } from '../accounts/retention-rules';
import { factsOf, ownProofRow, proofDetail, proofLabel, type ProofRow } from './proofs';
import { proofPdf } from './proof-pdf';
import type { Hr } from './shared';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
export const proofFileName = (p: Pick<ProofRow, 'serial'>) => `离职证明_${p.serial ?? ''}.pdf`;

/**
 * Renders and keeps the PDF of issued proof `p` (its code set): the ID number masked, the QR to
 * `origin`'s 验真 page, the file dated `created`. Once per proof (a second call keeps the first).
 */
export async function storeProofFile(t: Db, p: ProofRow, origin: string, created: Date): Promise<string> {
  const doc = proofDocument(factsOf(p, p.id_card_mask, p.issue_date ?? fmtDate(created), origin));
  const pdf = proofPdf(doc, created);
  const hash = sha256(pdf);
  const row = await t.one<{ sha256: string }>(
    `INSERT INTO proof_files (company_id, proof_id, pdf_enc, sha256, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (proof_id, company_id) DO UPDATE SET proof_id = proof_files.proof_id RETURNING sha256`,
    [p.company_id, p.id, encryptPii(pdf.toString('base64')), hash, pdf.length, created],
  );
  return row!.sha256;
}

/**
 * An issued (or since voided) proof with its 验真码 and file; a proof issued before issue 30 gets
 * them now, as of its issue. Drafts and anonymised proofs are returned as they are.
 */
export async function ensureVerifiable(db: Db, p: ProofRow, origin: string, now: Date): Promise<ProofRow> {
  if ((p.status !== 'issued' && p.status !== 'viewed') || !p.id_card_enc || p.verify_code) return p;
  return db.tx(async (t) => {
    const code = newVerifyCode();
    const set = await t.one<{ verify_code: string }>(
      'UPDATE departure_proofs SET verify_code = coalesce(verify_code, $2) WHERE id = $1 RETURNING verify_code',
      [p.id, code],
    );
    const q = { ...p, verify_code: set!.verify_code };
    await storeProofFile(t, q, origin, p.issued_at ?? now);
    return q;
  });
}

/**
 * The stored PDF of issued proof `p` and its hash (none once anonymised: 404 with why): the sealed
 * one once the company's electronic seal is on it (proof-seal.ts) — the valid file from then on.
 */
export async function proofFileOf(db: Db, p: ProofRow, origin: string, now: Date) {
  const q = await ensureVerifiable(db, p, origin, now);
  const f = await db.one<{ pdf_enc: string | null; sha256: string; sealed_pdf_enc: string | null; sealed_sha256: string | null }>(
    'SELECT pdf_enc, sha256, sealed_pdf_enc, sealed_sha256 FROM proof_files WHERE proof_id = $1 AND company_id = $2',
    [q.id, q.company_id],
  );
  if (!f?.pdf_enc) throw notFound(q.status === 'draft' ? '离职证明尚未出具，出具后才有PDF文件' : MSG_PROOF_ANONYMISED);
  if (f.sealed_pdf_enc && f.sealed_sha256)
    return { filename: proofFileName(q).replace(/\.pdf$/, '_电子印章.pdf'), content_base64: decryptPii(f.sealed_pdf_enc), sha256: f.sealed_sha256 };
  return { filename: proofFileName(q), content_base64: decryptPii(f.pdf_enc), sha256: f.sha256 };
}

/** HR's copy of the PDF (the one the employee gets; masked ID number, so no audited reveal). */
export async function hrProofFile(db: Db, hr: Hr, id: number, origin: string, now: Date) {
  return proofFileOf(db, await ownProofRow(db, id, hr.company.id), origin, now);
}

/**
 * Preview and print: the proof states the full ID number, so this reveal is audited. An issued
 * proof without a 验真码 (issued before issue 30) gets one, so every printout carries its QR.
 */
export async function previewProof(db: Db, hr: Hr, id: number, ip: string, origin: string, now: Date) {
  const p = await ensureVerifiable(db, await ownProofRow(db, id, hr.company.id), origin, now);
  if (!p.id_card_enc) throw conflict(MSG_PROOF_ANONYMISED);
  const idCard = await revealPii(
    db,
    p.id_card_enc,
    { userId: hr.userId, companyId: hr.company.id, field: 'id_card', reason: '预览/打印离职证明', ip },
    { type: 'departure_proof', id: p.id, name: p.name, mask: p.id_card_mask, label: proofLabel(p) },
  );
  return proofDetail(p, idCard, fmtDate(now), origin);
}

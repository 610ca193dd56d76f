/**
 * 验真 (issue 30): anyone holding a departure proof — a new employer, the employee — checks it by the
 * 验真码 printed on it or its QR, without an account. The answer says no more than the paper does
 * (less: the name masked, no ID number): the company, the four items of art. 24, the serial, the
 * date, 已出具 or 已作废, whether the company's electronic seal is on it (电子印章), and whether a
 * file presented is the issued PDF (the sealed one once sealed) — compared by the SHA-256
 * the checker's browser computed, so the file itself never reaches the server. A draft has no code;
 * an unknown code, a purged proof and a malformed code get the same answer. Public endpoints are
 * within the per-address limit (http/route.ts), and 60-bit codes make guessing hopeless.
 */
import type { ProofCheckData } from '../../../contract/dimission';
import { maskPersonName, MSG_VERIFY_UNKNOWN, proofDocument } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { factsOf, PROOF_COLS_P, type ProofRow } from './proofs';

/** The items the public answer restates: the four of art. 24. */
const ART24_KEYS = ['term', 'leave_date', 'job', 'tenure'];

export async function checkProof(db: Db, code: string, sha256: string | undefined): Promise<ProofCheckData> {
  const p = await db.one<ProofRow & { file_sha256: string | null; sealed_sha256: string | null }>(
    `SELECT ${PROOF_COLS_P}, f.sha256 AS file_sha256, f.sealed_sha256
       FROM departure_proofs p LEFT JOIN proof_files f ON f.proof_id = p.id AND f.company_id = p.company_id
      WHERE p.verify_code = $1 AND p.status IN ('issued', 'viewed', 'void') AND p.issue_date IS NOT NULL`,
    [code],
  );
  if (!p) throw notFound(MSG_VERIFY_UNKNOWN);
  const doc = proofDocument(factsOf(p, '', p.issue_date!));
  return {
    status: p.status === 'void' ? 'void' : 'issued',
    company_name: p.company_name,
    // an anonymised proof (retention) keeps its facts and serial, not the person
    name_mask: p.id_card_enc ? maskPersonName(p.name) : '（已按保存期限匿名化）',
    serial: p.serial ?? '',
    issue_date: p.issue_date!,
    voided_on: p.voided_at ? fmtDate(p.voided_at) : null,
    items: doc.items.filter((i) => ART24_KEYS.includes(i.key)),
    seal: p.seal_kind,
    file: sha256 && p.file_sha256 ? fileVerdict(sha256.toLowerCase(), p.file_sha256, p.sealed_sha256) : null,
  };
}

/**
 * A file against the proof's: once sealed, the valid file is the sealed one; the issued file from
 * before the seal is named as such ('unsealed': genuine, but not the sealed proof), anything else
 * does not match.
 */
function fileVerdict(hash: string, issued: string, sealed: string | null): 'match' | 'unsealed' | 'mismatch' {
  if (!sealed) return hash === issued ? 'match' : 'mismatch';
  return hash === sealed ? 'match' : hash === issued ? 'unsealed' : 'mismatch';
}

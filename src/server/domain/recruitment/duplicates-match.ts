/**
 * Is this the same person? (issue 32 item 3) Judged on what identifies someone, compared only as
 * blind indexes and hashes (docs/pii.md): the ID number, the mobile, the résumé file's SHA-256.
 * - Two different ID numbers are two people, whatever else they share (a family's phone, a
 *   template file).
 * - The same ID number is one person (a changed mobile, a new file, a name written differently).
 * - The same mobile counts only with the same name, or the same birth date and gender: operators
 *   give a number up to 90 days out of use to someone else (号码回收), and families share one.
 * - The same résumé file counts unless both name and birth date differ.
 * - The same name and birth date alone is not enough (同名同生日 is common in a pool of thousands):
 *   such a pair is not offered for merging.
 * Pure, so the labelled set (duplicates.fixture.ts) measures it without a database (bench/duplicates).
 */
import type { Evidence } from '../../../contract/review';

export interface Identity {
  realname: string;
  gender: string;
  /** YYYY-MM-DD */
  birth_date: string;
  id_card_bidx: string | null;
  mobile_bidx: string | null;
  resume_sha256: string | null;
}

export interface Verdict {
  same: boolean;
  evidence: Evidence[];
}

const nameKey = (s: string) => s.normalize('NFKC').replace(/[\s·•.]/g, '');

export function judgePair(a: Identity, b: Identity): Verdict {
  if (a.id_card_bidx && b.id_card_bidx && a.id_card_bidx !== b.id_card_bidx) return { same: false, evidence: [] };
  const sameName = nameKey(a.realname) === nameKey(b.realname);
  const sameBirth = a.birth_date === b.birth_date;
  const evidence: Evidence[] = [];
  if (a.id_card_bidx && a.id_card_bidx === b.id_card_bidx) evidence.push('id_card');
  if (a.mobile_bidx && a.mobile_bidx === b.mobile_bidx && (sameName || (sameBirth && a.gender === b.gender))) evidence.push('mobile');
  if (a.resume_sha256 && a.resume_sha256 === b.resume_sha256 && (sameName || sameBirth)) evidence.push('file');
  return { same: evidence.length > 0, evidence };
}

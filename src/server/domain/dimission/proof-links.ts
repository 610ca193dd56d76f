/**
 * The employee's links to a departure proof (issue 28 item 2, issue 30). Whoever holds a link sees
 * the proof with the ID number masked — the employer and the employee already have the whole
 * number, and a forwarded SMS must not hand it to anyone else — and can download its PDF (the
 * same masked copy, proof-files.ts). The employee sees the whole number after an SMS code to the
 * mobile on file. Each SMS (确认出具, 催办) carries its own link, so a 催办 does not kill the first
 * one; a link lasts as long as the proof (作废, anonymisation and purge end it: docs/decisions.md).
 * Every opening is a row of proof_link_opens (HR sees the count). Only the token's SHA-256 is
 * stored; the access log redacts the path (http/security.ts).
 */
import { MSG_PROOF_GONE } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { sha256hex } from '../../lib/crypto';
import { limitIp, type LoginLimits } from '../../lib/limits';
import { decryptPii } from '../../lib/pii';
import { badRequest, commitThenRefuse, notFound } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { consumeSmsCode, issueSmsCode } from '../sms-codes';
import { ensureVerifiable, proofFileOf } from './proof-files';
import { PROOF_COLS_P, proofDetail, type ProofRow } from './proofs';
import { newLinkToken } from './shared';

/** Which message carried a link ('renew': the 重新获取 of links that expired before issue 30). */
type LinkReason = 'issue' | 'urge';

/** A new link to proof `p`, for as long as the proof lives; the token goes into one SMS only. */
export async function newProofLink(t: Db, p: { id: number; company_id: number }, reason: LinkReason, origin: string, now: Date): Promise<string> {
  const token = newLinkToken();
  await t.query('INSERT INTO proof_links (company_id, proof_id, token_hash, reason, created_at) VALUES ($1, $2, $3, $4, $5)', [
    p.company_id,
    p.id,
    sha256hex(token),
    reason,
    now,
  ]);
  return `${origin}/m/proof/${token}`;
}

interface Linked {
  p: ProofRow;
  linkId: number;
  /** the record's sealed mobile (the code goes there), and its mask */
  mobileEnc: string | null;
  mobileMask: string;
}

/** The link's proof, if it is still a live proof: a voided or anonymised one answers the same 404 as an unknown token. */
async function linked(db: Db, token: string): Promise<Linked> {
  const row = await db.one<ProofRow & { link_id: number; mobile_enc: string | null; mobile_mask: string }>(
    `SELECT ${PROOF_COLS_P}, l.id AS link_id, r.mobile_enc, r.mobile_mask
       FROM proof_links l
       JOIN departure_proofs p ON p.id = l.proof_id AND p.company_id = l.company_id
       JOIN departure_records r ON r.id = p.record_id AND r.company_id = p.company_id
      WHERE l.token_hash = $1`,
    [sha256hex(token)],
  );
  if (!row?.id_card_enc || (row.status !== 'issued' && row.status !== 'viewed')) throw notFound(MSG_PROOF_GONE);
  const { link_id, mobile_enc, mobile_mask, ...p } = row;
  return { p, linkId: link_id, mobileEnc: mobile_enc, mobileMask: mobile_mask };
}

const recordOpening = (db: Db, l: Linked, action: 'view' | 'reveal' | 'download', ip: string, now: Date) =>
  db.query('INSERT INTO proof_link_opens (company_id, proof_id, link_id, action, ip, opened_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    l.p.company_id,
    l.p.id,
    l.linkId,
    action,
    ip,
    now,
  ]);

/** The page behind a link: the proof with the ID number masked; the first opening marks 员工已查看. */
export async function viewProofByLink(db: Db, token: string, ip: string, origin: string, now: Date) {
  const l = await linked(db, token);
  const p = (l.p = await ensureVerifiable(db, l.p, origin, now));
  await db.tx(async (t) => {
    if (p.status === 'issued') {
      await t.query(`UPDATE departure_proofs SET status = 'viewed', viewed_at = $2 WHERE id = $1 AND status = 'issued'`, [p.id, now]);
      p.status = 'viewed';
      p.viewed_at = now;
    }
    await recordOpening(t, l, 'view', ip, now);
  });
  const { id_card_mask: _m, record_id: _r, early_reason: _e, ...rest } = proofDetail(p, p.id_card_mask, fmtDate(now), origin);
  return { ...rest, mobile_mask: l.mobileMask };
}

/** 下载PDF: the stored file of the proof (the masked copy), counted as an opening. */
export async function proofFileByLink(db: Db, token: string, ip: string, origin: string, now: Date) {
  const l = await linked(db, token);
  const file = await proofFileOf(db, l.p, origin, now);
  await recordOpening(db, l, 'download', ip, now);
  return file;
}

/** A code to the mobile on file, for the whole ID number; the same limits as every public SMS. */
export async function sendProofRevealCode(db: Db, token: string, ip: string, now: Date, limits: LoginLimits, sandbox: boolean) {
  const l = await linked(db, token);
  if (!l.mobileEnc) throw badRequest('该离职证明没有登记手机号，无法验证，请联系原单位');
  const mobile = decryptPii(l.mobileEnc);
  await commitThenRefuse(db, (t) => issueSmsCode(t, mobile, { ip, token, purpose: 'proof' }, now, limits, sandbox));
  return { mobile_mask: l.mobileMask };
}

/** The whole ID number for the employee, after the code; a wrong code stays counted. */
export async function revealProofByLink(db: Db, token: string, code: string, ip: string, now: Date, limits: LoginLimits) {
  await limitIp(db, ip, 'proof-reveal', limits.ipPerMinute, now);
  const l = await linked(db, token);
  if (!l.mobileEnc) throw badRequest('该离职证明没有登记手机号，无法验证，请联系原单位');
  const mobile = decryptPii(l.mobileEnc);
  await commitThenRefuse(db, async (t) => {
    const wrong = await consumeSmsCode(t, mobile, code, 'proof', now, limits);
    if (wrong) return wrong;
    await recordOpening(t, l, 'reveal', ip, now);
    return null;
  });
  return { id_card: decryptPii(l.p.id_card_enc!) };
}

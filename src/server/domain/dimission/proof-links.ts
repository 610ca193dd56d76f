/**
 * The employee's links to a departure proof (issue 28 item 2). Whoever holds a link sees the proof
 * with the ID number masked — the employer and the employee already have the whole number, and a
 * forwarded SMS must not hand it to anyone else. The employee sees the whole number after an SMS
 * code to the mobile on file. Each SMS (确认出具, 催办, 重新获取) carries its own link, so a 催办
 * does not kill the first one; a link lives PROOF_LINK_DAYS, after which the page offers a new
 * one by SMS, to the same mobile on file. Every opening is a row of proof_link_opens (HR sees the
 * count). Only the token's SHA-256 is stored; the access log redacts the path (http/security.ts).
 */
import { MSG_PROOF_GONE, MSG_PROOF_LINK_EXPIRED, PROOF_LINK_DAYS, PROOF_RENEWS_PER_DAY } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { sha256hex } from '../../lib/crypto';
import { chinaDayStart, hitUnder, limitIp, type LoginLimits } from '../../lib/limits';
import { decryptPii } from '../../lib/pii';
import { badRequest, commitThenRefuse, conflict, notFound, tooMany } from '../../lib/refusal';
import { addDays, fmtDate, fmtDateTime } from '../../lib/time';
import { consumeSmsCode, issueSmsCode } from '../sms-codes';
import { PROOF_COLS, proofDetail, type ProofRow } from './proofs';
import { newLinkToken, smsSign } from './shared';
import { sendNotice } from '../notices';

type LinkReason = 'issue' | 'urge' | 'renew';

/** A new link to proof `p`, valid PROOF_LINK_DAYS from `now`; the token goes into one SMS only. */
export async function newProofLink(t: Db, p: { id: number; company_id: number }, reason: LinkReason, origin: string, now: Date): Promise<string> {
  const token = newLinkToken();
  await t.query('INSERT INTO proof_links (company_id, proof_id, token_hash, reason, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    p.company_id,
    p.id,
    sha256hex(token),
    reason,
    now,
    addDays(now, PROOF_LINK_DAYS),
  ]);
  return `${origin}/m/proof/${token}`;
}

interface Linked {
  p: ProofRow;
  linkId: number;
  expiresAt: Date;
  /** the record's sealed mobile (the code and a new link go there), and its mask */
  mobileEnc: string | null;
  mobileMask: string;
}

/**
 * The link's proof, if it is still a live proof: a voided or anonymised one answers the same 404
 * as an unknown token. With `live`, an expired link is refused too (409: the page offers 重新获取).
 */
async function linked(db: Db, token: string, now: Date, live = true): Promise<Linked> {
  const row = await db.one<ProofRow & { link_id: number; expires_at: Date; mobile_enc: string | null; mobile_mask: string }>(
    `SELECT ${PROOF_COLS.split(',')
      .map((c) => `p.${c.trim()}`)
      .join(', ')}, l.id AS link_id, l.expires_at, r.mobile_enc, r.mobile_mask
       FROM proof_links l
       JOIN departure_proofs p ON p.id = l.proof_id AND p.company_id = l.company_id
       JOIN departure_records r ON r.id = p.record_id AND r.company_id = p.company_id
      WHERE l.token_hash = $1`,
    [sha256hex(token)],
  );
  if (!row?.id_card_enc || (row.status !== 'issued' && row.status !== 'viewed')) throw notFound(MSG_PROOF_GONE);
  if (live && row.expires_at.getTime() <= now.getTime()) throw conflict(MSG_PROOF_LINK_EXPIRED);
  const { link_id, expires_at, mobile_enc, mobile_mask, ...p } = row;
  return { p, linkId: link_id, expiresAt: expires_at, mobileEnc: mobile_enc, mobileMask: mobile_mask };
}

const recordOpening = (db: Db, l: Linked, action: 'view' | 'reveal', ip: string, now: Date) =>
  db.query('INSERT INTO proof_link_opens (company_id, proof_id, link_id, action, ip, opened_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    l.p.company_id,
    l.p.id,
    l.linkId,
    action,
    ip,
    now,
  ]);

/** The page behind a link: the proof with the ID number masked; the first opening marks 员工已查看. */
export async function viewProofByLink(db: Db, token: string, ip: string, now: Date) {
  const l = await linked(db, token, now);
  const { p } = l;
  await db.tx(async (t) => {
    if (p.status === 'issued') {
      await t.query(`UPDATE departure_proofs SET status = 'viewed', viewed_at = $2 WHERE id = $1 AND status = 'issued'`, [p.id, now]);
      p.status = 'viewed';
      p.viewed_at = now;
    }
    await recordOpening(t, l, 'view', ip, now);
  });
  const { id_card_mask: _m, record_id: _r, ...rest } = proofDetail(p, p.id_card_mask, fmtDate(now));
  return { ...rest, mobile_mask: l.mobileMask, expires_at: fmtDateTime(l.expiresAt) };
}

/** A code to the mobile on file, for the whole ID number; the same limits as every public SMS. */
export async function sendProofRevealCode(db: Db, token: string, ip: string, now: Date, limits: LoginLimits, sandbox: boolean) {
  const l = await linked(db, token, now);
  if (!l.mobileEnc) throw badRequest('该离职证明没有登记手机号，无法验证，请联系原单位');
  const mobile = decryptPii(l.mobileEnc);
  await commitThenRefuse(db, (t) => issueSmsCode(t, mobile, { ip, token, purpose: 'proof' }, now, limits, sandbox));
  return { mobile_mask: l.mobileMask };
}

/** The whole ID number for the employee, after the code; a wrong code stays counted. */
export async function revealProofByLink(db: Db, token: string, code: string, ip: string, now: Date, limits: LoginLimits) {
  await limitIp(db, ip, 'proof-reveal', limits.ipPerMinute, now);
  const l = await linked(db, token, now);
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

/**
 * 重新获取: an expired link asks for a new one, sent by SMS to the mobile on file (never to a
 * number the asker types), at most PROOF_RENEWS_PER_DAY a day per proof.
 */
export async function renewProofLink(db: Db, token: string, origin: string, ip: string, now: Date, limits: LoginLimits) {
  await limitIp(db, ip, 'proof-renew', limits.ipPerMinute, now);
  const l = await linked(db, token, now, false);
  if (l.expiresAt.getTime() > now.getTime()) throw conflict('该链接仍在有效期内，请直接查看');
  if (!l.mobileEnc) throw badRequest('该离职证明没有登记手机号，请联系原单位重新发送');
  await db.tx(async (t) => {
    if (!(await hitUnder(t, `proof-renew:${l.p.id}`, chinaDayStart(now), PROOF_RENEWS_PER_DAY))) {
      throw tooMany(`每天最多重新获取${PROOF_RENEWS_PER_DAY}次链接，请明天再试`);
    }
    const c = (await t.one<{ name: string; short_name: string }>('SELECT name, short_name FROM companies WHERE id = $1', [l.p.company_id]))!;
    const link = await newProofLink(t, l.p, 'renew', origin, now);
    await sendNotice(t, l.p.company_id, l.mobileEnc, 'proof_renew', { sign: smsSign(c), serial: l.p.serial ?? '', link }, now);
  });
  return { mobile_mask: l.mobileMask };
}

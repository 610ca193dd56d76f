/**
 * 加盖电子印章 on an issued departure proof (issue 30): the company's seal applied by e签宝 to the
 * stored PDF through the signing flows built for flexible employment (adapters/esign-flows.ts
 * createSeal: the company as an organisation signer sealing automatically, at the （盖章） area).
 * HR's action (the same permission as 确认出具):
 * 1. the proof is the company's (else 404), issued and not void, not anonymised, not sealed; a
 *    sealing under way answers where it stands (a second click starts nothing);
 * 2. a `creating` row (who asked, the SHA-256 of the file sent) is written — the partial unique index
 *    lets one live flow per proof;
 * 3. the proof rendered for sealing (proof-pdf.ts: the issued file's facts, date and layout, its
 *    note saying it is sealed electronically, where the issued file says it is not) goes to e签宝
 *    and the flow is made (`signing`); e签宝 down: the row ends
 *    `failed`, nothing else changed, HR reads why and may try again;
 * 4. the flow is looked at once right away (an automatic seal is quick), then settled by e签宝's
 *    callback (routes/esign-notify.ts) or HR's page asking (at most every few seconds).
 * Settling reads the flow's state from e签宝, not from the message, so callbacks repeated, out of
 * order, before the flow id is known here, or lost lead to one result, applied once: the sealed
 * PDF downloaded, checked, stored beside the issued one (kept as issued) with its SHA-256, the proof `electronic`,
 * the row `completed` — in one transaction that finds the row still `signing`. A proof voided
 * meanwhile keeps the sealed file; 验真 says 已作废.
 */
import { createHash } from 'node:crypto';
import { proofDocument } from '../../../contract/dimission-rules';
import { Code } from '../../../contract/envelope';
import { EsignUnavailable } from '../../adapters/esign';
import { FLOW_STATUS, type FlowEvent } from '../../adapters/esign-flows';
import type { Db } from '../../db/types';
import { encryptPii } from '../../lib/pii';
import { conflict, Refusal } from '../../lib/refusal';
import { MSG_PROOF_ANONYMISED } from '../accounts/retention-rules';
import type { SignFlowProvider } from '../employment/sign-flow';
import { factsOf, ownProofRow, type ProofRow } from './proofs';
import { ensureVerifiable, proofFileName } from './proof-files';
import { proofPdf, sealCentre } from './proof-pdf';
import type { Hr } from './shared';

export type SealState = 'none' | 'sealing' | 'sealed';
export interface SealAnswer {
  seal: SealState;
  /** why the last attempt did not seal ('' when there is nothing to say) */
  note: string;
}
interface SealRow {
  id: number;
  company_id: number;
  proof_id: number;
  status: 'creating' | 'signing' | 'completed' | 'ended' | 'failed';
  status_detail: string;
  sign_flow_id: string | null;
}
const SEAL_COLS = 'id, company_id, proof_id, status, status_detail, sign_flow_id';

export const MSG_SEAL_OFF = '未开通电子印章服务，请打印后加盖公章';
export const MSG_SEAL_DOWN = '电子印章服务暂时不可用，证明未加盖电子印章，请稍后重试';
const MSG_ENDED: Record<number, string> = {
  [FLOW_STATUS.revoked]: '电子签章已被撤销，证明未加盖电子印章，可重新加盖',
  [FLOW_STATUS.expired]: '电子签章未在期限内完成，证明未加盖电子印章，可重新加盖',
  [FLOW_STATUS.refused]: 'e签宝拒绝加盖印章（请确认企业已在 e签宝 授权自动盖章），证明未加盖电子印章',
};
/** How long the flow stays open at e签宝: an automatic seal takes seconds; a day covers an outage. */
const SEAL_TTL_MS = 24 * 3600_000;
/** How often HR's page may make the server ask e签宝 about one flow. */
export const SEAL_POLL_MS = 3000;
/** The sealed file: the issued PDF (~15 KB) and what sealing appends (a seal image at e签宝). */
const SEALED_MAX_BYTES = 5 * 1024 * 1024;

const down = (err: unknown, log?: (e: unknown) => void) => {
  if (!(err instanceof EsignUnavailable)) return err;
  log?.(err);
  return new Refusal(Code.UNAVAILABLE, MSG_SEAL_DOWN);
};
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Where a proof's seal stands. */
async function stateOf(db: Db, p: Pick<ProofRow, 'id' | 'company_id' | 'seal_kind'>): Promise<SealAnswer> {
  if (p.seal_kind === 'electronic') return { seal: 'sealed', note: '' };
  const last = await db.one<SealRow>(`SELECT ${SEAL_COLS} FROM proof_seal_flows WHERE proof_id = $1 AND company_id = $2 ORDER BY id DESC LIMIT 1`, [
    p.id,
    p.company_id,
  ]);
  if (last?.status === 'creating' || last?.status === 'signing') return { seal: 'sealing', note: '' };
  return { seal: 'none', note: last?.status === 'ended' || last?.status === 'failed' ? last.status_detail : '' };
}

/** 加盖电子印章: see the header. */
export async function sealProof(
  db: Db,
  hr: Hr,
  id: number,
  flows: SignFlowProvider | null,
  origin: string,
  now: Date,
  log?: (e: unknown) => void,
): Promise<SealAnswer> {
  if (!flows) throw conflict(MSG_SEAL_OFF);
  const p0 = await ownProofRow(db, id, hr.company.id);
  if (p0.status === 'draft') throw conflict('离职证明尚未出具，出具后才能加盖电子印章');
  if (p0.status === 'void') throw conflict('该离职证明已作废，不能加盖电子印章');
  if (!p0.id_card_enc) throw conflict(MSG_PROOF_ANONYMISED);
  if (p0.seal_kind === 'electronic') throw conflict('该离职证明已加盖电子印章');
  const p = await ensureVerifiable(db, p0, origin, now);
  // the copy e签宝 seals: the issued file's facts, date and layout, its note saying it is sealed
  const doc = proofDocument(factsOf(p, p.id_card_mask, p.issue_date!, origin));
  const pdf = proofPdf(doc, p.issued_at ?? now, true);
  const company = (await db.one<{ name: string; creditcode: string; who: string }>(
    'SELECT c.name, c.creditcode, u.realname AS who FROM companies c JOIN users u ON u.id = $2 WHERE c.id = $1',
    [p.company_id, hr.userId],
  ))!;
  const row = await db.one<{ id: number }>(
    `INSERT INTO proof_seal_flows (company_id, proof_id, status, original_sha256, requested_by, requested_name, created_at)
     VALUES ($1, $2, 'creating', $3, $4, $5, $6)
     ON CONFLICT (company_id, proof_id) WHERE status IN ('creating', 'signing', 'completed') DO NOTHING RETURNING id`,
    [p.company_id, p.id, sha256(pdf), hr.userId, company.who, now],
  );
  // under way (or just completed by another click): where it stands, nothing started twice
  if (!row) return pollSeal(db, flows, p, now, log);

  const name = proofFileName(p);
  let signFlowId: string;
  try {
    const fileId = await flows.client.uploadFile(pdf, name);
    signFlowId = await flows.client.createSeal({
      fileId,
      fileName: name,
      title: `离职证明 ${p.serial ?? ''} 加盖电子印章`,
      org: { name: company.name, creditCode: company.creditcode },
      position: sealCentre(doc),
      bizNo: `PS${row.id}`,
      notifyUrl: flows.notifyUrl(),
      expiresAt: new Date(now.getTime() + SEAL_TTL_MS),
    });
    await db.query(`UPDATE proof_seal_flows SET status = 'signing', sign_flow_id = $2, file_id = $3 WHERE id = $1 AND status = 'creating'`, [
      row.id,
      signFlowId,
      fileId,
    ]);
  } catch (err) {
    const detail = err instanceof EsignUnavailable ? MSG_SEAL_DOWN : '加盖电子印章未能发起';
    await db.query(`UPDATE proof_seal_flows SET status = 'failed', status_detail = $2, finished_at = $3 WHERE id = $1 AND status = 'creating'`, [
      row.id,
      detail,
      now,
    ]);
    throw down(err, log);
  }
  // an automatic seal is quick: often done already (its callback may even have come first)
  try {
    await settleSeal(db, flows, { id: row.id, company_id: p.company_id, proof_id: p.id, status: 'signing', status_detail: '', sign_flow_id: signFlowId }, now);
  } catch (err) {
    log?.(err);
  }
  return stateOf(db, (await ownProofRow(db, id, hr.company.id)) as ProofRow);
}

/** Settles one flow by what e签宝 says of it now (see the header); throws when e签宝 is unavailable. */
export async function settleSeal(db: Db, flows: SignFlowProvider, f: SealRow, now: Date): Promise<void> {
  if (f.status !== 'signing' || !f.sign_flow_id) return;
  const d = await flows.client.detail(f.sign_flow_id);
  const ended = MSG_ENDED[d.status];
  if (ended) {
    await db.query(`UPDATE proof_seal_flows SET status = 'ended', status_detail = $2, finished_at = $3 WHERE id = $1 AND status = 'signing'`, [
      f.id,
      ended,
      d.finishedAt ?? now,
    ]);
    return;
  }
  if (d.status !== FLOW_STATUS.completed) return;
  const file = (await flows.client.files(f.sign_flow_id))[0]!;
  const sealed = await flows.client.download(file.downloadUrl, SEALED_MAX_BYTES);
  if (sealed.subarray(0, 5).toString('latin1') !== '%PDF-') throw new EsignUnavailable('the sealed file is not a PDF');
  const hash = sha256(sealed);
  await db.tx(async (t) => {
    const locked = await t.one<{ status: string }>('SELECT status FROM proof_seal_flows WHERE id = $1 AND company_id = $2 FOR UPDATE', [f.id, f.company_id]);
    // settled meanwhile (the callback and HR's page at once): the first one wrote it
    if (locked?.status !== 'signing') return;
    await t.query(
      `UPDATE proof_files SET sealed_pdf_enc = CASE WHEN pdf_enc IS NULL THEN NULL ELSE $3 END, sealed_sha256 = $4, sealed_bytes = $5, sealed_at = $6
        WHERE proof_id = $1 AND company_id = $2`,
      [f.proof_id, f.company_id, encryptPii(sealed.toString('base64')), hash, sealed.length, d.finishedAt ?? now],
    );
    await t.query(`UPDATE departure_proofs SET seal_kind = 'electronic' WHERE id = $1 AND company_id = $2`, [f.proof_id, f.company_id]);
    await t.query(`UPDATE proof_seal_flows SET status = 'completed', sealed_sha256 = $2, status_detail = $3, finished_at = $4 WHERE id = $1`, [
      f.id,
      hash,
      d.description.slice(0, 200),
      d.finishedAt ?? now,
    ]);
  });
}

/** A verified e签宝 callback: false when the flow is not a proof's seal (the caller tries its other kinds). */
export async function applySealEvent(db: Db, flows: SignFlowProvider, e: FlowEvent, now: Date): Promise<boolean> {
  if (!e.signFlowId) return false;
  const f = await db.one<SealRow>(`SELECT ${SEAL_COLS} FROM proof_seal_flows WHERE sign_flow_id = $1`, [e.signFlowId]);
  if (!f) return false;
  if (e.action === 'SIGN_MISSON_COMPLETE' || e.action === 'SIGN_FLOW_COMPLETE') await settleSeal(db, flows, f, now);
  return true;
}

/**
 * Where a proof's seal stands, for HR's page while it shows 盖章中: asks e签宝 at most every
 * SEAL_POLL_MS per flow (the first look to claim the slot asks) and never fails the page.
 */
export async function pollSeal(
  db: Db,
  flows: SignFlowProvider | null,
  p: Pick<ProofRow, 'id' | 'company_id' | 'seal_kind'>,
  now: Date,
  log?: (e: unknown) => void,
): Promise<SealAnswer> {
  const f =
    flows && p.seal_kind !== 'electronic'
      ? await db.one<SealRow>(
          `UPDATE proof_seal_flows SET checked_at = $3 WHERE proof_id = $1 AND company_id = $2 AND status = 'signing'
              AND (checked_at IS NULL OR checked_at <= $4) RETURNING ${SEAL_COLS}`,
          [p.id, p.company_id, now, new Date(now.getTime() - SEAL_POLL_MS)],
        )
      : undefined;
  if (f && flows) {
    try {
      await settleSeal(db, flows, f, now);
    } catch (err) {
      log?.(err);
    }
  }
  const fresh = (await db.one<Pick<ProofRow, 'id' | 'company_id' | 'seal_kind'>>(
    'SELECT id, company_id, seal_kind FROM departure_proofs WHERE id = $1 AND company_id = $2',
    [p.id, p.company_id],
  ))!;
  return stateOf(db, fresh);
}

/** HR's look at a proof's seal (GET …/seal): the company's proof only. */
export async function proofSealState(db: Db, hr: Hr, id: number, flows: SignFlowProvider | null, now: Date, log?: (e: unknown) => void) {
  return pollSeal(db, flows, await ownProofRow(db, id, hr.company.id), now, log);
}

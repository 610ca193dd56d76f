/**
 * What happens to a flow after the worker signed (or did not) at e签宝 (sign-flow.ts started it).
 * Two ways in, one rule: e签宝's verified callback (routes/esign-notify.ts), and the worker's page
 * asking while it shows 签署确认中 (at most every few seconds per flow) — so a late or lost
 * callback does not leave the worker waiting. Either way the flow's state is read from e签宝
 * (`detail`), not taken from the message, so callbacks in any order, repeated, or none at all
 * lead to the same result, applied once:
 * - 完成 (2): the signed file is downloaded from e签宝 and hashed; the 签署记录 (version 2: the
 *   agreement's SHA-256 before, the signed file's after, the flow, our intent code, IP and UA of
 *   the tap, e签宝's signing time) is timestamped by the TSA; then one transaction — the flow row
 *   locked and still `signing` — writes sign_evidence, the signed PDF (sign_evidence_files), the
 *   flow `completed` and the person 已签署. A concurrent second settle finds it completed and
 *   writes nothing.
 * - 拒签 (7), 撤销 (3), 过期 (5): the flow ends so; the person stays 待签署 and the page says why.
 * Anything unavailable on the way (e签宝's detail or file, the TSA) throws before that transaction:
 * nothing is half-written, the callback answers non-2xx and e签宝 sends it again, and the page's
 * next look tries again.
 */
import { createHash } from 'node:crypto';
import { AGREEMENT_MAX_BYTES } from '../../../contract/employment-rules';
import { EsignUnavailable } from '../../adapters/esign';
import { FLOW_STATUS, type FlowEvent } from '../../adapters/esign-flows';
import { TsaUnavailable } from '../../adapters/tsa';
import type { Db } from '../../db/types';
import { isPdf } from './media';
import { realnamePart } from './sign-evidence';
import type { TimestampService } from './sign-evidence';
import { FLOW_COLS, type FlowRow, type SignFlowProvider } from './sign-flow';
import { recordText, sha256 } from './sign-record';

export interface SettleDeps {
  flows: SignFlowProvider;
  tsa: TimestampService | null;
  log?: (err: unknown) => void;
}

export type Settled = 'open' | 'completed' | 'ended' | 'unknown';

/** How often the worker's page may make the server ask e签宝 about one flow. */
export const POLL_EVERY_MS = 3000;

const ENDED: Record<number, FlowRow['status']> = { [FLOW_STATUS.refused]: 'refused', [FLOW_STATUS.revoked]: 'revoked', [FLOW_STATUS.expired]: 'expired' };
const iso = (d: Date) => d.toISOString();

/** Settles one flow by what e签宝 says of it now (see the header); answers where it stands. */
export async function settleFlow(db: Db, deps: SettleDeps, f: FlowRow, now: Date): Promise<Settled> {
  if (f.status === 'completed') return 'completed';
  if (f.status !== 'signing' || !f.sign_flow_id) return f.status === 'creating' ? 'open' : 'ended';
  const d = await deps.flows.client.detail(f.sign_flow_id);
  const ended = ENDED[d.status];
  if (ended) {
    await db.query(`UPDATE esign_sign_flows SET status = $2, status_detail = $3, finished_at = $4 WHERE id = $1 AND status = 'signing'`, [
      f.id,
      ended,
      d.description.slice(0, 200),
      d.finishedAt ?? now,
    ]);
    return 'ended';
  }
  if (d.status !== FLOW_STATUS.completed) return 'open';
  if (!deps.tsa) throw new TsaUnavailable('no TSA configured');

  // one document per flow: its signed file
  const file = (await deps.flows.client.files(f.sign_flow_id))[0]!;
  // the signed file: the agreement (at most AGREEMENT_MAX_BYTES) and what signing appends
  const signed = await deps.flows.client.download(file.downloadUrl, AGREEMENT_MAX_BYTES + 4 * 1024 * 1024);
  if (!isPdf(signed)) throw new EsignUnavailable('the signed file is not a PDF');
  const signedSha = createHash('sha256').update(signed).digest('hex');

  const ctx = await db.one<{
    company_name: string;
    task_name: string;
    name: string;
    cert_no_mask: string;
    mobile_mask: string;
    agreement_name: string;
    version: number;
    file_name: string;
  }>(
    `SELECT c.name AS company_name, t.name AS task_name, w.name, w.cert_no_mask, w.mobile_mask, a.name AS agreement_name, a.version, a.file_name
       FROM companies c JOIN flex_tasks t ON t.id = $2 JOIN flex_workers w ON w.id = $3 AND w.company_id = c.id
            JOIN flex_agreements a ON a.id = $4
      WHERE c.id = $1`,
    [f.company_id, f.task_id, f.worker_id, f.agreement_id],
  );
  if (!ctx) throw new Error(`sign flow ${f.id}: its task, person or agreement is gone`);
  const check = f.realname_check_id
    ? await db.one<{ id: number; provider: string; method: string; result: string; verify_id: string; checked_at: Date }>(
        'SELECT id, provider, method, result, verify_id, checked_at FROM realname_checks WHERE id = $1 AND company_id = $2',
        [f.realname_check_id, f.company_id],
      )
    : undefined;
  const signedAt = d.signedAt ?? d.finishedAt ?? now;
  const fileName = `${ctx.agreement_name}_已签署.pdf`;
  const record = recordText({
    company: { id: f.company_id, name: ctx.company_name },
    task: { id: f.task_id, name: ctx.task_name },
    agreement: { id: f.agreement_id, name: ctx.agreement_name, version: ctx.version, file_name: ctx.file_name, sha256: f.agreement_sha256 },
    signer: { worker_id: f.worker_id, name: ctx.name, id_mask: ctx.cert_no_mask, mobile_mask: ctx.mobile_mask },
    realname: realnamePart(check),
    intent: { method: 'sms', mobile_mask: ctx.mobile_mask, sent_at: iso(f.intent_sent_at), verified_at: iso(f.intent_verified_at) },
    client: { ip: f.ip, user_agent: f.user_agent },
    sign_flow: { provider: 'esign', sign_flow_id: f.sign_flow_id, signed_file_sha256: signedSha, signed_file_name: fileName, willingness: 'CODE_SMS' },
    signed_at: iso(signedAt),
  });
  const recordSha = sha256(record);
  const ts = await deps.tsa.stamp(recordSha);

  return db.tx(async (t) => {
    const locked = await t.one<{ status: string; agreement_bucket: string; agreement_key: string }>(
      `SELECT f.status, a.bucket AS agreement_bucket, a.object_key AS agreement_key FROM esign_sign_flows f JOIN flex_agreements a ON a.id = f.agreement_id
        WHERE f.id = $1 FOR UPDATE OF f`,
      [f.id],
    );
    // settled meanwhile (the callback and the page's look at once): the first one wrote it
    if (locked?.status !== 'signing') return locked?.status === 'completed' ? 'completed' : 'ended';
    const ev = (await t.one<{ id: number }>(
      `INSERT INTO sign_evidence (company_id, task_id, task_worker_id, worker_id, agreement_id, agreement_bucket, agreement_key, agreement_sha256,
                                  realname_check_id, intent_sms_id, intent_sent_at, intent_verified_at, ip, user_agent, record, record_sha256,
                                  tsa_token, tsa_serial, tsa_time, tsa_name, tsa_cert, signed_at, sign_flow_id, signed_sha256)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24) RETURNING id`,
      [
        f.company_id,
        f.task_id,
        f.task_worker_id,
        f.worker_id,
        f.agreement_id,
        locked.agreement_bucket,
        locked.agreement_key,
        f.agreement_sha256,
        check?.id ?? null,
        f.intent_sms_id,
        f.intent_sent_at,
        f.intent_verified_at,
        f.ip,
        f.user_agent,
        record,
        recordSha.toString('hex'),
        ts.token,
        ts.serial,
        ts.genTime,
        ts.tsa,
        ts.certPem,
        signedAt,
        f.sign_flow_id,
        signedSha,
      ],
    ))!;
    await t.query(`INSERT INTO sign_evidence_files (company_id, evidence_id, file_name, sha256, size, content, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
      f.company_id,
      ev.id,
      fileName,
      signedSha,
      signed.length,
      signed,
      now,
    ]);
    await t.query(`UPDATE esign_sign_flows SET status = 'completed', status_detail = $2, finished_at = $3 WHERE id = $1`, [
      f.id,
      d.description.slice(0, 200),
      d.finishedAt ?? now,
    ]);
    // signed at e签宝 is signed: also when the signing window closed while the callback travelled
    await t.query(
      `UPDATE flex_task_workers SET sign_status = 'signed', agreement_id = $2, signed_at = $3,
              work_status = CASE WHEN work_status = 'hired' THEN 'working' ELSE work_status END
        WHERE id = $1 AND sign_status IN ('pending', 'expired') AND work_status <> 'applied'`,
      [f.task_worker_id, f.agreement_id, signedAt],
    );
    return 'completed' as const;
  });
}

/** A verified callback: the flow it names settled as e签宝 says it stands now; 'unknown': not ours. */
export async function applyFlowEvent(db: Db, deps: SettleDeps, e: FlowEvent, now: Date): Promise<Settled> {
  if (!e.signFlowId) return 'unknown';
  const f = await db.one<FlowRow>(`SELECT ${FLOW_COLS} FROM esign_sign_flows WHERE sign_flow_id = $1`, [e.signFlowId]);
  if (!f) return 'unknown';
  // other events (已读, 转交 …) change nothing here
  if (e.action !== 'SIGN_MISSON_COMPLETE' && e.action !== 'SIGN_FLOW_COMPLETE') return f.status === 'signing' ? 'open' : 'ended';
  return settleFlow(db, deps, f, now);
}

/**
 * The page's look at an invitation with a flow 签署中: asks e签宝 at most every POLL_EVERY_MS per
 * flow (the first look to claim the slot asks), and never fails the page — an error is logged and
 * the page keeps showing 签署确认中.
 */
export async function pollOpenFlow(db: Db, deps: SettleDeps, token: string, now: Date): Promise<void> {
  const f = await db.one<FlowRow>(
    `UPDATE esign_sign_flows f SET checked_at = $2
       FROM flex_task_workers tw
      WHERE tw.invite_token = $1 AND f.task_worker_id = tw.id AND f.status = 'signing'
        AND (f.checked_at IS NULL OR f.checked_at <= $3)
      RETURNING ${FLOW_COLS.replace(/(\w+)/g, 'f.$1')}`,
    [token, now, new Date(now.getTime() - POLL_EVERY_MS)],
  );
  if (!f) return;
  try {
    await settleFlow(db, deps, f, now);
  } catch (err) {
    deps.log?.(err);
  }
}

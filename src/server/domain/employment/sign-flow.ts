/**
 * Signing through e签宝's signing flow (issue 29 item 2), the provider chosen by configuration
 * (routes/sign-flow-provider.ts; without one, sign-evidence.ts signs in-house). The worker's tap:
 * 1. the state allows it, the version in effect is the one read, its stored file still hashes as
 *    when saved (sign-evidence.ts signableAgreement, checkedFileSha);
 * 2. an open flow of this person for this version is reused: a second tap, or coming back to the
 *    page, gets a fresh link to the same flow — never a second flow (one open flow per person is
 *    also a unique index); an open flow of an older version is revoked at e签宝 first;
 * 3. our intent code (purpose `sign`) is used, and the flow row written `creating` with it, the
 *    tap's IP and user agent and the real-name check, in one transaction (a wrong code stays counted);
 * 4. the file goes to e签宝, the flow is made with the verified name, ID number and mobile (the
 *    person's account at e签宝), the row becomes `signing`, and the signer's H5 link is answered.
 * e签宝 down at 4: the row ends `failed` (the code is used; a new one starts again), unless the flow
 * exists already — then only the link failed and 继续签署 asks for it again. What follows the
 * signing at e签宝 is sign-flow-settle.ts.
 */
import { Code } from '../../../contract/envelope';
import type { SignFlowNote } from '../../../contract/worker';
import type { EsignConfig } from '../../adapters/esign';
import { EsignUnavailable } from '../../adapters/esign';
import type { EsignFlowClient } from '../../adapters/esign-flows';
import { AGREEMENT_MAX_BYTES } from '../../../contract/employment-rules';
import type { Db } from '../../db/types';
import type { LoginLimits } from '../../lib/limits';
import { decryptPii } from '../../lib/pii';
import { commitThenRefuse, conflict, Refusal } from '../../lib/refusal';
import { consumeSmsCode, usedCode } from '../sms-codes';
import { currentAgreement } from './agreements';
import type { ObjectStore } from './media';
import { checkedFileSha, latestRealname, MSG_SIGN_DOWN, MSG_SIGN_NONE, signableAgreement, type TimestampService } from './sign-evidence';
import { sessionInvite } from './worker-invite';

/** e签宝's signing flows as configured: production's application, or the demo's sandbox. */
export interface SignFlowProvider {
  client: EsignFlowClient;
  /** the application's id and secret: its callbacks are signed with them */
  key: Pick<EsignConfig, 'appId' | 'appSecret'>;
  /** where e签宝 posts a flow's callbacks (our POST /notify/esign) */
  notifyUrl(): string;
  /** the origin the phone comes back to from e签宝's page, given the request's */
  returnOrigin(requestOrigin: string): string;
  /** e签宝's link as the phone opens it (the demo's e签宝 lives on this same server) */
  phoneUrl(url: string, requestOrigin: string): string;
}

export interface FlowDeps {
  flows: SignFlowProvider;
  store: Pick<ObjectStore, 'read'>;
  tsa: TimestampService | null;
  limits: LoginLimits;
  client: { ip: string; userAgent: string };
  /** the request's origin (the page the phone returns to) */
  origin: string;
  log?: (err: unknown) => void;
}

export const MSG_FLOW_STARTING = '签署正在发起，请稍候';
export const MSG_NO_OPEN_FLOW = '没有进行中的签署，请重新获取验证码签署';
/** the flow exists, only its link could not be had: 继续签署 asks again */
export const MSG_LINK_DOWN = '暂时无法打开 e签宝 签署页面，请稍后点击“继续签署”';
/** How long a flow stays open at e签宝: it is for signing now; an abandoned one ends (过期) and a new tap starts another. */
export const FLOW_TTL_MS = 24 * 3600_000;

export interface FlowRow {
  id: number;
  company_id: number;
  task_id: number;
  task_worker_id: number;
  worker_id: number;
  agreement_id: number;
  agreement_sha256: string;
  status: 'creating' | 'signing' | 'completed' | 'refused' | 'expired' | 'revoked' | 'failed';
  status_detail: string;
  sign_flow_id: string | null;
  file_id: string | null;
  realname_check_id: number | null;
  intent_sms_id: number;
  intent_sent_at: Date;
  intent_verified_at: Date;
  ip: string;
  user_agent: string;
  created_at: Date;
  finished_at: Date | null;
}
export const FLOW_COLS = `id, company_id, task_id, task_worker_id, worker_id, agreement_id, agreement_sha256, status, status_detail, sign_flow_id, file_id,
  realname_check_id, intent_sms_id, intent_sent_at, intent_verified_at, ip, user_agent, created_at, finished_at`;

/** A task worker's open flow (`creating` or `signing`), if any. */
export const openFlow = (db: Db, taskWorkerId: number, lock = false) =>
  db.one<FlowRow>(`SELECT ${FLOW_COLS} FROM esign_sign_flows WHERE task_worker_id = $1 AND status IN ('creating', 'signing')${lock ? ' FOR UPDATE' : ''}`, [
    taskWorkerId,
  ]);

/** The worker's page: where their latest flow stands (null: none, or the person is no longer to sign). */
export async function flowNote(db: Db, taskWorkerId: number): Promise<SignFlowNote | null> {
  const f = await db.one<{ status: FlowRow['status'] }>('SELECT status FROM esign_sign_flows WHERE task_worker_id = $1 ORDER BY id DESC LIMIT 1', [
    taskWorkerId,
  ]);
  if (!f || f.status === 'completed') return null;
  const note: Record<Exclude<FlowRow['status'], 'completed'>, string> = {
    creating: '正在发起签署，请稍候',
    signing: '请在 e签宝 签署页面完成签署；完成后本页将自动显示签署结果',
    refused: '您已在 e签宝 签署页面拒绝签署。如需签署，请重新获取验证码',
    expired: '上次的签署链接已过期，请重新获取验证码签署',
    revoked: '上次的签署已撤销，请重新获取验证码签署',
    failed: '上次签署未能发起，请重新获取验证码签署',
  };
  return { status: f.status === 'creating' ? 'signing' : f.status, note: note[f.status] };
}

const redirectUrl = (deps: FlowDeps, token: string) => `${deps.flows.returnOrigin(deps.origin)}/m/flex/w/${token}`;
const down = (deps: FlowDeps, err: unknown, msg = MSG_SIGN_DOWN) => {
  if (!(err instanceof EsignUnavailable)) return err;
  deps.log?.(err);
  return new Refusal(Code.UNAVAILABLE, msg);
};

/** A fresh link to an open flow, for its signer's mobile, as the phone opens it. */
async function linkOf(deps: FlowDeps, f: FlowRow, mobileEnc: string, token: string): Promise<string> {
  try {
    return deps.flows.phoneUrl(await deps.flows.client.signUrl(f.sign_flow_id!, decryptPii(mobileEnc), redirectUrl(deps, token)), deps.origin);
  } catch (err) {
    throw down(deps, err, MSG_LINK_DOWN);
  }
}

/** The worker's tap on 签署 with e签宝: answers the link to e签宝's signing page. */
export async function startSignFlow(
  db: Db,
  token: string,
  secret: string,
  now: Date,
  agreementId: number,
  code: string,
  deps: FlowDeps,
): Promise<{ sign_url: string }> {
  const { w, task, a } = await signableAgreement(db, token, secret, now, agreementId);
  // the evidence is timestamped when the flow completes: without a TSA nothing could be kept
  if (!deps.tsa) throw new Refusal(Code.CONFLICT, MSG_SIGN_NONE);
  const open = await openFlow(db, w.id);
  if (open?.status === 'creating') throw conflict(MSG_FLOW_STARTING);
  if (open && open.agreement_id === a.id) return { sign_url: await linkOf(deps, open, w.mobile_enc, token) };
  if (open) {
    // a flow of an older version: e签宝 withdraws it before this version is signed
    try {
      await deps.flows.client.revoke(open.sign_flow_id!, '协议已更新');
    } catch (err) {
      throw down(deps, err);
    }
    await db.query(`UPDATE esign_sign_flows SET status = 'revoked', status_detail = '协议已更新', finished_at = $2 WHERE id = $1 AND status = 'signing'`, [
      open.id,
      now,
    ]);
  }
  const fileSha = await checkedFileSha(db, deps.store, a);
  const mobile = decryptPii(w.mobile_enc);
  const check = await latestRealname(db, w);
  const flowId = await commitThenRefuse(db, async (t) => {
    const wrong = await consumeSmsCode(t, mobile, code, 'sign', now, deps.limits);
    if (wrong) return wrong;
    const intent = await usedCode(t, mobile, 'sign');
    const row = await t.one<{ id: number }>(
      `INSERT INTO esign_sign_flows (company_id, task_id, task_worker_id, worker_id, agreement_id, agreement_sha256, status, realname_check_id,
                                     intent_sms_id, intent_sent_at, intent_verified_at, ip, user_agent, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,'creating',$7,$8,$9,$10,$11,$12,$10)
       ON CONFLICT (company_id, task_worker_id) WHERE status IN ('creating', 'signing') DO NOTHING RETURNING id`,
      [w.company_id, task.id, w.id, w.worker_id, a.id, fileSha, check?.id ?? null, intent.id, intent.sent_at, now, deps.client.ip, deps.client.userAgent],
    );
    // another tap got there first (with another code): it goes on; this one waits for it
    return row ? row.id : conflict(MSG_FLOW_STARTING);
  });

  const person = (await db.one<{ cert_no_enc: string }>('SELECT cert_no_enc FROM flex_workers WHERE id = $1 AND company_id = $2', [
    w.worker_id,
    w.company_id,
  ]))!;
  try {
    const file = (await deps.store.read(db, a.bucket, a.object_key, AGREEMENT_MAX_BYTES + 1))!;
    const fileId = await deps.flows.client.uploadFile(file.head, a.file_name);
    const signFlowId = await deps.flows.client.createByFile({
      fileId,
      fileName: a.file_name,
      title: `${a.name}（第${a.version}版）`,
      signer: { mobile, name: w.name, idNo: decryptPii(person.cert_no_enc) },
      bizNo: `HR${flowId}`,
      notifyUrl: deps.flows.notifyUrl(),
      redirectUrl: redirectUrl(deps, token),
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    });
    await db.query(`UPDATE esign_sign_flows SET status = 'signing', sign_flow_id = $2, file_id = $3 WHERE id = $1`, [flowId, signFlowId, fileId]);
  } catch (err) {
    const detail = err instanceof EsignUnavailable ? err.detail.slice(0, 200) : 'error';
    await db.query(`UPDATE esign_sign_flows SET status = 'failed', status_detail = $2, finished_at = $3 WHERE id = $1 AND status = 'creating'`, [
      flowId,
      detail,
      now,
    ]);
    throw down(deps, err);
  }
  const made = (await db.one<FlowRow>(`SELECT ${FLOW_COLS} FROM esign_sign_flows WHERE id = $1`, [flowId]))!;
  return { sign_url: await linkOf(deps, made, w.mobile_enc, token) };
}

/**
 * 继续签署: a fresh link to the person's open flow (e签宝's links are short-lived) — while its
 * version is still the one in effect; a flow of an older version is withdrawn at e签宝 and the
 * worker reads the new one (the page shows 签署协议 again).
 */
export async function resumeSignFlow(db: Db, token: string, secret: string, now: Date, deps: Omit<FlowDeps, 'limits' | 'client' | 'store' | 'tsa'>) {
  const w = await sessionInvite(db, token, secret, now);
  const open = await openFlow(db, w.id);
  if (!open) throw conflict(MSG_NO_OPEN_FLOW);
  if (open.status === 'creating') throw conflict(MSG_FLOW_STARTING);
  if ((await currentAgreement(db, w.task_id, now))?.id !== open.agreement_id) {
    try {
      await deps.flows.client.revoke(open.sign_flow_id!, '协议已更新');
    } catch (err) {
      throw down(deps as FlowDeps, err);
    }
    await db.query(`UPDATE esign_sign_flows SET status = 'revoked', status_detail = '协议已更新', finished_at = $2 WHERE id = $1 AND status = 'signing'`, [
      open.id,
      now,
    ]);
    throw conflict('协议已更新，请重新阅读后签署');
  }
  return { sign_url: await linkOf(deps as FlowDeps, open, w.mobile_enc, token) };
}

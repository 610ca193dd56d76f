/**
 * A worker signs an agreement, and the evidence is kept (issue 29 item 2; 电子签名法 art. 13,
 * 人社部《电子劳动合同订立指引》): in order,
 * 1. the state allows it (session, task running, 实名认证 done, the version read is the one in effect);
 * 2. the agreement file as stored now hashes to the SHA-256 taken when it was saved (a file changed
 *    in storage cannot be signed);
 * 3. the intent code sent at signing (purpose `sign`) is right — a wrong try stays counted;
 * 4. the 签署记录 (sign-record.ts) gets an RFC 3161 timestamp from the TSA (outside any transaction:
 *    a slow TSA holds no lock; one that cannot answer refuses and writes nothing but the used code);
 * 5. one transaction re-checks the state, writes the evidence row and marks the person 已签署.
 */
import { Code } from '../../../contract/envelope';
import type { Timestamp } from '../../adapters/tsa';
import { TsaUnavailable } from '../../adapters/tsa';
import type { Db } from '../../db/types';
import type { LoginLimits } from '../../lib/limits';
import { decryptPii } from '../../lib/pii';
import { badRequest, commitThenRefuse, conflict, Refusal } from '../../lib/refusal';
import { takesWorkers } from '../../../contract/employment-rules';
import { consumeSmsCode, usedCode } from '../sms-codes';
import { currentAgreement, fileSha256 } from './agreements';
import type { ObjectStore } from './media';
import { recordText, sha256 } from './sign-record';
import { expireSignings } from './task-workers';
import { taskById, type TaskRow } from './tasks';
import { sessionInvite, type InviteRow } from './worker-invite';

/** The trusted-timestamp service (routes/tsa-provider.ts): production's TSA, or the demo's sandbox. */
export interface TimestampService {
  /** a token over this SHA-256 (TsaUnavailable when none can be had) */
  stamp(sha256: Buffer): Promise<Timestamp>;
  /** the PEM certificate(s) a kept token is verified against (adapters/tsa.ts verifyTimestamp) */
  trustedPem(): Promise<string>;
}

export interface SignDeps {
  store: Pick<ObjectStore, 'read'>;
  tsa: TimestampService | null;
  limits: LoginLimits;
  client: { ip: string; userAgent: string };
  log?: (err: unknown) => void;
}

export const MSG_SIGN_DOWN = '签署服务暂不可用，请稍后重新获取验证码签署';
export const MSG_SIGN_NONE = '电子签署服务未开通，请联系发布任务的企业';
export const MSG_AGREEMENT_CHANGED = '协议文件校验未通过，请联系发布任务的企业';

/** The state checks of steps 1 and 5 (the second time under the row lock). */
export function assertSignable(w: InviteRow, task: TaskRow) {
  if (!takesWorkers(task.status)) throw conflict('任务已结束，无法签署');
  if (!task.need_sign) throw conflict('该任务无需签署协议');
  if (task.need_realname && !w.realname_verified) throw badRequest('请先完成实名认证');
  if (w.sign_status !== 'pending' || w.work_status === 'applied') throw conflict('当前状态不能签署');
}

const iso = (d: Date) => d.toISOString();

/**
 * Steps 1 and 2, shared with the e签宝 path (sign-flow.ts): the invitation behind the session, its
 * task, the version in effect (the one read), and that version's file hashing as it did when saved.
 */
export async function signableAgreement(db: Db, token: string, secret: string, now: Date, agreementId: number) {
  const w = await sessionInvite(db, token, secret, now);
  const task = (await taskById(db, w.task_id))!;
  assertSignable(w, task);
  await expireSignings(db, task.id, now);
  const a = await currentAgreement(db, task.id, now);
  if (!a || a.id !== agreementId) throw conflict('协议已更新，请重新阅读后签署');
  return { w, task, a };
}

/** Step 2: the stored file hashes as it did when saved (a version saved before migration 050 takes its hash now). */
export async function checkedFileSha(db: Db, store: Pick<ObjectStore, 'read'>, a: { id: number; bucket: string; object_key: string; sha256: string | null }) {
  const fileSha = await fileSha256(db, store, a.bucket, a.object_key);
  if (!fileSha || (a.sha256 && a.sha256 !== fileSha)) throw conflict(MSG_AGREEMENT_CHANGED);
  if (!a.sha256) await db.query('UPDATE flex_agreements SET sha256 = $2 WHERE id = $1 AND sha256 IS NULL', [a.id, fileSha]);
  return fileSha;
}

/** The latest consistent real-name check of a task worker: the identity the signature rests on. */
export const latestRealname = (db: Db, w: Pick<InviteRow, 'id' | 'company_id'>) =>
  db.one<{ id: number; provider: string; method: string; result: string; verify_id: string; checked_at: Date }>(
    `SELECT id, provider, method, result, verify_id, checked_at FROM realname_checks
      WHERE task_worker_id = $1 AND company_id = $2 AND result = 'consistent' ORDER BY checked_at DESC, id DESC LIMIT 1`,
    [w.id, w.company_id],
  );

/** The record's realname part from a check row. */
export const realnamePart = (check: Awaited<ReturnType<typeof latestRealname>>) =>
  check ? { provider: check.provider, method: check.method, result: check.result, verify_id: check.verify_id, checked_at: iso(check.checked_at) } : null;

/** Signs the version in effect with the intent code; answers nothing (the caller re-reads the page). */
export async function signWithEvidence(db: Db, token: string, secret: string, now: Date, agreementId: number, code: string, deps: SignDeps): Promise<void> {
  const { w, task, a } = await signableAgreement(db, token, secret, now, agreementId);
  if (!deps.tsa) throw new Refusal(Code.CONFLICT, MSG_SIGN_NONE);
  const fileSha = await checkedFileSha(db, deps.store, a);

  const mobile = decryptPii(w.mobile_enc);
  const intent = await commitThenRefuse(db, async (t) => (await consumeSmsCode(t, mobile, code, 'sign', now, deps.limits)) ?? usedCode(t, mobile, 'sign'));

  const person = (await db.one<{ cert_no_mask: string }>('SELECT cert_no_mask FROM flex_workers WHERE id = $1 AND company_id = $2', [
    w.worker_id,
    w.company_id,
  ]))!;
  const check = await latestRealname(db, w);
  const record = recordText({
    company: { id: w.company_id, name: w.company_name },
    task: { id: task.id, name: task.name },
    agreement: { id: a.id, name: a.name, version: a.version, file_name: a.file_name, sha256: fileSha },
    signer: { worker_id: w.worker_id, name: w.name, id_mask: person.cert_no_mask, mobile_mask: w.mobile_mask },
    realname: realnamePart(check),
    intent: { method: 'sms', mobile_mask: w.mobile_mask, sent_at: iso(intent.sent_at), verified_at: iso(now) },
    client: { ip: deps.client.ip, user_agent: deps.client.userAgent },
    signed_at: iso(now),
  });
  const recordSha = sha256(record);
  let ts: Timestamp;
  try {
    ts = await deps.tsa.stamp(recordSha);
  } catch (err) {
    if (!(err instanceof TsaUnavailable)) throw err;
    deps.log?.(err);
    throw new Refusal(Code.UNAVAILABLE, MSG_SIGN_DOWN);
  }

  await db.tx(async (t) => {
    const locked = await sessionInvite(t, token, secret, now, true);
    assertSignable(locked, (await taskById(t, locked.task_id))!);
    if ((await currentAgreement(t, task.id, now))?.id !== a.id) throw conflict('协议已更新，请重新阅读后签署');
    await t.query(
      `INSERT INTO sign_evidence (company_id, task_id, task_worker_id, worker_id, agreement_id, agreement_bucket, agreement_key, agreement_sha256,
                                  realname_check_id, intent_sms_id, intent_sent_at, intent_verified_at, ip, user_agent, record, record_sha256,
                                  tsa_token, tsa_serial, tsa_time, tsa_name, tsa_cert, signed_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22)`,
      [
        w.company_id,
        task.id,
        w.id,
        w.worker_id,
        a.id,
        a.bucket,
        a.object_key,
        fileSha,
        check?.id ?? null,
        intent.id,
        intent.sent_at,
        now,
        deps.client.ip,
        deps.client.userAgent,
        record,
        recordSha.toString('hex'),
        ts.token,
        ts.serial,
        ts.genTime,
        ts.tsa,
        ts.certPem,
        now,
      ],
    );
    await t.query(
      `UPDATE flex_task_workers SET sign_status = 'signed', agreement_id = $2, signed_at = $3,
              work_status = CASE WHEN work_status = 'hired' THEN 'working' ELSE work_status END
        WHERE id = $1`,
      [w.id, a.id, now],
    );
  });
}

/**
 * The worker's steps on their invitation, each after the SMS check (a live worker session):
 * 实名认证 against the person HR registered, refusing the agreement, and 提交交付 (signing, with
 * its evidence: sign-evidence.ts). Each answers the page as it now stands.
 */
import { canDeliver, takesWorkers } from '../../../contract/employment-rules';
import { idCardProblem, normalizeDigits } from '../../../contract/person';
import type { InviteData } from '../../../contract/worker';
import type { Db } from '../../db/types';
import { blindIndex } from '../../lib/pii';
import { badRequest, conflict } from '../../lib/refusal';
import { MSG_REALNAME_MISMATCH, providerRealname, type RealnameProvider } from './realname';
import { checkDeliveryPhotos, replaceDeliveryPhotos } from './delivery-photos';
import type { ObjectStore } from './media';
import { openFlow } from './sign-flow';
import { taskById, type TaskRow } from './tasks';
import { sessionInvite, type InviteRow } from './worker-invite';
import { inviteView, type WorkerCtx } from './worker-page';
import { deliveryWaiting } from '../messages/events';

/**
 * 实名认证: the name and ID number typed must be the person's on file (the GB 11643 check first,
 * free; then the blind index; the number itself is never compared in clear or stored again), then
 * the e-sign provider's checks (realname.ts: 二要素, 三要素 when configured), each recorded.
 */
export async function verifyRealname(
  db: Db,
  ctx: WorkerCtx,
  name: string,
  idNo: string,
  provider: RealnameProvider | null,
  log?: (err: unknown) => void,
): Promise<InviteData> {
  const w = await sessionInvite(db, ctx.token, ctx.secret, ctx.now);
  const id = normalizeDigits(idNo).toUpperCase();
  if (idCardProblem(id, ctx.now)) throw badRequest('请输入正确的身份证号');
  if (name !== w.name || w.cert_type !== 'id_card' || blindIndex('id_card', id) !== w.cert_no_bidx) throw badRequest(MSG_REALNAME_MISMATCH);
  await providerRealname(db, provider, w, name, id, ctx.now, log);
  await db.query('UPDATE flex_workers SET realname_verified = true WHERE id = $1 AND company_id = $2', [w.worker_id, w.company_id]);
  return inviteView(db, ctx);
}

/** 拒绝签署 a pending agreement. */
export async function refuseAgreement(db: Db, ctx: WorkerCtx): Promise<InviteData> {
  const w = await sessionInvite(db, ctx.token, ctx.secret, ctx.now);
  const task = (await taskById(db, w.task_id))!;
  if (!task.need_sign) throw conflict('该任务无需签署协议');
  // signing at e签宝 now: its own page has 拒绝签署 (and ends that flow as e签宝 says)
  if (await openFlow(db, w.id)) throw conflict('签署进行中，请在 e签宝 签署页面拒绝签署');
  const r = await db.one(
    `UPDATE flex_task_workers SET sign_status = 'refused' WHERE id = $1 AND sign_status = 'pending' AND work_status <> 'applied' RETURNING id`,
    [w.id],
  );
  if (!r) throw conflict('当前状态不能拒签');
  return inviteView(db, ctx);
}

/** Refuses unless the worker may deliver now (a task still running; signed when it needs signing; 进行中 or 已驳回). */
export function assertMayDeliver(w: Pick<InviteRow, 'work_status' | 'sign_status'>, task: Pick<TaskRow, 'status' | 'need_sign'>): void {
  if (!takesWorkers(task.status)) throw conflict('任务已结束，无法交付');
  if (!canDeliver({ work: w.work_status, sign: w.sign_status, needSign: task.need_sign }))
    throw conflict(w.sign_status !== 'signed' && task.need_sign ? '请先签署协议' : '当前状态不能交付');
}

/**
 * 提交交付 (again after the company's 驳回) on a task still running, with 0–9 photos the worker
 * uploaded through their invitation's upload calls (delivery-photos.ts); a new delivery replaces
 * the photos of the last one.
 */
export async function deliverWork(db: Db, ctx: WorkerCtx, note: string, mediaIds: readonly string[], store: Pick<ObjectStore, 'read'>): Promise<InviteData> {
  // the session and the state first (nothing read from the store for someone who may not deliver)
  const before = await sessionInvite(db, ctx.token, ctx.secret, ctx.now);
  assertMayDeliver(before, (await taskById(db, before.task_id))!);
  await checkDeliveryPhotos(db, store, before.id, mediaIds);
  await db.tx(async (t) => {
    const w = await sessionInvite(t, ctx.token, ctx.secret, ctx.now, true);
    assertMayDeliver(w, (await taskById(t, w.task_id))!);
    await t.query(
      `UPDATE flex_task_workers SET work_status = 'delivered', delivery_note = $2, delivered_at = $3 WHERE id = $1 AND work_status IN ('working', 'rejected')`,
      [w.id, note, ctx.now],
    );
    await replaceDeliveryPhotos(t, w, mediaIds, ctx.now);
    await deliveryWaiting(t, w.id, ctx.now);
  });
  return inviteView(db, ctx);
}

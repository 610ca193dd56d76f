/**
 * What the worker's invitation page shows (/m/flex/w/{token}): the task as a worker sees it, their
 * signing and work status, and the next step — computed here, so the page only draws it. The
 * agreement to sign comes with a short-lived link to its PDF, after the SMS check only.
 */
import { canDeliver, takesWorkers } from '../../../contract/employment-rules';
import type { InviteData, WorkerStep, WorkerTask } from '../../../contract/worker';
import type { Db } from '../../db/types';
import { addSeconds, fmtDateTime } from '../../lib/time';
import { currentAgreement } from './agreements';
import { deliveryPhotos } from './delivery-photos';
import { URL_TTL_S, type ObjectStore } from './media';
import { flowNote } from './sign-flow';
import { expireSignings } from './task-workers';
import { taskById, type TaskRow } from './tasks';
import { loadInvite, sessionLive, type InviteRow } from './worker-invite';

/** A signed GetObject link to an agreement file or a delivery photo (the server's signer; null without one). */
export type LinkObject = ObjectStore['link'];

/** The worker's request: the invitation link, the cookie's secret ('' when none), the clock. */
export interface WorkerCtx {
  token: string;
  secret: string;
  now: Date;
  link: LinkObject;
}

/** The task as a worker sees it: no HR data, no counts. */
export const workerTask = (t: TaskRow, companyName: string): WorkerTask => ({
  name: t.name,
  company_name: companyName,
  description: t.description,
  standard: t.standard,
  work_mode: t.work_mode,
  address: t.address,
  start_date: t.start_date ?? '',
  end_date: t.end_date ?? '',
  pay_amount: t.pay_amount,
  pay_unit: t.pay_unit,
  settle_mode: t.settle_mode,
});

/** The next step of the invitation page (`flowOpen`: signing at e签宝 now, sign-flow.ts). */
export function workerStep(w: InviteRow, task: TaskRow, verified: boolean, hasAgreement: boolean, flowOpen = false): WorkerStep {
  if (!verified) return 'verify';
  if (w.work_status === 'applied') return takesWorkers(task.status) ? 'wait_hire' : 'closed';
  if (w.work_status === 'accepted') return 'accepted';
  if (w.work_status === 'delivered') return 'delivered';
  if (w.sign_status === 'refused') return 'refused';
  if (w.sign_status === 'expired') return 'expired';
  if (!takesWorkers(task.status)) return 'closed';
  if (task.need_realname && !w.realname_verified) return 'realname';
  if (task.need_sign && w.sign_status === 'pending') return flowOpen ? 'signing' : hasAgreement ? 'sign' : 'no_agreement';
  return canDeliver({ work: w.work_status, sign: w.sign_status, needSign: task.need_sign }) ? 'deliver' : 'closed';
}

/** The page's data for the invitation (read afresh: after a step it shows the new state). */
export async function inviteView(db: Db, ctx: WorkerCtx): Promise<InviteData> {
  let w = await loadInvite(db, ctx.token);
  // 待签署 past the signing deadline becomes 已过期, as HR's list shows it
  if (w.sign_status === 'pending') {
    await expireSignings(db, w.task_id, ctx.now);
    w = await loadInvite(db, ctx.token);
  }
  const task = (await taskById(db, w.task_id))!;
  const verified = sessionLive(w, ctx.secret, ctx.now);
  const toSign = verified && task.need_sign && w.sign_status === 'pending';
  const a = toSign ? await currentAgreement(db, task.id, ctx.now) : null;
  const flow = toSign ? await flowNote(db, w.id) : null;
  const step = workerStep(w, task, verified, !!a, flow?.status === 'signing');
  const photos = verified ? ((await deliveryPhotos(db, w.company_id, [w.id], ctx.link, ctx.now)).get(w.id) ?? []) : [];
  return {
    task: workerTask(task, w.company_name),
    mobile_mask: w.mobile_mask,
    verified,
    need_sign: task.need_sign,
    need_realname: task.need_realname,
    sign_status: w.sign_status,
    work_status: w.work_status,
    step,
    amount: w.amount,
    reject_reason: verified ? w.reject_reason : '',
    delivery_note: verified ? w.delivery_note : '',
    delivery_photos: photos,
    signed_at: w.signed_at ? fmtDateTime(w.signed_at) : '',
    agreement:
      step === 'sign' && a
        ? {
            id: a.id,
            name: a.name,
            version: a.version,
            effective_date: a.effective_date,
            url: ctx.link(a.bucket, a.object_key, addSeconds(ctx.now, URL_TTL_S)) ?? '',
          }
        : null,
    sign_flow: flow,
  };
}

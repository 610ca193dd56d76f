/**
 * A task worker's uploads (the photos of a delivery) through the console's upload engine: the same
 * credentials, claim and register as a console user's (domain/media/sts.ts, register.ts), with the
 * task worker as the owner (`w<id>/`, images only, accounts/credentials.ts UploadOwner), behind the
 * worker session's cookie and only while the worker may deliver. Nothing here is a console
 * session: a bearer token opens none of it, and these credentials register nothing in the console.
 */
import type { MediaRegisterData, StsData } from '../../../contract/upload';
import type { WorkerMediaBody } from '../../../contract/worker';
import type { z } from 'zod';
import type { AliyunStsConfig } from '../../adapters/sts';
import type { VodClient } from '../../adapters/vod';
import type { Db } from '../../db/types';
import { conflict } from '../../lib/refusal';
import { registerMedia, workerOwner } from '../media/register';
import { uploadCredentials } from '../media/sts';
import { taskById } from './tasks';
import { sessionInvite, type InviteRow } from './worker-invite';
import { assertMayDeliver } from './worker-steps';
import type { WorkerCtx } from './worker-page';

/** The server's upload services, as routes/upload.ts sets them up (the same for the console and the worker). */
export interface UploadServices {
  /** production's cloud STS (AssumeRole); null: credentials minted for the sandboxes */
  sts: AliyunStsConfig | null;
  /** production: the video service endpoint and region the credentials are meant for */
  where: { VodEndpoint?: string; RegionId?: string };
  /** the server's own video service (production's, the demo's sandbox), null when none */
  vod: VodClient | null;
}

export const MSG_NO_UPLOADS = '暂未开通上传服务';

/** The invitation of a worker who may deliver now (a live session; the task running; signed when needed). */
async function deliveringWorker(db: Db, ctx: Pick<WorkerCtx, 'token' | 'secret' | 'now'>): Promise<InviteRow> {
  const w = await sessionInvite(db, ctx.token, ctx.secret, ctx.now);
  assertMayDeliver(w, (await taskById(db, w.task_id))!);
  return w;
}

/** Short-lived upload credentials for this task worker's photos: their own key prefix, images only. */
export async function workerUploadCredentials(db: Db, ctx: WorkerCtx, up: UploadServices, log: (msg: string) => void): Promise<StsData> {
  const w = await deliveringWorker(db, ctx);
  return uploadCredentials(db, workerOwner(w.id), { sts: up.sts, where: up.where, now: ctx.now, log });
}

/** claim (`finish` false) or register a photo upload of this task worker, verified at the video service as the console's are. */
export async function workerRegisterMedia(
  db: Db,
  ctx: WorkerCtx,
  up: UploadServices,
  body: z.output<typeof WorkerMediaBody>,
  o: { finish: boolean; log: (msg: string) => void },
): Promise<MediaRegisterData> {
  const w = await deliveringWorker(db, ctx);
  if (!up.vod) throw conflict(MSG_NO_UPLOADS);
  return registerMedia(db, up.vod, workerOwner(w.id), body, { now: ctx.now, finish: o.finish, log: o.log });
}

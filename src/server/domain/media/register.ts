/**
 * The application's record of an upload (`media`), written from what the video service says
 * (issue 16): the console (and a task worker's page, for delivery photos) uploads with its STS
 * credentials straight to VOD and the object store, then tells the server the id; the server asks
 * the provider with its own key (adapters/vod.ts).
 *
 * - claim (when VOD has answered the id): binds the id to the caller — the company of an active
 *   member, else the user alone, or a task worker (UploadOwner, accounts/credentials.ts) — with a
 *   pending row (`Uploading`); the first caller owns it.
 * - register (when the object is complete): the row becomes `Normal` with the provider's size and
 *   object; an upload the provider has not finished is refused and nothing is written.
 * Another owner's id answers the same 404 as an id the provider does not know. Both are idempotent.
 */
import type { Db } from '../../db/types';
import { OWNER_KEY_RE, ownerFrom, ownerOf, ownerPrefix, type UploadOwner } from '../accounts/credentials';
import { isActiveMember, type AuthInfo } from '../users';
import { Refusal, badRequest, notFound } from '../../lib/refusal';
import { Code } from '../../../contract/envelope';
import { mimeOfName } from '../../../contract/mime';
import { MSG_MEDIA_UNFINISHED, type MediaRegisterBody, type MediaRegisterData } from '../../../contract/upload';
import { VodApiError, type ProviderMedia, type VodClient } from '../../adapters/vod';

export const MSG_MEDIA_UNKNOWN = '文件不存在，请重新上传';
export { MSG_MEDIA_UNFINISHED };
export const MSG_MEDIA_FAILED = '文件上传失败，请重新上传';
export const MSG_VOD_DOWN = '上传服务暂不可用，请稍后再试';

/** A console user's uploads: the company of an active member, else the user alone. */
export type MediaCaller = Extract<UploadOwner, { task_worker_id: null }>;

/** Who a console user's upload belongs to: the company of an active member, else the user alone. */
export const mediaCallerOf = (auth: AuthInfo): MediaCaller => ({
  user_id: auth.user.id,
  company_id: isActiveMember(auth.user, auth.company) ? auth.company.id : null,
  task_worker_id: null,
});

/** A task worker's uploads (their delivery photos): neither a user's nor a company's. */
export const workerOwner = (taskWorkerId: number): UploadOwner => ({ user_id: null, company_id: null, task_worker_id: taskWorkerId });

interface MediaRow {
  media_id: string;
  kind: string;
  company_id: number | null;
  user_id: number | null;
  task_worker_id: number | null;
  status: 'Uploading' | 'Normal';
}

const mimeOf = (name: string) => mimeOfName(name) ?? 'application/octet-stream';

const current = (db: Db, id: string) =>
  db.one<MediaRow>('SELECT media_id, kind, company_id, user_id, task_worker_id, status FROM media WHERE media_id = $1', [id]);

/** The caller's row, or null; another owner's (or another kind's) row is the unknown id's 404. */
function mine(row: MediaRow | undefined, caller: UploadOwner, kind: string): MediaRow | null {
  if (!row) return null;
  if (ownerOf(row) !== ownerOf(caller) || row.kind !== kind) throw notFound(MSG_MEDIA_UNKNOWN);
  return row;
}

async function ask(vod: VodClient, kind: MediaRegisterBody['kind'], id: string, log: (msg: string) => void): Promise<ProviderMedia> {
  let p: ProviderMedia | null;
  try {
    p = await vod.media(kind, id);
  } catch (e) {
    log(e instanceof VodApiError ? e.message : `VOD: ${e instanceof Error ? e.message : String(e)}`);
    throw new Refusal(Code.SERVER_ERROR, MSG_VOD_DOWN);
  }
  if (!p) throw notFound(MSG_MEDIA_UNKNOWN);
  return p;
}

/** An object under one of our owners' prefixes (`c12/…`, `u5/…`, `w7/…`) belongs to that owner only. */
function checkPrefix(p: ProviderMedia, caller: UploadOwner) {
  if (OWNER_KEY_RE.test(p.key) && !p.key.startsWith(ownerPrefix(caller))) throw notFound(MSG_MEDIA_UNKNOWN);
}

export async function registerMedia(
  db: Db,
  vod: VodClient,
  caller: UploadOwner,
  body: MediaRegisterBody,
  o: { now: Date; finish: boolean; log: (msg: string) => void },
): Promise<MediaRegisterData> {
  const id = body.media_id;
  const before = mine(await current(db, id), caller, body.kind);
  if (before?.status === 'Normal') return { media_id: id, kind: body.kind, status: 'Normal' };
  const p = await ask(vod, body.kind, id, o.log);
  checkPrefix(p, caller);
  if (p.state === 'failed') throw badRequest(MSG_MEDIA_FAILED);
  const fileName = (p.fileName || p.title || id).slice(0, 255);
  const title = (p.title || fileName).slice(0, 128);
  if (p.state !== 'stored' || !o.finish) {
    if (o.finish) throw badRequest(MSG_MEDIA_UNFINISHED);
    // claim: a pending row binds the id to its first caller (and counts it as started). Only
    // register finishes a row, even when the object is already stored (a small image can be): it
    // brings the console's CRC64, which a claim that raced ahead would have left out for good.
    await db.query(
      `INSERT INTO media (media_id, kind, company_id, user_id, task_worker_id, title, file_name, file_size, mime, bucket, object_key, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Uploading', $12) ON CONFLICT (media_id) DO NOTHING`,
      [
        id,
        body.kind,
        caller.company_id,
        caller.user_id,
        caller.task_worker_id,
        title,
        fileName,
        p.size,
        mimeOf(fileName),
        p.bucket,
        p.bucket ? p.key : '',
        o.now,
      ],
    );
    const row = mine(await current(db, id), caller, body.kind)!;
    return { media_id: id, kind: body.kind, status: row.status };
  }
  if (!p.bucket || !p.key) throw badRequest(MSG_MEDIA_UNFINISHED);
  // stored: the row (new, or the caller's pending one) becomes Normal with the provider's object
  await db.tx(async (t) => {
    await t.query(
      `INSERT INTO media (media_id, kind, company_id, user_id, task_worker_id, title, file_name, file_size, mime, bucket, object_key, status, crc64,
         created_at, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Normal', $12, $13, $13)
       ON CONFLICT (media_id) DO UPDATE SET status = 'Normal', file_size = EXCLUDED.file_size, mime = EXCLUDED.mime, bucket = EXCLUDED.bucket,
         object_key = EXCLUDED.object_key, crc64 = EXCLUDED.crc64, finished_at = EXCLUDED.finished_at
       WHERE media.company_id IS NOT DISTINCT FROM EXCLUDED.company_id AND media.task_worker_id IS NOT DISTINCT FROM EXCLUDED.task_worker_id
         AND (media.company_id IS NOT NULL OR media.user_id IS NOT DISTINCT FROM EXCLUDED.user_id)`,
      [
        id,
        body.kind,
        caller.company_id,
        caller.user_id,
        caller.task_worker_id,
        title,
        fileName,
        p.size,
        mimeOf(fileName),
        p.bucket,
        p.key,
        body.crc64 ?? '',
        o.now,
      ],
    );
    mine(await current(t, id), caller, body.kind);
  });
  return { media_id: id, kind: body.kind, status: 'Normal' };
}

/** how long a pending upload may wait for its own register before the job asks the provider */
export const PENDING_GRACE_MS = 2 * 60_000;
/** older pending rows are left to the cleanup of unfinished uploads */
export const PENDING_MAX_AGE_MS = 7 * 86_400_000;

/**
 * Pending uploads nobody registered (the tab closed or reloaded between the last part and
 * register, or register failed for good): each is asked at the provider as its owner's register
 * would ask, and a stored one becomes `Normal` the same way. One still uploading, failed or gone
 * is left pending. A provider that is down ends the run (the job retries); the rest wait for the
 * next. Answers the ids recorded.
 */
export async function finishPendingMedia(db: Db, vod: VodClient, o: { now: Date; limit?: number; log: (msg: string) => void }): Promise<string[]> {
  const rows = await db.query<{
    media_id: string;
    kind: MediaRegisterBody['kind'];
    company_id: number | null;
    user_id: number | null;
    task_worker_id: number | null;
  }>(
    `SELECT media_id, kind, company_id, user_id, task_worker_id FROM media
      WHERE status = 'Uploading' AND created_at < $1 AND created_at > $2
      ORDER BY created_at LIMIT $3`,
    [new Date(o.now.getTime() - PENDING_GRACE_MS), new Date(o.now.getTime() - PENDING_MAX_AGE_MS), o.limit ?? 200],
  );
  const done: string[] = [];
  for (const r of rows) {
    const owner = ownerFrom(r);
    if (!owner) continue;
    try {
      await registerMedia(db, vod, owner, { media_id: r.media_id, kind: r.kind }, { now: o.now, finish: true, log: o.log });
      done.push(r.media_id);
    } catch (e) {
      // unfinished, failed, unknown: still pending; the provider down: the whole run again later
      if (e instanceof Refusal && e.code === Code.SERVER_ERROR) throw e;
    }
  }
  return done;
}

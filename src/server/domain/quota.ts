import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types';

/**
 * The per-user quota on stored uploads (licence images, videos, images — everything a user puts in
 * the object store): bytes and files. Checked where an upload starts (VOD CreateUpload*) with the
 * declared size, and again by the object store on every write with the real bytes, so a client
 * that skips VOD or lies about the size is still stopped.
 * Defaults: 20 GB and 2000 files a user; config.ts reads `UPLOAD_QUOTA_BYTES` / `UPLOAD_QUOTA_FILES`
 * and buildServer sets this server's (its `uploadQuota` option) with setUploadQuota.
 */
export interface UploadQuota {
  bytes: number;
  files: number;
}

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = { bytes: 20 * 1024 ** 3, files: 2000 };

const quotas = new WeakMap<FastifyInstance, UploadQuota>();

/**
 * A task worker's quota (their delivery photos: 9 a delivery, 10 MB each, a few deliveries after
 * 驳回 and the uploads they gave up on): whatever the users' quota is.
 */
export const WORKER_UPLOAD_QUOTA: UploadQuota = { bytes: 1024 ** 3, files: 100 };

/** Who uploads: a user, or a task worker (domain/accounts/credentials.ts UploadOwner). */
export interface Uploader {
  user_id: number | null;
  task_worker_id: number | null;
}

/** This server's quota: what buildServer was given (config.ts), else the defaults; a task worker's is WORKER_UPLOAD_QUOTA. */
export const uploadQuota = (app: FastifyInstance, who?: Uploader): UploadQuota =>
  who && who.task_worker_id !== null ? WORKER_UPLOAD_QUOTA : (quotas.get(app) ?? DEFAULT_UPLOAD_QUOTA);

/** buildServer (its `uploadQuota` option), and tests: another quota for this server; fields left out keep the defaults. */
export function setUploadQuota(app: FastifyInstance, q: Partial<UploadQuota>) {
  quotas.set(app, { ...DEFAULT_UPLOAD_QUOTA, ...q });
}

const fmtBytes = (n: number) =>
  n >= 1024 ** 3 ? `${+(n / 1024 ** 3).toFixed(1)} GB` : n >= 1024 ** 2 ? `${+(n / 1024 ** 2).toFixed(1)} MB` : `${+(n / 1024).toFixed(1)} KB`;

/** The words the console (or the worker's page) shows (the upload client displays the server's Chinese message). */
export const quotaMessage = (q: UploadQuota, who?: Uploader) =>
  who && who.task_worker_id !== null
    ? `上传的照片已达上限（最多 ${q.files} 张、共 ${fmtBytes(q.bytes)}），请联系发布任务的企业`
    : `存储空间已满：每位用户最多保存 ${q.files} 个文件、共 ${fmtBytes(q.bytes)}，请清理不需要的素材后再上传`;

export interface Usage {
  bytes: number;
  files: number;
}

/**
 * What an uploader holds: finished objects, plus the parts of multipart uploads in progress (bytes)
 * and media whose upload has started but not finished (files), leaving out `exceptKey` (the
 * object about to be overwritten) and `exceptUpload` (its part about to be replaced). A user's
 * objects are those they wrote; a task worker's, those under their prefix (`w<id>/`, which only
 * their credentials reach).
 */
export async function uploadUsage(db: Db, who: Uploader, o: { exceptKey?: string; exceptPart?: { uploadId: string; n: number } } = {}): Promise<Usage> {
  const worker = who.task_worker_id !== null;
  // $1: the user, or the task worker's key prefix (LIKE: `w<digits>/%` has no wildcard of its own)
  const mine = (t: string) => (worker ? `${t}.object_key LIKE $1` : `${t}.user_id = $1`);
  const row = await db.one<{ bytes: string | null; files: string; parts: string | null; pending: string }>(
    `SELECT (SELECT coalesce(sum(size), 0) FROM oss_objects x WHERE ${mine('x')} AND x.object_key <> $2) AS bytes,
            (SELECT count(*) FROM oss_objects x WHERE ${mine('x')} AND x.object_key <> $2) AS files,
            (SELECT coalesce(sum(p.size), 0) FROM oss_parts p JOIN oss_multipart m ON m.upload_id = p.upload_id
              WHERE ${mine('m')} AND NOT (p.upload_id = $3 AND p.part_number = $4)) AS parts,
            (SELECT count(*) FROM vod_media d WHERE ${worker ? 'd.task_worker_id = $5' : 'd.user_id = $1'} AND d.status = 'Uploading'
                AND NOT EXISTS (SELECT 1 FROM oss_objects o WHERE o.bucket = d.bucket AND o.object_key = d.object_key)
                AND d.object_key <> $2) AS pending`,
    [
      worker ? `w${who.task_worker_id}/%` : who.user_id,
      o.exceptKey ?? '',
      o.exceptPart?.uploadId ?? '',
      o.exceptPart?.n ?? 0,
      ...(worker ? [who.task_worker_id] : []),
    ],
  );
  return { bytes: Number(row?.bytes ?? 0) + Number(row?.parts ?? 0), files: Number(row?.files ?? 0) + Number(row?.pending ?? 0) };
}

/** Whether adding `bytes` (and `files` new files) keeps the user within the quota. */
export const withinQuota = (q: UploadQuota, u: Usage, add: Usage) => u.bytes + add.bytes <= q.bytes && u.files + add.files <= q.files;

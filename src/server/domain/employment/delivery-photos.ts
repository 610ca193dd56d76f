/**
 * The photos of a delivery (issue 29 item 1): images a task worker uploaded through the upload
 * engine with their invitation's credentials (worker-uploads.ts), registered as `media` rows of
 * that task worker, and linked to their latest delivery in `flex_delivery_files` (migration 052).
 * The worker's page and HR's list show them with short-lived signed links (domain/media/object.ts).
 */
import { DELIVERY_PHOTO_MAX_BYTES, MSG_PHOTO_SIZE, MSG_PHOTO_TYPE, sniffPhoto } from '../../../contract/employment-rules';
import type { DeliveryPhoto } from '../../../contract/employment';
import type { Db } from '../../db/types';
import { badRequest } from '../../lib/refusal';
import { addSeconds } from '../../lib/time';
import { URL_TTL_S, type ObjectStore } from './media';

/** `n`: the photo's place in the delivery (1–9), so the worker knows which one to upload again. */
export const msgPhotoNotYours = (n: number) => `第${n}张照片不存在或不属于本次交付，请重新上传`;
export const msgPhotoUnfinished = (n: number) => `第${n}张照片尚未上传完成，请稍后再试`;
export const msgPhotoType = (n: number) => `第${n}张照片：${MSG_PHOTO_TYPE}`;
export const msgPhotoSize = (n: number) => `第${n}张照片：${MSG_PHOTO_SIZE}`;

interface PhotoRow {
  media_id: string;
  kind: string;
  status: string;
  task_worker_id: number | null;
  bucket: string;
  object_key: string;
}

/**
 * Checks the photos a delivery names, in order: each a finished image of this task worker (their
 * own upload, registered at the video service), a JPEG, PNG or WebP by its content, ≤ 10 MB in the
 * store. Reads the stored objects (an HTTP request each in production): call it outside a
 * transaction. A registered row never changes owner nor goes back to unfinished, so what is checked
 * here still holds when the delivery is written.
 */
export async function checkDeliveryPhotos(db: Db, store: Pick<ObjectStore, 'read'>, taskWorkerId: number, mediaIds: readonly string[]): Promise<void> {
  if (!mediaIds.length) return;
  const rows = await db.query<PhotoRow>('SELECT media_id, kind, status, task_worker_id, bucket, object_key FROM media WHERE media_id = ANY($1)', [
    [...mediaIds],
  ]);
  for (const [i, id] of mediaIds.entries()) {
    const n = i + 1;
    const m = rows.find((r) => r.media_id === id);
    if (!m || m.task_worker_id !== taskWorkerId) throw badRequest(msgPhotoNotYours(n));
    if (m.kind !== 'image') throw badRequest(msgPhotoType(n));
    if (m.status !== 'Normal') throw badRequest(msgPhotoUnfinished(n));
    // the stored object itself: the demo's store on this machine, or the real bucket
    const o = await store.read(db, m.bucket, m.object_key, 12);
    if (!o) throw badRequest(msgPhotoUnfinished(n));
    if (o.size > DELIVERY_PHOTO_MAX_BYTES) throw badRequest(msgPhotoSize(n));
    if (!sniffPhoto(o.head)) throw badRequest(msgPhotoType(n));
  }
}

/** The delivery's photos become these (in this order); the set of an earlier delivery goes. Inside the delivery's transaction. */
export async function replaceDeliveryPhotos(t: Db, w: { id: number; company_id: number }, mediaIds: readonly string[], now: Date): Promise<void> {
  await t.query('DELETE FROM flex_delivery_files WHERE task_worker_id = $1 AND company_id = $2', [w.id, w.company_id]);
  if (!mediaIds.length) return;
  await t.query(
    `INSERT INTO flex_delivery_files (company_id, task_worker_id, media_id, position, created_at)
     SELECT $1, $2, x.media_id, x.n, $4 FROM unnest($3::text[]) WITH ORDINALITY AS x(media_id, n)`,
    [w.company_id, w.id, [...mediaIds], now],
  );
}

/**
 * The photos of these task workers' latest deliveries (of one company), in the worker's order,
 * each with a signed link valid URL_TTL_S ('' without a signer); a photo deleted by retention
 * (purged_at, docs/pii.md) keeps its place, marked, with no name and no link.
 */
export async function deliveryPhotos(
  db: Db,
  companyId: number,
  taskWorkerIds: readonly number[],
  link: ObjectStore['link'],
  now: Date,
): Promise<Map<number, DeliveryPhoto[]>> {
  const out = new Map<number, DeliveryPhoto[]>();
  if (!taskWorkerIds.length) return out;
  const rows = await db.query<{
    task_worker_id: number;
    media_id: string;
    purged: boolean;
    file_name: string | null;
    file_size: string | null;
    bucket: string | null;
    object_key: string | null;
  }>(
    `SELECT f.task_worker_id, f.media_id, f.purged_at IS NOT NULL AS purged, m.file_name, m.file_size, m.bucket, m.object_key
       FROM flex_delivery_files f LEFT JOIN media m ON m.media_id = f.media_id AND m.task_worker_id = f.task_worker_id
      WHERE f.company_id = $1 AND f.task_worker_id = ANY($2) AND (f.purged_at IS NOT NULL OR m.media_id IS NOT NULL)
      ORDER BY f.task_worker_id, f.position`,
    [companyId, [...taskWorkerIds]],
  );
  const expires = addSeconds(now, URL_TTL_S);
  for (const r of rows) {
    const list = out.get(r.task_worker_id) ?? [];
    const gone = r.purged || !r.bucket || !r.object_key;
    list.push({
      media_id: r.media_id,
      file_name: gone ? '' : (r.file_name ?? ''),
      size: gone ? 0 : Number(r.file_size),
      url: gone ? '' : (link(r.bucket!, r.object_key!, expires) ?? ''),
      purged: gone,
    });
    out.set(r.task_worker_id, list);
  }
  return out;
}

/**
 * The upload engine's objects as 灵活用工 uses them: task attachments and agreement PDFs. The
 * signer of each server lives with the server (domain/media/object.ts), so the route hands in an
 * `ObjectStore` over it; these functions, and their tests, need no Fastify.
 */
import { MSG_MEDIA_UNFINISHED } from '../../../contract/upload';
import type { Db } from '../../db/types';
import { badRequest } from '../../lib/refusal';
import type { ObjectRead } from '../media/object';

export interface ObjectStore {
  /** a signed GetObject link for the console, or null without a signer (domain/media-object objectLink) */
  link(bucket: string, key: string, expires: Date): string | null;
  /** the object's size and first `bytes` bytes, null when not stored (domain/media-object readObject) */
  read(db: Db, bucket: string, key: string, bytes: number): Promise<ObjectRead | null>;
}

/** How long a link handed to the console stays valid. */
export const URL_TTL_S = 1800;

export interface OwnMedia {
  media_id: string;
  title: string;
  file_name: string;
  status: string;
  bucket: string;
  object_key: string;
  kind: string;
  size: number;
}

/** The company's finished media object (upload engine) of the given kind with its size, or a refusal. */
export async function ownMedia(
  db: Db,
  store: ObjectStore,
  mediaId: string,
  companyId: number,
  kind: 'attached' | 'image' | 'video',
  missing: string,
): Promise<OwnMedia> {
  const m = await db.one<Omit<OwnMedia, 'size'>>(
    'SELECT media_id, title, file_name, status, bucket, object_key, kind FROM media WHERE media_id = $1 AND company_id = $2',
    [mediaId, companyId],
  );
  if (!m || m.kind !== kind) throw badRequest(missing);
  // the demo's store on this machine, or the real bucket (domain/media/object.ts)
  const o = m.status === 'Normal' ? await store.read(db, m.bucket, m.object_key, 0) : null;
  if (!o) throw badRequest(MSG_MEDIA_UNFINISHED);
  return { ...m, size: o.size };
}

/** A PDF by its content (`%PDF-`), not by its name. */
export const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

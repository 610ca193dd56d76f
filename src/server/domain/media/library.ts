/**
 * The media library: the finished videos and images of the caller's company (an active member),
 * or the caller's own without one, newest first, each with a signed preview URL (GetObject).
 */
import type { MediaListData } from '../../../contract/upload';
import type { OssSigner } from '../../adapters/oss-url';
import type { Db } from '../../db/types';
import { pageFields, pageSql, type Page } from '../../lib/page';
import { addSeconds, fmtDateTime } from '../../lib/time';
import { signedLink } from './object';
import type { MediaCaller } from './register';

/** Preview URLs of the media library stay valid this long (the page asks again when reopened). */
export const PREVIEW_TTL_S = 900;

export async function listMedia(
  db: Db,
  signer: OssSigner | null,
  caller: MediaCaller,
  q: Page & { kind: 'all' | 'video' | 'image' },
  now: Date,
): Promise<MediaListData> {
  const where = caller.company_id !== null ? 'm.company_id = $1' : 'm.company_id IS NULL AND m.user_id = $1';
  const owner = caller.company_id ?? caller.user_id;
  const kinds = q.kind === 'all' ? ['video', 'image'] : [q.kind];
  const params = [owner, kinds];
  const total = await db.one<{ n: string }>(`SELECT count(*) AS n FROM media m WHERE ${where} AND m.status = 'Normal' AND m.kind = ANY($2)`, params);
  const rows = await db.query<{
    media_id: string;
    kind: 'video' | 'image';
    title: string;
    file_name: string;
    file_size: string;
    mime: string;
    status: 'Uploading' | 'Normal';
    crc64: string;
    uploader: string;
    created_at: Date;
    bucket: string;
    object_key: string;
  }>(
    `SELECT m.media_id, m.kind, m.title, m.file_name, m.file_size, m.mime, m.status, m.crc64, u.realname AS uploader,
            coalesce(m.finished_at, m.created_at) AS created_at, m.bucket, m.object_key
       FROM media m JOIN users u ON u.id = m.user_id
      WHERE ${where} AND m.status = 'Normal' AND m.kind = ANY($2)
      ORDER BY coalesce(m.finished_at, m.created_at) DESC, m.id DESC${pageSql(params, q)}`,
    params,
  );
  // previews: GetObject URLs signed with the account's key, valid a short while
  const expires = addSeconds(now, PREVIEW_TTL_S);
  return {
    list: rows.map((r) => ({
      media_id: r.media_id,
      kind: r.kind,
      title: r.title,
      file_name: r.file_name,
      file_size: Number(r.file_size),
      mime: r.mime,
      status: r.status,
      crc64: r.crc64,
      uploader: r.uploader,
      created_at: fmtDateTime(r.created_at),
      url: signedLink(signer, r.bucket, r.object_key, expires),
    })),
    ...pageFields(q, Number(total?.n ?? 0)),
  };
}

/**
 * The business licence image of a company application (verification.ts): a plain upload (a data
 * URL) or an image of the upload engine, kept as a licence file of the caller either way, and
 * shown back to its uploader and to the company's admitted members. JPG/PNG by content, ≤ 5 MB.
 */
import { LICENSE_MAX_BYTES } from '../../../contract/account';
import type { Db } from '../../db/types';
import { badRequest, notFound } from '../../lib/refusal';
import type { ObjectRead } from '../media/object';
import { isActiveMember, type AuthInfo } from '../users';

const IMAGE_RE = /^data:(image\/(?:png|jpeg|jpg));base64,([A-Za-z0-9+/]+={0,2})$/;
const MSG_NOT_IMAGE = '营业执照照片仅支持 JPG、PNG 格式';

/** The image's real type from its first bytes (the data URL's label is not trusted). */
function sniff(buf: Buffer): 'image/png' | 'image/jpeg' | null {
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The checks both ways share (`size`: the whole image's), then the caller's licence file. */
async function keepLicense(db: Db, userId: number, buf: Buffer, size: number, now: Date): Promise<{ license_id: number; size: number }> {
  if (size === 0) throw badRequest('文件为空，无法上传');
  if (size > LICENSE_MAX_BYTES) throw badRequest('营业执照照片不能超过 5MB');
  const mime = sniff(buf);
  if (!mime) throw badRequest(MSG_NOT_IMAGE);
  const row = await db.one<{ id: number }>(
    `INSERT INTO company_files (user_id, kind, mime, size, data, created_at) VALUES ($1, 'license', $2, $3, $4, $5) RETURNING id`,
    [userId, mime, buf.length, buf, now],
  );
  return { license_id: row!.id, size: buf.length };
}

/** The licence as a data URL (a plain upload until the upload engine takes over). */
export async function uploadLicense(db: Db, userId: number, image: string, now: Date) {
  const m = IMAGE_RE.exec(image.replace(/\s/g, ''));
  if (!m) throw badRequest(MSG_NOT_IMAGE);
  const buf = Buffer.from(m[2]!, 'base64');
  return keepLicense(db, userId, buf, buf.length, now);
}

/** Reads an object's size and first bytes (domain/media/object.ts readObject, bound to the server). */
export type ReadObject = (bucket: string, key: string, bytes: number) => Promise<ObjectRead | null>;

/**
 * The licence through the upload engine: an ImageId of the caller (or of their company) whose
 * object is complete becomes a licence file of the caller — a copy of the object's bytes, so the
 * application keeps its licence whatever happens to the media library.
 */
export async function licenseFromMedia(db: Db, auth: AuthInfo, mediaId: string, now: Date, readObject: ReadObject) {
  const companyId = isActiveMember(auth.user, auth.company) ? auth.company.id : null;
  const m = await db.one<{ kind: string; status: string; user_id: number; company_id: number | null; bucket: string; object_key: string }>(
    'SELECT kind, status, user_id, company_id, bucket, object_key FROM media WHERE media_id = $1',
    [mediaId],
  );
  const mine = m && (m.user_id === auth.user.id || (companyId !== null && m.company_id === companyId));
  if (!m || !mine) throw notFound('营业执照照片无效，请重新上传');
  if (m.kind !== 'image') throw badRequest(MSG_NOT_IMAGE);
  // the object's bytes: the demo's store on this machine, or the real bucket (domain/media/object.ts)
  const o = m.status === 'Normal' ? await readObject(m.bucket, m.object_key, LICENSE_MAX_BYTES + 1) : null;
  if (!o) throw badRequest('营业执照照片尚未上传完成，请稍后再试');
  return keepLicense(db, auth.user.id, o.head, o.size, now);
}

/** A licence image, as a data URL: its uploader's, or the one on file for the caller's company. */
export async function licenseImage(db: Db, auth: AuthInfo, fileId: number): Promise<string> {
  const f = await db.one<{ user_id: number; mime: string; data: Uint8Array }>('SELECT user_id, mime, data FROM company_files WHERE id = $1', [fileId]);
  // the company's licence on file: for its admitted members only (not a joiner the admin has
  // not checked yet); anything else answers like a missing file
  const onFile = isActiveMember(auth.user, auth.company)
    ? await db.one('SELECT 1 FROM companies WHERE id = $1 AND license_id = $2', [auth.company.id, fileId])
    : undefined;
  if (!f || (f.user_id !== auth.user.id && !onFile)) throw notFound('营业执照照片不存在');
  return `data:${f.mime};base64,${Buffer.from(f.data).toString('base64')}`;
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { isoSeconds, mintCredentials, ownerPrefix, presignGet } from '../domain/credentials';
import { assumeRole, type AliyunStsConfig } from '../adapters/sts';
import type { UploadEndpoints } from '../config';
import { Code } from '../../contract/envelope';
import { ApiError } from '../http/envelope';
import { isActiveMember } from '../domain/users';
import { addRoute } from '../http/route';
import { fmtDateTime, addSeconds } from '../lib/time';

export const STS_TTL_S = 3600;

export function uploadRoutes(app: FastifyInstance, opts: { sts?: AliyunStsConfig | null; uploads?: UploadEndpoints | null } = {}) {
  const sts = opts.sts ?? null;
  // production: the credentials name the real video service and region the console signs its calls to
  const where = opts.uploads ? { VodEndpoint: opts.uploads.vodEndpoint, RegionId: opts.uploads.regionId } : {};
  /**
   * Short-lived upload credentials, recorded so the OSS/VOD sandboxes can check the
   * signatures and tokens they receive and tie uploads to the caller's company.
   */
  addRoute(app, endpoints.sts, async ({ auth, db, now, req }) => {
    const companyId = isActiveMember(auth.user, auth.company) ? auth.company.id : null;
    // production: the cloud's STS AssumeRole, scoped to the caller's prefix (adapters/sts.ts)
    if (sts) {
      try {
        const c = await assumeRole(sts, { sessionName: `hr-u${auth.user.id}`, prefix: ownerPrefix({ company_id: companyId, user_id: auth.user.id }), durationS: STS_TTL_S });
        return { ...c, ...where };
      } catch (err) {
        req.log.error({ err: err instanceof Error ? err.message : String(err) }, 'STS AssumeRole 失败');
        throw new ApiError(Code.SERVER_ERROR, '获取上传凭证失败，请稍后再试', 200);
      }
    }
    const c = await mintCredentials(db, { userId: auth.user.id, companyId, now, ttlS: STS_TTL_S });
    return {
      AccessKeyId: c.AccessKeyId,
      AccessKeySecret: c.AccessKeySecret,
      SecurityToken: c.SecurityToken,
      Expiration: isoSeconds(c.expires),
    };
  });

  /**
   * The media library: the finished videos and images of the caller's company (an active member),
   * or the caller's own without one, newest first, each with a signed preview URL (GetObject).
   */
  addRoute(app, endpoints.mediaList, async ({ auth, db, now, query }) => {
    const companyId = isActiveMember(auth.user, auth.company) ? auth.company.id : null;
    const where = companyId !== null ? 'm.company_id = $1' : 'm.company_id IS NULL AND m.user_id = $1';
    const owner = companyId ?? auth.user.id;
    const kinds = query.kind === 'all' ? ['video', 'image'] : [query.kind];
    const params = [owner, kinds];
    const total = await db.one<{ n: string }>(
      `SELECT count(*) AS n FROM media m WHERE ${where} AND m.status = 'Normal' AND m.kind = ANY($2)`,
      params,
    );
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
        ORDER BY coalesce(m.finished_at, m.created_at) DESC, m.id DESC LIMIT $3 OFFSET $4`,
      [...params, query.page_size, (query.page - 1) * query.page_size],
    );
    // one short-lived credential signs this page's previews
    const cred = rows.length ? await mintCredentials(db, { userId: auth.user.id, companyId, now, ttlS: PREVIEW_TTL_S }) : null;
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
        url: cred ? presignGet(cred, r.bucket, r.object_key, expires) : null,
      })),
      total: Number(total?.n ?? 0),
      page: query.page,
      page_size: query.page_size,
    };
  });
}

/** Preview URLs of the media library stay valid this long. */
export const PREVIEW_TTL_S = 3600;

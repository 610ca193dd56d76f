import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { isoSeconds, mintCredentials, ownerPrefix } from '../domain/accounts/credentials';
import { assumeRole, type AliyunStsConfig } from '../adapters/sts';
import { vodClient, type AliyunVodConfig, type VodClient, type VodTransport } from '../adapters/vod';
import { registerMedia } from '../domain/media-register';
import { objectLink, setMediaSigner } from '../domain/media-object';
import { SANDBOX_ACCOUNT_KEY } from '../sandbox/cloud';
import type { UploadEndpoints } from '../config';
import { Code } from '../../contract/envelope';
import { Refusal, conflict } from '../lib/refusal';
import { isActiveMember } from '../domain/users';
import { addRoute } from '../http/route';
import { fmtDateTime, addSeconds } from '../lib/time';

export const STS_TTL_S = 3600;

/**
 * The demo's video service: the VOD sandbox of this same server, called in-process with the
 * sandbox account's key and checked by the sandbox's verifier like any other caller.
 */
const sandboxVod = (app: FastifyInstance): { cfg: AliyunVodConfig; transport: VodTransport } => ({
  cfg: { endpoint: '/sandbox/vod', ...SANDBOX_ACCOUNT_KEY, regionId: 'cn-shanghai', ossEndpoint: '' },
  transport: async (params) => {
    const r = await app.inject({
      method: 'POST',
      url: '/sandbox/vod',
      payload: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  },
});

/**
 * The server's own video service: production's configured one and its key; the demo's sandbox;
 * else none. The upload routes and the media-finish job (main.ts) ask the same one.
 */
export function serverVod(app: FastifyInstance, opts: { vod?: AliyunVodConfig | null; sandbox?: boolean }): { cfg: AliyunVodConfig; client: VodClient } | null {
  if (opts.vod) return { cfg: opts.vod, client: vodClient(opts.vod) };
  if (!opts.sandbox) return null;
  const demo = sandboxVod(app);
  return { cfg: demo.cfg, client: vodClient(demo.cfg, demo.transport) };
}

export function uploadRoutes(
  app: FastifyInstance,
  opts: { sts?: AliyunStsConfig | null; uploads?: UploadEndpoints | null; vod?: AliyunVodConfig | null; sandbox?: boolean } = {},
) {
  const sts = opts.sts ?? null;
  const server = serverVod(app, opts);
  const vod = server?.client ?? null;
  // the media library's previews and the licence and agreement steps read registered objects,
  // and link them, with the same key
  setMediaSigner(app, server?.cfg ?? null);
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
        throw new Refusal(Code.SERVER_ERROR, '获取上传凭证失败，请稍后再试');
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
   * The console's uploads, verified at the video service (domain/media-register.ts): claim binds a
   * started upload to the caller; register records a finished one.
   */
  for (const [ep, finish] of [
    [endpoints.mediaClaim, false],
    [endpoints.mediaRegister, true],
  ] as const) {
    addRoute(app, ep, async ({ auth, body, db, now, req }) => {
      if (!vod) throw conflict('暂未开通上传服务');
      const caller = { user_id: auth.user.id, company_id: isActiveMember(auth.user, auth.company) ? auth.company.id : null };
      return registerMedia(db, vod, caller, body, { now, finish, log: (msg) => req.log.error({ err: msg }, '视频点播查询失败') });
    });
  }

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
        url: objectLink(app, r.bucket, r.object_key, expires),
      })),
      total: Number(total?.n ?? 0),
      page: query.page,
      page_size: query.page_size,
    };
  });
}

/** Preview URLs of the media library stay valid this long (the page asks again when reopened). */
export const PREVIEW_TTL_S = 900;

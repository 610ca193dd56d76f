/**
 * Uploads (issue 16): the console's upload credentials, its claim and register of an upload at the
 * video service, and the media library. The rules and their SQL: domain/media/.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import type { AliyunStsConfig } from '../adapters/sts';
import { vodClient, type AliyunVodConfig, type VodClient, type VodTransport } from '../adapters/vod';
import type { UploadEndpoints } from '../config';
import { listMedia } from '../domain/media/library';
import { mediaSigner, setMediaSigner } from '../domain/media/object';
import { mediaCallerOf, registerMedia } from '../domain/media/register';
import { uploadCredentials } from '../domain/media/sts';
import type { UploadServices } from '../domain/employment/worker-uploads';
import { addRoute } from '../http/route';
import { conflict } from '../lib/refusal';
import { SANDBOX_ACCOUNT_KEY } from '../sandbox/cloud';

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

/**
 * The console's upload routes. Answers the upload services they use (STS, the video service and
 * where it is), which the worker's page's photo uploads use too (routes/worker.ts).
 */
export function uploadRoutes(
  app: FastifyInstance,
  opts: { sts?: AliyunStsConfig | null; uploads?: UploadEndpoints | null; vod?: AliyunVodConfig | null; sandbox?: boolean } = {},
): UploadServices {
  const sts = opts.sts ?? null;
  const server = serverVod(app, opts);
  const vod = server?.client ?? null;
  // the media library's previews and the licence and agreement steps read registered objects,
  // and link them, with the same key
  setMediaSigner(app, server?.cfg ?? null);
  // production: the credentials name the real video service and region the console signs its calls to
  const where = opts.uploads ? { VodEndpoint: opts.uploads.vodEndpoint, RegionId: opts.uploads.regionId } : {};

  addRoute(app, endpoints.sts, async ({ auth, db, now, req }) =>
    uploadCredentials(db, mediaCallerOf(auth), { sts, where, now, log: (err) => req.log.error({ err }, 'STS AssumeRole 失败') }),
  );

  /**
   * The console's uploads, verified at the video service (domain/media/register.ts): claim binds a
   * started upload to the caller; register records a finished one.
   */
  for (const [ep, finish] of [
    [endpoints.mediaClaim, false],
    [endpoints.mediaRegister, true],
  ] as const) {
    addRoute(app, ep, async ({ auth, body, db, now, req }) => {
      if (!vod) throw conflict('暂未开通上传服务');
      return registerMedia(db, vod, mediaCallerOf(auth), body, { now, finish, log: (msg) => req.log.error({ err: msg }, '视频点播查询失败') });
    });
  }

  addRoute(app, endpoints.mediaList, async ({ auth, db, now, query }) => listMedia(db, mediaSigner(app), mediaCallerOf(auth), query, now));
  return { sts, where, vod };
}

/**
 * The server's own calls to the video service (VOD API 2017-03-21), signed with the account's key
 * (RPC signature 1.0, aliyun-rpc.ts, as SMS and STS): what the provider knows of one upload the
 * console made with its STS credentials — GetVideoInfo + GetMezzanineInfo (the source object),
 * GetImageInfo, GetAttachedMediaInfo. Registration (domain/media/register.ts) writes the application's
 * `media` row from this answer, never from what the console says. And DeleteImage: the retention of
 * delivery photos (domain/accounts/retention-media.ts). Production: the configured
 * endpoint over HTTPS (config.ts ALIYUN_VOD_*); the demo: the VOD sandbox of the same server,
 * in-process (app.inject), checked by the same verifier.
 */
import { signedParams } from './aliyun-rpc';

export interface AliyunVodConfig {
  /** `https://vod.cn-shanghai.aliyuncs.com` (the sandbox: `<origin>/sandbox/vod`) */
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  regionId: string;
  /** the object store's endpoint of the media's region (`https://oss-cn-shanghai.aliyuncs.com`): preview URLs */
  ossEndpoint: string;
}

export type VodKind = 'video' | 'image' | 'attached';

/** What the provider says of one upload. */
export interface ProviderMedia {
  /** uploading: started, object not complete; stored: the object is complete; failed: UploadFail/Blocked */
  state: 'uploading' | 'stored' | 'failed';
  /** the provider's own status word (Uploading, UploadSucc, Normal, …) */
  status: string;
  title: string;
  fileName: string;
  size: number;
  /** the source object (OutputType oss); '' while uploading when the provider does not name it yet */
  bucket: string;
  key: string;
}

export class VodApiError extends Error {
  constructor(
    readonly status: number,
    readonly providerCode: string,
    message: string,
  ) {
    super(`VOD: ${status} ${providerCode} ${message}`);
  }
}

/** Sends signed parameters, answers the HTTP status and the JSON body. */
export type VodTransport = (params: Record<string, string>) => Promise<{ status: number; body: Record<string, unknown> }>;

export const httpTransport =
  (endpoint: string): VodTransport =>
  async (params) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown> };
  };

/** Video: everything after the upload (UploadSucc, transcoding, review) has its object stored. */
const VIDEO_STORED = new Set(['UploadSucc', 'Transcoding', 'TranscodeFail', 'Checking', 'Normal']);
const FAILED = new Set(['UploadFail', 'Blocked']);
const stateOf = (status: string, stored: (s: string) => boolean): ProviderMedia['state'] =>
  FAILED.has(status) ? 'failed' : stored(status) ? 'stored' : 'uploading';

/**
 * Bucket and key of an object address: virtual-host (`https://b.oss-cn-shanghai.aliyuncs.com/k`)
 * or path-style (the sandbox: `http://127.0.0.1:8080/b/k`); a signature's query is dropped.
 */
export function objectOf(url: string): { bucket: string; key: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { bucket: '', key: '' };
  }
  const path = decodeURIComponent(u.pathname.slice(1));
  const vhost = /^([a-z0-9][a-z0-9-]{1,61}[a-z0-9])\.oss-[a-z0-9-]+\.aliyuncs\.com$/.exec(u.hostname);
  if (vhost) return { bucket: vhost[1]!, key: path };
  const slash = path.indexOf('/');
  return slash > 0 ? { bucket: path.slice(0, slash), key: path.slice(slash + 1) } : { bucket: '', key: '' };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : 0);
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export interface VodClient {
  /** the provider's record of one upload, or null when it knows no such id */
  media(kind: VodKind, id: string): Promise<ProviderMedia | null>;
  /** DeleteImage by ImageId (at most DELETE_IMAGES_MAX): the images and their stored files; an id it does not know is already gone */
  deleteImages(ids: readonly string[]): Promise<void>;
}

/** ImageIds one DeleteImage takes. */
export const DELETE_IMAGES_MAX = 20;

export function vodClient(cfg: AliyunVodConfig, transport: VodTransport = httpTransport(cfg.endpoint)): VodClient {
  async function call(action: string, params: Record<string, string>): Promise<Record<string, unknown> | null> {
    const signed = signedParams({ Action: action, Version: '2017-03-21', RegionId: cfg.regionId, ...params }, cfg, { method: 'POST' });
    const { status, body } = await transport(signed);
    const code = str(body.Code);
    if (status === 404 && /NotFound$/.test(code)) return null;
    if (status !== 200 || code) throw new VodApiError(status, code || `HTTP${status}`, str(body.Message));
    return body;
  }
  return {
    async deleteImages(ids) {
      if (!ids.length) return;
      if (ids.length > DELETE_IMAGES_MAX) throw new RangeError(`DeleteImage takes at most ${DELETE_IMAGES_MAX} ids`);
      await call('DeleteImage', { DeleteImageType: 'ImageId', ImageIds: ids.join(',') });
    },
    async media(kind, id) {
      if (kind === 'video') {
        const info = await call('GetVideoInfo', { VideoId: id });
        if (!info) return null;
        const v = obj(info.Video);
        const status = str(v.Status);
        const state = stateOf(status, (s) => VIDEO_STORED.has(s));
        // the source object (while uploading too: the claim checks whose prefix it is under)
        const m = state === 'failed' ? {} : obj((await call('GetMezzanineInfo', { VideoId: id, OutputType: 'oss' }))?.Mezzanine);
        return { state, status, title: str(v.Title), fileName: str(m.FileName), size: num(v.Size) || num(m.Size), ...objectOf(str(m.FileURL)) };
      }
      if (kind === 'image') {
        const info = await call('GetImageInfo', { ImageId: id, OutputType: 'oss' });
        if (!info) return null;
        const i = obj(info.ImageInfo);
        const m = obj(i.Mezzanine);
        const status = str(i.Status);
        return {
          state: stateOf(status, (s) => s === 'Normal'),
          status,
          title: str(i.Title),
          fileName: str(m.OriginalFileName),
          size: num(m.FileSize),
          ...objectOf(str(m.FileURL) || str(i.URL)),
        };
      }
      const info = await call('GetAttachedMediaInfo', { MediaIds: id, OutputType: 'oss' });
      const a = Array.isArray(info?.AttachedMediaList) ? obj((info.AttachedMediaList as unknown[]).find((x) => obj(x).MediaId === id)) : {};
      if (!info || !a.MediaId) return null;
      const status = str(a.Status);
      const where = objectOf(str(a.URL));
      const ext = /\.([A-Za-z0-9]+)$/.exec(where.key)?.[1] ?? '';
      const title = str(a.Title);
      return {
        state: stateOf(status, (s) => s === 'Normal'),
        status,
        title,
        fileName: title && ext ? `${title}.${ext}` : title,
        size: num(a.FileSize),
        ...where,
      };
    },
  };
}

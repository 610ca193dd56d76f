import { randomBytes, randomUUID } from 'node:crypto';
import { rpcSignature } from '../adapters/aliyun-rpc';
import { UPLOAD_OSS_ACTIONS } from '../adapters/sts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoSeconds, loadCredential, mintCredentials, ownerFrom, ownerOf, ownerPrefix, tokenMatches, type CredentialRow } from '../domain/accounts/credentials';
import type { Db } from '../db/types';
import { safeEqual } from '../lib/crypto';
import { quotaMessage, uploadQuota, uploadUsage, withinQuota, type UploadQuota } from '../domain/quota';
import { cloudOf, publicOrigin, SANDBOX_ACCOUNT_KEY, SANDBOX_ACCOUNT_POLICY, SANDBOX_BUCKET, type CloudSandbox } from './cloud';
import { removeObject } from './object-files';
import { policiesAllow, VOD_RESOURCE, vodAction } from './ram-policy';

/**
 * The video service's RPC API (signature version 1.0) as the web upload SDK uses it:
 * CreateUploadVideo, RefreshUploadVideo, CreateUploadImage (+ RefreshUploadImage), and the
 * progress copies ReportUploadProgress / GetUploadProgress. Signed GET (or form POST) with STS
 * credentials from GET /ent/v3/upload/sts; errors are Alibaba Cloud's JSON errors. Every call is
 * allowed only as its caller's RAM policies allow it (ram-policy.ts: default deny, Deny wins, the
 * role's ∩ the session's): `Forbidden.RAM` otherwise.
 *
 * Why one file of ~520 lines: one outside protocol whose actions share the signature check and the
 * upload-address minting; a stand-in for Alibaba Cloud, never product code (docs/server-map.md).
 */

const VIDEO_EXT = new Set(['mp4', 'mov', 'avi', 'flv', 'mkv', 'webm', 'wmv', 'm4v', 'mpg', 'mpeg', '3gp', 'ts', 'f4v', 'rmvb', 'mxf']);
const IMAGE_EXT = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
/** documents through CreateUploadAttachedMedia (BusinessType material): agreements */
const ATTACHED_EXT = new Set(['pdf']);
const MAX_SKEW_MS = 15 * 60_000;

class RpcError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const b64json = (o: unknown) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64');
const hex = (n: number) => randomBytes(n).toString('hex');

interface Ctx {
  db: Db;
  cred: CredentialRow;
  params: Record<string, string>;
  now: Date;
  origin: string;
  cloud: CloudSandbox;
  quota: UploadQuota;
}

/** The uploader's quota, with the size the client declares (the object store checks the real bytes). */
async function checkQuota(c: Ctx, size: number) {
  const used = await uploadUsage(c.db, c.cred);
  if (!withinQuota(c.quota, used, { bytes: size, files: 1 })) throw new RpcError(403, 'QuotaExceeded', quotaMessage(c.quota, c.cred));
}

/** The credential's owner (every STS row has one: the table's check). */
const ownerOfCred = (cred: CredentialRow) => ownerFrom(cred)!;

const need = (p: Record<string, string>, k: string) => {
  const v = p[k];
  if (v === undefined || v === '')
    throw new RpcError(400, 'MissingParameter', `The input parameter "${k}" that is mandatory for processing this request is not supplied.`);
  return v;
};

async function uploadAuth(c: Ctx, key: string) {
  const m = await mintCredentials(c.db, {
    owner: ownerOfCred(c.cred),
    now: c.now,
    ttlS: c.cloud.faults.uploadAuthTtlS,
    bucket: SANDBOX_BUCKET,
    key,
    // VOD's upload auth reaches its one object: the upload calls there, nothing else (no VOD call)
    policies: [{ Version: '1', Statement: [{ Effect: 'Allow', Action: [...UPLOAD_OSS_ACTIONS], Resource: [`acs:oss:*:*:${SANDBOX_BUCKET}/${key}`] }] }],
  });
  return b64json({
    AccessKeyId: m.AccessKeyId,
    AccessKeySecret: m.AccessKeySecret,
    SecurityToken: m.SecurityToken,
    Expiration: String(c.cloud.faults.uploadAuthTtlS),
    ExpireUTCTime: isoSeconds(m.expires),
    Region: 'cn-shanghai',
  });
}

const address = (c: Ctx, key: string) => b64json({ Endpoint: c.origin, Bucket: SANDBOX_BUCKET, FileName: key, PathStyle: true });

interface MediaRow {
  media_id: string;
  kind: 'video' | 'image';
  object_key: string;
  company_id: number | null;
  user_id: number | null;
  task_worker_id: number | null;
}

async function ownMedia(c: Ctx, id: string, kind: 'video' | 'image' | 'attached'): Promise<MediaRow> {
  const row = await c.db.one<MediaRow>(
    'SELECT media_id, kind, object_key, company_id, user_id, task_worker_id FROM vod_media WHERE media_id = $1 AND kind = $2',
    [id, kind],
  );
  if (!row || ownerOf(row) !== ownerOf(c.cred)) {
    throw kind === 'video'
      ? new RpcError(404, 'InvalidVideo.NotFound', 'The video does not exist.')
      : kind === 'attached'
        ? new RpcError(404, 'InvalidMedia.NotFound', 'The media does not exist.')
        : new RpcError(404, 'InvalidImage.NotFound', 'The image does not exist.');
  }
  return row;
}

const actions: Record<string, (c: Ctx) => Promise<Record<string, unknown>>> = {
  async CreateUploadVideo(c) {
    const title = need(c.params, 'Title');
    const fileName = need(c.params, 'FileName');
    if (title.length > 128) throw new RpcError(400, 'InvalidParameter.Title', 'The Title exceeds 128 characters.');
    const ext = fileName.match(/\.([A-Za-z0-9]+)$/)?.[1]?.toLowerCase() ?? '';
    if (!VIDEO_EXT.has(ext)) throw new RpcError(400, 'InvalidFileName.Extension', 'The file extension is not supported.');
    const size = Number(c.params.FileSize ?? 0);
    if (!Number.isFinite(size) || size < 0) throw new RpcError(400, 'InvalidParameter.FileSize', 'The FileSize is invalid.');
    await checkQuota(c, size);
    const id = hex(16);
    const key = `${ownerPrefix(c.cred)}sv/${hex(4)}-${Date.now().toString(16)}/${hex(4)}-${Date.now().toString(16)}.${ext}`;
    await c.db.query(
      `INSERT INTO vod_media (media_id, kind, company_id, user_id, task_worker_id, title, file_name, file_size, bucket, object_key, created_at)
       VALUES ($1, 'video', $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, c.cred.company_id, c.cred.user_id, c.cred.task_worker_id, title, fileName, size, SANDBOX_BUCKET, key, c.now],
    );
    return { VideoId: id, UploadAddress: address(c, key), UploadAuth: await uploadAuth(c, key) };
  },

  async RefreshUploadVideo(c) {
    const row = await ownMedia(c, need(c.params, 'VideoId'), 'video');
    return { VideoId: row.media_id, UploadAddress: address(c, row.object_key), UploadAuth: await uploadAuth(c, row.object_key) };
  },

  async CreateUploadImage(c) {
    const ext = (c.params.ImageExt || 'png').toLowerCase();
    if (!IMAGE_EXT.has(ext)) throw new RpcError(400, 'InvalidParameter.ImageExt', 'The ImageExt is not supported.');
    const type = c.params.ImageType || 'default';
    if (!['default', 'cover'].includes(type)) throw new RpcError(400, 'InvalidParameter.ImageType', 'The ImageType is invalid.');
    const imageSize = Number(c.params.FileSize ?? 0) || 0;
    await checkQuota(c, imageSize);
    const id = hex(16);
    const key = `${ownerPrefix(c.cred)}image/${type}/${id.toUpperCase()}-6-2.${ext}`;
    const title = c.params.Title || `image-${id.slice(0, 8)}`;
    await c.db.query(
      `INSERT INTO vod_media (media_id, kind, company_id, user_id, task_worker_id, title, file_name, file_size, bucket, object_key, created_at)
       VALUES ($1, 'image', $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, c.cred.company_id, c.cred.user_id, c.cred.task_worker_id, title, `${title}.${ext}`, imageSize, SANDBOX_BUCKET, key, c.now],
    );
    return {
      ImageId: id,
      ImageURL: `${c.origin}/${SANDBOX_BUCKET}/${key}`,
      FileURL: `${c.origin}/${SANDBOX_BUCKET}/${key}`,
      UploadAddress: address(c, key),
      UploadAuth: await uploadAuth(c, key),
    };
  },

  async RefreshUploadImage(c) {
    const row = await ownMedia(c, need(c.params, 'ImageId'), 'image');
    return {
      ImageId: row.media_id,
      ImageURL: `${c.origin}/${SANDBOX_BUCKET}/${row.object_key}`,
      UploadAddress: address(c, row.object_key),
      UploadAuth: await uploadAuth(c, row.object_key),
    };
  },

  async CreateUploadAttachedMedia(c) {
    if ((c.params.BusinessType || '') !== 'material') throw new RpcError(400, 'InvalidParameter.BusinessType', 'The BusinessType is invalid.');
    const ext = (c.params.MediaExt || '').toLowerCase();
    if (!ATTACHED_EXT.has(ext)) throw new RpcError(400, 'InvalidParameter.MediaExt', 'The MediaExt is not supported.');
    await checkQuota(c, Number(c.params.FileSize ?? 0) || 0);
    const id = hex(16);
    const key = `${ownerPrefix(c.cred)}attached/material/${id.toUpperCase()}.${ext}`;
    const title = c.params.Title || `material-${id.slice(0, 8)}`;
    await c.db.query(
      `INSERT INTO vod_media (media_id, kind, company_id, user_id, task_worker_id, title, file_name, file_size, mime, bucket, object_key, created_at)
       VALUES ($1, 'attached', $2, $3, $4, $5, $6, $7, 'application/pdf', $8, $9, $10)`,
      [id, c.cred.company_id, c.cred.user_id, c.cred.task_worker_id, title, `${title}.${ext}`, Number(c.params.FileSize ?? 0) || 0, SANDBOX_BUCKET, key, c.now],
    );
    const url = `${c.origin}/${SANDBOX_BUCKET}/${key}`;
    return { MediaId: id, MediaURL: url, FileURL: url, UploadAddress: address(c, key), UploadAuth: await uploadAuth(c, key) };
  },

  async RefreshUploadAttachedMedia(c) {
    const row = await ownMedia(c, need(c.params, 'MediaId'), 'attached');
    return {
      MediaId: row.media_id,
      MediaURL: `${c.origin}/${SANDBOX_BUCKET}/${row.object_key}`,
      UploadAddress: address(c, row.object_key),
      UploadAuth: await uploadAuth(c, row.object_key),
    };
  },

  async ReportUploadProgress(c) {
    const p = c.params;
    const hash = need(p, 'FileHash');
    const size = Number(need(p, 'FileSize'));
    const ratio = Number(p.UploadRatio ?? 0);
    const point = p.UploadPoint ?? '[]';
    try {
      if (!Array.isArray(JSON.parse(point))) throw new Error();
    } catch {
      throw new RpcError(400, 'InvalidParameter.UploadPoint', 'The UploadPoint is not a JSON array.');
    }
    if (!Number.isFinite(size) || size <= 0 || !Number.isFinite(ratio)) throw new RpcError(400, 'InvalidParameter', 'The FileSize or UploadRatio is invalid.');
    const owner = ownerOf(c.cred);
    if (ratio >= 1) {
      await c.db.query('DELETE FROM upload_progress WHERE owner = $1 AND file_hash = $2 AND file_size = $3', [owner, hash, size]);
      return {};
    }
    if (p.VideoId) await ownMedia(c, p.VideoId, 'video');
    await c.db.query(
      `INSERT INTO upload_progress (owner, file_hash, file_size, client_id, user_id, file_name, media_type, media_id, upload_id,
         part_size, upload_point, done_parts, total_parts, upload_ratio, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (owner, file_hash, file_size) DO UPDATE SET client_id = EXCLUDED.client_id, user_id = EXCLUDED.user_id,
         file_name = EXCLUDED.file_name, media_type = EXCLUDED.media_type, media_id = EXCLUDED.media_id,
         upload_id = EXCLUDED.upload_id, part_size = EXCLUDED.part_size, upload_point = EXCLUDED.upload_point,
         done_parts = EXCLUDED.done_parts, total_parts = EXCLUDED.total_parts, upload_ratio = EXCLUDED.upload_ratio,
         updated_at = EXCLUDED.updated_at`,
      [
        owner,
        hash,
        size,
        p.ClientId ?? '',
        c.cred.user_id,
        p.FileName ?? '',
        p.MediaType === 'image' ? 'image' : 'video',
        p.VideoId ?? '',
        p.UploadId ?? '',
        Number(p.PartSize ?? 0) || 0,
        point,
        Number(p.DonePartsCount ?? 0) || 0,
        Number(p.TotalPart ?? 0) || 0,
        ratio,
        c.now,
      ],
    );
    return {};
  },

  async GetUploadProgress(c) {
    const hash = need(c.params, 'FileHash');
    const size = Number(need(c.params, 'FileSize'));
    const row = await c.db.one<Record<string, string | number>>(
      `SELECT file_hash, file_size, file_name, media_type, media_id, upload_id, part_size, upload_point, done_parts, total_parts,
              upload_ratio, client_id FROM upload_progress WHERE owner = $1 AND file_hash = $2 AND file_size = $3`,
      [ownerOf(c.cred), hash, Number.isFinite(size) ? size : -1],
    );
    return {
      UploadProgress: row
        ? {
            FileHash: row.file_hash,
            FileSize: Number(row.file_size),
            FileName: row.file_name,
            MediaType: row.media_type,
            VideoId: row.media_id,
            UploadId: row.upload_id,
            PartSize: Number(row.part_size),
            UploadPoint: row.upload_point,
            DonePartsCount: Number(row.done_parts),
            TotalPart: Number(row.total_parts),
            UploadRatio: Number(row.upload_ratio),
            ClientId: row.client_id,
          }
        : null,
    };
  },
};

/** The provider's record of one upload (vod_media), as the account's Get*Info reads it. */
interface VodRow {
  media_id: string;
  kind: 'video' | 'image' | 'attached';
  title: string;
  file_name: string;
  file_size: string | number;
  bucket: string;
  object_key: string;
  status: 'Uploading' | 'Normal';
  created_at: Date;
  finished_at: Date | null;
}

interface InfoCtx {
  db: Db;
  params: Record<string, string>;
  origin: string;
}

const VOD_REGION = 'cn-shanghai';
const VOD_APP = 'app-1000000';
const storageLocation = (r: VodRow) => `${r.bucket}.oss-${VOD_REGION}.aliyuncs.com`;
/** the object's origin address (OutputType oss): path-style on the sandbox's store */
const objectUrl = (c: InfoCtx, r: VodRow) => `${c.origin}/${r.bucket}/${encodeURIComponent(r.object_key).replace(/%2F/g, '/')}`;
const record = (db: Db, id: string, kind: VodRow['kind']) =>
  db.one<VodRow>(
    `SELECT media_id, kind, title, file_name, file_size, bucket, object_key, status, created_at, finished_at
       FROM vod_media WHERE media_id = $1 AND kind = $2`,
    [id, kind],
  );

/**
 * What the account's own key may ask (the server's registration, adapters/vod.ts): the answers
 * of VOD's GetVideoInfo, GetMezzanineInfo, GetImageInfo and GetAttachedMediaInfo, in their shapes;
 * and DeleteImage (retention).
 * The sandbox stores as it receives, so a finished upload is `Normal` at once (no transcoding).
 */
const infoActions: Record<string, (c: InfoCtx) => Promise<Record<string, unknown>>> = {
  async GetVideoInfo(c) {
    const r = await record(c.db, need(c.params, 'VideoId'), 'video');
    if (!r) throw new RpcError(404, 'InvalidVideo.NotFound', 'The video does not exist.');
    return {
      Video: {
        VideoId: r.media_id,
        Title: r.title,
        Description: '',
        Duration: 0,
        CoverURL: '',
        Status: r.status,
        CreationTime: isoSeconds(r.created_at),
        ModificationTime: isoSeconds(r.finished_at ?? r.created_at),
        Size: Number(r.file_size),
        StorageLocation: storageLocation(r),
        RegionId: VOD_REGION,
        CateId: 0,
        Tags: '',
        AppId: VOD_APP,
      },
    };
  },

  async GetMezzanineInfo(c) {
    const r = await record(c.db, need(c.params, 'VideoId'), 'video');
    if (!r) throw new RpcError(404, 'InvalidVideo.NotFound', 'The video does not exist.');
    return {
      Mezzanine: {
        VideoId: r.media_id,
        FileName: r.file_name,
        FileURL: objectUrl(c, r),
        Size: Number(r.file_size),
        Status: r.status,
        CreationTime: isoSeconds(r.created_at),
        OutputType: 'oss',
      },
    };
  },

  async GetImageInfo(c) {
    const r = await record(c.db, need(c.params, 'ImageId'), 'image');
    if (!r) throw new RpcError(404, 'InvalidImage.NotFound', 'The image does not exist.');
    const url = objectUrl(c, r);
    return {
      ImageInfo: {
        ImageId: r.media_id,
        Title: r.title,
        Status: r.status,
        ImageType: 'default',
        CreationTime: isoSeconds(r.created_at),
        URL: url,
        StorageLocation: storageLocation(r),
        RegionId: VOD_REGION,
        AppId: VOD_APP,
        Mezzanine: { FileURL: url, FileSize: Number(r.file_size), OriginalFileName: r.file_name, Width: 0, Height: 0 },
      },
    };
  },

  async GetAttachedMediaInfo(c) {
    const ids = need(c.params, 'MediaIds')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (ids.length > 20) throw new RpcError(400, 'InvalidParameter.MediaIds', 'The MediaIds exceeds 20.');
    const list: Record<string, unknown>[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const r = await record(c.db, id, 'attached');
      if (!r) {
        missing.push(id);
        continue;
      }
      list.push({
        MediaId: r.media_id,
        Title: r.title,
        BusinessType: 'material',
        Type: 'material',
        Status: r.status,
        URL: objectUrl(c, r),
        FileSize: Number(r.file_size),
        StorageLocation: storageLocation(r),
        CreationTime: isoSeconds(r.created_at),
        ModificationTime: isoSeconds(r.finished_at ?? r.created_at),
        RegionId: VOD_REGION,
        AppId: VOD_APP,
      });
    }
    return { AttachedMediaList: list, NonExistMediaIds: missing };
  },

  /**
   * Deletes uploaded images with their stored objects (the retention of delivery photos,
   * jobs/retention-media.ts). By ImageId only, at most 20; an id it does not know is already gone.
   */
  async DeleteImage(c) {
    if (need(c.params, 'DeleteImageType') !== 'ImageId') throw new RpcError(400, 'InvalidParameter.DeleteImageType', 'The sandbox deletes by ImageId only.');
    const ids = need(c.params, 'ImageIds')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (ids.length > 20) throw new RpcError(400, 'InvalidParameter.ImageIds', 'The ImageIds exceeds 20.');
    const gone = await c.db.query<{ bucket: string; object_key: string }>(
      `DELETE FROM vod_media WHERE media_id = ANY($1) AND kind = 'image' RETURNING bucket, object_key`,
      [ids],
    );
    for (const g of gone) {
      const o = await c.db.one<{ file_path: string }>('DELETE FROM oss_objects WHERE bucket = $1 AND object_key = $2 RETURNING file_path', [
        g.bucket,
        g.object_key,
      ]);
      if (o) await removeObject(o.file_path);
    }
    return {};
  },
};

/**
 * Who signed a call: the console's STS (the upload actions, scoped to its owner) or the account's
 * own key (SANDBOX_ACCOUNT_KEY: the server asking Get*Info, never the upload actions).
 */
type Caller = { kind: 'sts'; cred: CredentialRow } | { kind: 'account' };

async function verify(db: Db, cloud: CloudSandbox, method: string, params: Record<string, string>, now: Date): Promise<Caller> {
  for (const k of ['Action', 'AccessKeyId', 'Signature', 'SignatureNonce', 'Timestamp', 'Version']) need(params, k);
  if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
    throw new RpcError(400, 'InvalidParameter.SignatureMethod', 'Specified signature method is not supported.');
  }
  let caller: Caller;
  let secret: string;
  if (params.AccessKeyId === SANDBOX_ACCOUNT_KEY.accessKeyId) {
    caller = { kind: 'account' };
    secret = SANDBOX_ACCOUNT_KEY.accessKeySecret;
  } else {
    const cred = await loadCredential(db, params.AccessKeyId!);
    if (!cred) throw new RpcError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (!params.SecurityToken) throw new RpcError(400, 'MissingSecurityToken', 'SecurityToken is mandatory for this action.');
    if (!tokenMatches(cred, params.SecurityToken)) {
      throw new RpcError(400, 'InvalidSecurityToken.MismatchWithAccessKey', 'Specified SecurityToken mismatch with the AccessKey.');
    }
    if (cred.expires_at.getTime() <= now.getTime()) throw new RpcError(400, 'InvalidSecurityToken.Expired', 'Specified SecurityToken is expired.');
    caller = { kind: 'sts', cred };
    secret = cred.access_key_secret;
  }
  const want = rpcSignature(method, params, secret);
  if (!safeEqual(want, params.Signature!)) {
    throw new RpcError(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
  }
  const ts = Date.parse(params.Timestamp!);
  if (!Number.isFinite(ts) || Math.abs(ts - now.getTime()) > MAX_SKEW_MS) {
    throw new RpcError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
  }
  // a nonce is good once (within the skew window)
  const nonceKey = `${params.AccessKeyId}:${params.SignatureNonce}`;
  for (const [k, t] of cloud.nonces) if (t < now.getTime() - MAX_SKEW_MS) cloud.nonces.delete(k);
  if (cloud.nonces.has(nonceKey)) throw new RpcError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
  cloud.nonces.set(nonceKey, now.getTime());
  return caller;
}

export function vodSandbox(app: FastifyInstance) {
  const cloud = () => cloudOf(app);
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const requestId = randomUUID().toUpperCase();
    const raw = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown> | undefined;
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw ?? {})) if (typeof v === 'string') params[k] = v;
    reply.header('access-control-allow-origin', '*');
    try {
      const c = cloud();
      if (c.faults.vodFail > 0) {
        c.faults.vodFail--;
        throw new RpcError(503, 'ServiceUnavailable', 'The request has failed due to a temporary failure of the server.');
      }
      const now = app.now();
      const caller = await verify(app.db, c, req.method, params, now);
      const origin = publicOrigin(req.headers, req.protocol);
      const info = infoActions[params.Action!];
      const action = actions[params.Action!];
      if (!info && !action) throw new RpcError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
      // what the caller's policies allow (ram-policy.ts): an STS credential's (the role's ∩ the
      // session's; VOD's per-object upload auth allows no VOD call), the account key's RAM user's
      const policies = caller.kind === 'sts' ? caller.cred.policies : [SANDBOX_ACCOUNT_POLICY];
      if (!policiesAllow(policies, vodAction(params.Action!), VOD_RESOURCE)) {
        throw new RpcError(403, 'Forbidden.RAM', 'User not authorized to operate on the specified resource.');
      }
      // the account's calls and the credentials' calls have handlers of their own
      if ((info && caller.kind !== 'account') || (action && caller.kind !== 'sts')) {
        throw new RpcError(403, 'Forbidden.RAM', 'User not authorized to operate on the specified resource.');
      }
      const out =
        caller.kind === 'account'
          ? await info!({ db: app.db, params, origin })
          : await action!({ db: app.db, cred: caller.cred, params, now, origin, cloud: c, quota: uploadQuota(app, caller.cred) });
      return reply.status(200).send({ RequestId: requestId, ...out });
    } catch (e) {
      if (!(e instanceof RpcError)) throw e;
      return reply.status(e.status).send({
        RequestId: requestId,
        HostId: 'vod.cn-shanghai.aliyuncs.com',
        Code: e.code,
        Message: e.message,
      });
    }
  };
  for (const url of ['/sandbox/vod', '/sandbox/vod/']) {
    app.get(url, handler);
    app.post(url, { bodyLimit: 8 * 1024 * 1024 }, handler);
  }
}

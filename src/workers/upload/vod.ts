/**
 * The video service's RPC calls the upload SDK makes (CreateUploadVideo, RefreshUploadVideo,
 * CreateUploadImage, ReportUploadProgress, GetUploadProgress): signature version 1.0 (HMAC-SHA1)
 * with the STS SecurityToken, against a configurable endpoint.
 */
import { randomId, rpcTimestamp, signRpc } from './sign';
import type { Credentials, RemoteProgress, Transport, UploadAddress } from './types';

export const VOD_API_VERSION = '2017-03-21';

export class VodError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId = '',
  ) {
    super(message);
    this.name = 'VodError';
  }
}

export interface UploadTicket {
  mediaId: string;
  address: UploadAddress;
  auth: Credentials;
  /** images: where the image is served */
  imageUrl?: string;
}

function decodeBase64Json<T>(b64: string): T {
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}

interface RawAuth {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  ExpireUTCTime: string;
}

export class VodClient {
  constructor(
    private readonly transport: Transport,
    private readonly endpoint: string,
    private readonly now: () => number,
    private readonly region = 'cn-shanghai',
  ) {}

  async rpc<T>(creds: Credentials, action: string, params: Record<string, string>, method: 'GET' | 'POST' = 'GET', signal?: AbortSignal): Promise<T> {
    const all: Record<string, string> = {
      Action: action,
      Format: 'JSON',
      Version: VOD_API_VERSION,
      AccessKeyId: creds.AccessKeyId,
      SecurityToken: creds.SecurityToken,
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: randomId(),
      Timestamp: rpcTimestamp(this.now()),
      // production's STS names the real service and region (GET /upload/sts); the demo's does not
      RegionId: creds.RegionId ?? this.region,
      ...params,
    };
    const signed = await signRpc(method, all, creds.AccessKeySecret);
    const base = `${(creds.VodEndpoint ?? this.endpoint).replace(/\/+$/, '')}/`;
    const res = await this.transport.send(
      method === 'GET'
        ? { method, url: `${base}?${signed}`, signal }
        : { method, url: base, body: signed, headers: { 'content-type': 'application/x-www-form-urlencoded' }, signal },
    );
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(res.text) as Record<string, unknown>;
    } catch {
      throw new VodError(res.status, `HTTP${res.status}`, `视频服务返回 HTTP ${res.status}`);
    }
    if (res.status !== 200 || typeof json.Code === 'string') {
      throw new VodError(res.status, String(json.Code ?? `HTTP${res.status}`), String(json.Message ?? ''), String(json.RequestId ?? ''));
    }
    return json as T;
  }

  private ticket(r: { UploadAddress: string; UploadAuth: string }, mediaId: string, imageUrl?: string): UploadTicket {
    const auth = decodeBase64Json<RawAuth>(r.UploadAuth);
    return {
      mediaId,
      address: decodeBase64Json<UploadAddress>(r.UploadAddress),
      auth: { AccessKeyId: auth.AccessKeyId, AccessKeySecret: auth.AccessKeySecret, SecurityToken: auth.SecurityToken, Expiration: auth.ExpireUTCTime },
      imageUrl,
    };
  }

  async createUploadVideo(creds: Credentials, p: { Title: string; FileName: string; FileSize: number; Description?: string }): Promise<UploadTicket> {
    const r = await this.rpc<{ VideoId: string; UploadAddress: string; UploadAuth: string }>(creds, 'CreateUploadVideo', {
      Title: p.Title,
      FileName: p.FileName,
      FileSize: String(p.FileSize),
      ...(p.Description ? { Description: p.Description } : {}),
    });
    return this.ticket(r, r.VideoId);
  }

  async refreshUploadVideo(creds: Credentials, videoId: string): Promise<UploadTicket> {
    const r = await this.rpc<{ VideoId: string; UploadAddress: string; UploadAuth: string }>(creds, 'RefreshUploadVideo', { VideoId: videoId });
    return this.ticket(r, r.VideoId || videoId);
  }

  async createUploadImage(creds: Credentials, p: { Title: string; ImageExt: string; FileSize: number }): Promise<UploadTicket> {
    const r = await this.rpc<{ ImageId: string; ImageURL: string; UploadAddress: string; UploadAuth: string }>(creds, 'CreateUploadImage', {
      ImageType: 'default',
      ImageExt: p.ImageExt,
      Title: p.Title,
      FileSize: String(p.FileSize),
    });
    return this.ticket(r, r.ImageId, r.ImageURL);
  }

  /** Refreshes the upload auth of an image (the SDK creates a new one; we ask for the same object). */
  async refreshUploadImage(creds: Credentials, imageId: string): Promise<UploadTicket> {
    const r = await this.rpc<{ ImageId: string; ImageURL: string; UploadAddress: string; UploadAuth: string }>(creds, 'RefreshUploadImage', {
      ImageId: imageId,
    });
    return this.ticket(r, imageId, r.ImageURL);
  }

  /** A document (BusinessType `material`, e.g. an agreement PDF): CreateUploadAttachedMedia. */
  async createUploadAttachedMedia(creds: Credentials, p: { Title: string; MediaExt: string; FileSize: number }): Promise<UploadTicket> {
    const r = await this.rpc<{ MediaId: string; MediaURL: string; UploadAddress: string; UploadAuth: string }>(creds, 'CreateUploadAttachedMedia', {
      BusinessType: 'material',
      MediaExt: p.MediaExt,
      Title: p.Title,
      FileSize: String(p.FileSize),
    });
    return this.ticket(r, r.MediaId, r.MediaURL);
  }

  /** New upload auth for the same document (the sandbox's counterpart of RefreshUploadImage). */
  async refreshUploadAttachedMedia(creds: Credentials, mediaId: string): Promise<UploadTicket> {
    const r = await this.rpc<{ MediaId: string; MediaURL: string; UploadAddress: string; UploadAuth: string }>(creds, 'RefreshUploadAttachedMedia', {
      MediaId: mediaId,
    });
    return this.ticket(r, mediaId, r.MediaURL);
  }

  async reportUploadProgress(creds: Credentials, p: RemoteProgress & { ClientId: string }): Promise<void> {
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(p)) params[k] = String(v);
    await this.rpc(creds, 'ReportUploadProgress', params, 'POST');
  }

  async getUploadProgress(creds: Credentials, p: { ClientId: string; FileHash: string; FileSize: number }): Promise<RemoteProgress | null> {
    const r = await this.rpc<{ UploadProgress?: RemoteProgress | null }>(creds, 'GetUploadProgress', {
      ClientId: p.ClientId,
      FileHash: p.FileHash,
      FileSize: String(p.FileSize),
    });
    return r.UploadProgress ?? null;
  }
}

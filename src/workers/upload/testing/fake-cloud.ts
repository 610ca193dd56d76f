/**
 * An in-memory VOD + OSS for the engine's tests: a Transport that answers the RPC and REST calls
 * the engine makes (checking that credentials are known and not expired, by the test clock), keeps
 * parts and objects with their CRC64, and lets a test inject faults per request.
 */
import { createCRC64 } from 'hash-wasm';
import type { Clock, Credentials, Transport, TransportRequest, TransportResponse } from '../types';
import { TransportError } from '../types';

export class TestClock implements Clock {
  offset = 0;
  sleeps: number[] = [];
  now() {
    return Date.now() + this.offset;
  }
  /** sleeps are recorded and skipped (time moves on) */
  async sleep(ms: number, signal?: AbortSignal) {
    if (signal?.aborted) throw new Error('aborted');
    this.sleeps.push(ms);
    this.offset += ms;
    await new Promise((r) => setTimeout(r, 0));
    if (signal?.aborted) throw new Error('aborted');
  }
}

const b64 = (o: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))));
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const hex = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

async function crcOf(bytes: Uint8Array) {
  const h = await createCRC64();
  h.init();
  h.update(bytes);
  return BigInt(`0x${h.digest('hex')}`).toString();
}

export type Fault =
  | { kind: 'network' }
  | { kind: 'status'; status: number; code: string }
  /** answer with a wrong CRC64 header */
  | { kind: 'badCrc' }
  /** never answer (until aborted) */
  | { kind: 'stall' }
  /** let the body half through, then fail */
  | { kind: 'dropMidway' };

export interface FaultRule {
  /** which calls: an OSS operation or a VOD action */
  op: string;
  fault: Fault;
  times: number;
}

interface Upload {
  key: string;
  parts: Map<number, { bytes: Uint8Array; etag: string; crc: string }>;
}

export class FakeCloud implements Transport {
  readonly creds = new Map<string, { secret: string; token: string; expires: number; scopeKey?: string }>();
  readonly media = new Map<string, { key: string; kind: 'video' | 'image' | 'attached' }>();
  readonly uploads = new Map<string, Upload>();
  readonly objects = new Map<string, { bytes: Uint8Array; crc: string }>();
  readonly progress = new Map<string, Record<string, string>>();
  readonly rules: FaultRule[] = [];
  readonly log: string[] = [];
  /** body bytes received by part/object writes (all attempts) */
  bytesReceived = 0;
  stsIssued = 0;
  /** life of upload auth in ms */
  authTtlMs = 3000_000;
  /** when false, getSts() fails (the console's session ended) */
  stsAvailable = true;
  inflight = 0;
  /** UploadPart requests in flight, and the most at once */
  partsInflight = 0;
  maxPartsInflight = 0;
  /** each UploadPart takes this long (abortable) */
  partDelayMs = 0;

  constructor(readonly clock: TestClock) {}

  /** The credential provider (GET /ent/v3/upload/sts). */
  provider = {
    getSts: async (): Promise<Credentials> => {
      if (!this.stsAvailable) throw new Error('登录已失效');
      this.stsIssued++;
      return this.mint(3600_000);
    },
  };

  mint(ttl: number, scopeKey?: string): Credentials {
    const id = `STS.${hex().slice(0, 24)}`;
    const c = { secret: hex(), token: `CAIS${hex()}`, expires: this.clock.now() + ttl, scopeKey };
    this.creds.set(id, c);
    return { AccessKeyId: id, AccessKeySecret: c.secret, SecurityToken: c.token, Expiration: iso(c.expires) };
  }

  expireAll() {
    for (const c of this.creds.values()) c.expires = this.clock.now() - 1;
  }

  fail(op: string, fault: Fault, times = 1) {
    this.rules.push({ op, fault, times });
  }

  private takeFault(op: string): Fault | null {
    const r = this.rules.find((x) => x.op === op && x.times > 0);
    if (!r) return null;
    r.times--;
    return r.fault;
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    if (req.signal?.aborted) throw new TransportError('abort');
    this.inflight++;
    try {
      await new Promise((r) => setTimeout(r, 1));
      const u = new URL(req.url, 'http://fake');
      if (u.pathname.startsWith('/sandbox/vod')) return await this.vod(req, u);
      return await this.oss(req, u);
    } finally {
      this.inflight--;
    }
  }

  private json(status: number, body: unknown): TransportResponse {
    return { status, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) };
  }
  private xmlError(status: number, code: string): TransportResponse {
    return { status, headers: {}, text: `<?xml version="1.0"?><Error><Code>${code}</Code><Message>${code}</Message><RequestId>R</RequestId></Error>` };
  }

  private async vod(req: TransportRequest, u: URL): Promise<TransportResponse> {
    const params = Object.fromEntries(new URLSearchParams(req.method === 'POST' ? String(req.body) : u.search));
    const action = params.Action!;
    this.log.push(`vod:${action}`);
    const f = this.takeFault(action);
    if (f?.kind === 'network') throw new TransportError('network');
    if (f?.kind === 'status') return this.json(f.status, { Code: f.code, Message: f.code });
    if (!params.Signature) return this.json(400, { Code: 'MissingParameter', Message: 'Signature' });
    const c = this.creds.get(params.AccessKeyId ?? '');
    if (!c || c.token !== params.SecurityToken) return this.json(404, { Code: 'InvalidAccessKeyId.NotFound', Message: '' });
    if (c.expires <= this.clock.now()) return this.json(400, { Code: 'InvalidSecurityToken.Expired', Message: 'expired' });
    const ticket = (id: string, key: string, extra: Record<string, string> = {}) => {
      const auth = this.mint(this.authTtlMs, key);
      return this.json(200, {
        RequestId: 'R',
        ...extra,
        UploadAddress: b64({ Endpoint: 'http://oss.fake', Bucket: 'outin-test', FileName: key, PathStyle: true }),
        UploadAuth: b64({
          AccessKeyId: auth.AccessKeyId,
          AccessKeySecret: auth.AccessKeySecret,
          SecurityToken: auth.SecurityToken,
          ExpireUTCTime: auth.Expiration,
        }),
        [id.startsWith('img') ? 'ImageId' : id.startsWith('att') ? 'MediaId' : 'VideoId']: id,
      });
    };
    switch (action) {
      case 'CreateUploadVideo': {
        const id = `vid${hex()}`;
        const key = `sv/${hex()}/${params.FileName}`;
        this.media.set(id, { key, kind: 'video' });
        return ticket(id, key);
      }
      case 'CreateUploadImage': {
        const id = `img${hex()}`;
        const key = `image/default/${hex()}.${params.ImageExt}`;
        this.media.set(id, { key, kind: 'image' });
        return ticket(id, key, { ImageURL: `http://oss.fake/outin-test/${key}` });
      }
      case 'CreateUploadAttachedMedia': {
        if (params.BusinessType !== 'material') return this.json(400, { Code: 'InvalidParameter.BusinessType', Message: '' });
        const id = `att${hex()}`;
        const key = `attached/material/${hex()}.${params.MediaExt}`;
        this.media.set(id, { key, kind: 'attached' });
        return ticket(id, key, { MediaURL: `http://oss.fake/outin-test/${key}` });
      }
      case 'RefreshUploadVideo':
      case 'RefreshUploadImage':
      case 'RefreshUploadAttachedMedia': {
        const id = params.VideoId ?? params.ImageId ?? params.MediaId ?? '';
        const m = this.media.get(id);
        if (!m) return this.json(404, { Code: 'InvalidVideo.NotFound', Message: 'not found' });
        return ticket(id, m.key);
      }
      case 'ReportUploadProgress': {
        const k = `${params.FileHash}:${params.FileSize}`;
        if (Number(params.UploadRatio) >= 1) this.progress.delete(k);
        else this.progress.set(k, params);
        return this.json(200, { RequestId: 'R' });
      }
      case 'GetUploadProgress': {
        const p = this.progress.get(`${params.FileHash}:${params.FileSize}`);
        return this.json(200, {
          RequestId: 'R',
          UploadProgress: p
            ? {
                ...p,
                FileSize: Number(p.FileSize),
                PartSize: Number(p.PartSize),
                UploadRatio: Number(p.UploadRatio),
                DonePartsCount: Number(p.DonePartsCount),
                TotalPart: Number(p.TotalPart),
              }
            : null,
        });
      }
    }
    return this.json(404, { Code: 'InvalidAction.NotFound', Message: '' });
  }

  private async oss(req: TransportRequest, u: URL): Promise<TransportResponse> {
    const q = u.searchParams;
    const key = decodeURIComponent(u.pathname.replace(/^\/outin-test\//, ''));
    const op =
      req.method === 'POST' && q.has('uploads')
        ? 'InitiateMultipartUpload'
        : req.method === 'PUT' && q.has('partNumber')
          ? 'UploadPart'
          : req.method === 'GET' && q.has('uploadId')
            ? 'ListParts'
            : req.method === 'POST' && q.has('uploadId')
              ? 'CompleteMultipartUpload'
              : req.method === 'DELETE' && q.has('uploadId')
                ? 'AbortMultipartUpload'
                : req.method === 'PUT'
                  ? 'PutObject'
                  : 'GetObject';
    this.log.push(`oss:${op}${q.has('partNumber') ? `#${q.get('partNumber')}` : ''}`);
    const h = req.headers ?? {};
    const id = /^OSS ([^:]+):/.exec(h.authorization ?? '')?.[1] ?? '';
    const c = this.creds.get(id);
    const f = this.takeFault(op);
    const body =
      req.body instanceof Blob
        ? new Uint8Array(await req.body.arrayBuffer())
        : req.body instanceof Uint8Array
          ? req.body.slice()
          : new TextEncoder().encode(req.body ?? '');
    // an abort while the body was read: a listener added now would never fire
    if (req.signal?.aborted) throw new TransportError('abort');
    if (f?.kind === 'network') throw new TransportError('network');
    if (f?.kind === 'dropMidway') {
      req.onUploadProgress?.(Math.floor(body.length / 2));
      this.bytesReceived += Math.floor(body.length / 2);
      throw new TransportError('network');
    }
    if (f?.kind === 'stall') {
      req.onUploadProgress?.(1);
      await new Promise((_, rej) => req.signal?.addEventListener('abort', () => rej(new TransportError('abort'))));
    }
    if (op === 'UploadPart') {
      this.partsInflight++;
      this.maxPartsInflight = Math.max(this.maxPartsInflight, this.partsInflight);
      try {
        if (this.partDelayMs) {
          await new Promise<void>((res, rej) => {
            const t = setTimeout(res, this.partDelayMs);
            req.signal?.addEventListener('abort', () => (clearTimeout(t), rej(new TransportError('abort'))));
          });
        }
      } finally {
        this.partsInflight--;
      }
    }
    if (f?.kind === 'status') return this.xmlError(f.status, f.code);
    if (!c || c.token !== h['x-oss-security-token']) return this.xmlError(403, 'InvalidAccessKeyId');
    if (c.expires <= this.clock.now()) return this.xmlError(403, 'SecurityTokenExpired');
    if (c.scopeKey && c.scopeKey !== key) return this.xmlError(403, 'AccessDenied');
    if (op === 'UploadPart' || op === 'PutObject') {
      req.onUploadProgress?.(Math.floor(body.length / 3));
      req.onUploadProgress?.(body.length);
      this.bytesReceived += body.length;
    }
    const crc = op === 'UploadPart' || op === 'PutObject' ? await crcOf(body) : '';
    const etag = `"${hex().toUpperCase()}"`;
    const headers = (extra: Record<string, string> = {}) => ({ etag, 'x-oss-hash-crc64ecma': f?.kind === 'badCrc' ? '1' : crc, ...extra });
    switch (op) {
      case 'InitiateMultipartUpload': {
        const uid = hex().toUpperCase();
        this.uploads.set(uid, { key, parts: new Map() });
        return { status: 200, headers: {}, text: `<InitiateMultipartUploadResult><UploadId>${uid}</UploadId></InitiateMultipartUploadResult>` };
      }
      case 'UploadPart': {
        const up = this.uploads.get(q.get('uploadId')!);
        if (!up) return this.xmlError(404, 'NoSuchUpload');
        up.parts.set(Number(q.get('partNumber')), { bytes: body, etag, crc });
        return { status: 200, headers: headers(), text: '' };
      }
      case 'ListParts': {
        const up = this.uploads.get(q.get('uploadId')!);
        if (!up) return this.xmlError(404, 'NoSuchUpload');
        const parts = [...up.parts.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(
            ([n, p]) => `<Part><PartNumber>${n}</PartNumber><ETag>${p.etag}</ETag><HashCrc64ecma>${p.crc}</HashCrc64ecma><Size>${p.bytes.length}</Size></Part>`,
          )
          .join('');
        return { status: 200, headers: {}, text: `<ListPartsResult><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>` };
      }
      case 'CompleteMultipartUpload': {
        const up = this.uploads.get(q.get('uploadId')!);
        if (!up) return this.xmlError(404, 'NoSuchUpload');
        const wanted = [...new TextDecoder().decode(body).matchAll(/<PartNumber>(\d+)<\/PartNumber><ETag>([^<]+)<\/ETag>/g)].map((m) => ({
          n: Number(m[1]),
          etag: m[2]!.replace(/&quot;/g, '"'),
        }));
        const chunks: Uint8Array[] = [];
        for (const w of wanted) {
          const p = up.parts.get(w.n);
          if (!p || p.etag !== w.etag) return this.xmlError(400, 'InvalidPart');
          chunks.push(p.bytes);
        }
        const all = new Uint8Array(chunks.reduce((n, x) => n + x.length, 0));
        let off = 0;
        for (const x of chunks) {
          all.set(x, off);
          off += x.length;
        }
        const objCrc = await crcOf(all);
        this.objects.set(key, { bytes: all, crc: objCrc });
        this.uploads.delete(q.get('uploadId')!);
        return {
          status: 200,
          headers: { 'x-oss-hash-crc64ecma': f?.kind === 'badCrc' ? '1' : objCrc },
          text: `<CompleteMultipartUploadResult><ETag>"X-${wanted.length}"</ETag></CompleteMultipartUploadResult>`,
        };
      }
      case 'AbortMultipartUpload':
        this.uploads.delete(q.get('uploadId')!);
        return { status: 204, headers: {}, text: '' };
      case 'PutObject':
        this.objects.set(key, { bytes: body, crc });
        return { status: 200, headers: headers(), text: '' };
    }
    return this.xmlError(404, 'NoSuchKey');
  }
}

/** A network that can go down and come back. */
export class TestNetwork {
  up = true;
  private waiters: (() => void)[] = [];
  online() {
    return this.up;
  }
  waitOnline(signal?: AbortSignal): Promise<void> {
    if (this.up) return Promise.resolve();
    return new Promise((res, rej) => {
      this.waiters.push(res);
      signal?.addEventListener('abort', () => rej(new Error('aborted')));
    });
  }
  set(up: boolean) {
    this.up = up;
    if (up) this.waiters.splice(0).forEach((f) => f());
  }
}

/** navigator.locks stand-in shared by "tabs". */
export class TestLocks {
  held = new Set<string>();
  async tryAcquire(name: string) {
    if (this.held.has(name)) return null;
    this.held.add(name);
    return () => void this.held.delete(name);
  }
}

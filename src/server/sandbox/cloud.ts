import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_BUCKET } from '../domain/accounts/credentials';

/** The bucket the VOD sandbox stores into: path-style at the server's root, never a console route. */
export const SANDBOX_BUCKET = DEMO_BUCKET;
/**
 * The cloud account's own key in the sandboxes (public: the sandbox is a demo): the server signs
 * VOD's Get*Info with it (RPC signature) and the media library's preview URLs for the object store
 * (OSS V1 query string), as production does with ALIYUN_VOD_ACCESS_KEY_*.
 */
export const SANDBOX_ACCOUNT_KEY = { accessKeyId: 'LTAI5tSandboxVod0001', accessKeySecret: 'hr-console-sandbox-vod-secret' };
/**
 * That key's RAM user's policy (README: ALIYUN_VOD_ACCESS_KEY_*), which the sandboxes evaluate
 * (ram-policy.ts): read what was uploaded (VOD's Get*Info, the objects) and delete images (the
 * retention of delivery photos) — never upload.
 */
export const SANDBOX_ACCOUNT_POLICY = {
  Version: '1',
  Statement: [
    {
      Effect: 'Allow',
      Action: ['vod:GetVideoInfo', 'vod:GetMezzanineInfo', 'vod:GetImageInfo', 'vod:GetAttachedMediaInfo', 'vod:DeleteImage'],
      Resource: ['*'],
    },
    { Effect: 'Allow', Action: ['oss:GetObject'], Resource: [`acs:oss:*:*:${SANDBOX_BUCKET}/*`] },
  ],
};
/** Upload auth VOD hands out lives this long (Alibaba Cloud: 3000 s). */
export const UPLOAD_AUTH_TTL_S = 3000;

/**
 * Fault injection for tests (POST /sandbox/oss/faults) and byte counters (GET /sandbox/oss/stats).
 * Counts go down as faults fire.
 */
export interface Faults {
  /** the next N object writes (UploadPart / PutObject) lose their connection mid-body */
  drop: number;
  /** …after this many bytes of the body (default: half of it) */
  dropAfterBytes: number | null;
  /** the next N object-store requests answer 500 InternalError */
  fail500: number;
  /** the next N VOD calls answer 503 ServiceUnavailable */
  vodFail: number;
  /** every object-store request waits this long first */
  delayMs: number;
  /** upload auth handed out from now on lives this many seconds */
  uploadAuthTtlS: number;
  /** a slow uplink: object bodies are taken at most this fast, all connections together (0: no cap) */
  rateKBps: number;
}

export interface Stats {
  requests: number;
  /** body bytes received by object writes, whole or not */
  bytesReceived: number;
  /** bytes of parts and objects stored */
  bytesStored: number;
  parts: number;
  drops: number;
  completes: number;
  errors: Record<string, number>;
}

export interface CloudSandbox {
  dir: string;
  faults: Faults;
  stats: Stats;
  nonces: Map<string, number>;
  /** the capped uplink is taken until this time (ms): each body chunk books its slot after it */
  uplinkBusyUntil: number;
}

const freshFaults = (): Faults => ({ drop: 0, dropAfterBytes: null, fail500: 0, vodFail: 0, delayMs: 0, uploadAuthTtlS: UPLOAD_AUTH_TTL_S, rateKBps: 0 });
const freshStats = (): Stats => ({ requests: 0, bytesReceived: 0, bytesStored: 0, parts: 0, drops: 0, completes: 0, errors: {} });

const sandboxes = new WeakMap<FastifyInstance, CloudSandbox>();

/** The sandbox state of one server (objects on disk under `dir`). */
export function cloudOf(app: FastifyInstance, dir?: string): CloudSandbox {
  let c = sandboxes.get(app);
  if (!c) {
    const root = dir ?? join(tmpdir(), `hr-console-oss-${randomBytes(6).toString('hex')}`);
    mkdirSync(join(root, 'objects'), { recursive: true });
    mkdirSync(join(root, 'parts'), { recursive: true });
    c = { dir: root, faults: freshFaults(), stats: freshStats(), nonces: new Map(), uplinkBusyUntil: 0 };
    sandboxes.set(app, c);
  }
  return c;
}

export function resetFaults(c: CloudSandbox) {
  c.faults = freshFaults();
}
export function resetStats(c: CloudSandbox) {
  c.stats = freshStats();
}

/** Where the console reaches the sandbox: the origin the request came to. */
export function publicOrigin(headers: Record<string, string | string[] | undefined>, protocol: string): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const host = first(headers['x-forwarded-host']) ?? first(headers.host) ?? 'localhost';
  const proto = first(headers['x-forwarded-proto']) ?? protocol;
  return `${proto}://${host}`;
}

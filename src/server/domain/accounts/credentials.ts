import { createHmac, randomBytes } from 'node:crypto';
import type { RamPolicy } from '../../adapters/sts';
import type { Db } from '../../db/types';
import { randomAlnum, safeEqual, sha256hex } from '../../lib/crypto';
import { addDays, addSeconds } from '../../lib/time';

/**
 * Short-lived credentials (Alibaba Cloud STS style): the console's STS from GET /upload/sts, and
 * the per-object upload auth VOD hands out (scoped to one bucket/key). Only the security token's
 * hash is stored; the secret is kept so the sandboxes can check signatures.
 */
/**
 * Whose an upload is: the company of an active member (`company_id` with the user), a user alone,
 * or a task worker (their delivery photos; no user, no company). One rule for the console, the
 * worker's page and the sandboxes: ownerOf / ownerPrefix below.
 */
export type UploadOwner = { user_id: number; company_id: number | null; task_worker_id: null } | { user_id: null; company_id: null; task_worker_id: number };

/** An owner as the rows carry it (media, vod_media, sts_credentials). */
export interface OwnerColumns {
  user_id: number | null;
  company_id: number | null;
  task_worker_id: number | null;
}

export interface CredentialRow extends OwnerColumns {
  access_key_id: string;
  access_key_secret: string;
  security_token_hash: string;
  expires_at: Date;
  scope_bucket: string | null;
  scope_key: string | null;
  /** the console's STS: the owner's key prefix (`c12/`, `u5/`, `w7/`); null for one-key upload auth */
  scope_prefix: string | null;
  /** 'image': minted for the video service's image uploads only (a task worker's); null: every kind */
  scope_kind: 'image' | null;
  /**
   * What it may do: the RAM policies it is bound to (STS: the role's and the session's), which the
   * OSS and VOD sandboxes evaluate (sandbox/ram-policy.ts); [] allows nothing.
   */
  policies: unknown[];
}

/** The demo's object store's one bucket (sandbox/cloud.ts SANDBOX_BUCKET): the credentials minted without STS name it. */
export const DEMO_BUCKET = 'outin-hrconsole-sandbox';

export interface Minted {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  expires: Date;
}

/** Aliyun writes `2015-04-09T11:52:19Z`: ISO 8601 without milliseconds. */
export const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function mintCredentials(
  db: Db,
  o: { owner: UploadOwner; now: Date; ttlS: number; bucket?: string; key?: string; kind?: 'image' | null; policies: readonly RamPolicy[] },
): Promise<Minted> {
  const AccessKeyId = `STS.${randomAlnum(24)}`;
  const AccessKeySecret = randomAlnum(40);
  const SecurityToken = `CAIS${randomBytes(150).toString('base64')}`;
  const expires = addSeconds(o.now, o.ttlS);
  // what the credential may touch: one key (VOD upload auth) or everything under its owner's prefix
  const prefix = o.key === undefined ? ownerPrefix(o.owner) : null;
  await db.tx(async (t) => {
    // expired credentials are kept a day for the sandboxes' error reports, then dropped
    await t.query('DELETE FROM sts_credentials WHERE expires_at < $1', [addDays(o.now, -1)]);
    await t.query(
      `INSERT INTO sts_credentials (access_key_id, access_key_secret, security_token_hash, user_id, company_id, task_worker_id,
         created_at, expires_at, scope_bucket, scope_key, scope_prefix, scope_kind, policies)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        AccessKeyId,
        AccessKeySecret,
        sha256hex(SecurityToken),
        o.owner.user_id,
        o.owner.company_id,
        o.owner.task_worker_id,
        o.now,
        expires,
        o.bucket ?? null,
        o.key ?? null,
        prefix,
        o.kind ?? null,
        JSON.stringify(o.policies),
      ],
    );
  });
  return { AccessKeyId, AccessKeySecret, SecurityToken, expires };
}

export const loadCredential = (db: Db, accessKeyId: string) =>
  db.one<CredentialRow>(
    `SELECT access_key_id, access_key_secret, security_token_hash, user_id, company_id, task_worker_id, expires_at,
            scope_bucket, scope_key, scope_prefix, scope_kind, policies
       FROM sts_credentials WHERE access_key_id = $1`,
    [accessKeyId],
  );

export const tokenMatches = (row: CredentialRow, token: string) => safeEqual(row.security_token_hash, sha256hex(token));

/** Whose things a credential or row reaches: a task worker, the company of an active member, else the user alone. */
export const ownerOf = (row: OwnerColumns) =>
  row.task_worker_id !== null ? `w:${row.task_worker_id}` : row.company_id !== null ? `c:${row.company_id}` : `u:${row.user_id}`;

/**
 * The object-key prefix of an owner: every object a company (or a user without one, or a task
 * worker) stores lives under it, and the owner's STS reaches nothing else (`c12/sv/…`,
 * `u5/image/default/…`, `w7/image/default/…`).
 */
export const ownerPrefix = (row: OwnerColumns) =>
  row.task_worker_id !== null ? `w${row.task_worker_id}/` : row.company_id !== null ? `c${row.company_id}/` : `u${row.user_id}/`;

/** An object key under one of our owners' prefixes (`c12/…`, `u5/…`, `w7/…`): only ever that owner's. */
export const OWNER_KEY_RE = /^[cuw]\d+\//;

/** The owner columns of a row, as an UploadOwner (a row with neither user nor task worker has no owner). */
export function ownerFrom(row: OwnerColumns): UploadOwner | null {
  if (row.task_worker_id !== null) return { user_id: null, company_id: null, task_worker_id: row.task_worker_id };
  if (row.user_id !== null) return { user_id: row.user_id, company_id: row.company_id, task_worker_id: null };
  return null;
}

/** OSS V1 query-string signature: a GetObject URL valid until `expires` (path-style, relative). */
export function presignGet(cred: Minted, bucket: string, key: string, expires: Date): string {
  const exp = Math.floor(expires.getTime() / 1000);
  const resource = `/${bucket}/${key}?security-token=${cred.SecurityToken}`;
  const sig = createHmac('sha1', cred.AccessKeySecret)
    .update(['GET', '', '', String(exp), resource].join('\n'))
    .digest('base64');
  const q = new URLSearchParams({ OSSAccessKeyId: cred.AccessKeyId, Expires: String(exp), Signature: sig, 'security-token': cred.SecurityToken });
  return `/${bucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}?${q.toString()}`;
}

import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/types';
import { randomAlnum, safeEqual, sha256hex } from '../../lib/crypto';
import { addDays, addSeconds } from '../../lib/time';

/**
 * Short-lived credentials (Alibaba Cloud STS style): the console's STS from GET /upload/sts, and
 * the per-object upload auth VOD hands out (scoped to one bucket/key). Only the security token's
 * hash is stored; the secret is kept so the sandboxes can check signatures.
 */
export interface CredentialRow {
  access_key_id: string;
  access_key_secret: string;
  security_token_hash: string;
  user_id: number;
  company_id: number | null;
  expires_at: Date;
  scope_bucket: string | null;
  scope_key: string | null;
  /** the console's STS: the owner's key prefix (`c12/`, `u5/`); null for one-key upload auth */
  scope_prefix: string | null;
}

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
  o: { userId: number; companyId: number | null; now: Date; ttlS: number; bucket?: string; key?: string },
): Promise<Minted> {
  const AccessKeyId = `STS.${randomAlnum(24)}`;
  const AccessKeySecret = randomAlnum(40);
  const SecurityToken = `CAIS${randomBytes(150).toString('base64')}`;
  const expires = addSeconds(o.now, o.ttlS);
  // what the credential may touch: one key (VOD upload auth) or everything under its owner's prefix
  const prefix = o.key === undefined ? ownerPrefix({ company_id: o.companyId, user_id: o.userId }) : null;
  await db.tx(async (t) => {
    // expired credentials are kept a day for the sandboxes' error reports, then dropped
    await t.query('DELETE FROM sts_credentials WHERE expires_at < $1', [addDays(o.now, -1)]);
    await t.query(
      `INSERT INTO sts_credentials (access_key_id, access_key_secret, security_token_hash, user_id, company_id,
         created_at, expires_at, scope_bucket, scope_key, scope_prefix) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [AccessKeyId, AccessKeySecret, sha256hex(SecurityToken), o.userId, o.companyId, o.now, expires, o.bucket ?? null, o.key ?? null, prefix],
    );
  });
  return { AccessKeyId, AccessKeySecret, SecurityToken, expires };
}

export const loadCredential = (db: Db, accessKeyId: string) =>
  db.one<CredentialRow>(
    `SELECT access_key_id, access_key_secret, security_token_hash, user_id, company_id, expires_at, scope_bucket, scope_key, scope_prefix
       FROM sts_credentials WHERE access_key_id = $1`,
    [accessKeyId],
  );

export const tokenMatches = (row: CredentialRow, token: string) => safeEqual(row.security_token_hash, sha256hex(token));

/** Whose things a credential reaches: the company of an active member, else the user alone. */
export const ownerOf = (row: { company_id: number | null; user_id: number }) => (row.company_id !== null ? `c:${row.company_id}` : `u:${row.user_id}`);

/**
 * The object-key prefix of an owner: every object a company (or a user without one) stores lives
 * under it, and the owner's STS reaches nothing else (`c12/sv/…`, `u5/image/default/…`).
 */
export const ownerPrefix = (row: { company_id: number | null; user_id: number }) => (row.company_id !== null ? `c${row.company_id}/` : `u${row.user_id}/`);

/** Whether a credential may touch `bucket/key`: its one key, or a key under its prefix; else nothing. */
export function credentialReaches(row: Pick<CredentialRow, 'scope_bucket' | 'scope_key' | 'scope_prefix'>, bucket: string, key: string): boolean {
  if (row.scope_key !== null) return row.scope_bucket === bucket && row.scope_key === key;
  if (row.scope_prefix) return key.startsWith(row.scope_prefix) && key.length > row.scope_prefix.length;
  return false;
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

/**
 * The two signatures of the upload protocols (workers, browsers and Node alike):
 * - VOD RPC (signature version 1.0): HMAC-SHA1 over `GET&%2F&<canonical query>` with `secret&`;
 * - OSS V1 header signature: HMAC-SHA1 over verb, Content-MD5, Content-Type, date, the sorted
 *   `x-oss-*` headers and the canonical resource, sent as `Authorization: OSS <id>:<sig>`.
 */

import { createHMAC, createSHA1, type IHasher } from 'hash-wasm';

// hash-wasm rather than WebCrypto: crypto.subtle exists only in secure contexts, and a console
// reached over plain http on a LAN address must still upload
const hmacs = new Map<string, Promise<IHasher>>();

function hmac(secret: string): Promise<IHasher> {
  let h = hmacs.get(secret);
  if (!h) {
    h = createHMAC(createSHA1(), secret);
    if (hmacs.size > 32) hmacs.clear();
    hmacs.set(secret, h);
  }
  return h;
}

function base64(u: Uint8Array): string {
  let s = '';
  for (let i = 0; i < u.length; i++) s += String.fromCharCode(u[i]!);
  return btoa(s);
}

export async function hmacSha1Base64(secret: string, text: string): Promise<string> {
  const h = await hmac(secret);
  // one hasher per secret, used synchronously: init, update, digest never interleave
  h.init();
  h.update(text);
  return base64(h.digest('binary'));
}

/** A random id without crypto.randomUUID (secure contexts only). */
export function randomId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** RFC 3986 percent-encoding as Alibaba Cloud's RPC signature wants it. */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `2026-05-01T10:00:00Z` (no milliseconds) */
export const rpcTimestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Canonical query of RPC params (sorted by key, percent-encoded). */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/** Signs RPC params; answers the full query string including `Signature`. */
export async function signRpc(method: string, params: Record<string, string>, secret: string): Promise<string> {
  const q = canonicalQuery(params);
  const sig = await hmacSha1Base64(`${secret}&`, `${method}&${percentEncode('/')}&${percentEncode(q)}`);
  return `${q}&Signature=${percentEncode(sig)}`;
}

/** The OSS sub-resources that take part in a V1 signature. */
export const OSS_SUBRESOURCES = new Set([
  'acl',
  'uploads',
  'location',
  'cors',
  'logging',
  'website',
  'referer',
  'lifecycle',
  'delete',
  'append',
  'tagging',
  'objectMeta',
  'uploadId',
  'partNumber',
  'security-token',
  'position',
  'img',
  'style',
  'styleName',
  'replication',
  'replicationProgress',
  'replicationLocation',
  'cname',
  'bucketInfo',
  'comp',
  'qos',
  'live',
  'status',
  'vod',
  'startTime',
  'endTime',
  'symlink',
  'x-oss-process',
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'udf',
  'udfName',
  'udfImage',
  'udfId',
  'udfImageDesc',
  'udfApplication',
  'udfApplicationLog',
  'restore',
  'callback',
  'callback-var',
  'continuation-token',
  'versionId',
  'versioning',
  'versions',
  'worm',
  'wormId',
  'wormExtend',
]);

/** `/bucket/key?sub=v&sub2` with the signed sub-resources sorted. */
export function ossCanonicalResource(bucket: string, key: string, query: Record<string, string | null>): string {
  const subs = Object.keys(query)
    .filter((k) => OSS_SUBRESOURCES.has(k))
    .sort()
    .map((k) => (query[k] === null || query[k] === '' ? k : `${k}=${query[k]}`));
  return `/${bucket}/${key}${subs.length ? `?${subs.join('&')}` : ''}`;
}

/** The V1 string to sign. `headers` with lower-case names. */
export function ossStringToSign(method: string, headers: Record<string, string>, resource: string): string {
  const oss = Object.keys(headers)
    .filter((k) => k.startsWith('x-oss-'))
    .sort()
    .map((k) => `${k}:${headers[k]!.trim()}`);
  return [method, headers['content-md5'] ?? '', headers['content-type'] ?? '', headers['x-oss-date'] ?? headers['date'] ?? '', ...oss, resource].join('\n');
}

export async function ossAuthorization(
  accessKeyId: string,
  secret: string,
  method: string,
  headers: Record<string, string>,
  resource: string,
): Promise<string> {
  return `OSS ${accessKeyId}:${await hmacSha1Base64(secret, ossStringToSign(method, headers, resource))}`;
}

/** RFC 1123 date (`Thu, 01 May 2026 10:00:00 GMT`). */
export const httpDate = (ms: number) => new Date(ms).toUTCString();

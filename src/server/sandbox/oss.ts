import { createHash, createHmac, randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseXml, XmlElement } from '@rgrove/parse-xml';
import { createCRC64, type IHasher } from 'hash-wasm';
import { loadCredential, tokenMatches, type CredentialRow } from '../domain/accounts/credentials';
import { safeEqual } from '../lib/crypto';
import { quotaMessage, uploadQuota, uploadUsage, withinQuota } from '../domain/quota';
import { crc64OfParts } from '../../contract/crc64';
import type { Db } from '../db';
import { composeObject, objectPieces, objectRange, removeObject, removeStrays } from './object-files';
import { cloudOf, resetFaults, resetStats, SANDBOX_ACCOUNT_KEY, SANDBOX_ACCOUNT_POLICY, SANDBOX_BUCKET, type Faults } from './cloud';
import { ossAction, ossResource, policiesAllow } from './ram-policy';

/**
 * An object store speaking the OSS REST API the upload SDK and `ali-oss` use: PutObject, GetObject
 * (Range), HeadObject, DeleteObject and the multipart calls (InitiateMultipartUpload, UploadPart,
 * ListParts, CompleteMultipartUpload, AbortMultipartUpload), with V1 header or query-string
 * signatures, STS security tokens (expiry; each request as the credential's RAM policies allow it,
 * ram-policy.ts), MD5 ETags, CRC64 headers and OSS XML
 * errors — every error of the bucket, an unexpected exception included (500 InternalError), is an
 * OSS XML error a client parses. Path-style at the server's root (`/<bucket>/<key>`), because
 * ali-oss drops any path of its endpoint. Bytes live on disk under the sandbox dir
 * (object-files.ts), metadata in the database.
 *
 * CompleteMultipartUpload is crash-safe: the parts never move (each is written into its upload's
 * directory as it arrives), the manifest is written, and the object row and the end of the upload
 * are one transaction; a Complete cut off anywhere is done again by the client's retry, after a
 * restart too, and a Complete that did finish answers the same result again while its object is
 * the key's (docs/decisions.md, "OSS sandbox: crash-safe Complete").
 *
 * Test controls: POST /sandbox/oss/faults (drop connections, 500s, delays, early token expiry, a
 * crash or an exception at a step of Complete), GET /sandbox/oss/stats (byte counters),
 * POST /sandbox/oss/reset.
 *
 * Why one file of ~1000 lines: it is one outside protocol, and its handlers share one closure (the
 * upload cache, Complete's fault controls, the pacing clock); the bytes on disk are object-files.ts.
 * A stand-in for Alibaba Cloud, never product code (docs/server-map.md).
 */

const MIN_PART = 100 * 1024;
/** bytes of a body gathered before they are written (receive) */
const WRITE_BATCH = 1024 * 1024;
/** CRC64 hashers for reuse: a hash-wasm instance is cheap to init, not to create (a wasm memory each) */
const hashers: IHasher[] = [];
const MAX_PART = 5 * 1024 * 1024 * 1024;
const MAX_SKEW_MS = 15 * 60_000;
/** The delay fault holds every store request: at most 10 s, so a forgotten fault cannot hang the demo. */
export const MAX_DELAY_MS = 10_000;
const SIGNED_SUBRESOURCES = new Set([
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

/**
 * The steps of CompleteMultipartUpload, in order: where a test may kill it (faults
 * `crashComplete`: the connection dies as with the process, nothing after the step runs) or throw
 * in it (`throwComplete`: an unexpected exception, a 500). parts: the parts checked (and, for an
 * upload begun in session 8's layout, moved into its directory: `move`, after each such move);
 * manifest: written; object: the object row written; upload: the upload row deleted (both in the
 * transaction, not committed); commit: committed; cleanup: the replaced version and the stray part
 * files removed, the answer not sent.
 */
export const COMPLETE_STEPS = ['parts', 'manifest', 'object', 'upload', 'commit', 'cleanup'] as const;
type CompleteStep = (typeof COMPLETE_STEPS)[number] | 'move';
const FAULT_STEPS = new Set<string>(['move', ...COMPLETE_STEPS]);

/** A process killed mid-request, as the crash fault plays it: the client hears nothing. */
class SimulatedCrash extends Error {}

/** An upload id as Initiate makes them (32 hex digits); nothing else names a directory. */
const UPLOAD_ID = /^[0-9A-F]{32}$/;

class OssErr extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const xmlDoc = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const tag = (name: string, v: string | number) => `<${name}>${esc(String(v))}</${name}>`;
const requestId = () => randomBytes(12).toString('hex').toUpperCase();
const crcDecimal = (hex: string) => BigInt(`0x${hex}`).toString();
const xmlChildren = (el: XmlElement, name: string) => el.children.filter((c): c is XmlElement => c instanceof XmlElement && c.name === name);
const childText = (el: XmlElement, name: string) => xmlChildren(el, name)[0]?.text.trim();
const errorXml = (e: OssErr, rid: string, bucket: string) =>
  xmlDoc(
    `<Error>${tag('Code', e.code)}${tag('Message', e.message)}${tag('RequestId', rid)}${tag('HostId', `${bucket}.oss-cn-shanghai.aliyuncs.com`)}` +
      `${Object.entries(e.extra)
        .map(([k, v]) => tag(k, v))
        .join('')}</Error>`,
  );
const internalError = () => new OssErr(500, 'InternalError', 'We encountered an internal error. Please try again.');

/**
 * A request to the bucket that Fastify's router refused before any route ran (a URL whose
 * percent-encoding does not decode): OSS's XML 400 InvalidURI, like every other answer of the
 * store, instead of the API's text. False for any other path.
 */
export function ossRouterError(url: string, reply: FastifyReply): boolean {
  if (url !== `/${SANDBOX_BUCKET}` && !url.startsWith(`/${SANDBOX_BUCKET}/`) && !url.startsWith(`/${SANDBOX_BUCKET}?`)) return false;
  const rid = requestId();
  void reply
    .status(400)
    .header('x-oss-request-id', rid)
    .type('application/xml')
    .send(errorXml(new OssErr(400, 'InvalidURI', 'Could not parse the specified URI.'), rid, SANDBOX_BUCKET));
  return true;
}
const noSuchUpload = (id: string) =>
  new OssErr(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', {
    UploadId: id,
  });
const invalidPart = (n: number, etag: string) =>
  new OssErr(
    400,
    'InvalidPart',
    "One or more of the specified parts could not be found or the specified entity tag might not have matched the part's entity tag.",
    {
      PartNumber: String(n),
      ETag: etag,
    },
  );
const malformedXml = () => new OssErr(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
/** OSS's multipart ETag: the MD5 of the parts' MD5s, and their count. */
function multipartEtag(etags: string[]): string {
  const md5s = createHash('md5');
  for (const e of etags) md5s.update(Buffer.from(e.replace(/"/g, ''), 'hex'));
  return `"${md5s.digest('hex').toUpperCase()}-${etags.length}"`;
}
/** A part's file in its upload's directory: its number and its bytes' MD5 (bytes sent again under the same number land beside it). */
const partName = (n: number, etag: string) => `${n}.${etag.replace(/"/g, '').toUpperCase()}`;
const errCode = (e: unknown) => (e as { code?: unknown } | null)?.code;

/** `f` over `items`, at most `limit` at a time, results in order. */
async function mapLimit<T, R>(items: T[], limit: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

interface Req {
  method: string;
  bucket: string;
  key: string;
  query: Record<string, string>;
  headers: Record<string, string>;
}

function lowerHeaders(h: FastifyRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  return out;
}

function canonicalResource(r: Req): string {
  const subs = Object.keys(r.query)
    .filter((k) => SIGNED_SUBRESOURCES.has(k))
    .sort()
    .map((k) => (r.query[k] === '' ? k : `${k}=${r.query[k]}`));
  return `/${r.bucket}/${r.key}${subs.length ? `?${subs.join('&')}` : ''}`;
}

function stringToSign(r: Req, dateSlot: string): string {
  const oss = Object.keys(r.headers)
    .filter((k) => k.startsWith('x-oss-'))
    .sort()
    .map((k) => `${k}:${r.headers[k]!.trim()}`);
  return [r.method, r.headers['content-md5'] ?? '', r.headers['content-type'] ?? '', dateSlot, ...oss, canonicalResource(r)].join('\n');
}

/** OSS's answer to a signature that is not the HMAC-SHA1 of `sts` under `secret`. */
function checkSignature(secret: string, sts: string, id: string, sig: string): void {
  const want = createHmac('sha1', secret).update(sts, 'utf8').digest('base64');
  if (!safeEqual(want, sig)) {
    throw new OssErr(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      {
        OSSAccessKeyId: id,
        SignatureProvided: sig,
        StringToSign: sts,
      },
    );
  }
}

/**
 * Credential rows by access key id, kept a few seconds: a part upload then costs one query less.
 * Expiry is still checked on every request; the fault endpoint that expires tokens clears it.
 */
const credCache = new WeakMap<FastifyInstance, Map<string, { row: CredentialRow; at: number }>>();
const CRED_CACHE_MS = 5000;
async function cachedCredential(app: FastifyInstance, id: string): Promise<CredentialRow | undefined> {
  let m = credCache.get(app);
  if (!m) credCache.set(app, (m = new Map()));
  const hit = m.get(id);
  if (hit && Date.now() - hit.at < CRED_CACHE_MS) return hit.row;
  const row = await loadCredential(app.db, id);
  if (m.size > 1000) m.clear();
  if (row) m.set(id, { row, at: Date.now() });
  return row;
}

/**
 * Checks the V1 signature (header or query string), the security token, its expiry and its policies;
 * null: the account's own key (the server's signed preview URLs), which may read only.
 */
async function authenticate(app: FastifyInstance, r: Req): Promise<CredentialRow | null> {
  const now = app.now().getTime();
  let id: string;
  let sig: string;
  let token: string | undefined;
  let dateSlot: string;
  const auth = r.headers.authorization;
  if (auth) {
    const m = /^OSS ([^:]+):(.+)$/.exec(auth);
    if (!m) throw new OssErr(400, 'InvalidArgument', 'Authorization header is invalid.');
    id = m[1]!;
    sig = m[2]!;
    token = r.headers['x-oss-security-token'];
    dateSlot = r.headers['x-oss-date'] ?? r.headers.date ?? '';
    const when = Date.parse(dateSlot);
    if (!Number.isFinite(when)) throw new OssErr(403, 'AccessDenied', 'OSS authentication requires a valid Date.');
    if (Math.abs(when - now) > MAX_SKEW_MS) {
      throw new OssErr(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    }
  } else if (r.query.OSSAccessKeyId) {
    id = r.query.OSSAccessKeyId;
    sig = r.query.Signature ?? '';
    token = r.query['security-token'];
    dateSlot = r.query.Expires ?? '';
    if (!/^\d+$/.test(dateSlot) || Number(dateSlot) * 1000 < now) throw new OssErr(403, 'AccessDenied', 'Request has expired.');
  } else {
    throw new OssErr(403, 'AccessDenied', 'You have no right to access this object because of bucket acl.');
  }
  const action = ossAction(r.method, r.query);
  const resource = ossResource(r.bucket, r.key);
  // the account's own key (the server's signed preview URLs): no token, as its RAM user's policy allows (reads only)
  if (id === SANDBOX_ACCOUNT_KEY.accessKeyId) {
    checkSignature(SANDBOX_ACCOUNT_KEY.accessKeySecret, stringToSign(r, dateSlot), id, sig);
    if (!action || !policiesAllow([SANDBOX_ACCOUNT_POLICY], action, resource) || (r.method !== 'GET' && r.method !== 'HEAD')) {
      throw new OssErr(403, 'AccessDenied', 'You have no right to access this object because of bucket acl.');
    }
    return null;
  }
  const cred = await cachedCredential(app, id);
  if (!cred) throw new OssErr(403, 'InvalidAccessKeyId', 'The OSS Access Key Id you provided does not exist in our records.', { OSSAccessKeyId: id });
  if (!token || !tokenMatches(cred, token)) throw new OssErr(403, 'InvalidSecurityToken', 'The security token you provided is invalid.');
  if (cred.expires_at.getTime() <= now) throw new OssErr(403, 'SecurityTokenExpired', 'The security token you provided has expired.');
  const headersForSign = auth ? r.headers : { ...r.headers };
  checkSignature(cred.access_key_secret, stringToSign({ ...r, headers: headersForSign }, dateSlot), id, sig);
  // every credential does only what its policies allow (ram-policy.ts: STS, the role's ∩ the session's,
  // its owner's prefix; upload auth, its one key): default deny, an explicit Deny wins
  if (action && !policiesAllow(cred.policies, action, resource)) {
    throw new OssErr(403, 'AccessDenied', 'You have no right to access this object because of the policy of your security token.');
  }
  return cred;
}

/**
 * Objects are opaque documents: scripts never run (`sandbox` without allow-scripts gives them a
 * unique origin even if a browser renders one), and they load nothing but themselves.
 */
export const OBJECT_CSP = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
/** Shown in the browser (raster images, video, PDF); anything else is a download. SVG can script: a download. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|bmp|avif)|video\/[a-z0-9.+-]+|application\/pdf)$/;
export const servedInline = (contentType: string) => INLINE_TYPES.test(contentType.split(';')[0]!.trim().toLowerCase());

interface PartRow {
  part_number: number;
  size: string | number;
  etag: string;
  crc64: string;
  created_at: Date;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function ossSandbox(app: FastifyInstance, opts: { dir?: string } = {}) {
  const cloud = cloudOf(app, opts.dir);
  const db = app.db;
  const objectFile = (bucket: string, key: string) => join(cloud.dir, 'objects', `${bucket}-${createHash('sha256').update(key).digest('hex')}`);
  /** A multipart upload's directory: its parts as they arrive, and at Complete the object itself. */
  const uploadDir = (bucket: string, key: string, uploadId: string) => `${objectFile(bucket, key)}.${uploadId}.parts`;
  /** Where session 8 kept a part (one file per part number); read by Complete for uploads begun then. */
  const legacyPartFile = (uploadId: string, n: number) => join(cloud.dir, 'parts', `${uploadId}.${n}`);

  // faults of Complete (test controls): the next Complete dies, or throws, after this step
  let crashAt: string | null = null;
  let throwAt: string | null = null;
  function step(s: CompleteStep) {
    if (crashAt === s) {
      crashAt = null;
      throw new SimulatedCrash(`simulated crash after ${s}`);
    }
    if (throwAt === s) {
      throwAt = null;
      throw new Error(`injected failure after ${s}`);
    }
  }

  /**
   * faults.rateKBps, a slow uplink: a chunk books the link for its bytes' time after what is
   * already booked and waits for its slot, so the store takes the bodies of all connections
   * together at that rate (idle time earns no burst). Gives the upload e2e time for its
   * interruptions however fast the machine and the engine are.
   */
  async function pace(bytes: number) {
    const rate = cloud.faults.rateKBps * 1024;
    if (!(rate > 0)) return;
    const now = Date.now();
    cloud.uplinkBusyUntil = Math.max(cloud.uplinkBusyUntil, now) + (bytes / rate) * 1000;
    const wait = cloud.uplinkBusyUntil - now;
    if (wait >= 1) await sleep(wait);
  }

  /**
   * Streams the request body to a temporary file beside `file` (the caller puts it in place);
   * MD5, CRC64 and size on the way; fault: drop mid-body.
   * A body arrives in reads of 16–64 KiB: they are written a MiB at a time (one writev), since a
   * write per read, each a round trip through the thread pool, had cost the sandbox as much CPU
   * as the MD5 when several parts arrive at once.
   */
  async function receive(req: FastifyRequest, file: string, faults: Faults) {
    const md5 = createHash('md5');
    const crc = hashers.pop() ?? (await createCRC64());
    crc.init();
    let size = 0;
    const declared = Number(req.headers['content-length'] ?? NaN);
    let dropAt = -1;
    if (faults.drop > 0) {
      faults.drop--;
      dropAt = faults.dropAfterBytes ?? Math.floor((Number.isFinite(declared) ? declared : 0) / 2);
    }
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    const raw = req.raw;
    const out = await fsp.open(tmp, 'w');
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!pendingBytes) return;
      const bufs = pending;
      const n = pendingBytes;
      pending = [];
      pendingBytes = 0;
      const { bytesWritten } = await out.writev(bufs);
      if (bytesWritten !== n) throw new Error(`short write: ${bytesWritten} of ${n} bytes`);
    };
    try {
      for await (const chunk of raw as AsyncIterable<Buffer>) {
        size += chunk.length;
        cloud.stats.bytesReceived += chunk.length;
        if (dropAt >= 0 && size >= dropAt) {
          cloud.stats.drops++;
          raw.socket?.destroy();
          throw new Error('dropped by fault injection');
        }
        md5.update(chunk);
        crc.update(chunk);
        await pace(chunk.length);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= WRITE_BATCH) await flush();
      }
      await flush();
      await out.close();
    } catch (e) {
      await out.close().catch(() => {});
      await fsp.rm(tmp, { force: true });
      hashers.push(crc);
      throw e;
    }
    const crcHex = crc.digest('hex');
    hashers.push(crc);
    if (Number.isFinite(declared) && declared !== size) {
      await fsp.rm(tmp, { force: true });
      throw new OssErr(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
    }
    const digest = md5.digest();
    const wantMd5 = req.headers['content-md5'];
    if (typeof wantMd5 === 'string' && wantMd5 !== digest.toString('base64')) {
      await fsp.rm(tmp, { force: true });
      throw new OssErr(400, 'InvalidDigest', 'The Content-MD5 you specified was invalid.');
    }
    cloud.stats.bytesStored += size;
    return { tmp, size, etag: `"${digest.toString('hex').toUpperCase()}"`, crc64: crcDecimal(crcHex) };
  }

  async function handle(req: FastifyRequest, reply: FastifyReply) {
    const rid = requestId();
    reply.header('x-oss-request-id', rid);
    reply.header('server', 'AliyunOSS');
    // the store shares the console's origin in the demo: nothing it answers may run as the console
    reply.header('x-content-type-options', 'nosniff').header('content-security-policy', OBJECT_CSP);
    cors(reply);
    if (req.method === 'OPTIONS') return reply.status(200).send('');
    cloud.stats.requests++;
    let bucket = SANDBOX_BUCKET;
    try {
      const url = new URL(req.url, 'http://sandbox');
      const path = url.pathname.slice(1);
      const slash = path.indexOf('/');
      bucket = slash < 0 ? path : path.slice(0, slash);
      let key = '';
      try {
        key = slash < 0 ? '' : decodeURIComponent(path.slice(slash + 1));
      } catch {
        throw new OssErr(400, 'InvalidURI', "Couldn't parse the specified URI.");
      }
      const r: Req = { method: req.method, bucket, key, query: Object.fromEntries(url.searchParams), headers: lowerHeaders(req.headers) };
      const f = cloud.faults;
      if (f.delayMs > 0) await sleep(f.delayMs);
      if (f.fail500 > 0) {
        f.fail500--;
        throw internalError();
      }
      if (r.bucket !== SANDBOX_BUCKET) throw new OssErr(404, 'NoSuchBucket', 'The specified bucket does not exist.', { BucketName: r.bucket });
      if (!r.key) throw new OssErr(400, 'InvalidObjectName', 'The specified object is not valid.');
      const cred = await authenticate(app, r);
      if (!cred) return await getObject(req, reply, r);
      return await dispatch(req, reply, r, cred);
    } catch (e) {
      // the process died here (a test's fault): no answer at all
      if (e instanceof SimulatedCrash) {
        req.raw.socket?.destroy();
        return reply;
      }
      if (e instanceof OssErr) cloud.stats.errors[e.code] = (cloud.stats.errors[e.code] ?? 0) + 1;
      if (reply.sent || !req.raw.socket || req.raw.socket.destroyed) return reply;
      // anything unexpected is OSS's 500, in XML like every other error (logged: a real failure)
      let err: OssErr;
      if (e instanceof OssErr) err = e;
      else {
        req.log.error({ err: e }, 'OSS sandbox request failed');
        err = internalError();
        cloud.stats.errors[err.code] = (cloud.stats.errors[err.code] ?? 0) + 1;
      }
      // the body of a refused upload is not read: close the connection after the answer
      if (['PUT', 'POST'].includes(req.method) && !req.raw.readableEnded) reply.header('connection', 'close');
      return reply
        .status(err.status)
        .type('application/xml')
        .send(errorXml(err, rid, bucket));
    }
  }

  /** The uploader's quota (a user's, a task worker's): refuses a write that would take them over it (403 QuotaExceeded). */
  async function checkQuota(cred: CredentialRow, add: { bytes: number; files: number }, except: Parameters<typeof uploadUsage>[2]) {
    const q = uploadQuota(app, cred);
    const used = await uploadUsage(db, cred, except);
    if (!withinQuota(q, used, add)) throw new OssErr(403, 'QuotaExceeded', quotaMessage(q, cred));
  }

  async function dispatch(req: FastifyRequest, reply: FastifyReply, r: Req, cred: CredentialRow) {
    const q = r.query;
    if (r.method === 'POST' && 'uploads' in q) return initiate(reply, r, cred);
    if (r.method === 'PUT' && q.uploadId !== undefined && q.partNumber !== undefined) return uploadPart(req, reply, r, cred);
    if (r.method === 'GET' && q.uploadId !== undefined) return listParts(reply, r);
    if (r.method === 'POST' && q.uploadId !== undefined) return complete(req, reply, r, cred);
    if (r.method === 'DELETE' && q.uploadId !== undefined) return abort(reply, r);
    if (r.method === 'PUT') return putObject(req, reply, r, cred);
    if (r.method === 'GET' || r.method === 'HEAD') return getObject(req, reply, r);
    if (r.method === 'DELETE') {
      const row = await db.one<{ file_path: string }>('DELETE FROM oss_objects WHERE bucket = $1 AND object_key = $2 RETURNING file_path', [r.bucket, r.key]);
      if (row) await removeObject(row.file_path);
      return reply.status(204).send();
    }
    throw new OssErr(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  async function initiate(reply: FastifyReply, r: Req, cred: CredentialRow) {
    await checkQuota(cred, { bytes: 0, files: 1 }, { exceptKey: r.key });
    const uploadId = randomBytes(16).toString('hex').toUpperCase();
    await db.query('INSERT INTO oss_multipart (upload_id, bucket, object_key, content_type, created_at, user_id) VALUES ($1, $2, $3, $4, $5, $6)', [
      uploadId,
      r.bucket,
      r.key,
      r.headers['content-type'] || 'application/octet-stream',
      app.now(),
      cred.user_id,
    ]);
    return reply
      .type('application/xml')
      .send(
        xmlDoc(`<InitiateMultipartUploadResult>${tag('Bucket', r.bucket)}${tag('Key', r.key)}${tag('UploadId', uploadId)}</InitiateMultipartUploadResult>`),
      );
  }

  interface Upload {
    upload_id: string;
    bucket: string;
    object_key: string;
    content_type: string;
  }
  /**
   * Multipart uploads in progress, by id (dropped at Complete and Abort): saves UploadPart a query.
   * Only a first check: the part's own transaction is what holds the upload (another server, or a
   * Complete racing the part, may have ended it).
   */
  const uploadsCache = new Map<string, Upload>();
  async function multipart(r: Req, o: { cached?: boolean } = {}): Promise<Upload> {
    const id = r.query.uploadId ?? '';
    let m = o.cached ? uploadsCache.get(id) : undefined;
    if (!m) {
      m = await db.one<Upload>('SELECT upload_id, bucket, object_key, content_type FROM oss_multipart WHERE upload_id = $1', [id]);
      if (m && o.cached) {
        if (uploadsCache.size > 1000) uploadsCache.clear();
        uploadsCache.set(id, m);
      }
    }
    if (!m || m.bucket !== r.bucket || m.object_key !== r.key) throw noSuchUpload(id);
    return m;
  }

  async function uploadPart(req: FastifyRequest, reply: FastifyReply, r: Req, cred: CredentialRow) {
    const n = Number(r.query.partNumber);
    if (!Number.isInteger(n) || n < 1 || n > 10000) throw new OssErr(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive.');
    if (req.headers['content-length'] === undefined) throw new OssErr(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
    if (Number(req.headers['content-length']) > MAX_PART) throw new OssErr(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
    const m = await multipart(r, { cached: true });
    await checkQuota(cred, { bytes: Number(req.headers['content-length']), files: 0 }, { exceptKey: r.key, exceptPart: { uploadId: m.upload_id, n } });
    const dir = uploadDir(m.bucket, m.object_key, m.upload_id);
    await fsp.mkdir(dir, { recursive: true });
    const got = await receive(req, join(dir, String(n)), cloud.faults);
    const file = partName(n, got.etag);
    let before: string | null;
    try {
      before = await db.tx(async (t) => {
        // the row's foreign key holds the upload (a key-share lock) until the commit: a Complete
        // waits for this part, or has ended the upload already (23503) and the bytes stay out
        const row = await t.one<{ before: string | null }>(
          `WITH old AS (SELECT etag FROM oss_parts WHERE upload_id = $1 AND part_number = $2)
           INSERT INTO oss_parts (upload_id, part_number, size, etag, crc64, created_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (upload_id, part_number) DO UPDATE SET size = EXCLUDED.size, etag = EXCLUDED.etag, crc64 = EXCLUDED.crc64,
             created_at = EXCLUDED.created_at
           RETURNING (SELECT etag FROM old) AS before`,
          [m.upload_id, n, got.size, got.etag, got.crc64, app.now()],
        );
        // other bytes get a new name, the same bytes the same one: a file a finished object lists
        // never changes, and the part's old file is there until this commits
        await fsp.rename(got.tmp, join(dir, file));
        return row?.before ?? null;
      });
    } catch (e) {
      await fsp.rm(got.tmp, { force: true });
      if (errCode(e) !== '23503') throw e;
      uploadsCache.delete(m.upload_id);
      // the directory of an upload that ended before its first part (a composed object's is never empty)
      await fsp.rmdir(dir).catch(() => undefined);
      throw noSuchUpload(m.upload_id);
    }
    // the bytes it replaced: removed under the part's lock, unless the part is theirs again by now
    // (a concurrent upload of them takes that lock before it puts its file in place); a crash
    // before this leaves a stray that Complete or Abort removes
    if (before && partName(n, before) !== file) {
      const old = partName(n, before);
      await db.tx(async (t) => {
        const now = await t.one<{ etag: string }>('SELECT etag FROM oss_parts WHERE upload_id = $1 AND part_number = $2 FOR UPDATE', [m.upload_id, n]);
        if (now && partName(n, now.etag) !== old) await fsp.rm(join(dir, old), { force: true });
      });
    }
    cloud.stats.parts++;
    return reply.header('etag', got.etag).header('x-oss-hash-crc64ecma', got.crc64).status(200).send('');
  }

  async function listParts(reply: FastifyReply, r: Req) {
    const m = await multipart(r);
    const max = Math.min(Math.max(Number(r.query['max-parts'] ?? 1000) || 1000, 1), 1000);
    const marker = Number(r.query['part-number-marker'] ?? 0) || 0;
    const rows = await db.query<PartRow>(
      'SELECT part_number, size, etag, crc64, created_at FROM oss_parts WHERE upload_id = $1 AND part_number > $2 ORDER BY part_number LIMIT $3',
      [m.upload_id, marker, max + 1],
    );
    const truncated = rows.length > max;
    const page = rows.slice(0, max);
    const parts = page
      .map(
        (p) =>
          `<Part>${tag('PartNumber', p.part_number)}${tag('LastModified', p.created_at.toISOString())}${tag('ETag', p.etag)}${tag('HashCrc64ecma', p.crc64)}${tag('Size', p.size)}</Part>`,
      )
      .join('');
    return reply
      .type('application/xml')
      .send(
        xmlDoc(
          `<ListPartsResult>${tag('Bucket', r.bucket)}${tag('Key', r.key)}${tag('UploadId', m.upload_id)}${tag('PartNumberMarker', marker)}` +
            `${tag('NextPartNumberMarker', page.at(-1)?.part_number ?? marker)}${tag('MaxParts', max)}${tag('IsTruncated', truncated ? 'true' : 'false')}${parts}</ListPartsResult>`,
        ),
      );
  }

  async function readBody(req: FastifyRequest, limit = 4 * 1024 * 1024): Promise<string> {
    const chunks: Buffer[] = [];
    let n = 0;
    for await (const c of req.raw as AsyncIterable<Buffer>) {
      n += c.length;
      if (n > limit) throw new OssErr(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
      chunks.push(c);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The part list of a Complete's body, in ascending order; or the refusal of a bad one. */
  function completeList(body: string): { n: number; etag: string }[] | OssErr {
    let wanted: { n: number; etag: string }[];
    try {
      // throws on a body that is not well-formed XML; an undefined named entity stays as written
      const root = parseXml(body, { ignoreUndefinedEntities: true }).root;
      const list = root?.name === 'CompleteMultipartUpload' ? xmlChildren(root, 'Part') : [];
      wanted = list.map((x) => ({ n: Number(childText(x, 'PartNumber')), etag: childText(x, 'ETag') ?? '' }));
    } catch {
      return malformedXml();
    }
    if (!wanted.length) return malformedXml();
    for (let i = 1; i < wanted.length; i++) {
      if (!(wanted[i]!.n > wanted[i - 1]!.n)) return new OssErr(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
    }
    return wanted;
  }

  /**
   * The file of a chosen part in the upload's directory, checked (there, with its size). A part of
   * an upload begun in session 8's layout is still where that version kept it: moved in first; a
   * move that finds it done (a Complete cut off after it) carries on.
   */
  async function placePart(dir: string, uploadId: string, p: PartRow, legacy: { moved: boolean }): Promise<string> {
    const file = partName(p.part_number, p.etag);
    const target = join(dir, file);
    const size = async () => (await fsp.stat(target).catch(() => null))?.size;
    let has = await size();
    if (has === undefined) {
      try {
        await fsp.rename(legacyPartFile(uploadId, p.part_number), target);
      } catch (e) {
        if (errCode(e) === 'ENOENT') throw invalidPart(p.part_number, p.etag);
        throw e;
      }
      legacy.moved = true;
      step('move');
      has = await size();
    }
    if (has !== Number(p.size)) throw invalidPart(p.part_number, p.etag);
    return file;
  }

  /**
   * CompleteMultipartUpload. Nothing moves: the parts are already in the upload's directory, the
   * manifest is written over them (again, on a retry: the same one), and the object row, the VOD
   * media and the end of the upload are one transaction, which holds the upload's row from the
   * start (a part still arriving waits, or is refused after). Crash anywhere before the commit: the
   * upload is as it was and a retry completes it; after: the object is whole, and a retry answers
   * the same result (while the object is the key's). Only clean-up is left after the commit.
   */
  async function complete(req: FastifyRequest, reply: FastifyReply, r: Req, cred: CredentialRow) {
    const id = r.query.uploadId ?? '';
    const wanted = completeList(await readBody(req));
    if (!UPLOAD_ID.test(id)) throw noSuchUpload(id);
    const dir = uploadDir(r.bucket, r.key, id);
    const done = await db.tx(async (t) => {
      const m = await t.one<Upload>('SELECT upload_id, bucket, object_key, content_type FROM oss_multipart WHERE upload_id = $1 FOR UPDATE', [id]);
      if (!m || m.bucket !== r.bucket || m.object_key !== r.key) return null;
      if (wanted instanceof OssErr) throw wanted;
      const rows = await t.query<PartRow>('SELECT part_number, size, etag, crc64, created_at FROM oss_parts WHERE upload_id = $1', [id]);
      const byNo = new Map(rows.map((x) => [x.part_number, x]));
      const norm = (e: string) => e.replace(/"/g, '').toUpperCase();
      const chosen = wanted.map((w) => {
        const p = byNo.get(w.n);
        if (!p || norm(p.etag) !== norm(w.etag)) throw invalidPart(w.n, w.etag);
        return p;
      });
      chosen.forEach((p, i) => {
        if (i < chosen.length - 1 && Number(p.size) < MIN_PART) {
          throw new OssErr(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.', { PartNumber: String(p.part_number) });
        }
      });
      await fsp.mkdir(dir, { recursive: true });
      const legacy = { moved: false };
      const files = await mapLimit(chosen, 16, (p) => placePart(dir, id, p, legacy));
      step('parts');
      await composeObject(
        dir,
        chosen.map((p, i) => ({ file: files[i]!, size: Number(p.size) })),
      );
      step('manifest');
      // the object's CRC64 comes from the parts' (combined, as OSS does: no second pass over the
      // bytes), the multipart ETag from their MD5s
      const etag = multipartEtag(chosen.map((p) => p.etag));
      const crc64 = crc64OfParts(chosen.map((p) => ({ crc64: p.crc64, size: Number(p.size) })));
      const size = chosen.reduce((n, p) => n + Number(p.size), 0);
      const replaced = await finishObject(t, r, dir, size, etag, crc64, m.content_type, cred.user_id);
      step('object');
      await t.query('DELETE FROM oss_multipart WHERE upload_id = $1', [id]);
      step('upload');
      return { etag, crc64, replaced, legacyParts: legacy.moved ? rows.map((p) => p.part_number) : [] };
    });
    uploadsCache.delete(id);
    let result: { etag: string; crc64: string };
    if (done) {
      step('commit');
      if (done.replaced) await removeObject(done.replaced);
      await Promise.all(done.legacyParts.map((n) => fsp.rm(legacyPartFile(id, n), { force: true })));
      await removeStrays(dir);
      step('cleanup');
      cloud.stats.completes++;
      result = done;
    } else {
      // no upload in progress: done already? (a Complete whose answer was lost, the process
      // killed after its commit): the key's object is this upload's, of the same parts
      if (wanted instanceof OssErr) throw noSuchUpload(id);
      const o = await db.one<{ etag: string; crc64: string }>('SELECT etag, crc64 FROM oss_objects WHERE bucket = $1 AND object_key = $2 AND file_path = $3', [
        r.bucket,
        r.key,
        dir,
      ]);
      if (!o || o.etag !== multipartEtag(wanted.map((w) => w.etag))) throw noSuchUpload(id);
      // what a crash after the commit may have left
      await removeStrays(dir);
      result = o;
    }
    return reply
      .header('etag', result.etag)
      .header('x-oss-hash-crc64ecma', result.crc64)
      .type('application/xml')
      .send(
        xmlDoc(
          `<CompleteMultipartUploadResult>${tag('EncodingType', 'url')}${tag('Location', `http://${r.bucket}.oss-cn-shanghai.aliyuncs.com/${r.key}`)}${tag('Bucket', r.bucket)}${tag('Key', r.key)}${tag('ETag', result.etag)}</CompleteMultipartUploadResult>`,
        ),
      );
  }

  /**
   * Writes the object row (in `t`, the caller's transaction) and tells the video service; answers
   * the bytes of the version it replaced when they lived elsewhere (a PutObject over one lands in
   * place), for the caller to remove once committed.
   */
  async function finishObject(
    t: Db,
    r: Req,
    file: string,
    size: number,
    etag: string,
    crc64: string,
    contentType: string,
    userId: number | null,
  ): Promise<string | null> {
    const now = app.now();
    const before = await t.one<{ file_path: string }>('SELECT file_path FROM oss_objects WHERE bucket = $1 AND object_key = $2 FOR UPDATE', [r.bucket, r.key]);
    await t.query(
      `INSERT INTO oss_objects (bucket, object_key, size, etag, crc64, content_type, file_path, created_at, user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (bucket, object_key) DO UPDATE SET size = EXCLUDED.size, etag = EXCLUDED.etag, crc64 = EXCLUDED.crc64,
         content_type = EXCLUDED.content_type, file_path = EXCLUDED.file_path, created_at = EXCLUDED.created_at, user_id = EXCLUDED.user_id`,
      [r.bucket, r.key, size, etag, crc64, contentType, file, now, userId],
    );
    // the video service hears of the finished object (OSS event → VOD): the media becomes Normal
    await t.query(`UPDATE vod_media SET status = 'Normal', file_size = $3, crc64 = $4, mime = $5, finished_at = $6 WHERE bucket = $1 AND object_key = $2`, [
      r.bucket,
      r.key,
      size,
      crc64,
      contentType,
      now,
    ]);
    return before && before.file_path !== file ? before.file_path : null;
  }

  async function abort(reply: FastifyReply, r: Req) {
    const m = await multipart(r);
    const rows = await db.query<{ part_number: number }>('SELECT part_number FROM oss_parts WHERE upload_id = $1', [m.upload_id]);
    // only the one who ends it removes its bytes: a Complete that won the race keeps them as its object
    const ended = await db.one('DELETE FROM oss_multipart WHERE upload_id = $1 RETURNING upload_id', [m.upload_id]);
    uploadsCache.delete(m.upload_id);
    if (!ended) throw noSuchUpload(m.upload_id);
    await removeObject(uploadDir(m.bucket, m.object_key, m.upload_id));
    await Promise.all(rows.map((p) => fsp.rm(legacyPartFile(m.upload_id, p.part_number), { force: true })));
    return reply.status(204).send();
  }

  async function putObject(req: FastifyRequest, reply: FastifyReply, r: Req, cred: CredentialRow) {
    if (req.headers['content-length'] === undefined) throw new OssErr(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
    if (Number(req.headers['content-length']) > MAX_PART) throw new OssErr(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
    await checkQuota(cred, { bytes: Number(req.headers['content-length']), files: 1 }, { exceptKey: r.key });
    const file = objectFile(r.bucket, r.key);
    const got = await receive(req, file, cloud.faults);
    await fsp.rename(got.tmp, file);
    const replaced = await db.tx((t) =>
      finishObject(t, r, file, got.size, got.etag, got.crc64, r.headers['content-type'] || 'application/octet-stream', cred.user_id),
    );
    if (replaced) await removeObject(replaced);
    return reply.header('etag', got.etag).header('x-oss-hash-crc64ecma', got.crc64).status(200).send('');
  }

  async function getObject(req: FastifyRequest, reply: FastifyReply, r: Req) {
    const o = await db.one<{ size: string | number; etag: string; crc64: string; content_type: string; file_path: string; created_at: Date }>(
      'SELECT size, etag, crc64, content_type, file_path, created_at FROM oss_objects WHERE bucket = $1 AND object_key = $2',
      [r.bucket, r.key],
    );
    if (!o) throw new OssErr(404, 'NoSuchKey', 'The specified key does not exist.', { Key: r.key });
    // looked up before the answer starts: an object whose bytes are gone is a 500, not a cut-off body
    const pieces = await objectPieces(o.file_path);
    const size = Number(o.size);
    reply
      .header('etag', o.etag)
      .header('x-oss-hash-crc64ecma', o.crc64)
      .header('last-modified', o.created_at.toUTCString())
      .header('accept-ranges', 'bytes')
      .header('x-oss-object-type', o.etag.includes('-') ? 'Multipart' : 'Normal');
    const type = r.query['response-content-type'] ?? o.content_type;
    reply.type(type).header('content-disposition', servedInline(type) ? 'inline' : 'attachment');
    // A PDF previews in the console's own dialog (an iframe): Chromium's viewer refuses a sandboxed
    // document, and it runs in its own isolated origin anyway, so a PDF may be framed by the console
    // (and only by it). Everything else keeps the sandbox CSP and DENY.
    if (/^application\/pdf\b/i.test(type)) {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'").header('x-frame-options', 'SAMEORIGIN');
    }
    const range = /^bytes=(\d*)-(\d*)$/.exec(r.headers.range ?? '');
    let start = 0;
    let end = size - 1;
    if (range && size > 0 && (range[1] || range[2])) {
      if (range[1]) {
        start = Number(range[1]);
        end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      } else {
        start = Math.max(0, size - Number(range[2]));
      }
      if (start < size && start <= end) {
        reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      } else {
        start = 0;
        end = size - 1;
      }
    }
    reply.header('content-length', String(Math.max(0, end - start + 1)));
    if (r.method === 'HEAD' || size === 0) return reply.send('');
    return reply.send(objectRange(o.file_path, start, end, pieces));
  }

  function cors(reply: FastifyReply) {
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, PUT, POST, DELETE, HEAD')
      .header('access-control-allow-headers', 'authorization, content-type, content-md5, x-oss-date, x-oss-security-token, x-oss-user-agent, range')
      .header('access-control-expose-headers', 'ETag, x-oss-request-id, x-oss-hash-crc64ecma, Content-Range')
      .header('access-control-max-age', '600');
  }

  // the bucket at the server's root; bodies are streamed by the handlers, never parsed
  void app.register(async (inst) => {
    inst.removeAllContentTypeParsers();
    inst.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // every method Fastify routes: one it does not know here is OSS's 405, not the console's 404 page
    inst.all(`/${SANDBOX_BUCKET}/*`, handle);
    inst.all(`/${SANDBOX_BUCKET}`, handle);
    // what escapes a handler (a body stream failing before its first byte) is OSS's XML too, not
    // the API's envelope or the static files' text
    inst.setErrorHandler((err, req, reply) => {
      req.log.error({ err }, 'OSS sandbox request failed');
      const e = internalError();
      cloud.stats.errors[e.code] = (cloud.stats.errors[e.code] ?? 0) + 1;
      // the headers of the answer that did not happen
      for (const h of [
        'etag',
        'x-oss-hash-crc64ecma',
        'last-modified',
        'accept-ranges',
        'x-oss-object-type',
        'content-range',
        'content-disposition',
        'content-length',
      ]) {
        reply.removeHeader(h);
        reply.raw.removeHeader(h);
      }
      const rid = String(reply.getHeader('x-oss-request-id') ?? requestId());
      return reply
        .status(e.status)
        .type('application/xml')
        .send(errorXml(e, rid, SANDBOX_BUCKET));
    });
  });

  // test controls
  app.post('/sandbox/oss/faults', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const f = cloud.faults;
    const keys = ['drop', 'dropAfterBytes', 'fail500', 'vodFail', 'delayMs', 'uploadAuthTtlS', 'rateKBps'] as const;
    for (const k of keys) {
      const v = body[k];
      if (v === undefined || v === '') continue;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) return reply.status(400).send({ msg: `故障参数 ${k} 必须是非负数` });
      if (k === 'delayMs' && n > MAX_DELAY_MS) return reply.status(400).send({ msg: `故障参数 delayMs 不能超过 ${MAX_DELAY_MS} 毫秒` });
    }
    for (const k of ['crashComplete', 'throwComplete'] as const) {
      const v = body[k];
      if (v !== undefined && v !== '' && v !== null && !FAULT_STEPS.has(String(v))) {
        return reply.status(400).send({ msg: `故障参数 ${k} 必须是 ${[...FAULT_STEPS].join('、')} 之一` });
      }
    }
    for (const k of keys) if (body[k] !== undefined && body[k] !== '') (f as unknown as Record<string, number>)[k] = Number(body[k]);
    // the next CompleteMultipartUpload dies (no answer, as a killed process) or throws after that step
    if (body.crashComplete !== undefined) crashAt = body.crashComplete ? String(body.crashComplete) : null;
    if (body.throwComplete !== undefined) throwAt = body.throwComplete ? String(body.throwComplete) : null;
    // expire every credential handed out so far (the console's STS and the upload auth)
    if (body.expireTokens === true || body.expireTokens === 'true' || body.expireTokens === '1') {
      await db.query('UPDATE sts_credentials SET expires_at = $1 WHERE expires_at > $1', [app.now()]);
      credCache.get(app)?.clear();
    }
    return { faults: f, crashComplete: crashAt, throwComplete: throwAt };
  });
  app.get('/sandbox/oss/stats', async () => ({ stats: cloud.stats, faults: cloud.faults }));
  app.post('/sandbox/oss/reset', async () => {
    resetFaults(cloud);
    resetStats(cloud);
    crashAt = throwAt = null;
    return { ok: true };
  });
  app.get('/sandbox/oss/objects', async () => ({
    list: await db.query(
      'SELECT bucket, object_key, size::float8 AS size, etag, crc64, content_type, created_at FROM oss_objects ORDER BY created_at DESC LIMIT 100',
    ),
  }));
  app.get('/sandbox/oss/object', async (req) => {
    const { key } = req.query as { key?: string };
    const o = await db.one(
      'SELECT bucket, object_key, size::float8 AS size, etag, crc64, content_type, created_at FROM oss_objects WHERE bucket = $1 AND object_key = $2',
      [SANDBOX_BUCKET, key ?? ''],
    );
    return { object: o ?? null };
  });
}

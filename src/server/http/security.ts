import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeDigits } from '../../contract/person';

/**
 * Response headers every answer carries (issue 9 item 10), and the redaction of secrets from the
 * access log. The object store overrides the CSP on its own answers (sandbox/oss.ts OBJECT_CSP).
 */

/**
 * The console's policy, checked in Chromium against the built app (tests/e2e/security.test.ts):
 * scripts only from the origin (no inline, no eval; WebAssembly may compile — the upload worker
 * hashes files with hash-wasm, and 'wasm-unsafe-eval' allows wasm only, never JS eval); styles also inline (Griffel inserts style
 * tags at run time); images and media also as data:/blob: (QR codes, previews); workers from the
 * origin or blob:; no plugins; no framing by anyone.
 */
export const CONSOLE_CSP = consoleCsp([]);

/**
 * The policy with the cloud endpoints production's uploads reach added to connect-src (config.ts
 * UploadEndpoints: the video service and the object store's virtual hosts), and the store's hosts
 * to img-src/media-src (the media library's signed previews); the demo's are all 'self'.
 */
export function consoleCsp(connect: string[], media: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...media].join(' '),
    ["media-src 'self' blob:", ...media].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const STATIC_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'x-permitted-cross-domain-policies': 'none',
};

const isHttps = (req: FastifyRequest) =>
  req.protocol === 'https' ||
  String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim() === 'https';

/**
 * The API's paths (/ent/v3/…, and /ent's own 404 envelope): their answers carry whole values
 * (names, mobiles shown on 查看, balances, exports), so no browser or proxy may keep a copy
 * (issue 28 item 9). The console's static files keep their own caching (static.ts).
 */
const API_PATH = /^\/ent(\/|$|\?)/;

/** Sets the headers on every answer (before the handler: errors, 404s and 503s carry them too). */
export function securityHeaders(app: FastifyInstance, opts: { connect?: string[]; media?: string[] } = {}) {
  const headers = { 'content-security-policy': consoleCsp(opts.connect ?? [], opts.media ?? []), ...STATIC_HEADERS };
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(headers);
    if (API_PATH.test(req.url)) reply.header('cache-control', 'no-store');
    reply.header('x-request-id', req.id);
    if (isHttps(req)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

/**
 * A request's id: the balancer's `x-request-id` when it is a plain short token (so one id follows
 * a call through the proxy's and the server's logs), else a new random one.
 */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && /^[A-Za-z0-9._:-]{8,64}$/.test(given)) return given;
  return randomUUID();
}

// --- the access log ---------------------------------------------------------------------------

export const REDACTED = '[REDACTED]';

/** Query parameters whose values never reach a log: tokens, signatures, keys, codes, tickets. */
const SECRET_PARAM = /([?&](?:[^=&\s#"']*(?:token|signature|secret|ticket|code|password|accesskey|auth|credential|nonce)[^=&\s#"']*))=([^&\s#"']*)/gi;
/** Short parameter names that are secrets when they are the whole name (`sign=`, `key=`). */
const SECRET_EXACT = /([?&](?:sign|sig|key|apikey|api_key))=([^&\s#"']*)/gi;
/** Path segments that are secrets themselves: WeChat QR tickets, invitation codes. */
const SECRET_SEGMENTS: RegExp[] = [
  /(\/(?:ent\/v3\/)?login\/wechat\/)(?!qrcode(?:[/?#\s"']|$)|bind(?:[/?#\s"']|$))([^/?#\s"']+)/g,
  /(\/sandbox\/wechat\/)([^/?#\s"']+)/g,
  /((?:\/ent\/v3)?\/(?:company\/)?invite\/)(?!accept(?:[/?#\s"']|$))([^/?#\s"']+)/g,
  // public links (issue 28 item 2): a proof link shows a departure proof to whoever holds it, the
  // leave QR and the worker links open SMS pages — the link is the key, so it never reaches a log
  /((?:\/ent\/v3)?\/dimission\/(?:proof-view|proof-check|leave)\/)([^/?#\s"']+)/g,
  // (a proof's 验真码 shows its facts to whoever holds it, issue 30; a 完税证明's, issue 31)
  /(\/m\/(?:proof|proof-check|tax-check|leave)\/)([^/?#\s"']+)/g,
  /((?:\/ent\/v3)?\/tax\/proof-check\/)([^/?#\s"']+)/g,
  // the worker's invitation and a task's public sign-up: the pages, their API calls, the old sandbox paths
  /(\/m\/flex\/[wt]\/)([^/?#\s"']+)/g,
  /((?:\/ent\/v3)?\/worker\/(?:invite|task)\/)([^/?#\s"']+)/g,
  /(\/sandbox\/flex\/[wt]\/)([^/?#\s"']+)/g,
  // e签宝's signing page (the demo's): the link signs without a login, for its one signer
  /(\/sandbox\/esign\/h5\/sign\/)([^/?#\s"']+)/g,
];
/**
 * The last line of defence (issue 28 item 4): a value that looks like a mainland mobile, an ID
 * number or a bank card (a whole mobile typed into a search box, `?keywords=15211110002`) is
 * replaced wherever it stands, unless it is part of a longer word (a batch number FF2026…).
 */
const NUMBER_LIKE = /(?<![0-9A-Za-z])(?:1[3-9]\d{9}|\d{17}[\dXx]|\d{15}|\d{16,19})(?![0-9A-Za-z])/g;
const BEARER = /\b(Bearer|OSS)\s+[A-Za-z0-9._~+/=:-]+/g;
/**
 * A query value that is such a number once decoded and normalised, the way the departure search
 * reads it (shared.ts keywordFilter): `138%200000%200001`, `138-0000-0001`, full-width digits.
 */
const QUERY_VALUE = /([?&][^=&\s#"']+)=([^&\s#"']+)/g;
const WHOLE_NUMBER = /^(?:1[3-9]\d{9}|\d{17}[\dX]|\d{15}|\d{16,19})$/;
function disguisedNumber(value: string): boolean {
  try {
    return WHOLE_NUMBER.test(normalizeDigits(decodeURIComponent(value.replace(/\+/g, ' '))));
  } catch {
    return false; // not percent-encoding: NUMBER_LIKE still looks at it
  }
}

/** A URL (or any text holding URLs) with its secrets replaced by [REDACTED]. */
export function redactText(s: string): string {
  let out = s.replace(SECRET_PARAM, `$1=${REDACTED}`).replace(SECRET_EXACT, `$1=${REDACTED}`);
  for (const re of SECRET_SEGMENTS) out = out.replace(re, `$1${REDACTED}`);
  out = out.replace(QUERY_VALUE, (all, name: string, value: string) => (disguisedNumber(value) ? `${name}=${REDACTED}` : all));
  return out.replace(BEARER, `$1 ${REDACTED}`).replace(NUMBER_LIKE, REDACTED);
}

interface LogReq {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's logger options: the request serializer logs the URL redacted and no headers; errors
 * keep their type and stack with secrets taken out of the message; pino's redact drops the
 * headers that carry credentials should any log line include them.
 */
export function loggerOptions(stream?: NodeJS.WritableStream, level = 'info') {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-oss-security-token"]', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
    serializers: {
      req(req: LogReq) {
        return { method: req.method, url: redactText(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
      },
      err(err: Error & { code?: string; statusCode?: number }) {
        return {
          type: err.name,
          message: redactText(String(err.message ?? '')),
          stack: redactText(String(err.stack ?? '')),
          code: err.code,
          statusCode: err.statusCode,
        };
      },
    },
  };
}

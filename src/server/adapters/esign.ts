/**
 * The e-sign provider of the production profile: e签宝 (esign.cn) open API, request-signature
 * authentication ("请求签名鉴权"), and its identity checks (issue 29 item 3):
 * - 个人2要素信息比对 `POST /v2/identity/verify/individual/base` {name, idNo};
 * - 个人运营商3要素信息比对 `POST /v2/identity/verify/individual/telecom3Factors` {name, idNo, mobileNo}.
 * Both answer `{code, message, data: {verifyId}}`: code 0 一致; 30504001 (and the 3-factor's
 * 30501006 / 30501010 detail codes) 不一致; anything else (an HTTP error, a timeout, a gateway
 * refusal, 余额不足 …) means the check could not be made.
 *
 * Every call carries X-Tsign-Open-App-Id, X-Tsign-Open-Auth-Mode: Signature,
 * X-Tsign-Open-Ca-Timestamp (ms), Content-MD5 (base64 of the body's MD5) and
 * X-Tsign-Open-Ca-Signature = base64(HMAC-SHA256(appSecret, stringToSign)), where
 *   stringToSign = METHOD \n Accept \n Content-MD5 \n Content-Type \n Date \n Headers Url
 * (empty fields keep their "\n"; Headers — none signed here — adds nothing when empty; Url is the
 * path, plus `?` and the query sorted by key when there is one, a key without value kept bare).
 * The demo's sandbox (sandbox/esign.ts) verifies the same signature; config.ts (ESIGN_*) chooses.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';

export interface EsignConfig {
  /** `https://openapi.esign.cn` (or the provider's own 沙箱模拟环境); no trailing slash */
  endpoint: string;
  appId: string;
  appSecret: string;
}

export const ESIGN_PATHS = {
  base2: '/v2/identity/verify/individual/base',
  telecom3: '/v2/identity/verify/individual/telecom3Factors',
} as const;
export type RealnameMethod = keyof typeof ESIGN_PATHS;

/** e签宝's business codes the checks answer with. */
export const ESIGN_CODES = { ok: 0, mismatch: 30504001, nameIdMismatch: 30501006, mobileIdMismatch: 30501010, badParam: 30500101 } as const;
const MISMATCH: readonly number[] = [ESIGN_CODES.mismatch, ESIGN_CODES.nameIdMismatch, ESIGN_CODES.mobileIdMismatch];

export interface RealnameResult {
  method: RealnameMethod;
  consistent: boolean;
  /** the provider's id of this check (verifyId) */
  verifyId: string;
  code: number;
  message: string;
}

/** The check could not be made (network, HTTP error, gateway refusal, an unexpected answer). */
export class EsignUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`esign: ${detail}`);
  }
}

export const contentMd5 = (body: string) => createHash('md5').update(body, 'utf8').digest('base64');

/** The Url part of the string to sign: the path, then the query sorted by key (`k` bare when empty). */
export function signedUrl(pathWithQuery: string): string {
  const q = pathWithQuery.indexOf('?');
  if (q < 0) return pathWithQuery;
  const params = [...new URLSearchParams(pathWithQuery.slice(q + 1))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!params.length) return pathWithQuery.slice(0, q);
  return `${pathWithQuery.slice(0, q)}?${params.map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join('&')}`;
}

export interface SignedParts {
  method: string;
  accept: string;
  contentMd5: string;
  contentType: string;
  date: string;
  /** `path?query` as sent */
  url: string;
}

export const stringToSign = (p: SignedParts) => `${p.method.toUpperCase()}\n${p.accept}\n${p.contentMd5}\n${p.contentType}\n${p.date}\n${signedUrl(p.url)}`;

export const esignSignature = (appSecret: string, p: SignedParts) => createHmac('sha256', appSecret).update(stringToSign(p), 'utf8').digest('base64');

export const JSON_TYPE = 'application/json; charset=UTF-8';

/** The headers of one signed JSON call (exported for the sandbox's tests). */
export function signedHeaders(cfg: EsignConfig, method: string, url: string, body: string, now: Date = new Date()): Record<string, string> {
  const md5 = body ? contentMd5(body) : '';
  const parts: SignedParts = { method, accept: '*/*', contentMd5: md5, contentType: body ? JSON_TYPE : '', date: '', url };
  return {
    accept: parts.accept,
    ...(body ? { 'content-type': JSON_TYPE, 'content-md5': md5 } : {}),
    'x-tsign-open-app-id': cfg.appId,
    'x-tsign-open-auth-mode': 'Signature',
    'x-tsign-open-ca-timestamp': String(now.getTime()),
    'x-tsign-open-ca-signature': esignSignature(cfg.appSecret, parts),
  };
}

export interface EsignClient {
  readonly provider: 'esign';
  verifyBase(name: string, idNo: string): Promise<RealnameResult>;
  verifyTelecom3(name: string, idNo: string, mobile: string): Promise<RealnameResult>;
}

/** How a client reaches the provider: fetch by default; tests may pass another. */
export type EsignFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }) => Promise<Response>;

export function esignClient(cfg: EsignConfig, opts: { fetch?: EsignFetch; now?: () => Date; timeoutMs?: number } = {}): EsignClient {
  const doFetch: EsignFetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const check = async (method: RealnameMethod, payload: Record<string, string>): Promise<RealnameResult> => {
    const path = ESIGN_PATHS[method];
    const body = JSON.stringify(payload);
    let res: Response;
    try {
      res = await doFetch(cfg.endpoint + path, {
        method: 'POST',
        headers: { ...signedHeaders(cfg, 'POST', path, body, opts.now?.() ?? new Date()), 'x-request-id': randomUUID() },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new EsignUnavailable(err instanceof Error ? err.message : String(err));
    }
    const answer = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown; data?: { verifyId?: unknown } } | null;
    if (!res.ok || !answer || typeof answer.code !== 'number')
      throw new EsignUnavailable(`HTTP ${res.status} ${typeof answer?.message === 'string' ? answer.message : ''}`.trim());
    const code = answer.code;
    const verifyId = typeof answer.data?.verifyId === 'string' ? answer.data.verifyId : '';
    const message = typeof answer.message === 'string' ? answer.message : '';
    if (code !== ESIGN_CODES.ok && !MISMATCH.includes(code)) throw new EsignUnavailable(`code ${code} ${message}`);
    return { method, consistent: code === ESIGN_CODES.ok, verifyId, code, message };
  };
  return {
    provider: 'esign',
    verifyBase: (name, idNo) => check('base2', { idNo, name }),
    verifyTelecom3: (name, idNo, mobile) => check('telecom3', { idNo, name, mobileNo: mobile }),
  };
}

/**
 * e签宝 signing flows (open API v3, "基于文件发起签署"; issue 29 item 2), signed as every e签宝 call
 * is (esign.ts: X-Tsign-Open-* headers, Content-MD5, HMAC-SHA256 over the 7-line string):
 * - `POST /v3/files/file-upload-url` {contentMd5, contentType, convertToPDF, fileName, fileSize} →
 *   {fileId, fileUploadUrl}; the bytes are then PUT to fileUploadUrl with the same Content-MD5 and
 *   Content-Type and no e签宝 headers (an object-store URL), answering {errCode: 0}; then
 *   `GET /v3/files/{fileId}` until fileStatus is 2 (上传完成) or 5 (已转换PDF) — 3 and 9 failed.
 * - `POST /v3/sign-flow/create-by-file` {docs, signFlowConfig {signFlowTitle, signFlowExpireTime,
 *   autoStart, autoFinish, notifyUrl, redirectConfig, noticeConfig, authConfig}, signers
 *   [{signerType 0, psnSignerInfo {psnAccount, psnInfo {psnName, psnIDCardNum, psnIDCardType}},
 *   signFields [{fileId, customBizNum, normalSignFieldConfig {signFieldPosition}}]}]} → {signFlowId}.
 *   autoFinish true: the flow completes when its one signer has signed (the default false would
 *   leave it 签署中, never SIGN_FLOW_COMPLETE, its file not downloadable). noticeTypes '': e签宝
 *   sends no link of its own; ours goes in our page.
 * - `POST /v3/sign-flow/{id}/sign-url` {clientType H5, needLogin false, urlType 2, operator
 *   {psnAccount}, redirectConfig} → {url, shortUrl}: a login-free link, for that person only.
 * - `GET /v3/sign-flow/{id}/detail` → {signFlowStatus (int: 0 草稿, 1 签署中, 2 完成, 3 撤销,
 *   5 过期, 7 拒签), signFlowDescription, signFlowFinishTime, signers [{signStatus, signFields
 *   [{signFieldStatus '4' 执行完成, statusUpdateTime}]}]}.
 * - `GET /v3/sign-flow/{id}/file-download-url` → {files [{fileId, fileName, downloadUrl}]}
 *   (links valid an hour); `POST /v3/sign-flow/{id}/revoke` {revokeReason}.
 * Every answer is {code, message, data}: code 0 is success, anything else (and any HTTP error,
 * timeout or unreadable answer) is EsignUnavailable — the caller cannot sign now.
 *
 * Callbacks ("回调通知"): e签宝 POSTs JSON to the flow's notifyUrl with X-Tsign-Open-App-Id,
 * X-Tsign-Open-TIMESTAMP (ms), X-Tsign-Open-SIGNATURE-ALGORITHM (hmac-sha256) and
 * X-Tsign-Open-SIGNATURE = hex(HMAC-SHA256(appSecret, TIMESTAMP + the notifyUrl's query values in
 * ascending key order, concatenated without separators + the raw body)) — a different rule from
 * the requests' (hex, not base64; no newlines; e签宝 adds no query of its own). A 2xx answer is
 * success; anything else is retried (up to 16 times). The docs give no window for the timestamp:
 * we refuse one more than 15 minutes ahead or older than 24 hours — a replay inside that window
 * changes nothing (applying a flow's outcome is idempotent), and retries of one event may carry
 * the first attempt's time. Actions used: SIGN_MISSON_COMPLETE (signResult 2 签署完成, 4 拒签)
 * and SIGN_FLOW_COMPLETE (signFlowStatus, a string: '2' 完成, '3' 撤销, '5' 过期, '7' 拒签);
 * others are acknowledged and ignored, as the docs ask.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { EsignUnavailable, signedHeaders, type EsignConfig, type EsignFetch } from './esign';

export const FLOW_PATHS = {
  uploadUrl: '/v3/files/file-upload-url',
  file: (fileId: string) => `/v3/files/${encodeURIComponent(fileId)}`,
  create: '/v3/sign-flow/create-by-file',
  signUrl: (id: string) => `/v3/sign-flow/${encodeURIComponent(id)}/sign-url`,
  detail: (id: string) => `/v3/sign-flow/${encodeURIComponent(id)}/detail`,
  download: (id: string) => `/v3/sign-flow/${encodeURIComponent(id)}/file-download-url`,
  revoke: (id: string) => `/v3/sign-flow/${encodeURIComponent(id)}/revoke`,
} as const;

/** signFlowStatus of detail (an int) and of SIGN_FLOW_COMPLETE (a string of the same digits). */
export const FLOW_STATUS = { draft: 0, signing: 1, completed: 2, revoked: 3, expired: 5, refused: 7 } as const;
/** fileStatus values a file may be signed in, and those that mean it never will be. */
const FILE_READY = [2, 5];
const FILE_FAILED = [3, 9];
/** e签宝 refuses these characters (and emoji) in file names and titles */
export const safeFileName = (s: string) => s.replace(/[/\\:*"<>|?\p{Extended_Pictographic}]/gu, '_').slice(0, 100);

export interface FlowSigner {
  /** the signer's account at e签宝: their mobile */
  mobile: string;
  name: string;
  idNo: string;
}
export interface CreateFlow {
  fileId: string;
  fileName: string;
  title: string;
  signer: FlowSigner;
  /** our own id of this flow, echoed in its callbacks (customBizNum) */
  bizNo: string;
  notifyUrl: string;
  redirectUrl: string;
  expiresAt: Date;
}
/**
 * A flow in which an organisation seals automatically (企业自动落章): signerType 1 with
 * orgSignerInfo (the company by name and 统一社会信用代码; the company has authorised our
 * application to seal for it at e签宝, 静默签署授权) and a sign field with autoSign true — no
 * person, no link: e签宝 applies the org's seal (assignedSealId, else its default one) at
 * `position` (page 1, the seal's centre in PDF points from the bottom left) and completes the flow.
 */
export interface CreateSeal {
  fileId: string;
  fileName: string;
  title: string;
  org: { name: string; creditCode: string; sealId?: string };
  position: { x: number; y: number };
  bizNo: string;
  notifyUrl: string;
  expiresAt: Date;
}
export interface FlowDetail {
  status: number;
  description: string;
  finishedAt: Date | null;
  /** when the (first) signer's signature field was executed, per e签宝 */
  signedAt: Date | null;
}
export interface FlowFile {
  fileId: string;
  fileName: string;
  downloadUrl: string;
}

export interface EsignFlowClient {
  uploadFile(bytes: Buffer, fileName: string): Promise<string>;
  createByFile(f: CreateFlow): Promise<string>;
  createSeal(f: CreateSeal): Promise<string>;
  signUrl(signFlowId: string, mobile: string, redirectUrl: string): Promise<string>;
  detail(signFlowId: string): Promise<FlowDetail>;
  files(signFlowId: string): Promise<FlowFile[]>;
  /** a downloadUrl's bytes, at most `maxBytes` */
  download(url: string, maxBytes: number): Promise<Buffer>;
  revoke(signFlowId: string, reason: string): Promise<void>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN);
const msDate = (v: unknown) => (Number.isFinite(num(v)) && num(v) > 0 ? new Date(num(v)) : null);
const httpUrl = (u: string) => /^https?:\/\//.test(u);

export interface FlowClientOptions {
  fetch?: EsignFetch;
  now?: () => Date;
  timeoutMs?: number;
  /** how long an uploaded file may take to become signable, and how often it is asked */
  fileWaitMs?: number;
  filePollMs?: number;
}

export function esignFlowClient(cfg: EsignConfig, opts: FlowClientOptions = {}): EsignFlowClient {
  const doFetch: EsignFetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const timeout = () => AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const fail = (detail: string): never => {
    throw new EsignUnavailable(detail);
  };

  /** One signed JSON call; its `data` when code is 0. */
  async function call(method: 'GET' | 'POST', path: string, payload?: Obj): Promise<Obj> {
    const body = payload ? JSON.stringify(payload) : '';
    let res: Response;
    try {
      res = await doFetch(cfg.endpoint + path, {
        method,
        headers: { ...signedHeaders(cfg, method, path, body, opts.now?.() ?? new Date()), 'x-request-id': randomUUID() },
        ...(body ? { body } : {}),
        signal: timeout(),
      });
    } catch (err) {
      return fail(err instanceof Error ? err.message : String(err));
    }
    const answer = (await res.json().catch(() => null)) as unknown;
    if (!isObj(answer) || typeof answer.code !== 'number') return fail(`HTTP ${res.status}`);
    if (!res.ok || answer.code !== 0) return fail(`HTTP ${res.status} code ${answer.code} ${str(answer.message)}`.trim());
    return isObj(answer.data) ? answer.data : {};
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  return {
    async uploadFile(bytes, fileName) {
      const md5 = createHash('md5').update(bytes).digest('base64');
      const type = 'application/pdf';
      const d = await call('POST', FLOW_PATHS.uploadUrl, {
        contentMd5: md5,
        contentType: type,
        convertToPDF: false,
        fileName: safeFileName(fileName),
        fileSize: bytes.length,
      });
      const fileId = str(d.fileId);
      const uploadUrl = str(d.fileUploadUrl);
      if (!fileId || !httpUrl(uploadUrl)) return fail('file-upload-url: no fileId / fileUploadUrl');
      // the object store's URL (absolute, not the gateway's): its signature is in the URL, ours
      // would not belong there
      let put: Response;
      try {
        // up to 10 MB: a minute, not the API calls' seconds
        put = await fetch(uploadUrl, {
          method: 'PUT',
          headers: { 'content-md5': md5, 'content-type': type },
          body: new Uint8Array(bytes),
          signal: AbortSignal.timeout(Math.max(opts.timeoutMs ?? 10_000, 60_000)),
        });
      } catch (err) {
        return fail(`upload: ${err instanceof Error ? err.message : String(err)}`);
      }
      const up = (await put.json().catch(() => null)) as unknown;
      if (!put.ok || (isObj(up) && num(up.errCode) !== 0)) return fail(`upload: HTTP ${put.status}`);
      const until = Date.now() + (opts.fileWaitMs ?? 10_000);
      for (;;) {
        const f = await call('GET', FLOW_PATHS.file(fileId));
        const status = num(f.fileStatus);
        if (FILE_READY.includes(status)) return fileId;
        if (FILE_FAILED.includes(status)) return fail(`file ${fileId} status ${status}`);
        if (Date.now() > until) return fail(`file ${fileId} still status ${status}`);
        await sleep(opts.filePollMs ?? 300);
      }
    },

    async createByFile(f) {
      const d = await call('POST', FLOW_PATHS.create, {
        docs: [{ fileId: f.fileId, fileName: safeFileName(f.fileName) }],
        signFlowConfig: {
          signFlowTitle: safeFileName(f.title),
          signFlowExpireTime: f.expiresAt.getTime(),
          autoStart: true,
          autoFinish: true,
          notifyUrl: f.notifyUrl,
          redirectConfig: { redirectUrl: f.redirectUrl, redirectDelayTime: 3 },
          noticeConfig: { noticeTypes: '' },
          // we checked the person (realname_checks); e签宝 checks intent again with its own SMS code
          authConfig: { psnAvailableAuthModes: ['PSN_MOBILE3'], willingnessAuthModes: ['CODE_SMS'] },
        },
        signers: [
          {
            signerType: 0,
            psnSignerInfo: {
              psnAccount: f.signer.mobile,
              psnInfo: { psnName: f.signer.name, psnIDCardNum: f.signer.idNo, psnIDCardType: 'CRED_PSN_CH_IDCARD' },
            },
            signFields: [
              {
                fileId: f.fileId,
                customBizNum: f.bizNo,
                signFieldType: 0,
                normalSignFieldConfig: {
                  freeMode: false,
                  autoSign: false,
                  movableSignField: false,
                  signFieldStyle: 1,
                  signFieldPosition: { positionPage: '1', positionX: 420, positionY: 120 },
                },
              },
            ],
          },
        ],
      });
      return str(d.signFlowId) || fail('create-by-file: no signFlowId');
    },

    async createSeal(f) {
      const field = { autoSign: true, signFieldStyle: 1, signFieldPosition: { positionPage: '1', positionX: f.position.x, positionY: f.position.y } };
      const d = await call('POST', FLOW_PATHS.create, {
        docs: [{ fileId: f.fileId, fileName: safeFileName(f.fileName) }],
        signFlowConfig: {
          signFlowTitle: safeFileName(f.title),
          signFlowExpireTime: f.expiresAt.getTime(),
          autoStart: true,
          autoFinish: true,
          notifyUrl: f.notifyUrl,
          noticeConfig: { noticeTypes: '' },
        },
        signers: [
          {
            signerType: 1,
            orgSignerInfo: { orgName: f.org.name, orgInfo: { orgIDCardNum: f.org.creditCode, orgIDCardType: 'CRED_ORG_USCC' } },
            signFields: [
              {
                fileId: f.fileId,
                customBizNum: f.bizNo,
                signFieldType: 0,
                normalSignFieldConfig: f.org.sealId ? { ...field, assignedSealId: f.org.sealId } : field,
              },
            ],
          },
        ],
      });
      return str(d.signFlowId) || fail('create-by-file: no signFlowId');
    },

    async signUrl(signFlowId, mobile, redirectUrl) {
      const d = await call('POST', FLOW_PATHS.signUrl(signFlowId), {
        clientType: 'H5',
        needLogin: false,
        urlType: 2,
        operator: { psnAccount: mobile },
        redirectConfig: { redirectUrl, redirectDelayTime: 3 },
      });
      const url = str(d.url) || str(d.shortUrl);
      return httpUrl(url) ? url : fail('sign-url: no url');
    },

    async detail(signFlowId) {
      const d = await call('GET', FLOW_PATHS.detail(signFlowId));
      const status = num(d.signFlowStatus);
      if (!Number.isInteger(status)) return fail('detail: no signFlowStatus');
      const fields = (Array.isArray(d.signers) ? d.signers : []).flatMap((s) => (isObj(s) && Array.isArray(s.signFields) ? s.signFields : []));
      const done = fields.filter((x): x is Obj => isObj(x) && str(x.signFieldStatus) === '4').map((x) => msDate(x.statusUpdateTime));
      const signedAt = done.reduce<Date | null>((a, t) => (t && (!a || t > a) ? t : a), null);
      return { status, description: str(d.signFlowDescription), finishedAt: msDate(d.signFlowFinishTime), signedAt };
    },

    async files(signFlowId) {
      const d = await call('GET', FLOW_PATHS.download(signFlowId));
      const files = (Array.isArray(d.files) ? d.files : [])
        .filter(isObj)
        .map((f) => ({ fileId: str(f.fileId), fileName: str(f.fileName), downloadUrl: str(f.downloadUrl) || str(f.fileDownloadUrl) }));
      if (!files.length || files.some((f) => !httpUrl(f.downloadUrl))) return fail('file-download-url: no file');
      return files;
    },

    async download(url, maxBytes) {
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(Math.max(opts.timeoutMs ?? 10_000, 30_000)) });
      } catch (err) {
        return fail(`download: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!res.ok || !res.body) return fail(`download: HTTP ${res.status}`);
      if (Number(res.headers.get('content-length') ?? 0) > maxBytes) return fail('download: too large');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += c.length;
        if (size > maxBytes) return fail('download: too large');
        chunks.push(Buffer.from(c));
      }
      return Buffer.concat(chunks, size);
    },

    async revoke(signFlowId, reason) {
      await call('POST', FLOW_PATHS.revoke(signFlowId), { revokeReason: reason.slice(0, 50) });
    },
  };
}

// --- callbacks ------------------------------------------------------------------------------------

/** How far a callback's timestamp may be from now (see the header). */
export const NOTIFY_MAX_AGE_MS = 24 * 3600_000;
export const NOTIFY_MAX_AHEAD_MS = 15 * 60_000;

/** The query values of a notifyUrl in ascending key order, concatenated (the part of the string signed). */
export function notifyQueryPart(query: Record<string, unknown>): string {
  return Object.keys(query)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => {
      const v = query[k];
      return Array.isArray(v) ? v.map(String).join('') : String(v ?? '');
    })
    .join('');
}

/** X-Tsign-Open-SIGNATURE of a callback: hex HMAC-SHA256 over timestamp + query values + body. */
export const notifySignature = (appSecret: string, timestamp: string, queryPart: string, body: string) =>
  createHmac('sha256', appSecret)
    .update(timestamp + queryPart + body, 'utf8')
    .digest('hex');

/** The headers e签宝 sends with a callback (the sandbox sends them; tests make them). */
export function notifyHeaders(cfg: Pick<EsignConfig, 'appId' | 'appSecret'>, notifyUrl: string, body: string, now: Date): Record<string, string> {
  const ts = String(now.getTime());
  const query = Object.fromEntries(new URL(notifyUrl).searchParams);
  return {
    'content-type': 'application/json',
    'x-tsign-open-app-id': cfg.appId,
    'x-tsign-open-timestamp': ts,
    'x-tsign-open-signature-algorithm': 'hmac-sha256',
    'x-tsign-open-signature': notifySignature(cfg.appSecret, ts, notifyQueryPart(query), body),
  };
}

export interface FlowEvent {
  action: string;
  signFlowId: string;
  /** SIGN_MISSON_COMPLETE: 2 签署完成, 4 拒签 */
  signResult: number | null;
  /** SIGN_FLOW_COMPLETE: 2, 3, 5, 7 */
  signFlowStatus: number | null;
  description: string;
}

/** A callback that is not e签宝's, or not one we can read: answered non-2xx. */
export class NotifyRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks a callback as received (headers, the URL's query, the raw body) and reads it. */
export function verifyNotification(
  cfg: Pick<EsignConfig, 'appId' | 'appSecret'>,
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
  body: string,
  now: Date,
): FlowEvent {
  const h = (k: string) => {
    const v = headers[k];
    return typeof v === 'string' ? v : '';
  };
  if (h('x-tsign-open-app-id') !== cfg.appId) throw new NotifyRefused(401, '应用ID不符');
  const alg = h('x-tsign-open-signature-algorithm').toLowerCase();
  if (alg && alg !== 'hmac-sha256') throw new NotifyRefused(401, '不支持的签名算法');
  const ts = h('x-tsign-open-timestamp');
  if (!/^\d{13}$/.test(ts)) throw new NotifyRefused(401, '缺少时间戳');
  const age = now.getTime() - Number(ts);
  if (age > NOTIFY_MAX_AGE_MS || age < -NOTIFY_MAX_AHEAD_MS) throw new NotifyRefused(401, '时间戳已过期');
  const want = Buffer.from(notifySignature(cfg.appSecret, ts, notifyQueryPart(query), body), 'hex');
  const got = Buffer.from(/^[0-9a-fA-F]{64}$/.test(h('x-tsign-open-signature')) ? h('x-tsign-open-signature') : '', 'hex');
  // equal lengths first (timingSafeEqual's rule), then the constant-time comparison
  if (got.length !== want.length || !want.equals(got)) throw new NotifyRefused(401, '签名验证失败');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new NotifyRefused(400, '通知内容不是 JSON');
  }
  if (!isObj(parsed) || !str(parsed.action)) throw new NotifyRefused(400, '通知缺少 action');
  const result = num(parsed.signResult);
  const status = num(parsed.signFlowStatus);
  return {
    action: str(parsed.action),
    signFlowId: str(parsed.signFlowId),
    signResult: Number.isFinite(result) ? result : null,
    signFlowStatus: Number.isFinite(status) ? status : null,
    description: str(parsed.statusDescription) || str(parsed.resultDescription),
  };
}

/**
 * The demo e签宝's signing flows (adapters/esign-flows.ts is the client; same protocol): every
 * gateway call is checked as sandbox/esign.ts checks the identity calls (request signature,
 * timestamp, Content-MD5; the outage switch), then answered `{code, message, data}`:
 * - `POST …/v3/files/file-upload-url` → {fileId, fileUploadUrl}: a URL of this sandbox's "object
 *   store" (`PUT /sandbox/esign/oss/{fileId}?token=…`), which takes the bytes only with the
 *   Content-MD5, Content-Type and size declared; `GET …/v3/files/{fileId}` → fileStatus 0 / 2.
 * - `POST …/v3/sign-flow/create-by-file` (one personal signer, or one organisation sealing
 *   automatically: esign-autoseal.ts; an uploaded PDF) → {signFlowId};
 *   `…/sign-url` → a login-free link to its H5 signing page (sandbox/esign-h5.ts), for the signer's
 *   own account only; `…/detail`; `…/file-download-url` (once completed: the signed PDF, a link
 *   signed for an hour); `…/revoke`.
 * State: sandbox_esign_* (migration 054). The signer signs on the H5 page with an SMS code this
 * "e签宝" sends (sandbox_esign_sms, shown on the operator page and at GET /sandbox/esign/sms);
 * the signed PDF (esign-pdf.ts, esign-ca.ts) replaces nothing of the original but appends to it;
 * the callbacks go through the outbox (esign-callbacks.ts).
 * Test controls: sandbox/esign-controls.ts.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FLOW_STATUS } from '../adapters/esign-flows';
import type { Db } from '../db/types';
import { safeEqual } from '../lib/crypto';
import { sandboxEsignCa, signDetached } from './esign-ca';
import { esignOutbox } from './esign-callbacks';
import { signPdf } from './esign-pdf';
import { ESIGN_SANDBOX_PREFIX, gatewayAnswer, SANDBOX_ESIGN_KEY } from './esign';

const P = ESIGN_SANDBOX_PREFIX;
const MAX_FILE = 20 * 1024 * 1024;
/** e签宝-like business codes (the sandbox's choice where the docs give none) */
const CODES = { badParam: 1435002, fileNotReady: 1437513, notFinished: 1437518, flowEnded: 1437100, notFound: 1437404 } as const;

export interface SandboxFlow {
  sign_flow_id: string;
  title: string;
  file_id: string;
  file_name: string;
  biz_no: string;
  notify_url: string;
  redirect_url: string;
  redirect_delay: number;
  auto_finish: boolean;
  signer_mobile: string;
  signer_name: string;
  signer_id_no: string;
  status: number;
  description: string;
  created_at: Date;
  expires_at: Date;
  signed_at: Date | null;
  finished_at: Date | null;
  signer_ip: string | null;
  signed_file_id: string | null;
  /** 0 a person (H5 page), 1 an organisation sealing automatically (esign-autoseal.ts) */
  signer_type: number;
}
export const FLOW_COLS = `sign_flow_id, title, file_id, file_name, biz_no, notify_url, redirect_url, redirect_delay, auto_finish, signer_mobile, signer_name,
  signer_id_no, status, description, created_at, expires_at, signed_at, finished_at, signer_ip, signed_file_id, signer_type`;

/** The org auto-seal of esign-autoseal.ts, registered there (it needs endFlow from here). */
export interface OrgSealing {
  /** a create-by-file body's org signer, checked: what to store, or the refusal's words */
  signer(b: Record<string, unknown>, fileId: string): { name: string; code: string; x: number; y: number } | string;
  /** after the flow is made: the seal applied in the background */
  created(id: string): void;
}
export const orgSealing = new WeakMap<FastifyInstance, OrgSealing>();

export const loadFlow = (db: Db, id: string, lock = false) =>
  db.one<SandboxFlow>(`SELECT ${FLOW_COLS} FROM sandbox_esign_flows WHERE sign_flow_id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);

const hexId = () => randomBytes(16).toString('hex');
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;
const mask = (m: string) => (m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);
/** the download link's signature (the sandbox's own secret) */
const linkSig = (flowId: string, expires: string) => createHmac('sha256', SANDBOX_ESIGN_KEY.appSecret).update(`signed:${flowId}:${expires}`).digest('hex');

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The events a flow's end sends, in e签宝's shapes (ms timestamps; signFlowStatus a string). */
function events(f: SandboxFlow, now: Date, result: 'signed' | 'refused' | null): { action: string; body: string }[] {
  const out: { action: string; body: string }[] = [];
  if (result) {
    out.push({
      action: 'SIGN_MISSON_COMPLETE',
      body: JSON.stringify({
        action: 'SIGN_MISSON_COMPLETE',
        timestamp: now.getTime(),
        signFlowId: f.sign_flow_id,
        customBizNum: f.biz_no,
        signOrder: 1,
        operateTime: now.getTime(),
        signResult: result === 'signed' ? 2 : 4,
        resultDescription: result === 'signed' ? '签署完成' : '拒签',
        ...(f.signer_type === 1
          ? { orgSigner: { orgName: f.signer_name } }
          : { psnSigner: { psnName: f.signer_name, psnAccount: { accountMobile: mask(f.signer_mobile) } } }),
      }),
    });
  }
  if (f.status !== FLOW_STATUS.signing) {
    out.push({
      action: 'SIGN_FLOW_COMPLETE',
      body: JSON.stringify({
        action: 'SIGN_FLOW_COMPLETE',
        timestamp: now.getTime(),
        signFlowId: f.sign_flow_id,
        signFlowTitle: f.title,
        signFlowStatus: String(f.status),
        statusDescription: f.description,
        signFlowCreateTime: f.created_at.getTime(),
        signFlowStartTime: f.created_at.getTime(),
        signFlowFinishTime: (f.finished_at ?? now).getTime(),
      }),
    });
  }
  return out;
}

/**
 * Ends a flow still 签署中 (status 1): signed (with the signed PDF), refused, revoked or expired;
 * queues its callbacks and sends them. False when it had ended already.
 */
export async function endFlow(
  app: FastifyInstance,
  id: string,
  to: { status: number; description: string; signedPdf?: Buffer; ip?: string },
  now: Date,
): Promise<boolean> {
  const outbox = esignOutbox(app);
  const ended = await app.db.tx(async (t) => {
    const f = await loadFlow(t, id, true);
    if (!f || f.status !== FLOW_STATUS.signing) return false;
    const signed = to.status === FLOW_STATUS.completed;
    // without autoFinish a signed flow stays 签署中 (e签宝 waits for /finish, never called here)
    const status = signed && !f.auto_finish ? FLOW_STATUS.signing : to.status;
    const after = { ...f, status, description: to.description, finished_at: status === FLOW_STATUS.signing ? null : now };
    await t.query(
      `UPDATE sandbox_esign_flows SET status = $2, description = $3, finished_at = $4, signed_at = $5, signer_ip = $6, signed_file_id = $7, signed_pdf = $8
        WHERE sign_flow_id = $1`,
      [id, status, to.description, after.finished_at, signed ? now : null, to.ip ?? null, signed ? hexId() : null, to.signedPdf ?? null],
    );
    const result = signed ? 'signed' : to.status === FLOW_STATUS.refused ? 'refused' : null;
    for (const e of events(after, now, result)) await outbox.enqueue(t, id, e.action, f.notify_url, e.body);
    return true;
  });
  if (ended) outbox.kick();
  return ended;
}

/** A flow 签署中 past its deadline becomes 已过期 (as it would at e签宝 when the time comes). */
export async function expireIfDue(app: FastifyInstance, f: SandboxFlow, now: Date): Promise<SandboxFlow> {
  if (f.status !== FLOW_STATUS.signing || f.expires_at > now) return f;
  await endFlow(app, f.sign_flow_id, { status: FLOW_STATUS.expired, description: '已过期' }, now);
  return (await loadFlow(app.db, f.sign_flow_id))!;
}

/** The signed PDF of a flow the signer just confirmed: the original with the demo CA's signature appended. */
export async function signedPdfOf(app: FastifyInstance, f: SandboxFlow, now: Date): Promise<Buffer> {
  const file = (await app.db.one<{ content: Buffer }>('SELECT content FROM sandbox_esign_files WHERE file_id = $1', [f.file_id]))!;
  const ca = await sandboxEsignCa(app);
  return signPdf(file.content, { name: f.signer_name, reason: `${f.title}（e签宝沙箱签署）`, location: 'e签宝（沙箱）', at: now }, (bytes) =>
    signDetached(ca, f.signer_name, bytes, now),
  );
}

export function esignFlowsSandbox(app: FastifyInstance) {
  esignOutbox(app);
  const ok = (reply: FastifyReply, data: unknown) => reply.send({ code: 0, message: '成功', data });
  const refuse = (reply: FastifyReply, code: number, message: string) => reply.send({ code, message, data: null });

  void app.register(async (scope) => {
    // the signature covers the raw body, and the object store takes the file's bytes as they are
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser(['application/pdf', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_FILE }, (_req, body, done) =>
      done(null, body),
    );

    /** A signed gateway call: its parsed JSON body ({} for GET); null when it was answered already (refused). */
    const gateway = (req: FastifyRequest, reply: FastifyReply): Obj | null => {
      const raw = typeof req.body === 'string' ? req.body : '';
      if (gatewayAnswer(app, req, reply, raw)) return null;
      if (!raw) return {};
      let b: unknown;
      try {
        b = JSON.parse(raw);
      } catch {
        b = null;
      }
      if (isObj(b)) return b;
      refuse(reply, CODES.badParam, '参数错误：请求体不是合法的JSON对象');
      return null;
    };
    /** The flow of the path (expired now if its time has come); null when answered already (none). */
    const flowOf = async (req: FastifyRequest, reply: FastifyReply): Promise<SandboxFlow | null> => {
      const f = await loadFlow(app.db, (req.params as { id: string }).id);
      if (f) return expireIfDue(app, f, app.now());
      refuse(reply, CODES.notFound, '签署流程不存在');
      return null;
    };

    scope.post(`${P}/v3/files/file-upload-url`, async (req, reply) => {
      const b = gateway(req, reply);
      if (!b) return reply;
      const md5 = s(b.contentMd5);
      const type = s(b.contentType);
      const name = s(b.fileName);
      const size = Number(b.fileSize);
      if (!/^[A-Za-z0-9+/]{22}==$/.test(md5)) return refuse(reply, CODES.badParam, '参数错误：contentMd5 应为文件MD5的Base64');
      if (!type) return refuse(reply, CODES.badParam, '参数错误：contentType 不能为空');
      if (!name || /[/\\:*"<>|?]/.test(name)) return refuse(reply, CODES.badParam, '参数错误：文件名称不能为空或包含特殊字符');
      if (!/\.pdf$/i.test(name)) return refuse(reply, CODES.badParam, '参数错误：仅支持 PDF 文件（convertToPDF=false）');
      if (!Number.isInteger(size) || size < 1 || size > MAX_FILE) return refuse(reply, CODES.badParam, '参数错误：文件大小不能超过20M');
      const fileId = hexId();
      const token = randomBytes(16).toString('hex');
      await app.db.query(
        `INSERT INTO sandbox_esign_files (file_id, file_name, content_md5, content_type, file_size, upload_token, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
        [fileId, name, md5, type, size, token, app.now()],
      );
      return ok(reply, { fileId, fileUploadUrl: `${originOf(req)}${P}/oss/${fileId}?token=${token}` });
    });

    // the object store behind fileUploadUrl: no e签宝 signature, the URL's token is the key
    scope.put(`${P}/oss/:id`, async (req, reply) => {
      const { id } = req.params as { id: string };
      const token = s((req.query as Obj).token);
      const f = await app.db.one<{ content_md5: string; content_type: string; file_size: number; upload_token: string }>(
        'SELECT content_md5, content_type, file_size, upload_token FROM sandbox_esign_files WHERE file_id = $1',
        [id],
      );
      if (!f || !safeEqual(f.upload_token, token)) return reply.status(403).send({ errCode: 403, msg: '上传地址无效或已过期' });
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (req.headers['content-type'] !== f.content_type) return reply.status(400).send({ errCode: 400, msg: 'Content-Type 与申请上传时不一致' });
      if (req.headers['content-md5'] !== f.content_md5 || createHash('md5').update(body).digest('base64') !== f.content_md5)
        return reply.status(400).send({ errCode: 400, msg: 'Content-MD5 校验失败' });
      if (body.length !== f.file_size) return reply.status(400).send({ errCode: 400, msg: '文件大小与申请上传时不一致' });
      await app.db.query('UPDATE sandbox_esign_files SET content = $2, uploaded_at = $3 WHERE file_id = $1', [id, body, app.now()]);
      return reply.send({ errCode: 0, msg: '成功' });
    });

    scope.get(`${P}/v3/files/:id`, async (req, reply) => {
      const b = gateway(req, reply);
      if (!b) return reply;
      const f = await app.db.one<{ file_name: string; file_size: number; uploaded: boolean }>(
        'SELECT file_name, file_size, content IS NOT NULL AS uploaded FROM sandbox_esign_files WHERE file_id = $1',
        [(req.params as { id: string }).id],
      );
      if (!f) return refuse(reply, CODES.notFound, '文件不存在');
      return ok(reply, { fileId: (req.params as { id: string }).id, fileName: f.file_name, fileSize: f.file_size, fileStatus: f.uploaded ? 2 : 0 });
    });

    scope.post(`${P}/v3/sign-flow/create-by-file`, async (req, reply) => {
      const b = gateway(req, reply);
      if (!b) return reply;
      const doc = Array.isArray(b.docs) && isObj(b.docs[0]) ? b.docs[0] : {};
      const cfg = isObj(b.signFlowConfig) ? b.signFlowConfig : {};
      const signer = Array.isArray(b.signers) && isObj(b.signers[0]) ? b.signers[0] : {};
      const psn = isObj(signer.psnSignerInfo) ? signer.psnSignerInfo : {};
      const info = isObj(psn.psnInfo) ? psn.psnInfo : {};
      const field = Array.isArray(signer.signFields) && isObj(signer.signFields[0]) ? signer.signFields[0] : {};
      const redirect = isObj(cfg.redirectConfig) ? cfg.redirectConfig : {};
      const fileId = s(doc.fileId);
      const file = fileId
        ? await app.db.one<{ uploaded: boolean }>('SELECT content IS NOT NULL AS uploaded FROM sandbox_esign_files WHERE file_id = $1', [fileId])
        : null;
      if (!file) return refuse(reply, CODES.badParam, '参数错误：docs.fileId 不存在');
      if (!file.uploaded) return refuse(reply, CODES.fileNotReady, '文档未成功转换成pdf');
      // an organisation sealing automatically (esign-autoseal.ts), or one person signing on the H5 page
      const sealing = orgSealing.get(app);
      const org = Number(signer.signerType ?? 0) === 1 && sealing ? sealing.signer(b, fileId) : null;
      if (typeof org === 'string') return refuse(reply, CODES.badParam, org);
      if (!org && ((b.signers as unknown[]).length !== 1 || Number(signer.signerType ?? 0) !== 0))
        return refuse(reply, CODES.badParam, '参数错误：沙箱仅支持一个个人签署方或一个自动落章的机构');
      const mobile = org ? '' : s(psn.psnAccount);
      const name = org ? org.name : s(info.psnName);
      const idNo = org ? '' : s(info.psnIDCardNum).toUpperCase();
      if (!org && !/^1\d{10}$/.test(mobile)) return refuse(reply, CODES.badParam, '参数错误：psnAccount 应为手机号');
      if (!org && (name.length < 2 || !/^\d{17}[\dX]$/.test(idNo))) return refuse(reply, CODES.badParam, '参数错误：psnInfo 姓名或证件号不正确');
      if (s(field.fileId) !== fileId) return refuse(reply, CODES.badParam, '参数错误：签署区所在文件不在 docs 中');
      const notifyUrl = s(cfg.notifyUrl);
      // no one is redirected from an automatic seal
      const redirectUrl = org ? '' : s(redirect.redirectUrl);
      if (!/^https?:\/\/[^\s]+$/.test(notifyUrl) || (!org && !/^https?:\/\/[^\s]+$/.test(redirectUrl)))
        return refuse(reply, CODES.badParam, '参数错误：notifyUrl / redirectUrl 格式不正确');
      const now = app.now();
      const expires = Number(cfg.signFlowExpireTime ?? now.getTime() + 90 * 86_400_000);
      if (!Number.isFinite(expires) || expires <= now.getTime()) return refuse(reply, CODES.badParam, '参数错误：签署截止时间不能早于当前时间');
      const delay = Math.min(Math.max(Number(redirect.redirectDelayTime ?? 3) || 0, 0), 3);
      const id = hexId();
      await app.db.query(
        `INSERT INTO sandbox_esign_flows (sign_flow_id, title, file_id, file_name, biz_no, notify_url, redirect_url, redirect_delay, auto_finish,
                                          signer_mobile, signer_name, signer_id_no, status, description, created_at, expires_at,
                                          signer_type, org_name, org_code, seal_page, seal_x, seal_y)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,1,'签署中',$13,$14,$15,$16,$17,$18,$19,$20)`,
        [
          id,
          s(cfg.signFlowTitle) || s(doc.fileName),
          fileId,
          s(doc.fileName),
          s(field.customBizNum),
          notifyUrl,
          redirectUrl,
          delay,
          cfg.autoFinish === true,
          mobile,
          name,
          idNo,
          now,
          new Date(expires),
          org ? 1 : 0,
          org?.name ?? '',
          org?.code ?? '',
          org ? 1 : null,
          org?.x ?? null,
          org?.y ?? null,
        ],
      );
      if (org) sealing?.created(id);
      return ok(reply, { signFlowId: id });
    });

    scope.post(`${P}/v3/sign-flow/:id/sign-url`, async (req, reply) => {
      const b = gateway(req, reply);
      if (!b) return reply;
      const f = await flowOf(req, reply);
      if (!f) return reply;
      const operator = isObj(b.operator) ? b.operator : {};
      if (s(operator.psnAccount) !== f.signer_mobile) return refuse(reply, CODES.badParam, '参数错误：operator 不是该流程的签署方');
      if (f.status !== FLOW_STATUS.signing) return refuse(reply, CODES.flowEnded, `流程已结束（${f.description}）`);
      const ticket = randomBytes(24).toString('base64url');
      await app.db.query('INSERT INTO sandbox_esign_links (ticket, sign_flow_id, created_at) VALUES ($1, $2, $3)', [ticket, f.sign_flow_id, app.now()]);
      const url = `${originOf(req)}${P}/h5/sign/${ticket}`;
      return ok(reply, { url, shortUrl: url });
    });

    scope.get(`${P}/v3/sign-flow/:id/detail`, async (req, reply) => {
      const b = gateway(req, reply);
      if (!b) return reply;
      const f = await flowOf(req, reply);
      if (!f) return reply;
      const signed = !!f.signed_at;
      return ok(reply, {
        signFlowStatus: f.status,
        signFlowDescription: f.description,
        signFlowCreateTime: f.created_at.getTime(),
        signFlowStartTime: f.created_at.getTime(),
        signFlowFinishTime: f.finished_at?.getTime() ?? null,
        signFlowConfig: { signFlowTitle: f.title, autoFinish: f.auto_finish, signFlowExpireTime: f.expires_at.getTime(), notifyUrl: f.notify_url },
        docs: [{ fileId: f.file_id, fileName: f.file_name }],
        signers: [
          {
            ...(f.signer_type === 1
              ? { orgSigner: { orgName: f.signer_name } }
              : { psnSigner: { psnName: f.signer_name, psnAccount: { accountMobile: mask(f.signer_mobile), accountEmail: null } } }),
            signerType: f.signer_type,
            signOrder: 1,
            signStatus: signed ? 2 : f.status === FLOW_STATUS.refused ? 4 : 1,
            signerIp: f.signer_ip,
            signFields: [
              {
                signFieldId: f.biz_no || f.file_id,
                signFieldStatus: signed ? '4' : '1',
                statusUpdateTime: (f.signed_at ?? f.created_at).getTime(),
                customBizNum: f.biz_no,
                fileId: f.file_id,
                signFieldType: 0,
              },
            ],
          },
        ],
      });
    });

    scope.get(`${P}/v3/sign-flow/:id/file-download-url`, async (req, reply) => {
      const b = gateway(req, reply);
      if (!b) return reply;
      const f = await flowOf(req, reply);
      if (!f) return reply;
      if (f.status !== FLOW_STATUS.completed) return refuse(reply, CODES.notFinished, '流程未完成，无法下载');
      const expires = String(Math.floor(app.now().getTime() / 1000) + 3600);
      const downloadUrl = `${originOf(req)}${P}/oss/signed/${f.sign_flow_id}?expires=${expires}&sig=${linkSig(f.sign_flow_id, expires)}`;
      return ok(reply, { files: [{ fileId: f.signed_file_id, fileName: f.file_name, downloadUrl }], attachments: [] });
    });

    scope.post(`${P}/v3/sign-flow/:id/revoke`, async (req, reply) => {
      const b = gateway(req, reply);
      if (!b) return reply;
      const f = await flowOf(req, reply);
      if (!f) return reply;
      if (!(await endFlow(app, f.sign_flow_id, { status: FLOW_STATUS.revoked, description: s(b.revokeReason) || '已撤销' }, app.now())))
        return refuse(reply, CODES.flowEnded, `流程已结束（${f.description}），不能撤销`);
      return ok(reply, null);
    });
  });

  app.get(`${P}/oss/signed/:id`, async (req, reply) => {
    const { id } = req.params as { id: string };
    const q = req.query as Obj;
    const expires = s(q.expires);
    if (!/^\d+$/.test(expires) || Number(expires) * 1000 < app.now().getTime() || !safeEqual(linkSig(id, expires), s(q.sig)))
      return reply.status(403).send({ errCode: 403, msg: '下载地址无效或已过期' });
    const row = await app.db.one<{ signed_pdf: Buffer | null }>('SELECT signed_pdf FROM sandbox_esign_flows WHERE sign_flow_id = $1', [id]);
    if (!row?.signed_pdf) return reply.status(404).send({ errCode: 404, msg: '文件不存在' });
    return reply.type('application/pdf').header('content-disposition', 'attachment').send(Buffer.from(row.signed_pdf));
  });
}

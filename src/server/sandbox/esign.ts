/**
 * Stand-in for e签宝's open API gateway and its identity checks (adapters/esign.ts):
 * `POST /sandbox/esign/v2/identity/verify/individual/base` (个人2要素) and
 * `…/telecom3Factors` (个人运营商3要素) take the JSON body and the request-signature headers exactly
 * as the provider does and check them the same way — app id, Auth-Mode Signature, the timestamp
 * within 15 minutes, Content-MD5 of the raw body, the HMAC-SHA256 signature over the same string —
 * then answer like the provider: `{code: 0, message: '成功', data: {verifyId}}` when consistent,
 * `{code: 30504001, …}` (2要素) / `30501006`, `30501010` (3要素) when not.
 *
 * Whom it knows: a small authority of record filled by tests and the operator
 * (`POST /sandbox/esign/identities` form id_no, name[, mobile]). An ID number it holds answers by
 * that record; one it does not hold is taken as consistent (the demo's invented people pass).
 * Test controls: `POST /sandbox/esign/faults` form unavailable=n — the next n well-signed calls
 * answer HTTP 503 as a provider outage would; `GET /sandbox/esign/checks` — what it was asked (masked).
 * The gateway's own refusals (bad signature, stale timestamp) answer HTTP 401 with a JSON body;
 * the real gateway's exact wording of those is not documented, so these are the sandbox's words.
 * The same gateway check (gatewayAnswer) guards the signing flows: sandbox/esign-flows.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { contentMd5, ESIGN_CODES, ESIGN_PATHS, esignSignature, type RealnameMethod } from '../adapters/esign';
import { safeEqual } from '../lib/crypto';

/** The sandbox's test application (public: the sandbox is a demo). */
export const SANDBOX_ESIGN_KEY = { appId: '7438800001', appSecret: 'hr-console-sandbox-esign-secret' };
export const ESIGN_SANDBOX_PREFIX = '/sandbox/esign';
const MAX_SKEW_MS = 15 * 60_000;

interface Identity {
  name: string;
  mobile: string | null;
}
interface Asked {
  method: RealnameMethod;
  name: string;
  id_no: string;
  mobile: string | null;
  code: number;
  verify_id: string;
}

const mask = (s: string, keep: number) => (s.length <= keep * 2 ? '*'.repeat(s.length) : s.slice(0, keep) + '*'.repeat(s.length - keep * 2) + s.slice(-keep));

/** The gateway's outage switch of each server (POST /sandbox/esign/faults), shared by every signed call. */
const faults = new WeakMap<FastifyInstance, { unavailable: number }>();
export const esignFaults = (app: FastifyInstance) => faults.get(app) ?? faults.set(app, { unavailable: 0 }).get(app)!;

/**
 * The gateway's check of a signed call, as the provider makes it (esign.ts): Auth-Mode Signature,
 * the app id, the timestamp within 15 minutes, Content-MD5 of the raw body, the HMAC-SHA256
 * signature over the same string; null when it passes, else the refusal's words (HTTP 401).
 */
export function gatewayRefusal(now: Date, req: FastifyRequest, raw: string): string | null {
  const h = (k: string) => {
    const v = req.headers[k];
    return typeof v === 'string' ? v : '';
  };
  if (h('x-tsign-open-auth-mode') !== 'Signature') return '不支持的鉴权方式';
  if (h('x-tsign-open-app-id') !== SANDBOX_ESIGN_KEY.appId) return '应用ID不存在';
  const ts = Number(h('x-tsign-open-ca-timestamp'));
  if (!Number.isFinite(ts) || Math.abs(ts - now.getTime()) > MAX_SKEW_MS) return '请求时间戳已过期';
  if (h('content-md5') !== (raw ? contentMd5(raw) : '')) return 'Content-MD5 校验失败';
  const expected = esignSignature(SANDBOX_ESIGN_KEY.appSecret, {
    method: req.method,
    accept: h('accept'),
    contentMd5: h('content-md5'),
    contentType: h('content-type'),
    date: h('date'),
    url: req.url.slice(ESIGN_SANDBOX_PREFIX.length),
  });
  return safeEqual(expected, h('x-tsign-open-ca-signature')) ? null : '签名验证失败';
}

/** The gateway's answer to a signed call it refuses, or to one while the provider is "down"; null: go on. */
export function gatewayAnswer(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, raw: string): FastifyReply | null {
  const refused = gatewayRefusal(app.now(), req, raw);
  if (refused) return reply.status(401).send({ code: 401, message: refused });
  const f = esignFaults(app);
  if (f.unavailable > 0) {
    f.unavailable--;
    return reply.status(503).send({ code: 503, message: '服务暂不可用' });
  }
  return null;
}

export function esignSandbox(app: FastifyInstance) {
  const authority = new Map<string, Identity>();
  const asked: Asked[] = [];

  // the signature covers the raw body: parse it here, in this plugin's scope only
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    for (const method of Object.keys(ESIGN_PATHS) as RealnameMethod[]) {
      const path = ESIGN_PATHS[method];
      scope.post(ESIGN_SANDBOX_PREFIX + path, async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const refused = gatewayAnswer(app, req, reply, raw);
        if (refused) return refused;
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return reply.send({ code: ESIGN_CODES.badParam, message: '参数错误：请求体不是合法的JSON', data: null });
        }
        const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).trim() : '');
        const name = str('name');
        const idNo = str('idNo').toUpperCase();
        const mobile = method === 'telecom3' ? str('mobileNo') : null;
        if (!idNo) return reply.send({ code: ESIGN_CODES.badParam, message: '参数错误：身份证号不能为空', data: null });
        if (!/^\d{17}[\dX]$/.test(idNo)) return reply.send({ code: ESIGN_CODES.badParam, message: '参数错误：请输入正确的身份证号码！', data: null });
        if (name.length < 2 || name.length > 20)
          return reply.send({ code: ESIGN_CODES.badParam, message: '参数错误：请输入正确长度的姓名(2-20位)', data: null });
        if (method === 'telecom3' && !/^1\d{10}$/.test(mobile!))
          return reply.send({ code: ESIGN_CODES.badParam, message: '参数错误：请输入正确的手机号码', data: null });
        const known = authority.get(idNo);
        let code: number = ESIGN_CODES.ok;
        let message = '成功';
        if (known && known.name !== name) {
          [code, message] =
            method === 'base2' ? [ESIGN_CODES.mismatch, '信息比对不通过，请检查信息的正确性'] : [ESIGN_CODES.nameIdMismatch, '姓名与身份证号不一致'];
        } else if (method === 'telecom3' && known?.mobile && known.mobile !== mobile) {
          [code, message] = [ESIGN_CODES.mobileIdMismatch, '手机号与身份证号不一致'];
        }
        const verifyId = randomUUID();
        asked.unshift({ method, name: mask(name, 1), id_no: mask(idNo, 3), mobile: mobile ? mask(mobile, 3) : null, code, verify_id: verifyId });
        asked.length = Math.min(asked.length, 200);
        return reply.send({ code, message, data: { verifyId } });
      });
    }
  });

  app.post(`${ESIGN_SANDBOX_PREFIX}/identities`, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const idNo = typeof b.id_no === 'string' ? b.id_no.trim().toUpperCase() : '';
    const name = typeof b.name === 'string' ? b.name.trim() : '';
    const mobile = typeof b.mobile === 'string' && b.mobile ? b.mobile.trim() : null;
    if (!/^\d{17}[\dX]$/.test(idNo) || !name) return reply.status(400).send({ msg: '需要 id_no（18 位身份证号）与 name' });
    authority.set(idNo, { name, mobile });
    return { id_no: mask(idNo, 3), name, mobile: mobile ? mask(mobile, 3) : null };
  });
  app.get(`${ESIGN_SANDBOX_PREFIX}/checks`, async () => ({ list: asked }));
  app.post(`${ESIGN_SANDBOX_PREFIX}/faults`, async (req, reply) => {
    const n = Number(((req.body ?? {}) as Record<string, unknown>).unavailable);
    if (!Number.isInteger(n) || n < 0 || n > 100) return reply.status(400).send({ msg: 'unavailable 应为 0–100 的整数' });
    esignFaults(app).unavailable = n;
    return { unavailable: n };
  });
}

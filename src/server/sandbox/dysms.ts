/**
 * Stand-in for Alibaba Cloud SMS (dysmsapi): `POST /sandbox/dysms/` takes `SendSms` exactly as the
 * provider does and checks it the same way — the RPC signature with the sandbox's test key, the
 * time within 15 minutes, each nonce once — then keeps what it "delivered" (GET
 * /sandbox/dysms/outbox). The production SMS adapter (adapters/sms.ts) is tested against it.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { rpcSignature } from '../adapters/aliyun-rpc';
import { safeEqual } from '../lib/crypto';

/** The sandbox's test credentials (public: the sandbox is a demo). */
export const SANDBOX_SMS_KEY = { accessKeyId: 'LTAI5tSandboxSms0001', accessKeySecret: 'hr-console-sandbox-sms-secret' };
const MAX_SKEW_MS = 15 * 60_000;

interface Sent {
  mobile: string;
  sign_name: string;
  template_code: string;
  template_param: Record<string, string>;
  biz_id: string;
}

export function dysmsSandbox(app: FastifyInstance) {
  const nonces = new Map<string, number>();
  const outbox: Sent[] = [];
  // test control: the next `unavailable` well-formed calls answer as a throttled provider does
  let unavailable = 0;
  app.post('/sandbox/dysms/', async (req, reply) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const p: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') p[k] = v;
    const RequestId = randomUUID().toUpperCase();
    const fail = (status: number, Code: string, Message: string) => reply.status(status).send({ RequestId, Code, Message });
    for (const k of ['Action', 'AccessKeyId', 'Signature', 'SignatureNonce', 'Timestamp', 'Version', 'PhoneNumbers', 'SignName', 'TemplateCode']) {
      if (!p[k]) return fail(400, 'MissingParameter', `${k} is mandatory for this action.`);
    }
    if (p.Action !== 'SendSms' || p.Version !== '2017-05-25') return fail(400, 'InvalidAction.NotFound', 'Specified api is not found.');
    if (p.SignatureMethod !== 'HMAC-SHA1' || p.SignatureVersion !== '1.0')
      return fail(400, 'InvalidParameter.SignatureMethod', 'Specified signature method is not supported.');
    if (p.AccessKeyId !== SANDBOX_SMS_KEY.accessKeyId) return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (!safeEqual(rpcSignature('POST', p, SANDBOX_SMS_KEY.accessKeySecret), p.Signature!)) {
      return fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    const now = app.now().getTime();
    const ts = Date.parse(p.Timestamp!);
    if (!Number.isFinite(ts) || Math.abs(ts - now) > MAX_SKEW_MS)
      return fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    for (const [k, t] of nonces) if (t < now - MAX_SKEW_MS) nonces.delete(k);
    if (nonces.has(p.SignatureNonce!)) return fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.set(p.SignatureNonce!, now);
    if (unavailable > 0) {
      unavailable--;
      return fail(503, 'ServiceUnavailable', 'The request has failed due to a temporary failure of the server.');
    }
    if (!/^1\d{10}$/.test(p.PhoneNumbers!)) return reply.send({ RequestId, Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
    let param: Record<string, string>;
    try {
      param = JSON.parse(p.TemplateParam ?? '{}') as Record<string, string>;
    } catch {
      return reply.send({ RequestId, Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
    }
    const biz_id = `${Date.now()}^0`;
    outbox.unshift({ mobile: p.PhoneNumbers!, sign_name: p.SignName!, template_code: p.TemplateCode!, template_param: param, biz_id });
    outbox.length = Math.min(outbox.length, 200);
    return reply.send({ RequestId, Code: 'OK', Message: 'OK', BizId: biz_id });
  });
  app.get('/sandbox/dysms/outbox', async () => ({ list: outbox }));
  app.post('/sandbox/dysms/faults', async (req, reply) => {
    const n = Number(((req.body ?? {}) as Record<string, unknown>).unavailable);
    if (!Number.isInteger(n) || n < 0 || n > 100) return reply.status(400).send({ msg: 'unavailable 应为 0–100 的整数' });
    unavailable = n;
    return { unavailable };
  });
}

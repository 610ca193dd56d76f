/**
 * Stand-in for WeChat Pay v3 Native order creation: `POST /sandbox/wechatpay/v3/pay/transactions/native`
 * checks the call as the platform does — the Authorization header (WECHATPAY2-SHA256-RSA2048) signed
 * with the test merchant's key over `POST\n/v3/pay/transactions/native\ntimestamp\nnonce\nbody\n`,
 * its serial, the time within 5 minutes, each nonce once, merchant and app, amount — and answers
 * `{code_url}` signed with the sandbox platform's key (Wechatpay-* headers), as the real API does.
 * The adapter (adapters/wechatpay-native.ts) is tested against it. GET …/orders lists what it took.
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes, verify } from 'node:crypto';
import { NATIVE_PATH } from '../adapters/wechatpay-native';
import { sandboxWechatPay, signNotify } from '../adapters/wechatpay';

const MAX_SKEW_S = 300;

interface Taken {
  out_trade_no: string;
  description: string;
  amount: number;
  notify_url: string;
  code_url: string;
}

/** `k="v",k2="v2"` of the Authorization header after its scheme. */
function authParams(header: string | undefined): Record<string, string> | null {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
  if (!m) return null;
  const out: Record<string, string> = {};
  for (const part of m[1]!.matchAll(/(\w+)="([^"]*)"/g)) out[part[1]!] = part[2]!;
  return out;
}

export function wechatPayNativeSandbox(app: FastifyInstance) {
  const nonces = new Map<string, number>();
  const orders = new Map<string, Taken>();
  void app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    sub.post(`/sandbox/wechatpay${NATIVE_PATH}`, async (req, reply) => {
      const { config, privateKey, merchantPublicKey } = sandboxWechatPay();
      const now = app.now();
      const answer = (status: number, payload: object) => {
        const body = JSON.stringify(payload);
        return reply
          .status(status)
          .headers(signNotify(privateKey, config.platformSerial, body, now))
          .send(body);
      };
      const body = typeof req.body === 'string' ? req.body : '';
      const a = authParams(req.headers.authorization);
      if (!a || !a.mchid || !a.nonce_str || !a.signature || !a.timestamp || !a.serial_no)
        return answer(401, { code: 'SIGN_ERROR', message: 'Authorization 头缺失或格式错误' });
      if (a.mchid !== config.mchid) return answer(401, { code: 'SIGN_ERROR', message: '商户号与签名不符' });
      if (a.serial_no !== config.merchantSerial) return answer(401, { code: 'SIGN_ERROR', message: '商户证书序列号有误' });
      const ts = Number(a.timestamp);
      if (!/^\d{1,12}$/.test(a.timestamp) || Math.abs(ts - now.getTime() / 1000) > MAX_SKEW_S)
        return answer(401, { code: 'SIGN_ERROR', message: '时间戳已过期' });
      const signed = Buffer.from(`POST\n${NATIVE_PATH}\n${a.timestamp}\n${a.nonce_str}\n${body}\n`, 'utf8');
      if (!verify('RSA-SHA256', signed, merchantPublicKey, Buffer.from(a.signature, 'base64'))) return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
      for (const [k, t] of nonces) if (t < now.getTime() - MAX_SKEW_S * 1000) nonces.delete(k);
      if (nonces.has(a.nonce_str)) return answer(401, { code: 'SIGN_ERROR', message: '随机串已使用' });
      nonces.set(a.nonce_str, now.getTime());
      let o: {
        appid?: unknown;
        mchid?: unknown;
        description?: unknown;
        out_trade_no?: unknown;
        notify_url?: unknown;
        amount?: { total?: unknown; currency?: unknown };
      };
      try {
        o = JSON.parse(body) as typeof o;
      } catch {
        return answer(400, { code: 'PARAM_ERROR', message: '请求体不是 JSON' });
      }
      if (o.mchid !== config.mchid || o.appid !== config.appid) return answer(400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
      if (typeof o.out_trade_no !== 'string' || !/^[\w*|-]{6,32}$/.test(o.out_trade_no))
        return answer(400, { code: 'PARAM_ERROR', message: 'out_trade_no 格式错误' });
      if (typeof o.description !== 'string' || !o.description) return answer(400, { code: 'PARAM_ERROR', message: '缺少 description' });
      if (typeof o.notify_url !== 'string' || !/^https?:\/\//.test(o.notify_url)) return answer(400, { code: 'PARAM_ERROR', message: 'notify_url 格式错误' });
      const total = o.amount?.total;
      if (typeof total !== 'number' || !Number.isInteger(total) || total < 1 || o.amount?.currency !== 'CNY')
        return answer(400, { code: 'PARAM_ERROR', message: 'amount 格式错误' });
      const before = orders.get(o.out_trade_no);
      // the same order again answers its code_url; a changed one is refused
      if (before && (before.amount !== total || before.description !== o.description))
        return answer(400, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' });
      const taken = before ?? {
        out_trade_no: o.out_trade_no,
        description: o.description,
        amount: total,
        notify_url: o.notify_url,
        code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
      };
      orders.set(o.out_trade_no, taken);
      return answer(200, { code_url: taken.code_url });
    });
  });
  app.get('/sandbox/wechatpay/orders', async () => ({ list: [...orders.values()].reverse().slice(0, 100) }));
}

/**
 * WeChat Pay API v3 Native order creation (Native下单, `POST /v3/pay/transactions/native`): the
 * request is signed with the merchant's private key (Authorization `WECHATPAY2-SHA256-RSA2048`
 * over `METHOD\nURL\ntimestamp\nnonce\nbody\n`), the answer's `code_url` (weixin://wxpay/…) is
 * what the payer's QR code holds, and the answer itself is verified with the platform's key
 * (the same Wechatpay-* headers as a notification). Chosen by configuration (config.ts:
 * WECHATPAY_* with the merchant key); the sandbox (sandbox/wechatpay-native.ts) speaks the same
 * protocol with its own test merchant and platform keys.
 */
import { randomBytes, sign, type KeyObject } from 'node:crypto';
import { verifyNotifySignature, type WechatPayConfig } from './wechatpay';

export interface NativeOrderInput {
  out_trade_no: string;
  description: string;
  /** fen */
  amount: number;
  notify_url: string;
  /** when the order stops being payable (RFC 3339) */
  time_expire?: Date;
}

export class WechatPayApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`WeChat Pay ${status} ${code}: ${message}`);
  }
}

export const NATIVE_PATH = '/v3/pay/transactions/native';

/** The Authorization header of one v3 call (exported for the sandbox's tests). */
export function authorization(
  m: { mchid: string; serial: string; privateKey: KeyObject },
  method: string,
  urlPath: string,
  body: string,
  opts: { now?: Date; nonce?: string } = {},
): string {
  const ts = String(Math.floor((opts.now ?? new Date()).getTime() / 1000));
  const nonce = opts.nonce ?? randomBytes(16).toString('hex').toUpperCase();
  const signature = sign('RSA-SHA256', Buffer.from(`${method}\n${urlPath}\n${ts}\n${nonce}\n${body}\n`, 'utf8'), m.privateKey).toString('base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${m.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${ts}",serial_no="${m.serial}"`;
}

/** rfc3339 in China time, as the API writes it (2026-11-23T18:00:00+08:00) */
const rfc3339 = (d: Date) => `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/** Creates a Native order; answers its code_url. Throws WechatPayApiError when refused. */
export async function createNativeOrder(cfg: WechatPayConfig, o: NativeOrderInput, now = new Date()): Promise<string> {
  if (!cfg.endpoint || !cfg.merchantSerial || !cfg.merchantPrivateKey) throw new Error('WeChat Pay merchant key is not configured');
  const body = JSON.stringify({
    appid: cfg.appid,
    mchid: cfg.mchid,
    description: o.description.slice(0, 127),
    out_trade_no: o.out_trade_no,
    ...(o.time_expire ? { time_expire: rfc3339(o.time_expire) } : {}),
    notify_url: o.notify_url,
    amount: { total: o.amount, currency: 'CNY' },
  });
  const res = await fetch(cfg.endpoint.replace(/\/$/, '') + NATIVE_PATH, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'hr-console/0.1',
      authorization: authorization({ mchid: cfg.mchid, serial: cfg.merchantSerial, privateKey: cfg.merchantPrivateKey }, 'POST', NATIVE_PATH, body, { now }),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  const parsed = (() => {
    try {
      return JSON.parse(text) as { code_url?: string; code?: string; message?: string };
    } catch {
      return {};
    }
  })();
  if (res.status !== 200) throw new WechatPayApiError(res.status, parsed.code ?? 'HTTP_ERROR', parsed.message ?? text.slice(0, 200));
  // the answer is the platform's too: a forged or altered one is refused
  verifyNotifySignature(cfg, Object.fromEntries(res.headers), text, now);
  if (typeof parsed.code_url !== 'string' || !parsed.code_url.startsWith('weixin://')) throw new WechatPayApiError(res.status, 'BAD_ANSWER', 'no code_url');
  return parsed.code_url;
}

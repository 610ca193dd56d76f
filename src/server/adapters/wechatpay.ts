/**
 * WeChat Pay API v3 payment notifications (微信支付 v3 支付结果通知): the platform signs
 * `timestamp\nnonce\nbody\n` with SHA256-RSA (headers Wechatpay-Timestamp/-Nonce/-Signature/-Serial)
 * and encrypts the transaction with the merchant's APIv3 key (AEAD_AES_256_GCM, the resource's
 * nonce and associated_data). readPayNotify verifies the signature and the time (5 minutes),
 * decrypts, and checks merchant, app, state and order number; granting the order once (its amount,
 * a replayed notification id) is the domain's (domain/payouts/pay-notify.ts handlePayNotify): this adapter
 * speaks the protocol only and imports no domain module. The sandbox (sandbox/pay.ts) sends its
 * notifications exactly this way, signed with its own test key.
 */
import { createCipheriv, createDecipheriv, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** the merchant's APIv3 key: 32 ASCII characters */
  apiV3Key: string;
  /** the platform certificate's public key (PEM) and its serial number */
  platformPublicKey: KeyObject;
  platformSerial: string;
  /** Native order creation (wechatpay-native.ts): the API's base, the merchant's key and its serial */
  endpoint?: string;
  merchantSerial?: string;
  merchantPrivateKey?: KeyObject;
  /** where the platform posts payment notifications (PUBLIC_ORIGIN/notify/wechatpay) */
  notifyUrl?: string;
}

export class NotifyError extends Error {
  constructor(
    readonly status: number,
    readonly code: 'SIGN_ERROR' | 'PARAM_ERROR' | 'ORDER_NOT_EXIST' | 'FAIL',
    message: string,
  ) {
    super(message);
  }
}

const MAX_SKEW_S = 300;

interface Resource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}
interface Notification {
  id: string;
  event_type: string;
  resource_type?: string;
  resource: Resource;
}
export interface Transaction {
  mchid: string;
  appid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  amount: { total: number; payer_total?: number; currency: string };
}

export function decryptResource(apiV3Key: string, r: Resource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new NotifyError(400, 'PARAM_ERROR', 'unsupported algorithm');
  const buf = Buffer.from(r.ciphertext, 'base64');
  if (buf.length < 17) throw new NotifyError(400, 'PARAM_ERROR', 'ciphertext too short');
  const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  d.setAuthTag(buf.subarray(buf.length - 16));
  if (r.associated_data) d.setAAD(Buffer.from(r.associated_data, 'utf8'));
  try {
    return Buffer.concat([d.update(buf.subarray(0, buf.length - 16)), d.final()]).toString('utf8');
  } catch {
    throw new NotifyError(400, 'PARAM_ERROR', 'resource does not decrypt');
  }
}

export function encryptResource(apiV3Key: string, plain: string, associated = 'transaction'): Resource {
  const nonce = randomBytes(6).toString('hex');
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(associated, 'utf8'));
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final(), c.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: ct.toString('base64'), associated_data: associated, nonce };
}

export type Headers = Record<string, string | string[] | undefined>;
const h = (headers: Headers, k: string) => {
  const v = headers[k];
  return Array.isArray(v) ? v[0] : v;
};

export function verifyNotifySignature(cfg: WechatPayConfig, headers: Headers, body: string, now: Date): void {
  const ts = h(headers, 'wechatpay-timestamp');
  const nonce = h(headers, 'wechatpay-nonce');
  const sig = h(headers, 'wechatpay-signature');
  const serial = h(headers, 'wechatpay-serial');
  if (!ts || !nonce || !sig || !serial) throw new NotifyError(401, 'SIGN_ERROR', 'missing signature headers');
  if (serial !== cfg.platformSerial) throw new NotifyError(401, 'SIGN_ERROR', 'unknown platform certificate');
  if (!/^\d{1,12}$/.test(ts) || Math.abs(Number(ts) - now.getTime() / 1000) > MAX_SKEW_S) throw new NotifyError(401, 'SIGN_ERROR', 'stale timestamp');
  const ok = verify('RSA-SHA256', Buffer.from(`${ts}\n${nonce}\n${body}\n`, 'utf8'), cfg.platformPublicKey, Buffer.from(sig, 'base64'));
  if (!ok) throw new NotifyError(401, 'SIGN_ERROR', 'signature does not verify');
}

/** The headers the platform sends with `body` (the sandbox signs its notifications with them). */
export function signNotify(privateKey: KeyObject, serial: string, body: string, now: Date): Record<string, string> {
  const ts = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': serial,
    'wechatpay-signature': sign('RSA-SHA256', Buffer.from(`${ts}\n${nonce}\n${body}\n`, 'utf8'), privateKey).toString('base64'),
    'content-type': 'application/json',
  };
}

/** A verified, decrypted notification of a successful payment of one of our merchant's orders. */
export interface PaidNotification {
  /** the notification's id (a replay carries the same one) */
  id: string;
  event_type: string;
  tx: Transaction;
}

/**
 * Verifies and decrypts one notification; answers the payment (null for an event that is not a
 * successful payment: acknowledged, nothing to do). Throws NotifyError for anything refused.
 */
export function readPayNotify(cfg: WechatPayConfig, headers: Headers, body: string, now: Date): PaidNotification | null {
  verifyNotifySignature(cfg, headers, body, now);
  let n: Notification;
  try {
    n = JSON.parse(body) as Notification;
  } catch {
    throw new NotifyError(400, 'PARAM_ERROR', 'body is not JSON');
  }
  if (typeof n?.id !== 'string' || !n.resource || typeof n.resource.ciphertext !== 'string') throw new NotifyError(400, 'PARAM_ERROR', 'not a notification');
  if (n.event_type !== 'TRANSACTION.SUCCESS') return null;
  let tx: Transaction;
  try {
    tx = JSON.parse(decryptResource(cfg.apiV3Key, n.resource)) as Transaction;
  } catch (e) {
    if (e instanceof NotifyError) throw e;
    throw new NotifyError(400, 'PARAM_ERROR', 'resource is not JSON');
  }
  if (tx.mchid !== cfg.mchid || tx.appid !== cfg.appid) throw new NotifyError(400, 'PARAM_ERROR', 'another merchant or app');
  if (tx.trade_state !== 'SUCCESS') return null;
  if (typeof tx.out_trade_no !== 'string' || tx.out_trade_no.length > 64) throw new NotifyError(400, 'PARAM_ERROR', 'bad out_trade_no');
  return { id: n.id, event_type: n.event_type, tx };
}

/** The sandbox's platform: a key pair made once per process, a fixed test merchant and APIv3 key. */
let sandboxPlatform: { config: WechatPayConfig; privateKey: KeyObject; merchantPublicKey: KeyObject } | null = null;
export function sandboxWechatPay() {
  if (!sandboxPlatform) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    // the test merchant's API key pair (a real merchant uploads its certificate to the platform)
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    sandboxPlatform = {
      privateKey,
      merchantPublicKey: merchant.publicKey,
      config: {
        mchid: '1900000109',
        appid: 'wxd678efh567hg6787',
        apiV3Key: 'hrconsoleSandboxApiV3Key32Chars!',
        platformPublicKey: createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })),
        platformSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        merchantSerial: '3775B6A45ACD588826D15E583A95F5DD52F46A4C',
        merchantPrivateKey: merchant.privateKey,
      },
    };
  }
  return sandboxPlatform;
}

/** What the sandbox platform sends for a paid order. */
export function sandboxNotification(orderId: string, amount: number, now: Date): { body: string; headers: Record<string, string> } {
  const { config, privateKey } = sandboxWechatPay();
  const tx: Transaction = {
    mchid: config.mchid,
    appid: config.appid,
    out_trade_no: orderId,
    transaction_id: `4200${randomBytes(12).toString('hex').replace(/\D/g, '').padEnd(24, '0').slice(0, 24)}`,
    trade_state: 'SUCCESS',
    amount: { total: amount, payer_total: amount, currency: 'CNY' },
  };
  const body = JSON.stringify({
    id: randomBytes(16).toString('hex'),
    create_time: now.toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', ...encryptResource(config.apiV3Key, JSON.stringify(tx)) },
  });
  return { body, headers: signNotify(privateKey, config.platformSerial, body, now) };
}

/**
 * WeChat Pay API v3 payment notifications (微信支付 v3 支付结果通知): the platform signs
 * `timestamp\nnonce\nbody\n` with SHA256-RSA (headers Wechatpay-Timestamp/-Nonce/-Signature/-Serial)
 * and encrypts the transaction with the merchant's APIv3 key (AEAD_AES_256_GCM, the resource's
 * nonce and associated_data). handlePayNotify verifies the signature and the time (5 minutes),
 * decrypts, checks merchant, app, state, order and amount, and grants the order once (a replayed
 * notification id changes nothing) — a membership, tax-service or top-up order (wechatpay-orders.ts). The sandbox (sandbox/pay.ts) sends its notifications exactly
 * this way, signed with its own test key.
 */
import { createCipheriv, createDecipheriv, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import type { Db } from '../db/types';
import { confirmPayment } from '../domain/accounts';
import { applyWxNotify } from '../domain/payouts';
import { confirmTaxPayment } from '../domain/tax';
import { ApiError } from '../http/envelope';
import { payKindOf, type PayKind } from './wechatpay-orders';

/** What a notification did: `paid_now` false when the order was paid before (nothing changed). */
export interface PayResult {
  order_id: string;
  paid_now: boolean;
}

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
interface Transaction {
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

type Headers = Record<string, string | string[] | undefined>;
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

/**
 * Verifies and applies one notification; answers the payment (null for an event that is not a
 * successful payment: acknowledged, nothing done). Throws NotifyError for anything refused.
 */
export async function handlePayNotify(db: Db, cfg: WechatPayConfig, headers: Headers, body: string, now: Date): Promise<PayResult | null> {
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
  const kind = payKindOf(tx.out_trade_no);
  return db.tx(async (t) => {
    // the order of its kind, locked: its amount is what the payment must be
    const o = await t.one<{ amount: number }>(ORDER_SQL[kind], [tx.out_trade_no]);
    if (!o) throw new NotifyError(404, 'ORDER_NOT_EXIST', 'order not found');
    if (tx.amount?.currency !== 'CNY' || tx.amount.total !== Number(o.amount)) throw new NotifyError(400, 'PARAM_ERROR', 'amount does not match the order');
    await t.query('INSERT INTO wechatpay_notifications (id, order_id, event_type, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
      n.id,
      tx.out_trade_no,
      n.event_type,
      now,
    ]);
    // each is idempotent by itself: a replay or a second notification of the same order grants nothing
    try {
      if (kind === 'tax') return await confirmTaxPayment(t, tx.out_trade_no, now);
      if (kind === 'topup') {
        const applied = await applyWxNotify(t, { order_no: tx.out_trade_no, transaction_id: String(tx.transaction_id ?? '').slice(0, 64), amount: tx.amount.total }, now);
        return { order_id: tx.out_trade_no, paid_now: applied };
      }
      return await confirmPayment(t, tx.out_trade_no, now);
    } catch (e) {
      // e.g. a tax order closed before its payment arrived: refused (the platform retries; refunds are offline)
      if (e instanceof ApiError) throw new NotifyError(400, 'FAIL', e.message);
      throw e;
    }
  });
}

/** The payable amount of an order of each kind, locked for the notification's transaction. */
const ORDER_SQL: Record<PayKind, string> = {
  member: 'SELECT amount FROM member_orders WHERE order_id = $1 FOR UPDATE',
  tax: 'SELECT amount FROM tax_orders WHERE order_id = $1 FOR UPDATE',
  // only a WeChat top-up: a bank-transfer one is confirmed by the operator
  topup: "SELECT amount FROM payout_topups WHERE order_no = $1 AND method = 'wechat' FOR UPDATE",
};

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

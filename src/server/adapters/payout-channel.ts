/**
 * The payout channel of the production profile (issue 29, "the batch pays"): a bank's 银企直连 or a
 * licensed payout company's API, JSON over HTTPS at PAYOUT_CHANNEL_URL (config.ts):
 *  - `POST {base}/orders` `{orders: [...]}`: a payment order per row, idempotent by `out_trade_no`
 *    (the row's channel_no). The same order again is answered with its first acceptance; the same
 *    number with other content is refused (OUT_TRADE_NO_CONFLICT) and pays nothing. Each order is
 *    accepted (`order_id`, status processing) or refused outright (ACCOUNT_INVALID …: no order made).
 *  - `GET {base}/orders/{out_trade_no}`: the order's status (processing | success | failed | bounced)
 *    or ORDER_NOT_EXIST (HTTP 404).
 * Results come later as signed callbacks to each order's `notify_url` (domain/payouts/channel.ts),
 * money into the platform account as signed 来账 notifications (domain/payouts/transfers.ts).
 *
 * Authentication, both ways, with PAYOUT_CHANNEL_KEY: a request carries X-Pay-Timestamp (Unix
 * seconds), X-Pay-Nonce (random) and X-Pay-Signature = hex HMAC-SHA256 over
 *   METHOD \n PATH \n TIMESTAMP \n NONCE \n BODY \n      (PATH: the path and query as sent)
 * and the channel refuses a timestamp off by more than 5 minutes or a nonce it has seen. Its answer
 * carries the same three headers over
 *   REQUEST_NONCE \n TIMESTAMP \n NONCE \n BODY \n
 * (bound to the request: an old answer cannot be replayed to a new one). An answer that is not so
 * signed, a timeout, a network error or HTTP 5xx is ChannelUnavailable: the caller retries.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../lib/crypto';

export const PAY_HEADERS = { timestamp: 'x-pay-timestamp', nonce: 'x-pay-nonce', signature: 'x-pay-signature' } as const;
export const MAX_SKEW_S = 300;
/** the channel's codes (its answers' `code`) */
export const CHANNEL_CODES = {
  ok: 'OK',
  conflict: 'OUT_TRADE_NO_CONFLICT',
  accountInvalid: 'ACCOUNT_INVALID',
  amountInvalid: 'AMOUNT_INVALID',
  param: 'PARAM_ERROR',
  notFound: 'ORDER_NOT_EXIST',
  sign: 'SIGN_ERROR',
  unavailable: 'SYSTEM_BUSY',
} as const;
/** orders per submission */
export const MAX_ORDERS = 100;

export interface PayoutOrder {
  out_trade_no: string;
  /** fen */
  amount: number;
  payee_name: string;
  pay_method: 'bank' | 'alipay';
  /** the bank card or Alipay account; '' when none is on file (the channel decides) */
  account_no: string;
  bank_name: string;
  remark: string;
}

export type OrderStatus = 'processing' | 'success' | 'failed' | 'bounced';

export type SubmitAnswer =
  | { out_trade_no: string; accepted: true; order_id: string; status: OrderStatus; duplicate: boolean }
  | { out_trade_no: string; accepted: false; code: string; message: string };

export type QueryAnswer = { found: false } | { found: true; order_id: string; amount: number; status: OrderStatus; reason: string };

export interface PayoutChannelClient {
  /** at most MAX_ORDERS; answers each order that the channel answered (a missing one: not known to be accepted) */
  submit(orders: PayoutOrder[]): Promise<SubmitAnswer[]>;
  queryOrder(outTradeNo: string): Promise<QueryAnswer>;
}

/** Not reached, timed out, HTTP 5xx, refused the request itself, or answered unsigned/unreadable. */
export class ChannelUnavailable extends Error {}

export const requestString = (method: string, path: string, ts: string, nonce: string, body: string) =>
  `${method.toUpperCase()}\n${path}\n${ts}\n${nonce}\n${body}\n`;
export const responseString = (requestNonce: string, ts: string, nonce: string, body: string) => `${requestNonce}\n${ts}\n${nonce}\n${body}\n`;
export const payHmac = (key: Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest('hex');

/** The three authentication headers over `signed(ts, nonce)`. */
export function payHeaders(key: Buffer, signed: (ts: string, nonce: string) => string, now: Date): Record<string, string> {
  const ts = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return { [PAY_HEADERS.timestamp]: ts, [PAY_HEADERS.nonce]: nonce, [PAY_HEADERS.signature]: payHmac(key, signed(ts, nonce)) };
}

/** Why the headers do not authenticate `signed` (null: they do). The nonce's freshness is the receiver's to check. */
export function payCheck(
  key: Buffer,
  h: { timestamp?: string | null; nonce?: string | null; signature?: string | null },
  signed: (ts: string, nonce: string) => string,
  now: Date,
): string | null {
  const ts = h.timestamp ?? '';
  const nonce = h.nonce ?? '';
  if (!/^\d{10}$/.test(ts) || Math.abs(Number(ts) - now.getTime() / 1000) > MAX_SKEW_S) return '时间戳无效或已过期';
  if (!/^[\w-]{16,64}$/.test(nonce)) return '随机串无效';
  if (!safeEqual(payHmac(key, signed(ts, nonce)), h.signature ?? '')) return '签名验证失败';
  return null;
}

const Status = z.enum(['processing', 'success', 'failed', 'bounced']);
const SubmitReply = z.object({
  code: z.literal('OK'),
  results: z.array(
    z.union([
      z.object({ out_trade_no: z.string(), accepted: z.literal(true), order_id: z.string().min(1), status: Status, duplicate: z.boolean() }),
      z.object({ out_trade_no: z.string(), accepted: z.literal(false), code: z.string().min(1), message: z.string() }),
    ]),
  ),
});
const QueryReply = z.object({
  code: z.literal('OK'),
  order: z.object({ out_trade_no: z.string(), order_id: z.string(), amount: z.number().int(), status: Status, reason: z.string() }),
});
const Refused = z.object({ code: z.string(), message: z.string().optional() });

export interface PayoutChannelConfig {
  /** PAYOUT_CHANNEL_URL: the API's base, no trailing slash */
  url: string;
  /** PAYOUT_CHANNEL_KEY */
  key: Buffer;
  /** where the channel sends each order's result (the server's POST /ent/v3/payout/notify) */
  notifyUrl: string;
}

export type ChannelFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }) => Promise<Response>;

export function payoutChannelClient(cfg: PayoutChannelConfig, opts: { fetch?: ChannelFetch; timeoutMs?: number; now?: () => Date } = {}): PayoutChannelClient {
  const send: ChannelFetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 10_000;

  /** One signed call; answers the status and the parsed body of a signed answer below 500. */
  async function call(method: 'GET' | 'POST', path: string, payload?: object): Promise<{ status: number; body: unknown }> {
    const url = new URL(cfg.url + path);
    const body = payload ? JSON.stringify(payload) : '';
    const headers = payHeaders(cfg.key, (ts, nonce) => requestString(method, url.pathname + url.search, ts, nonce, body), now());
    let res: Response;
    let text: string;
    try {
      res = await send(url.toString(), {
        method,
        headers: { ...headers, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body } : {}),
        // the whole exchange, the answer's body included: a channel that never answers holds nothing
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new ChannelUnavailable(`无法连接发放通道：${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    if (res.status >= 500) throw new ChannelUnavailable(`发放通道返回 HTTP ${res.status}`);
    const why = payCheck(
      cfg.key,
      { timestamp: res.headers.get(PAY_HEADERS.timestamp), nonce: res.headers.get(PAY_HEADERS.nonce), signature: res.headers.get(PAY_HEADERS.signature) },
      (ts, nonce) => responseString(headers[PAY_HEADERS.nonce]!, ts, nonce, text),
      now(),
    );
    if (why) throw new ChannelUnavailable(`发放通道的应答未通过验签（HTTP ${res.status}，${why}）`);
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new ChannelUnavailable(`发放通道的应答不是 JSON（HTTP ${res.status}）`);
    }
  }

  const refusal = (status: number, body: unknown) => {
    const r = Refused.safeParse(body);
    return new ChannelUnavailable(`发放通道拒绝了请求（HTTP ${status}${r.success ? `，${r.data.code} ${r.data.message ?? ''}`.trimEnd() : ''}）`);
  };

  return {
    async submit(orders) {
      if (orders.length === 0) return [];
      if (orders.length > MAX_ORDERS) throw new RangeError(`at most ${MAX_ORDERS} orders a submission`);
      const { status, body } = await call('POST', '/orders', { orders: orders.map((o) => ({ ...o, notify_url: cfg.notifyUrl })) });
      const reply = status === 200 ? SubmitReply.safeParse(body) : null;
      if (!reply) throw refusal(status, body);
      if (!reply.success) throw new ChannelUnavailable('发放通道的受理应答格式无效');
      // only answers to orders of this submission count
      const mine = new Set(orders.map((o) => o.out_trade_no));
      return reply.data.results.filter((r) => mine.has(r.out_trade_no));
    },
    async queryOrder(outTradeNo) {
      const { status, body } = await call('GET', `/orders/${encodeURIComponent(outTradeNo)}`);
      if (status === 404 && Refused.safeParse(body).data?.code === CHANNEL_CODES.notFound) return { found: false };
      const reply = status === 200 ? QueryReply.safeParse(body) : null;
      if (!reply) throw refusal(status, body);
      if (!reply.success || reply.data.order.out_trade_no !== outTradeNo) throw new ChannelUnavailable('发放通道的查询应答格式无效');
      const o = reply.data.order;
      return { found: true, order_id: o.order_id, amount: o.amount, status: o.status, reason: o.reason };
    },
  };
}

/**
 * Stand-in for a payout channel (a bank's 银企直连 or a payout company), a service of its own with
 * its own state (sandbox_channel_*, migration 053), speaking adapters/payout-channel.ts's protocol
 * at /sandbox/payout-channel: any server — this one in the demo, or a production server whose
 * PAYOUT_CHANNEL_URL points here — sends it orders and hears back over HTTP.
 * - `POST …/orders`, `GET …/orders/{out_trade_no}`: checked as the channel would (timestamp within
 *   5 minutes, a nonce seen once, the HMAC over the raw request; else HTTP 401 SIGN_ERROR), every
 *   answer signed. An order is idempotent by out_trade_no (same content: the first acceptance
 *   again; other content: OUT_TRADE_NO_CONFLICT) and refused outright when its account ends in
 *   0000 (ACCOUNT_INVALID) or its amount is out of range (AMOUNT_INVALID). The account is kept masked.
 * - Results and 来账 go out from sandbox/payout-channel-events.ts; the operator's page, its buttons
 *   and the convenience forms are sandbox/payouts.ts.
 * Test controls (`…/ops/`): `GET orders` (JSON list), `POST orders/{no}/result` (result, reason,
 * deliver=0), `POST orders/{no}/resend`, `POST transfers` (amount, payer_name, payer_account, remark,
 * notify_url, times), `POST settings` (auto=0|1, auto_delay_ms), `POST faults` (unavailable=n: the
 * next n calls answer 503 unprocessed; slow=n, slow_ms: the next n are processed but answered late).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHANNEL_CODES, MAX_ORDERS, PAY_HEADERS, payCheck, payHeaders, requestString, responseString } from '../adapters/payout-channel';
import { serverKeys } from '../lib/keys';
import { addSeconds, fmtDate } from '../lib/time';
import { autoSettler, channelSettings, PAYOUT_CHANNEL_SANDBOX_PATH, REFUSED_TAIL, scheduleSettle } from './payout-channel-events';
import { channelOps } from './payout-channel-ops';

export { PAYOUT_CHANNEL_SANDBOX_PATH } from './payout-channel-events';

const P = PAYOUT_CHANNEL_SANDBOX_PATH;
/** a single order's limit at this channel (fen) */
const MAX_AMOUNT = 100_000_000;

const Order = z.object({
  out_trade_no: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
  amount: z.number().int(),
  payee_name: z.string().max(50),
  pay_method: z.enum(['bank', 'alipay']),
  account_no: z.string().max(64),
  bank_name: z.string().max(100),
  remark: z.string().max(100),
  notify_url: z.url({ protocol: /^https?$/ }),
});
const Submit = z.object({ orders: z.array(Order).min(1).max(MAX_ORDERS) });
type OrderIn = z.infer<typeof Order>;

/** What an order is, for idempotency: everything but where its result goes. */
const contentHash = (o: OrderIn) =>
  createHash('sha256')
    .update(JSON.stringify([o.out_trade_no, o.amount, o.payee_name, o.pay_method, o.account_no, o.bank_name, o.remark]))
    .digest('hex');
const maskAccount = (a: string) => (a ? `****${a.slice(-4)}` : '');

interface Faults {
  unavailable: number;
  slow: number;
  slowMs: number;
}

/** Answers `body` signed for the request whose nonce was `reqNonce`. */
function signed(app: FastifyInstance, reply: FastifyReply, reqNonce: string, status: number, body: object) {
  const text = JSON.stringify(body);
  const h = payHeaders(serverKeys().payoutChannel, (ts, nonce) => responseString(reqNonce, ts, nonce, text), app.now());
  return reply.status(status).headers(h).type('application/json; charset=utf-8').send(text);
}

/** The request's authentication (null: good), its nonce used up. */
async function authenticate(app: FastifyInstance, req: FastifyRequest, raw: string): Promise<string | null> {
  const h = (k: string) => (typeof req.headers[k] === 'string' ? (req.headers[k] as string) : null);
  const nonce = h(PAY_HEADERS.nonce);
  const why = payCheck(
    serverKeys().payoutChannel,
    { timestamp: h(PAY_HEADERS.timestamp), nonce, signature: h(PAY_HEADERS.signature) },
    (ts, n) => requestString(req.method, req.url, ts, n, raw),
    app.now(),
  );
  if (why) return why;
  const now = app.now();
  await app.db.query('DELETE FROM sandbox_channel_nonces WHERE seen_at < $1', [addSeconds(now, -900)]);
  const fresh = await app.db.one('INSERT INTO sandbox_channel_nonces (nonce, seen_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING nonce', [nonce, now]);
  return fresh ? null : '随机串已使用（请求重放）';
}

/** One order: accepted (new, or the same again), a conflict, or refused outright. */
async function acceptOrder(app: FastifyInstance, o: OrderIn, auto: { auto: boolean; auto_delay_ms: number }) {
  const hash = contentHash(o);
  const existing = () =>
    app.db.one<{ order_id: string; status: string; content_hash: string }>(
      'SELECT order_id, status, content_hash FROM sandbox_channel_orders WHERE out_trade_no = $1',
      [o.out_trade_no],
    );
  const answer = (e: { order_id: string; status: string; content_hash: string }, duplicate: boolean) =>
    e.content_hash === hash
      ? { out_trade_no: o.out_trade_no, accepted: true, order_id: e.order_id, status: e.status, duplicate }
      : { out_trade_no: o.out_trade_no, accepted: false, code: CHANNEL_CODES.conflict, message: '商户订单号已用于另一笔不同内容的订单' };
  const had = await existing();
  if (had) return answer(had, true);
  const refuse = (code: string, message: string) => ({ out_trade_no: o.out_trade_no, accepted: false, code, message });
  if (o.amount < 1 || o.amount > MAX_AMOUNT) return refuse(CHANNEL_CODES.amountInvalid, '金额超出单笔范围');
  if (!o.payee_name.trim()) return refuse(CHANNEL_CODES.accountInvalid, '收款人姓名为空');
  if (o.account_no.endsWith(REFUSED_TAIL)) return refuse(CHANNEL_CODES.accountInvalid, '收款账户不存在或已销户');
  const now = app.now();
  const made = await app.db.one<{ order_id: string; status: string; content_hash: string }>(
    `INSERT INTO sandbox_channel_orders (out_trade_no, order_id, content_hash, amount, payee_name, pay_method, account_mask, bank_name, remark, notify_url, auto_at, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) ON CONFLICT (out_trade_no) DO NOTHING RETURNING order_id, status, content_hash`,
    [
      o.out_trade_no,
      `CO${fmtDate(now).replace(/-/g, '')}${randomBytes(8).toString('hex').toUpperCase()}`,
      hash,
      o.amount,
      o.payee_name.trim(),
      o.pay_method,
      maskAccount(o.account_no),
      o.bank_name,
      o.remark,
      o.notify_url,
      auto.auto ? new Date(now.getTime() + auto.auto_delay_ms) : null,
      now,
    ],
  );
  // two submissions of one order at once: the other made it
  if (!made) return answer((await existing())!, true);
  if (auto.auto) scheduleSettle(app, auto.auto_delay_ms);
  return answer(made, false);
}

export function payoutChannelSandbox(app: FastifyInstance) {
  const faults: Faults = { unavailable: 0, slow: 0, slowMs: 0 };
  autoSettler(app);

  // the signature covers the raw body: taken as text in this plugin's scope only
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    /** authenticated, not faulted: then `fn`'s answer, signed (late when a slow fault says so) */
    const api = (fn: (req: FastifyRequest) => Promise<[number, object]>) => async (req: FastifyRequest, reply: FastifyReply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const nonce = typeof req.headers[PAY_HEADERS.nonce] === 'string' ? (req.headers[PAY_HEADERS.nonce] as string) : '';
      if (faults.unavailable > 0) {
        faults.unavailable--;
        return reply.status(503).send({ code: CHANNEL_CODES.unavailable, message: '系统繁忙，请稍后再试' });
      }
      const why = await authenticate(app, req, raw);
      if (why) return signed(app, reply, nonce, 401, { code: CHANNEL_CODES.sign, message: why });
      const [status, body] = await fn(req);
      if (faults.slow > 0) {
        faults.slow--;
        await new Promise((r) => setTimeout(r, faults.slowMs));
      }
      return signed(app, reply, nonce, status, body);
    };
    scope.post(
      `${P}/orders`,
      api(async (req) => {
        let parsed: ReturnType<typeof Submit.safeParse>;
        try {
          parsed = Submit.safeParse(JSON.parse(typeof req.body === 'string' ? req.body : ''));
        } catch {
          return [400, { code: CHANNEL_CODES.param, message: '请求体不是合法的 JSON' }];
        }
        if (!parsed.success) return [400, { code: CHANNEL_CODES.param, message: `参数错误：${parsed.error.issues[0]?.path.join('.') ?? ''}` }];
        const auto = await channelSettings(app);
        const results = [];
        for (const o of parsed.data.orders) results.push(await acceptOrder(app, o, auto));
        return [200, { code: CHANNEL_CODES.ok, results }];
      }),
    );
    scope.get(
      `${P}/orders/:no`,
      api(async (req) => {
        const no = (req.params as { no: string }).no;
        const o = await app.db.one<{ order_id: string; amount: string; status: string; reason: string }>(
          'SELECT order_id, amount::text, status, reason FROM sandbox_channel_orders WHERE out_trade_no = $1',
          [no],
        );
        if (!o) return [404, { code: CHANNEL_CODES.notFound, message: '订单不存在' }];
        return [
          200,
          { code: CHANNEL_CODES.ok, order: { out_trade_no: no, order_id: o.order_id, amount: Number(o.amount), status: o.status, reason: o.reason } },
        ];
      }),
    );
  });

  app.post(`${P}/ops/faults`, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const n = (k: string) => (b[k] === undefined ? 0 : Number(b[k]));
    const [unavailable, slow, slowMs] = [n('unavailable'), n('slow'), n('slow_ms')];
    if (![unavailable, slow, slowMs].every((v) => Number.isInteger(v) && v >= 0) || unavailable > 100 || slow > 100 || slowMs > 60_000)
      return reply.status(400).send({ msg: 'unavailable、slow 应为 0–100 的整数，slow_ms 应为 0–60000' });
    Object.assign(faults, { unavailable, slow, slowMs });
    return { unavailable, slow, slow_ms: slowMs };
  });
  channelOps(app);
}

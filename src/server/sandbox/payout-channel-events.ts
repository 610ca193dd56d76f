/**
 * What the demo's payout channel (sandbox/payout-channel.ts) sends out on its own, over HTTP like
 * a bank: each order's result as the signed callback of domain/payouts/channel.ts to the order's
 * notify_url, and 来账 (a transfer into the platform account) as the signed notification of
 * domain/payouts/transfers.ts to the merchant's address. It acts on its own orders only
 * (sandbox_channel_orders), never on the server's rows.
 * - An order's result is set by the operator (成功 / 失败 / 退汇 on the operator page, or POST
 *   …/ops/orders/{out_trade_no}/result) or by the auto mode: with it on (…/ops/settings), an order
 *   is settled `auto_delay_ms` after its acceptance — failed (户名与卡号不符) when its account ends
 *   in 1111, paid otherwise. Any result may be sent in any order, again or late (a test instrument:
 *   the server's state machine decides); `deliver=0` changes the order without calling back (a
 *   callback lost: the server's reconcile finds it); …/resend sends the last callback again, same id.
 * - Nothing is retried by itself: a callback that failed is on the page (HTTP status) for 重发通知.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signNotify, type Notify } from '../domain/payouts/channel';
import { signTransfer, type TransferNotify } from '../domain/payouts/transfers';
import { fmtDate } from '../lib/time';

export const PAYOUT_CHANNEL_SANDBOX_PATH = '/sandbox/payout-channel';
/** auto mode: an account ending so fails; the operator page says so */
export const AUTO_FAIL_TAIL = '1111';
/** refused at submission (ACCOUNT_INVALID): an account ending so */
export const REFUSED_TAIL = '0000';

export interface Delivery {
  payload: Record<string, string>;
  /** the receiver's HTTP status (0: not reached) and its answer (parsed JSON when it is) */
  status: number;
  answer: unknown;
}

/** POSTs one signed notification, records what came back. */
async function deliver(app: FastifyInstance, kind: 'result' | 'transfer', ref: string, url: string, payload: Record<string, string>, kept = payload) {
  await app.db.query(
    `INSERT INTO sandbox_channel_notices (kind, notify_id, ref, url, payload, sent_at) VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (notify_id) DO UPDATE SET sent_at = $6`,
    [kind, payload.notify_id, ref, url, JSON.stringify(kept), app.now()],
  );
  let status = 0;
  let answer: unknown;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    });
    status = res.status;
    const text = await res.text();
    try {
      answer = JSON.parse(text) as unknown;
    } catch {
      answer = text.slice(0, 500);
    }
  } catch (err) {
    answer = `未送达：${err instanceof Error ? err.message : String(err)}`;
  }
  await app.db.query('UPDATE sandbox_channel_notices SET http_status = $2, answer = $3 WHERE notify_id = $1', [
    payload.notify_id,
    status,
    (typeof answer === 'string' ? answer : JSON.stringify(answer)).slice(0, 1000),
  ]);
  return { payload, status, answer };
}

const STATUS_OF = { success: 'success', fail: 'failed', bounce: 'bounced' } as const;
const DEFAULT_REASON = { success: '', fail: '户名与卡号不符', bounce: '收款账户已销户' } as const;

/** Sets an order's result and (unless `deliver` is false) calls back its notify_url. Null: no such order. */
export async function orderResult(
  app: FastifyInstance,
  outTradeNo: string,
  result: Notify['result'],
  reason: string,
  opts: { deliver?: boolean } = {},
): Promise<Delivery | null> {
  const why = result === 'success' ? '' : reason.trim() || DEFAULT_REASON[result];
  const o = await app.db.one<{ notify_url: string }>(
    `UPDATE sandbox_channel_orders SET status = $2, reason = $3, finished_at = $4, auto_at = NULL WHERE out_trade_no = $1 RETURNING notify_url`,
    [outTradeNo, STATUS_OF[result], why, app.now()],
  );
  if (!o) return null;
  const n: Notify = { notify_id: `N${randomBytes(12).toString('hex')}`, channel_no: outTradeNo, result, reason: why, ts: String(app.now().getTime()) };
  const payload = { ...n, sign: signNotify(n) };
  if (opts.deliver === false) return { payload, status: 0, answer: '未发送回调（模拟回调丢失）' };
  return deliver(app, 'result', outTradeNo, o.notify_url, payload);
}

/** The order's last callback again, same id and signature (a channel repeating itself). Null: none sent. */
export async function resendResult(app: FastifyInstance, outTradeNo: string): Promise<Delivery | null> {
  const last = await app.db.one<{ url: string; payload: string }>(
    `SELECT url, payload FROM sandbox_channel_notices WHERE kind = 'result' AND ref = $1 ORDER BY id DESC LIMIT 1`,
    [outTradeNo],
  );
  if (!last) return null;
  return deliver(app, 'result', outTradeNo, last.url, JSON.parse(last.payload) as Record<string, string>);
}

export interface Transfer {
  /** fen */
  amount: number;
  payer_name: string;
  payer_account: string;
  remark: string;
}

/** A transfer into the platform account, notified `times` times (a bank repeating it) to `url`. */
export async function sendTransfer(app: FastifyInstance, t: Transfer, url: string, times = 1) {
  const now = app.now();
  const n: TransferNotify = {
    notify_id: `T${randomBytes(12).toString('hex')}`,
    transfer_no: `LZ${fmtDate(now).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`,
    amount: String(t.amount),
    payer_name: t.payer_name,
    payer_account: t.payer_account,
    remark: t.remark,
    ts: String(now.getTime()),
  };
  const payload = { ...n, sign: signTransfer(n) };
  // kept with the payer's account masked: the sandbox keeps no whole account number
  const kept = { ...payload, payer_account: t.payer_account ? `****${t.payer_account.slice(-4)}` : '' };
  const answers: Delivery[] = [];
  for (let i = 0; i < times; i++) answers.push(await deliver(app, 'transfer', n.transfer_no, url, payload, kept));
  return { payload, answers };
}

/** The auto mode's settings (one row; off until the operator turns it on). */
export async function channelSettings(app: FastifyInstance): Promise<{ auto: boolean; auto_delay_ms: number }> {
  const s = await app.db.one<{ auto: boolean; auto_delay_ms: number }>('SELECT auto, auto_delay_ms FROM sandbox_channel_settings WHERE id = 1');
  return s ?? { auto: false, auto_delay_ms: 3000 };
}

export async function saveChannelSettings(app: FastifyInstance, s: { auto: boolean; auto_delay_ms: number }) {
  await app.db.query(
    `INSERT INTO sandbox_channel_settings (id, auto, auto_delay_ms) VALUES (1, $1, $2) ON CONFLICT (id) DO UPDATE SET auto = $1, auto_delay_ms = $2`,
    [s.auto, s.auto_delay_ms],
  );
  // orders accepted while it was off stay with the operator; those waiting keep their time
  if (!s.auto) await app.db.query(`UPDATE sandbox_channel_orders SET auto_at = NULL WHERE status = 'processing'`);
}

/**
 * Settles the auto mode's orders that are due: each claimed once (auto_at cleared), then its
 * result sent. Never throws (it runs from timers).
 */
export async function settleDue(app: FastifyInstance): Promise<number> {
  let n = 0;
  try {
    for (;;) {
      const o = await app.db.one<{ out_trade_no: string; account_mask: string }>(
        `UPDATE sandbox_channel_orders SET auto_at = NULL
          WHERE id = (SELECT id FROM sandbox_channel_orders WHERE status = 'processing' AND auto_at <= $1 ORDER BY auto_at, id LIMIT 1)
          RETURNING out_trade_no, account_mask`,
        [app.now()],
      );
      if (!o) return n;
      const fails = o.account_mask.endsWith(AUTO_FAIL_TAIL);
      await orderResult(app, o.out_trade_no, fails ? 'fail' : 'success', fails ? '户名与卡号不符' : '');
      n++;
    }
  } catch (err) {
    app.log.warn({ err }, '发放通道沙箱：自动结果发送失败');
    return n;
  }
}

const timers = new WeakMap<FastifyInstance, Set<NodeJS.Timeout>>();

/** At registration: the auto mode's timers, cleared when the server closes; due orders settled soon after a start. */
export function autoSettler(app: FastifyInstance) {
  const set = new Set<NodeJS.Timeout>();
  timers.set(app, set);
  app.addHook('onClose', async () => {
    timers.delete(app);
    for (const t of set) clearTimeout(t);
    set.clear();
  });
  // orders that came due while the server was down
  app.addHook('onListen', async () => scheduleSettle(app, 2000));
}

/** Runs settleDue after `ms` (the auto mode's delay), unless the server is closing. */
export function scheduleSettle(app: FastifyInstance, ms: number) {
  const set = timers.get(app);
  if (!set) return;
  const t = setTimeout(() => {
    set.delete(t);
    if (timers.has(app)) void settleDue(app);
  }, ms + 20);
  t.unref();
  set.add(t);
}

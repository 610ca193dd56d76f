/**
 * The payout channel's protocol (adapters/payout-channel.ts) against the channel sandbox
 * (sandbox/payout-channel.ts) over real HTTP: signed calls both ways, an order made once whatever
 * the number of submissions, other content under the same number refused, an account refused
 * outright, the status query; the sandbox refuses what is not signed with the key, stale or
 * replayed; the client believes only signed answers and gives up on a channel that does not answer.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from '../../../tests/setup/server';
import { serverKeys } from '../lib/keys';
import { PAYOUT_CHANNEL_SANDBOX_PATH } from '../sandbox/payout-channel';
import {
  ChannelUnavailable,
  PAY_HEADERS,
  payHeaders,
  payoutChannelClient,
  requestString,
  type ChannelFetch,
  type PayoutChannelClient,
  type PayoutOrder,
} from './payout-channel';

const s = useTestServer();
const base = () => s.url + PAYOUT_CHANNEL_SANDBOX_PATH;
const client = (o: { key?: Buffer; fetch?: ChannelFetch; timeoutMs?: number } = {}): PayoutChannelClient =>
  payoutChannelClient({ url: base(), key: o.key ?? serverKeys().payoutChannel, notifyUrl: `${s.url}/ent/v3/payout/notify` }, o);
let seq = 0;
const order = (over: Partial<PayoutOrder> = {}): PayoutOrder => ({
  out_trade_no: `POTEST${Date.now().toString(36).toUpperCase()}${++seq}`,
  amount: 17_730,
  payee_name: '骆知远',
  pay_method: 'bank',
  account_no: '6222021202041234569',
  bank_name: '中国工商银行杭州分行',
  remark: 'FF2026 劳务报酬',
  ...over,
});
const faults = (form: Record<string, string>) => call(s.url, 'POST', `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/faults`, { form });
const stored = (no: string) =>
  s.db.one<Record<string, string>>(
    'SELECT account_mask, amount::text, notify_url, content_hash, payee_name, bank_name, remark FROM sandbox_channel_orders WHERE out_trade_no = $1',
    [no],
  );

describe('the payout channel protocol', () => {
  it('makes an order once: the same order again answers its first acceptance, other content under its number is refused', async () => {
    const c = client();
    const o = order();
    const [first] = await c.submit([o]);
    expect(first).toMatchObject({ out_trade_no: o.out_trade_no, accepted: true, status: 'processing', duplicate: false });
    const orderId = (first as { order_id: string }).order_id;
    expect(orderId).toMatch(/^CO\d{8}[0-9A-F]{16}$/);
    const again = await Promise.all([c.submit([o]), c.submit([o])]);
    expect(again.flat()).toEqual(
      [0, 1].map(() => ({ out_trade_no: o.out_trade_no, accepted: true, order_id: orderId, status: 'processing', duplicate: true })),
    );
    expect(await c.submit([{ ...o, amount: o.amount + 1 }])).toEqual([
      { out_trade_no: o.out_trade_no, accepted: false, code: 'OUT_TRADE_NO_CONFLICT', message: '商户订单号已用于另一笔不同内容的订单' },
    ]);
    expect(await s.db.query('SELECT 1 FROM sandbox_channel_orders WHERE out_trade_no = $1', [o.out_trade_no])).toHaveLength(1);
    // the channel keeps the account masked, and where the result goes
    const row = (await stored(o.out_trade_no))!;
    expect(row).toMatchObject({ account_mask: '****4569', amount: '17730', notify_url: `${s.url}/ent/v3/payout/notify` });
    expect(JSON.stringify(row)).not.toContain(o.account_no);
    expect(await c.queryOrder(o.out_trade_no)).toEqual({ found: true, order_id: orderId, amount: o.amount, status: 'processing', reason: '' });
    expect(await c.queryOrder('PONOSUCHORDER01')).toEqual({ found: false });
  });

  it('answers each order of a submission: an invalid account is refused outright and makes no order', async () => {
    const good = order();
    const bad = order({ account_no: '6222021202040000' });
    const answers = await client().submit([good, bad]);
    expect(answers).toEqual([
      expect.objectContaining({ out_trade_no: good.out_trade_no, accepted: true }),
      { out_trade_no: bad.out_trade_no, accepted: false, code: 'ACCOUNT_INVALID', message: '收款账户不存在或已销户' },
    ]);
    expect(await stored(bad.out_trade_no)).toBeUndefined();
    expect(await client().queryOrder(bad.out_trade_no)).toEqual({ found: false });
  });

  it('the sandbox refuses a wrong key, an altered body, a stale timestamp and a replayed nonce (401 SIGN_ERROR), making nothing', async () => {
    const o = order();
    const body = JSON.stringify({ orders: [{ ...o, notify_url: `${s.url}/ent/v3/payout/notify` }] });
    const path = `${PAYOUT_CHANNEL_SANDBOX_PATH}/orders`;
    const send = (headers: Record<string, string>, raw = body) =>
      call<{ code: string; message: string }>(s.url, 'POST', path, { raw, headers: { ...headers, 'content-type': 'application/json' } });
    const signedBy = (key: Buffer, now = new Date()) => payHeaders(key, (ts, nonce) => requestString('POST', path, ts, nonce, body), now);
    const wrongKey = createHash('sha256').update('another merchant').digest();
    for (const [headers, raw, why] of [
      [signedBy(wrongKey), body, '签名验证失败'],
      [signedBy(serverKeys().payoutChannel), body.replace('17730', '99999'), '签名验证失败'],
      [signedBy(serverKeys().payoutChannel, new Date(Date.now() - 10 * 60_000)), body, '时间戳无效或已过期'],
      [{}, body, '时间戳无效或已过期'],
    ] as const) {
      const r = await send(headers, raw);
      expect([r.status, r.body]).toEqual([401, { code: 'SIGN_ERROR', message: why }]);
    }
    const good = signedBy(serverKeys().payoutChannel);
    expect((await send(good)).status).toBe(200);
    expect(await send(good)).toMatchObject({ status: 401, body: { code: 'SIGN_ERROR', message: '随机串已使用（请求重放）' } });
    expect(await s.db.query('SELECT 1 FROM sandbox_channel_orders WHERE out_trade_no = $1', [o.out_trade_no])).toHaveLength(1);
    // a client with another key hears a refusal it cannot even verify
    await expect(client({ key: wrongKey }).submit([order()])).rejects.toThrow(ChannelUnavailable);
  });

  it('believes only a signed answer: one altered on the way is ChannelUnavailable', async () => {
    const tamper: ChannelFetch = async (url, init) => {
      const res = await fetch(url, init);
      const text = (await res.text()).replace('"processing"', '"success"');
      return new Response(text, { status: res.status, headers: res.headers });
    };
    const o = order();
    await expect(client({ fetch: tamper }).submit([o])).rejects.toThrow(/应答未通过验签/);
    // the order itself was made: the untampered answer is its acceptance
    expect(await client().submit([o])).toEqual([expect.objectContaining({ accepted: true, duplicate: true })]);
    // an answer of another request (its nonce) does not verify either
    let kept: { headers: Headers; text: string } | null = null;
    const replayAnswer: ChannelFetch = async (url, init) => {
      const res = await fetch(url, init);
      const text = await res.text();
      if (!kept) kept = { headers: res.headers, text };
      return new Response(kept.text, { status: res.status, headers: kept.headers });
    };
    const c = client({ fetch: replayAnswer });
    await c.queryOrder(o.out_trade_no);
    await expect(c.queryOrder(o.out_trade_no)).rejects.toThrow(ChannelUnavailable);
    expect(PAY_HEADERS.signature).toBe('x-pay-signature');
  });

  it('gives up on a channel that does not answer in time, or is down; the order a late answer was for stands', async () => {
    const o = order();
    expect((await faults({ slow: '1', slow_ms: '3000' })).status).toBe(200);
    const t0 = Date.now();
    await expect(client({ timeoutMs: 400 }).submit([o])).rejects.toThrow(/无法连接发放通道/);
    expect(Date.now() - t0).toBeLessThan(2500);
    // processed, answered late: the resubmission gets the first acceptance
    expect(await client().submit([o])).toEqual([expect.objectContaining({ accepted: true, duplicate: true })]);
    await faults({ unavailable: '1' });
    await expect(client().queryOrder(o.out_trade_no)).rejects.toThrow('发放通道返回 HTTP 503');
    expect((await client().queryOrder(o.out_trade_no)).found).toBe(true);
  });
});

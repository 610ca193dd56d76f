/**
 * WeChat Pay v3 Native order creation (wechatpay-native.ts) against the sandbox, which checks the
 * merchant's signature as the platform does and signs its answer with the platform key; and the
 * membership order going through it when a merchant is configured.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { buildServer } from '../app';
import { sandboxWechatPay, type WechatPayConfig } from './wechatpay';
import { authorization, createNativeOrder, NATIVE_PATH } from './wechatpay-native';
import { MSG_NO_WECHATPAY } from './wechatpay-orders';

let s: TestServer;
let cfg: WechatPayConfig;
beforeAll(async () => {
  s = await startTestServer();
  cfg = { ...sandboxWechatPay().config, endpoint: `${s.url}/sandbox/wechatpay`, notifyUrl: 'https://hr.example.com/notify/wechatpay' };
});
afterAll(async () => {
  await s?.close();
});

const order = (no: string, amount = 19900) => ({
  out_trade_no: no,
  description: '企业服务平台-年度会员',
  amount,
  notify_url: 'https://hr.example.com/notify/wechatpay',
});

describe('WeChat Pay v3 Native order creation', () => {
  it('a call signed with the merchant key gets a code_url; the same order again gets the same one', async () => {
    const url = await createNativeOrder(cfg, order('HRN20261123000001'));
    expect(url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(await createNativeOrder(cfg, order('HRN20261123000001'))).toBe(url);
    const taken = (await call<{ list: { out_trade_no: string; amount: number }[] }>(s.url, 'GET', '/sandbox/wechatpay/orders')).body.list;
    expect(taken.find((o) => o.out_trade_no === 'HRN20261123000001')).toMatchObject({ amount: 19900 });
    // the same order number with another amount is refused
    await expect(createNativeOrder(cfg, order('HRN20261123000001', 1))).rejects.toMatchObject({ status: 400, code: 'OUT_TRADE_NO_USED' });
  });

  it('refuses another merchant key, a replayed nonce, an altered body, an old timestamp', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await expect(createNativeOrder({ ...cfg, merchantPrivateKey: other }, order('HRN20261123000002'))).rejects.toMatchObject({
      status: 401,
      code: 'SIGN_ERROR',
    });
    const post = (body: string, auth: string) =>
      fetch(`${cfg.endpoint}${NATIVE_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body });
    const m = { mchid: cfg.mchid, serial: cfg.merchantSerial!, privateKey: cfg.merchantPrivateKey! };
    const body = JSON.stringify({
      appid: cfg.appid,
      mchid: cfg.mchid,
      description: '会员',
      out_trade_no: 'HRN20261123000003',
      notify_url: 'https://hr.example.com/n',
      amount: { total: 100, currency: 'CNY' },
    });
    const auth = authorization(m, 'POST', NATIVE_PATH, body, { nonce: 'NONCEFIXED0001' });
    expect((await post(body, auth)).status).toBe(200);
    expect((await post(body, auth)).status).toBe(401);
    const auth2 = authorization(m, 'POST', NATIVE_PATH, body, { nonce: 'NONCEFIXED0002' });
    expect((await post(body.replace('"total":100', '"total":1'), auth2)).status).toBe(401);
    const old = authorization(m, 'POST', NATIVE_PATH, body, { now: new Date(Date.now() - 3_600_000) });
    expect((await post(body, old)).status).toBe(401);
  });

  it('an answer not signed by the platform is refused', async () => {
    const fake = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    await expect(createNativeOrder({ ...cfg, platformPublicKey: fake }, order('HRN20261123000004'))).rejects.toMatchObject({ code: 'SIGN_ERROR' });
  });

  it('with a merchant configured, a membership order gets its code_url from the platform; a refusal creates no order', async () => {
    const token = await s.tokenFor('13800000002');
    const app = await buildServer({ db: s.db, sandbox: false, staticDir: null, wechatPay: cfg });
    try {
      const create = () =>
        app.inject({
          method: 'POST',
          url: '/ent/v3/usercenter/company/order/create',
          payload: 'pack=year',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
        });
      const r = (await create()).json();
      expect(r.code, r.msg).toBe(200);
      expect(r.data.code_url).toMatch(/^weixin:\/\/wxpay\//);
      const taken = (await call<{ list: { out_trade_no: string; amount: number; notify_url: string }[] }>(s.url, 'GET', '/sandbox/wechatpay/orders')).body.list;
      const o = await s.db.one<{ amount: number }>('SELECT amount FROM member_orders WHERE order_id = $1', [r.data.order_id]);
      expect(taken.find((t) => t.out_trade_no === r.data.order_id)).toEqual(
        expect.objectContaining({ amount: o!.amount, notify_url: 'https://hr.example.com/notify/wechatpay' }),
      );
    } finally {
      await app.close();
    }
    const broken = await buildServer({
      db: s.db,
      sandbox: false,
      staticDir: null,
      wechatPay: { ...cfg, merchantPrivateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey },
    });
    try {
      const before = await s.db.query('SELECT order_id FROM member_orders');
      const r = await broken.inject({
        method: 'POST',
        url: '/ent/v3/usercenter/company/order/create',
        payload: 'pack=year',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      });
      expect(r.json()).toMatchObject({ code: 500, msg: '微信支付下单失败，请稍后再试' });
      expect(await s.db.query('SELECT order_id FROM member_orders')).toHaveLength(before.length);
    } finally {
      await broken.close();
    }
  });

  it('tax-service and top-up orders get their code_url from the platform the same way; with neither merchant nor sandbox, WeChat Pay is refused', async () => {
    const token = await s.tokenFor('13800000001');
    const inject = (a: FastifyInstance, method: 'GET' | 'POST', url: string, form?: Record<string, string>) =>
      a
        .inject({
          method,
          url: `/ent/v3${url}`,
          payload: form ? new URLSearchParams(form).toString() : undefined,
          headers: { ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), authorization: `Bearer ${token}` },
        })
        .then((r) => r.json());
    const taken = async () =>
      (await call<{ list: { out_trade_no: string; amount: number; description: string }[] }>(s.url, 'GET', '/sandbox/wechatpay/orders')).body.list;
    // an application waiting for its fee, made on the demo server
    const span = { start: month(2), end: month(1) };
    const el = (await call(s.url, 'GET', `/ent/v3/tax/eligible?start=${span.start}&end=${span.end}`, { token })).body.data as {
      people: { worker_id: number }[];
    };
    const a = await call(s.url, 'POST', '/ent/v3/tax/apply', {
      token,
      form: { ...span, proof_type: 'table', receive: 'download', mode: 'people', ids: String(el.people[0]!.worker_id) },
    });
    expect(a.body.code, a.body.msg).toBe(200);
    expect((await call(s.url, 'POST', `/ent/v3/tax/apply/${a.body.data.id}/submit`, { token, form: { confirmed: '1' } })).body.code).toBe(200);
    const app = await buildServer({ db: s.db, sandbox: false, staticDir: null, wechatPay: cfg });
    try {
      const t = await inject(app, 'POST', `/tax/apply/${a.body.data.id}/order/wechat`);
      expect(t.code, t.msg).toBe(200);
      expect(t.data.code_url).toMatch(/^weixin:\/\/wxpay\//);
      // the order page shows the platform's QR again
      expect((await inject(app, 'GET', `/tax/apply/${a.body.data.id}/order`)).data).toMatchObject({
        status: 'unpaid',
        method: 'wechat',
        code_url: t.data.code_url,
      });
      const fee = await s.db.one<{ amount: number }>('SELECT amount::int AS amount FROM tax_orders WHERE order_id = $1', [t.data.order_id]);
      expect((await taken()).find((o) => o.out_trade_no === t.data.order_id)).toMatchObject({
        amount: fee!.amount,
        description: '企业服务平台-完税证明开具服务费',
      });
      const u = await inject(app, 'POST', '/payout/topup/wechat', { amount: '5000' });
      expect(u.code, u.msg).toBe(200);
      expect(u.data.code_url).toMatch(/^weixin:\/\/wxpay\//);
      expect((await taken()).find((o) => o.out_trade_no === u.data.order_no)).toMatchObject({ amount: 5000, description: '企业服务平台-灵活用工账户充值' });
    } finally {
      await app.close();
    }
    const none = await buildServer({ db: s.db, sandbox: false, staticDir: null });
    try {
      const before = await s.db.query('SELECT id FROM payout_topups');
      expect(await inject(none, 'POST', '/payout/topup/wechat', { amount: '5000' })).toMatchObject({ code: 409, msg: MSG_NO_WECHATPAY });
      expect(await s.db.query('SELECT id FROM payout_topups')).toHaveLength(before.length);
    } finally {
      await none.close();
    }
  });
});

function month(back: number): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  const idx = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}

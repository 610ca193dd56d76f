/**
 * 微信支付充值 (issue 13): an order with its QR, WeChat Pay v3's signed notification credits the account
 * once however many times it arrives; forged, altered or wrong-amount notifications change
 * nothing; the operator's bank confirm does not apply to it; the ledger invariant after each case.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountData, WxTopupData } from '../../contract/payouts';
import { checkLedger } from '../domain/payouts/ledger';
import { sandboxNotification } from '../adapters/wechatpay';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let member: string;
let c1 = 0;
beforeAll(async () => {
  s = await startTestServer();
  member = await s.tokenFor('13800000001');
  c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
}, 60_000);
afterAll(async () => {
  await s?.close();
});
afterEach(async () => {
  expect(await checkLedger(s.db, c1)).toEqual([]);
});
const balance = async () => AccountData.parse((await call(s.url, 'GET', '/ent/v3/payout/account', { token: member })).body.data).balance;

describe('payouts: WeChat Pay top-up', () => {
  it('credits one paid order once, whatever the number of notifications', async () => {
    const before = await balance();
    const r = await call(s.url, 'POST', '/ent/v3/payout/topup/wechat', { token: member, form: { amount: '88800' } });
    expect(r.body.code, r.body.msg).toBe(200);
    const o = WxTopupData.parse(r.body.data);
    expect(o.code_url).toMatch(new RegExp(`/sandbox/pay/topup/${o.order_no}$`));
    const page = await fetch(`${s.url}/sandbox/pay/topup/${o.order_no}`);
    expect(await page.text()).toContain('¥888.00');
    expect(await balance()).toBe(before);
    // the operator's bank-transfer confirm is not the way in for a WeChat order
    expect(((await call(s.url, 'POST', `/sandbox/payouts/topups/${o.id}/confirm`)).body as { code: number }).code).toBe(409);

    // WeChat Pay v3's notification, delivered 3 times as the platform retries: one credit
    type Delivered = { notification: { body: string; headers: Record<string, string> }; answers: { status: number; body: unknown }[] };
    const paid = await call<Delivered>(s.url, 'POST', `/sandbox/pay/topup/${o.order_no}`, { form: { times: '3' } });
    expect(paid.body.answers).toEqual([0, 1, 2].map(() => ({ status: 200, body: { code: 'SUCCESS' } })));
    expect(await balance()).toBe(before + 88_800);
    // concurrent repeats of the same notification
    const { body, headers } = paid.body.notification;
    const again = await Promise.all(Array.from({ length: 10 }, () => call(s.url, 'POST', '/notify/wechatpay', { raw: body, headers })));
    expect(again.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await balance()).toBe(before + 88_800);
    expect(await s.db.one("SELECT count(*)::int AS n FROM payout_ledger WHERE ref_no = $1 AND type = 'topup'", [o.order_no])).toEqual({ n: 1 });
    expect(await s.db.one('SELECT count(*)::int AS n FROM payout_wx_notifies WHERE order_no = $1 AND applied', [o.order_no])).toEqual({ n: 1 });
    expect(await s.db.one('SELECT count(*)::int AS n FROM wechatpay_notifications WHERE order_id = $1', [o.order_no])).toEqual({ n: 1 });
    const acc = AccountData.parse((await call(s.url, 'GET', '/ent/v3/payout/account', { token: member })).body.data);
    expect(acc.topups.find((t) => t.order_no === o.order_no)).toMatchObject({ status: 'confirmed', method: 'wechat' });
  });

  it('refuses forged, altered and wrong-amount notifications, and bad orders', async () => {
    const o = WxTopupData.parse((await call(s.url, 'POST', '/ent/v3/payout/topup/wechat', { token: member, form: { amount: '1000' } })).body.data);
    const before = await balance();
    const wrong = sandboxNotification(o.order_no, 100_000, new Date());
    expect((await call(s.url, 'POST', '/notify/wechatpay', { raw: wrong.body, headers: wrong.headers })).body).toEqual({
      code: 'FAIL',
      message: 'amount does not match the order',
    });
    const forged = sandboxNotification(o.order_no, 1000, new Date());
    const sig = forged.headers['wechatpay-signature']!;
    const flipped = { ...forged.headers, 'wechatpay-signature': (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1) };
    expect((await call(s.url, 'POST', '/notify/wechatpay', { raw: forged.body, headers: flipped })).status).toBe(401);
    // the HMAC callback of earlier sessions is gone: the v3 notification is the only way in
    const base = { order_no: o.order_no, transaction_id: '4200000000000001', amount: '1000', ts: String(Date.now()), sign: 'a'.repeat(64) };
    expect((await call(s.url, 'POST', '/ent/v3/payout/wx-notify', { form: base })).status).toBe(404);
    expect(await balance()).toBe(before);
    await call(s.url, 'POST', `/sandbox/pay/topup/${o.order_no}`, { form: { times: '1' } });
    const bal = await balance();
    expect(bal).toBe(before + 1000);
    for (const amount of ['10.5', '0', '-5', '1e3'])
      expect((await call(s.url, 'POST', '/ent/v3/payout/topup/wechat', { token: member, form: { amount } })).body.code, amount).toBe(400);
    expect((await call(s.url, 'POST', '/ent/v3/payout/topup/wechat', { form: { amount: '100' } })).body.code).toBe(410000);
    expect((await fetch(`${s.url}/sandbox/pay/topup/CZ000000000000000000`)).status).toBe(404);
    expect(await balance()).toBe(bal);
  });
});

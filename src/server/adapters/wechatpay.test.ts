/**
 * WeChat Pay v3 notifications over HTTP (POST /notify/wechatpay), signed and encrypted by
 * the sandbox platform as the real one does: a good one grants once; a replay, a wrong signature,
 * a stale timestamp, a tampered body and a wrong amount grant nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { sandboxNotification, sandboxWechatPay, signNotify } from './wechatpay';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.tokenFor('13800000002');
});
afterAll(async () => {
  await s?.close();
});

async function newOrder(): Promise<{ id: string; amount: number }> {
  const r = await call(s.url, 'POST', '/ent/v3/usercenter/company/order/create', { form: { pack: 'year' }, token: admin });
  expect(r.body.code, r.body.msg).toBe(200);
  const o = await s.db.one<{ amount: number }>('SELECT amount FROM member_orders WHERE order_id = $1', [r.body.data.order_id]);
  return { id: r.body.data.order_id, amount: o!.amount };
}
const notify = (body: string, headers: Record<string, string>) =>
  call<{ code: string; message?: string }>(s.url, 'POST', '/notify/wechatpay', { raw: body, headers });
const status = async (id: string) => (await s.db.one<{ status: string }>('SELECT status FROM member_orders WHERE order_id = $1', [id]))!.status;
const gifts = async (id: string) => (await s.db.query('SELECT id FROM crc_ledger WHERE ref = $1', [id])).length;

describe('WeChat Pay v3 notification', () => {
  it('a verified notification grants the order once; its replay changes nothing', async () => {
    const o = await newOrder();
    const n = sandboxNotification(o.id, o.amount, new Date());
    const r = await notify(n.body, n.headers);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 'SUCCESS' });
    expect(await status(o.id)).toBe('paid');
    expect(await gifts(o.id)).toBe(1);
    const expire = await s.db.one('SELECT member_expire FROM companies c JOIN member_orders o ON o.company_id = c.id WHERE o.order_id = $1', [o.id]);
    const replay = await notify(n.body, n.headers);
    expect(replay.status).toBe(200);
    // another notification of the same payment (the platform retries with a new id) too
    const again = sandboxNotification(o.id, o.amount, new Date());
    expect((await notify(again.body, again.headers)).status).toBe(200);
    expect(await gifts(o.id)).toBe(1);
    expect(await s.db.one('SELECT member_expire FROM companies c JOIN member_orders o ON o.company_id = c.id WHERE o.order_id = $1', [o.id])).toEqual(expire);
    expect((await s.db.query('SELECT id FROM wechatpay_notifications WHERE order_id = $1', [o.id])).length).toBe(2);
  });

  it('refuses a wrong signature, a tampered body, a stale timestamp and an unknown certificate', async () => {
    const o = await newOrder();
    const n = sandboxNotification(o.id, o.amount, new Date());
    const sig = n.headers['wechatpay-signature']!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect((await notify(n.body, { ...n.headers, 'wechatpay-signature': flipped })).status).toBe(401);
    const other = sandboxNotification(o.id, o.amount + 1, new Date());
    expect((await notify(other.body, n.headers)).body).toMatchObject({ code: 'FAIL', message: 'signature does not verify' });
    const { privateKey, config } = sandboxWechatPay();
    const stale = signNotify(privateKey, config.platformSerial, n.body, new Date(Date.now() - 10 * 60_000));
    expect((await notify(n.body, stale)).body).toMatchObject({ code: 'FAIL', message: 'stale timestamp' });
    expect((await notify(n.body, { ...n.headers, 'wechatpay-serial': 'OTHER' })).status).toBe(401);
    expect(await status(o.id)).toBe('unpaid');
  });

  it('refuses a wrong amount and an unknown order, granting nothing', async () => {
    const o = await newOrder();
    const wrong = sandboxNotification(o.id, o.amount - 1, new Date());
    const r = await notify(wrong.body, wrong.headers);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 'FAIL', message: 'amount does not match the order' });
    expect(await status(o.id)).toBe('unpaid');
    expect(await gifts(o.id)).toBe(0);
    const ghost = sandboxNotification('YF-NO-SUCH-ORDER', 100, new Date());
    expect((await notify(ghost.body, ghost.headers)).status).toBe(404);
    // the sandbox's pay page goes through the same verifier
    const page = await call(s.url, 'POST', `/sandbox/pay/${o.id}`);
    expect(page.body).toMatchObject({ code: 200, data: { paid_now: true } });
    expect(await status(o.id)).toBe('paid');
  });
});

/** now's month minus `back`, in China time (the seeded tax data sits in the last two months) */
function month(back: number): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  const idx = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}

/** One unpaid order of each kind, made through the console's own calls, and what paying it granted. */
const kinds = {
  async member() {
    const o = await newOrder();
    return { ...o, grants: () => gifts(o.id) };
  },
  async tax() {
    const token = await s.tokenFor('13800000001');
    const span = { start: month(2), end: month(1) };
    const el = (await call(s.url, 'GET', `/ent/v3/tax/eligible?start=${span.start}&end=${span.end}`, { token })).body.data as {
      people: { worker_id: number }[];
    };
    expect(el.people.length).toBeGreaterThan(0);
    const form = { ...span, proof_type: 'table', receive: 'download', mode: 'people', ids: String(el.people[0]!.worker_id) };
    const a = await call(s.url, 'POST', '/ent/v3/tax/apply', { token, form });
    expect(a.body.code, a.body.msg).toBe(200);
    expect((await call(s.url, 'POST', `/ent/v3/tax/apply/${a.body.data.id}/submit`, { token, form: { confirmed: '1' } })).body.code).toBe(200);
    const w = await call(s.url, 'POST', `/ent/v3/tax/apply/${a.body.data.id}/order/wechat`, { token });
    expect(w.body.code, w.body.msg).toBe(200);
    const id = w.body.data.order_id as string;
    const o = (await s.db.one<{ amount: number }>('SELECT amount::int AS amount FROM tax_orders WHERE order_id = $1', [id]))!;
    const grants = async () =>
      (
        await s.db.query(
          "SELECT 1 FROM tax_orders o JOIN tax_applications a ON a.id = o.application_id WHERE o.order_id = $1 AND o.status = 'paid' AND a.status = 'issuing'",
          [id],
        )
      ).length;
    return { id, amount: o.amount, grants };
  },
  async topup() {
    const token = await s.tokenFor('13800000001');
    const r = await call(s.url, 'POST', '/ent/v3/payout/topup/wechat', { token, form: { amount: '12345' } });
    expect(r.body.code, r.body.msg).toBe(200);
    const id = r.body.data.order_no as string;
    return { id, amount: 12345, grants: async () => (await s.db.query("SELECT 1 FROM payout_ledger WHERE ref_no = $1 AND type = 'topup'", [id])).length };
  },
};

describe('WeChat Pay v3 notification, for every kind of order', () => {
  it.each(Object.keys(kinds) as (keyof typeof kinds)[])(
    '%s: a wrong signature and a wrong amount grant nothing; the good one grants once; its replay nothing',
    async (kind) => {
      const o = await kinds[kind]();
      const good = sandboxNotification(o.id, o.amount, new Date());
      const sig = good.headers['wechatpay-signature']!;
      expect((await notify(good.body, { ...good.headers, 'wechatpay-signature': (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1) })).status).toBe(401);
      const wrong = sandboxNotification(o.id, o.amount + 100, new Date());
      expect((await notify(wrong.body, wrong.headers)).body).toEqual({ code: 'FAIL', message: 'amount does not match the order' });
      expect(await o.grants()).toBe(0);
      expect((await notify(good.body, good.headers)).body).toEqual({ code: 'SUCCESS' });
      expect(await o.grants()).toBe(1);
      const replays = await Promise.all([1, 2, 3].map(() => notify(good.body, good.headers)));
      expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
      const retry = sandboxNotification(o.id, o.amount, new Date());
      expect((await notify(retry.body, retry.headers)).status).toBe(200);
      expect(await o.grants()).toBe(1);
      expect(await s.db.query('SELECT id FROM wechatpay_notifications WHERE order_id = $1', [o.id])).toHaveLength(2);
    },
  );
});

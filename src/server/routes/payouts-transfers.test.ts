/**
 * 来账 (domain/payouts/transfers.ts) over real HTTP: the channel sandbox's signed notification of a
 * transfer into the platform account, sent to POST /ent/v3/payout/transfer-notify. A transfer whose
 * remark names a pending bank top-up of the same amount is credited once, however often it is
 * notified; any other — another amount, no order number, an unknown order, a second transfer for a
 * credited order — is kept unmatched and credits nothing, logged for the operator and counted on
 * /metrics; a forged notification is refused.
 */
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountData } from '../../contract/payouts';
import { call, demoAccounts, entCalls, useTestServer, type Env } from '../../../tests/setup/server';
import { checkLedger } from '../domain/payouts/ledger';
import { signTransfer, unmatchedTransfers, type TransferNotify } from '../domain/payouts/transfers';
import { buildServer } from '../app';
import { PAYOUT_CHANNEL_SANDBOX_PATH } from '../sandbox/payout-channel';

const s = useTestServer();
const { get, post } = entCalls(s);
let member = '';
let c1 = 0;
beforeAll(async () => {
  ({ member, c1 } = await demoAccounts(s));
});

type Sent = { payload: Record<string, string>; answers: { status: number; answer: Env<{ state: string }> }[] };
const transfer = (form: Record<string, string>) => call<Sent>(s.url, 'POST', `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/transfers`, { form });
const balance = async () => AccountData.parse((await get('/payout/account', member)).body.data).balance;
const order = async (amount: number) => {
  const r = await post('/payout/topup', { amount: String(amount) }, member);
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data as { id: number; order_no: string };
};
const topupCredits = (orderNo: string) => s.db.query(`SELECT id FROM payout_ledger WHERE ref_no = $1 AND type = 'topup'`, [orderNo]);
const stored = (transferNo: string) =>
  s.db.one<{ state: string; reason: string; payer_account_mask: string; topup_no: string | null; company_id: number | null }>(
    'SELECT state, reason, payer_account_mask, topup_no, company_id FROM payout_transfers WHERE transfer_no = $1',
    [transferNo],
  );

describe('来账: transfers into the platform account', () => {
  it('credits the top-up its remark names once, however often the channel notifies it', async () => {
    const before = await balance();
    const o = await order(250_000);
    const sent = await transfer({
      amount: '250000',
      payer_name: '杭州云帆智联科技有限公司',
      payer_account: '3301040160000001234',
      remark: `${o.order_no} 充值`,
      times: '2',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.answers.map((a) => [a.status, a.answer.code, a.answer.data.state])).toEqual([
      [200, 200, 'credited'],
      [200, 200, 'replay'],
    ]);
    expect(await balance()).toBe(before + 250_000);
    // the same notification again, ten at once: nothing more
    const again = await Promise.all(Array.from({ length: 10 }, () => call<Env>(s.url, 'POST', '/ent/v3/payout/transfer-notify', { form: sent.body.payload })));
    expect(again.map((a) => a.body.data.state)).toEqual(Array.from({ length: 10 }, () => 'replay'));
    expect(await topupCredits(o.order_no)).toHaveLength(1);
    expect(await balance()).toBe(before + 250_000);
    const acc = AccountData.parse((await get('/payout/account', member)).body.data);
    expect(acc.topups.find((t) => t.order_no === o.order_no)).toMatchObject({ status: 'confirmed', method: 'bank' });
    // kept with the payer's account masked, linked to the order and its company
    expect(await stored(sent.body.payload.transfer_no!)).toEqual({
      state: 'credited',
      reason: '',
      payer_account_mask: '**** 1234',
      topup_no: o.order_no,
      company_id: c1,
    });
    expect(await s.db.one('SELECT transaction_id FROM payout_topups WHERE id = $1', [o.id])).toEqual({ transaction_id: sent.body.payload.transfer_no });
    expect(await checkLedger(s.db, c1)).toEqual([]);
  });

  it('keeps unmatched — never credited — another amount, no order number, an unknown order, a second transfer; refuses a forged one', async () => {
    const before = await balance();
    const unmatchedBefore = await unmatchedTransfers(s.db);
    const o = await order(10_000);
    const cases: [Record<string, string>, string][] = [
      [{ amount: '9999', remark: o.order_no }, `金额¥99.99与充值单${o.order_no}的¥100.00不符`],
      [{ amount: '10000', remark: '货款' }, '附言中没有充值单号'],
      [{ amount: '10000', remark: 'CZ000000000000000000' }, '充值单CZ000000000000000000不存在'],
    ];
    for (const [form, reason] of cases) {
      const r = await transfer({ payer_name: '杭州云帆智联科技有限公司', ...form });
      expect(r.body.answers[0]!.answer).toMatchObject({ code: 200, msg: `已收到，未入账：${reason}`, data: { state: 'unmatched' } });
      expect(await stored(r.body.payload.transfer_no!)).toMatchObject({ state: 'unmatched', reason });
    }
    expect(await balance()).toBe(before);
    expect(await s.db.one('SELECT status FROM payout_topups WHERE id = $1', [o.id])).toEqual({ status: 'pending' });
    // the right transfer credits; the same again (a second transfer, its own serial) does not
    expect((await transfer({ amount: '10000', remark: o.order_no })).body.answers[0]!.answer.data.state).toBe('credited');
    const twice = await transfer({ amount: '10000', remark: o.order_no });
    expect(twice.body.answers[0]!.answer.data.state).toBe('unmatched');
    expect(await stored(twice.body.payload.transfer_no!)).toMatchObject({ reason: `充值单${o.order_no}已到账，本笔为重复转账`, company_id: c1 });
    expect(await balance()).toBe(before + 10_000);
    expect(await unmatchedTransfers(s.db)).toBe(unmatchedBefore + 4);
    // the operator page lists what the channel notified and what the server answered
    const page = (await call<string>(s.url, 'GET', '/sandbox/')).body;
    expect(page).toContain(twice.body.payload.transfer_no);
    expect(page).toContain(`已收到，未入账：充值单${o.order_no}已到账，本笔为重复转账`);

    // forged: altered after signing, or signed with another key — refused, nothing recorded
    const real = (await transfer({ amount: '100', remark: 'probe' })).body.payload;
    const forged = { ...real, transfer_no: 'LZFORGED000001', notify_id: 'Tforged0000000001', amount: '99999999' };
    expect((await call<Env>(s.url, 'POST', '/ent/v3/payout/transfer-notify', { form: forged })).body).toMatchObject({ code: 400, msg: '签名无效' });
    expect(await stored('LZFORGED000001')).toBeUndefined();
    expect(await checkLedger(s.db, c1)).toEqual([]);
  });

  it('an unmatched transfer is the operator’s: a log line (serial, amount, reason; no account) and hr_payout_transfers_unmatched', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const token = 'metrics-token-0123456789';
    const app = await buildServer({ db: s.db, sandbox: false, staticDir: null, logger: true, logStream, metricsToken: token });
    try {
      const n: TransferNotify = {
        notify_id: 'Tlogline000000001',
        transfer_no: 'LZLOGLINE0000001',
        amount: '77700',
        payer_name: '某某商贸有限公司',
        payer_account: '6222021202047777123',
        remark: '货款',
        ts: String(Date.now()),
      };
      const r = await app.inject({ method: 'POST', url: '/ent/v3/payout/transfer-notify', payload: { ...n, sign: signTransfer(n) } });
      expect(r.json()).toMatchObject({ code: 200, data: { state: 'unmatched' } });
      const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === '来账未匹配充值单，未入账，请人工核对');
      expect(line).toMatchObject({ transferNo: n.transfer_no, amount: 77_700, reason: '附言中没有充值单号' });
      expect(lines.join('\n')).not.toContain(n.payer_account);
      const m = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
      expect(m).toContain(`hr_payout_transfers_unmatched ${await unmatchedTransfers(s.db)}\n`);
    } finally {
      await app.close();
    }
  });

  it('the operator’s 确认到账 is the company’s transfer: credited through the channel; a second press and a WeChat order are refused', async () => {
    const before = await balance();
    const o = await order(4_200);
    const r = await call<{ transfer_no: string; answer: Env }>(s.url, 'POST', `/sandbox/payouts/topups/${o.id}/confirm`);
    expect(r.body).toMatchObject({
      order_no: o.order_no,
      transfer_no: expect.stringMatching(/^LZ\d{8}[0-9A-F]{12}$/),
      answer: { data: { state: 'credited' } },
    });
    expect(await balance()).toBe(before + 4_200);
    expect((await call<Env>(s.url, 'POST', `/sandbox/payouts/topups/${o.id}/confirm`)).body).toMatchObject({ code: 409, msg: '该充值单已确认到账' });
    expect(await topupCredits(o.order_no)).toHaveLength(1);
  });
});

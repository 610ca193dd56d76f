/**
 * The shared setup of the payouts server tests (payouts.test.ts, payouts-import.test.ts,
 * jobs/payouts.test.ts): one test server per file, the two demo accounts (13800000001 a member,
 * 13800000002 another company), the ledger invariant `checkLedger` after every test, and the
 * steps every payout scenario takes — a task with accepted deliveries, a top-up (the company's
 * transfer, notified by the channel sandbox), the SMS code of 确认发放, a batch confirmed to 发放中
 * (its rows sent to the channel sandbox over HTTP), the channel's result.
 * Four eyes (issue 27): 13800000001 (管理员) prepares and submits; 周婷 (财务, 13905710007) asks for
 * the code on her own mobile and confirms.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { BatchDetail } from '../../src/contract/payouts';
import { checkLedger } from '../../src/server/domain/payouts/ledger';
import { sealPii } from '../../src/server/lib/pii';
import { call, demoAccounts, entCalls, useTestServer, type CallResult, type Env, type TestServer } from './server';

export type Batch = ReturnType<typeof BatchDetail.parse>;

export interface PayoutsTest {
  s: TestServer;
  /** bearer tokens of 13800000001 (a member company) and 13800000002 (another company) */
  member: string;
  other: string;
  /** bearer token of 周婷 (财务 of the member company): the approver of the member's batches */
  approver: string;
  /** their company ids */
  c1: number;
  c2: number;
  /** /ent/v3 calls (no token unless given) */
  get(path: string, token?: string): Promise<CallResult<Env>>;
  post(path: string, form: Record<string, string>, token?: string): Promise<CallResult<Env>>;
  /** a task of `companyId` with accepted deliveries (amounts in fen), made directly in the database */
  taskWith(companyId: number, people: { amount: number; signed?: boolean }[]): Promise<number>;
  /** a bank top-up of the member's account: the operator's 确认到账 (the channel's 来账 notification) */
  topUp(amount: number, token?: string): Promise<void>;
  /** the approver asks for the 确认发放 code of a batch; read from the sandbox outbox of her mobile */
  code(batchId: number): Promise<string>;
  /** 确认发放 by the approver */
  confirm(batchId: number, code: string): Promise<CallResult<Env>>;
  /** a batch of `taskId` submitted (待支付) */
  readyBatch(taskId: number): Promise<Batch>;
  /** a batch of the member's with these amounts, topped up and confirmed: its rows 发放中 */
  payingBatch(amounts: number[]): Promise<Batch>;
  /**
   * the channel sandbox reports the result of a row's order (the row's channel_no at the sandbox,
   * sent there when the batch was confirmed) by its signed callback, over HTTP, to the server's
   * POST /ent/v3/payout/notify; `deliver: false`: the order changes, the callback is lost
   */
  channelResult(
    rowId: number,
    result: 'success' | 'fail' | 'bounce',
    reason?: string,
    opts?: { deliver?: boolean },
  ): Promise<CallResult<{ payload: Record<string, string>; status: number; answer: Env<{ applied: boolean; queued?: boolean }> }>>;
}

/** 周婷, 财务 of 杭州云帆智联 (seeds/accounts.ts) */
export const APPROVER = '13905710007';

/** Registers the file's hooks and answers the setup (its fields are filled before the first test). */
export function payoutsTest(opts: { seqBase?: number } = {}): PayoutsTest {
  let seq = opts.seqBase ?? 0;
  const s = useTestServer();
  const P = { s, ...entCalls(s) } as PayoutsTest;
  beforeAll(async () => {
    const { member, nonMember, c1, c2 } = await demoAccounts(s);
    Object.assign(P, { member, other: nonMember, c1, c2, approver: await s.tokenFor(APPROVER) });
  });
  afterEach(async () => {
    expect(await checkLedger(P.s.db, P.c1)).toEqual([]);
    expect(await checkLedger(P.s.db, P.c2)).toEqual([]);
  });

  P.taskWith = async (companyId, people) => {
    const db = P.s.db;
    const t = await db.one<{ id: number }>(
      `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'RWP' || floor(random()*1e9)::text, '门店盘点', 'ongoing', md5(random()::text)) RETURNING id`,
      [companyId],
    );
    for (const p of people) {
      seq++;
      const cert = `11010519491231${String(1000 + seq).slice(-3)}`;
      const m = sealPii('mobile', `139${String(10_000_000 + seq).slice(-8)}`);
      const c = sealPii('id_card', cert + 'X');
      const w = await db.one<{ id: number }>(
        `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id`,
        [companyId, `张${'三四五六七八九十'[seq % 8]}${seq}`.replace(/\d/g, ''), m.enc, m.bidx, m.mask, c.enc, `${c.bidx}${seq}`, c.mask],
      );
      await db.query(
        `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
         VALUES ($1,$2,$3,'named','accepted',$4,$5,md5(random()::text),now())`,
        [t!.id, companyId, w!.id, p.signed === false ? 'pending' : 'signed', p.amount],
      );
    }
    return t!.id;
  };
  P.topUp = async (amount, token = P.member) => {
    const r = await P.post('/payout/topup', { amount: String(amount) }, token);
    expect(r.body.code, r.body.msg).toBe(200);
    const c = await call(P.s.url, 'POST', `/sandbox/payouts/topups/${r.body.data.id}/confirm`);
    expect(c.status).toBe(200);
  };
  P.code = async (batchId) => {
    const r = await P.post(`/payout/batch/${batchId}/code`, {}, P.approver);
    expect(r.body.code, r.body.msg).toBe(200);
    return (await call<{ code: string }>(P.s.url, 'GET', `/sandbox/payouts/sms?mobile=${APPROVER}`)).body.code;
  };
  P.confirm = (batchId, code) => P.post(`/payout/batch/${batchId}/confirm`, { code }, P.approver);
  P.readyBatch = async (taskId) => {
    const b = await P.post('/payout/batch', { task_id: String(taskId) }, P.member);
    expect(b.body.code, b.body.msg).toBe(200);
    const sub = await P.post(`/payout/batch/${b.body.data.id}/action`, { action: 'submit' }, P.member);
    expect(sub.body.data.status).toBe('unpaid');
    return BatchDetail.parse(sub.body.data);
  };
  P.payingBatch = async (amounts) => {
    const b = await P.readyBatch(
      await P.taskWith(
        P.c1,
        amounts.map((amount) => ({ amount })),
      ),
    );
    await P.topUp(b.debit);
    const r = await P.confirm(b.id, await P.code(b.id));
    expect(r.body.code, r.body.msg).toBe(200);
    const d = BatchDetail.parse((await P.get(`/payout/batch/${b.id}`, P.member)).body.data);
    expect(d.rows.map((x) => x.status)).toEqual(amounts.map(() => 'paying'));
    return d;
  };
  P.channelResult = async (rowId, result, reason = '', o = {}) => {
    const row = await P.s.db.one<{ channel_no: string }>('SELECT channel_no FROM payout_rows WHERE id = $1', [rowId]);
    return call(P.s.url, 'POST', `/sandbox/payout-channel/ops/orders/${row!.channel_no}/result`, {
      form: { result, reason, deliver: o.deliver === false ? '0' : '1' },
    });
  };
  return P;
}

/**
 * Issue 29, "Done when" line 1, as a server test: in the production profile, with every provider
 * pointed at its sandbox over HTTP, a worker invited by HR signs and delivers from a phone, HR
 * accepts, the company's top-up arrives, the batch is confirmed and pays, and the evidence page
 * shows every item; changing one byte of the stored agreement makes verification fail.
 *
 * Two servers over real HTTP in this process:
 * - A, the outside world: a demo server with sandboxes on. Its sandboxes are the providers: the
 *   SendSms gateway (/sandbox/dysms/), STS, VOD and the object store, e签宝 (/sandbox/esign: 实名认证,
 *   and the signing flow — its H5 page the phone signs on, its signed callbacks to B's
 *   PUBLIC_ORIGIN/notify/esign), the TSA (/sandbox/tsa) and the payout channel
 *   (/sandbox/payout-channel, with its own orders in A's sandbox_channel_* tables). Nothing of A's
 *   product side is used.
 * - B, production: `NODE_ENV=production`'s configuration read by loadConfig, each provider's
 *   endpoint at A (tests/setup/production.ts), sandboxes off, the durable jobs worked (every SMS
 *   leaves through the `sms-send` job), on its own database. Everything below is B's HTTP API, as
 *   HR (bearer tokens from B's SMS login) and as the worker's phone (a cookie jar, the invitation's
 *   path-scoped session cookie, its address in X-Forwarded-For as a balancer sends it). The page's
 *   look on a phone-sized screen is the end-to-end test's (390×844); here the phone is its calls.
 *   The steps are the `it`s below, in order, sharing `s`.
 *
 * Where B still needs something that is not a configured endpoint, it is said at the step:
 * - B's database is what `npm run migrate` makes, plus its customer written in SQL: a verified
 *   member company, its 管理员 and its 财务 (tests/setup/production.ts `customer`). The platform's
 *   review of a company has no production surface, and the membership's payment is another flow.
 * - The platform's review of the task: no production endpoint (the sandbox's operator page is the
 *   only caller of reviewTask); the test calls reviewTask on B's database, as that operator would.
 * - Money into the company account: the company's bank transfer is the test's, at A's channel
 *   (POST /sandbox/payout-channel/ops/transfers, the 充值单号 in the remark), addressed to B's 来账
 *   endpoint — the address a real channel keeps in the merchant's settings, which the sandbox
 *   takes with each transfer. A's channel notifies B over HTTP (signed); B credits it.
 * - The batch pays: B's payout-submit job sends the confirmed row to A's channel over HTTP
 *   (PAYOUT_CHANNEL_URL, signed); A's operator presses 成功 (the test's POST to the order's result,
 *   as the operator page's button does) and A calls back B's /ent/v3/payout/notify over HTTP,
 *   which B's payout-result job applies.
 * - TRUST_PROXY is the default, one hop (http/trust-proxy.ts: Fastify 5 alone would trust none, and
 *   the evidence would hold the balancer's address): the phone's X-Forwarded-For is the client.
 * - A's STS and VOD sandboxes record each credential and upload against their own database's users
 *   and companies (foreign keys): B's first company and users have ids A's demo seed also holds, or
 *   AssumeRole at A would fail. A limit of the sandboxes, not of B.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import RPCClient from '@alicloud/pop-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../contract/envelope';
import { BatchDetail } from '../contract/payouts';
import { SignEvidenceData, VerifyData } from '../contract/sign-evidence';
import { StsData } from '../contract/upload';
import { InviteData, WorkerRecordsData } from '../contract/worker';
import { makeIdCard } from './db/seeds/dimission';
import { reviewTask } from './domain/employment';
import { MSG_OWN_BATCH } from './domain/payouts/approval';
import { checkLedger } from './domain/payouts/ledger';
import { PAYOUT_CHANNEL_SANDBOX_PATH } from './sandbox/payout-channel';
import { SANDBOX_BUCKET } from './sandbox/cloud';
import { dateAfter, fmtDate } from './lib/time';
import { call, useTestServer, type Env } from '../../tests/setup/server';
import { PROD_SMS, smsGateway, startProductionServer, type ProductionServer } from '../../tests/setup/production';
import { decode, sandboxOss, type Cred } from '../../tests/setup/sandbox-upload';
import { signOnH5 } from '../../tests/setup/esign-h5';

const A = useTestServer();
let B: ProductionServer;
const sms = smsGateway(A);

beforeAll(async () => {
  B = await startProductionServer(A);
}, 120_000);
afterAll(async () => {
  await B?.close();
}, 60_000);

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const until = async (what: () => Promise<boolean>, ms = 30_000) => {
  const t0 = Date.now();
  while (!(await what())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const get = (path: string, token?: string) => call(B.url, 'GET', `/ent/v3${path}`, { token });
const post = (path: string, form: Record<string, string>, token?: string) => call(B.url, 'POST', `/ent/v3${path}`, { form, token });
const ok = <T = Env['data']>(r: { body: Env }) => {
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data as T;
};

/** B's SMS login: the code travels B → sms-send job → A's SendSms gateway, and is read there. */
async function login(mobile: string): Promise<string> {
  const { sms: m } = await sms.after(mobile, () => post('/login/code', { mobile }));
  expect(m).toMatchObject({ sign_name: PROD_SMS.signName, template_code: PROD_SMS.codeTemplate });
  return ok<{ token: string }>(await post('/login', { mobile, code: m.template_param.code! })).token;
}

/** The phone: keeps the cookies B sets (path-scoped), sends a phone's UA through the balancer. */
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';
const PHONE_IP = '203.0.113.77';
function phone(token: string) {
  const jar = new Map<string, string>();
  const base = `/ent/v3/worker/invite/${token}`;
  const send = async (method: string, path: string, form?: Record<string, string>) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const r = await call<Env>(B.url, method, base + path, {
      form,
      headers: { 'user-agent': UA, 'x-forwarded-for': PHONE_IP, ...(cookie ? { cookie } : {}) },
    });
    const set = r.headers.get('set-cookie');
    if (set) {
      const [kv] = set.split(';');
      jar.set(kv!.split('=')[0]!, kv!.slice(kv!.indexOf('=') + 1));
    }
    return r;
  };
  return {
    view: async () => envelope(InviteData).parse((await send('GET', '')).body).data,
    get: (path: string) => send('GET', path),
    post: (path: string, form: Record<string, string> = {}) => send('POST', path, form),
  };
}

/** The link of the 签约短信 the worker received: B's PUBLIC_ORIGIN, the invitation's page. */
const inviteToken = (text: string) => {
  const m = new RegExp(`${B.url.replace(/[.:/]/g, '\\$&')}/m/flex/w/([\\w-]+)`).exec(text);
  expect(m, text).not.toBeNull();
  return m![1]!;
};

const WORKER = { name: '骆知远', mobile: '13966307001', cert_no: makeIdCard('330106', '1994-03-18', 517), bank_card: '6222021202041234569' };
/** a person whose ID number the authority (A's e签宝) holds under another name */
const IMPOSTOR = { name: '龚立', mobile: '13966307002', cert_no: makeIdCard('330106', '1990-08-02', 341) };
const PDF = Buffer.from(`%PDF-1.4\n%灵活用工服务协议 v1\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

const s = {} as {
  hr: string;
  taskId: number;
  mediaId: string;
  objectKey: string;
  agreementId: number;
  token: string;
  rowId: number;
  verifyId: string;
  batchId: number;
  signFlowId: string;
  /** the worker's phone, its session open */
  phone: ReturnType<typeof phone>;
};

describe('production profile: providers at their sandboxes over HTTP (issue 29, done when 1)', () => {
  it('HR logs in by SMS, publishes a task asking for a signature and 实名认证, uploads its agreement through STS, VOD and the object store', async () => {
    s.hr = await login(B.customer.admin.mobile);
    // the code left through the durable job, not inline; the queue holds it sealed
    const jobs = await B.db.query<{ data: string }>(`SELECT data::text AS data FROM ${B.config.jobsSchema}.job WHERE name = 'sms-send'`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).not.toContain(B.customer.admin.mobile);
    const today = fmtDate(new Date());
    const saved = ok<{ id: number; status: string }>(
      await post(
        '/employment/task/save',
        {
          action: 'submit',
          name: '仓储夜班理货',
          category: '*现代服务*市场推广服务',
          description: '夜间到货清点、上架与系统录入，每班6小时。',
          standard: '每班提交理货记录',
          work_mode: 'offline',
          address: '杭州市余杭区仓前街道文一西路1218号',
          start_date: dateAfter(new Date(), 1),
          end_date: dateAfter(new Date(), 20),
          signup_deadline: dateAfter(new Date(), 5),
          headcount: '3',
          pay_amount: '18000',
          pay_unit: 'day',
          settle_mode: 'per_day',
          need_sign: '1',
        },
        s.hr,
      ),
    );
    s.taskId = saved.id;
    expect(saved.status).toBe('review');
    // NOT AN ENDPOINT: the platform's review of a task has no production surface (only the
    // sandbox's operator page calls reviewTask); done on B's database as that operator would
    await reviewTask(B.db, s.taskId, 'pass', '', new Date());
    const task = ok<{ status: string; need_sign: boolean; settings: { need_realname: boolean } }>(await get(`/employment/task/${s.taskId}`, s.hr));
    expect(task).toMatchObject({ status: 'recruiting', need_sign: true, settings: { need_realname: true } });

    // the console's upload engine, step by step: STS credentials from B (AssumeRole at A's STS),
    // CreateUploadAttachedMedia at the VOD endpoint they name, the claim, the object where VOD
    // said (A's object store), the registration (B asks A's VOD with its own key)
    const sts = StsData.parse(ok(await get('/upload/sts', s.hr)));
    expect(sts.VodEndpoint).toBe(`${A.url}/sandbox/vod`);
    const vod = new RPCClient({
      accessKeyId: sts.AccessKeyId,
      accessKeySecret: sts.AccessKeySecret,
      securityToken: sts.SecurityToken,
      endpoint: sts.VodEndpoint!,
      apiVersion: '2017-03-21',
    });
    const created = await vod.request<{ MediaId: string; UploadAddress: string; UploadAuth: string }>('CreateUploadAttachedMedia', {
      BusinessType: 'material',
      MediaExt: 'pdf',
      Title: '灵活用工服务协议',
      FileSize: PDF.length,
      RegionId: sts.RegionId,
    });
    s.mediaId = created.MediaId;
    expect(ok<{ status: string }>(await post('/upload/media/claim', { media_id: s.mediaId, kind: 'attached' }, s.hr)).status).toBe('Uploading');
    const address = decode<{ Bucket: string; FileName: string }>(created.UploadAddress);
    s.objectKey = address.FileName;
    await sandboxOss(A, decode<Cred>(created.UploadAuth), address.Bucket).put(address.FileName, PDF);
    expect(ok<{ status: string }>(await post('/upload/media/register', { media_id: s.mediaId, kind: 'attached' }, s.hr)).status).toBe('Normal');

    const agreement = ok<{ id: number; version: number; current: boolean }>(
      await post(`/employment/task/${s.taskId}/agreement`, { name: '灵活用工服务协议', media_id: s.mediaId, effective_date: today }, s.hr),
    );
    expect(agreement).toMatchObject({ version: 1, current: true });
    s.agreementId = agreement.id;
    // the hash taken at save is of the bytes read back from A's store (B keeps no object of its own)
    expect((await B.db.one<{ sha256: string }>('SELECT sha256 FROM flex_agreements WHERE id = $1', [s.agreementId]))!.sha256).toBe(sha(PDF));
    expect(await B.db.one('SELECT 1 FROM oss_objects WHERE object_key = $1', [s.objectKey])).toBeUndefined();
    expect(await A.db.one('SELECT 1 FROM oss_objects WHERE bucket = $1 AND object_key = $2', [SANDBOX_BUCKET, s.objectKey])).toBeTruthy();
  });

  it('实名认证 at e签宝: a person whose ID number the authority holds under another name is refused', async () => {
    // A's authority: this ID number belongs to someone else
    expect((await call(A.url, 'POST', '/sandbox/esign/identities', { form: { id_no: IMPOSTOR.cert_no, name: '龚丽华' } })).status).toBe(200);
    const { result: added, sms: invite } = await sms.after(IMPOSTOR.mobile, () => post(`/employment/task/${s.taskId}/workers`, IMPOSTOR, s.hr));
    ok(added);
    expect(invite.template_code).toBe(PROD_SMS.noticeTemplate);
    const p = phone(inviteToken(invite.template_param.content!));
    const { sms: code } = await sms.after(IMPOSTOR.mobile, () => p.post('/code'));
    ok(await p.post('/verify', { code: code.template_param.code! }));
    const refused = await p.post('/realname', { name: IMPOSTOR.name, id_no: IMPOSTOR.cert_no });
    expect(refused.body).toMatchObject({ code: 400, msg: '姓名与身份证号不一致，认证失败' });
    expect((await p.view()).step).toBe('realname');
    // the provider said so: A's e签宝 was asked (masked in its list), B kept the answer
    const asked = (await call<{ list: { code: number; verify_id: string }[] }>(A.url, 'GET', '/sandbox/esign/checks')).body.list[0]!;
    expect(asked.code).not.toBe(0);
    expect(
      await B.db.one<{ provider: string; result: string; verify_id: string }>(
        `SELECT provider, result, verify_id FROM realname_checks WHERE task_worker_id = (SELECT id FROM flex_task_workers WHERE invite_token = $1)`,
        [inviteToken(invite.template_param.content!)],
      ),
    ).toEqual({ provider: 'esign', result: 'inconsistent', verify_id: asked.verify_id });
  });

  it('the worker: the 签约短信, the SMS check, 实名认证, the agreement from the store, the intent code, the signature, the delivery', async () => {
    expect((await call(A.url, 'POST', '/sandbox/esign/identities', { form: { id_no: WORKER.cert_no, name: WORKER.name, mobile: WORKER.mobile } })).status).toBe(
      200,
    );
    const { result: added, sms: invite } = await sms.after(WORKER.mobile, () => post(`/employment/task/${s.taskId}/workers`, WORKER, s.hr));
    expect(added.body).toMatchObject({ code: 200, msg: '人员已添加，已发送签约短信' });
    expect(invite.template_param.content).toContain('请点击完成签约');
    s.token = inviteToken(invite.template_param.content!);
    const row = ok<{ list: { id: number; name: string; invite_url: string }[] }>(await get(`/employment/task/${s.taskId}/workers`, s.hr)).list.find(
      (w) => w.name === WORKER.name,
    )!;
    expect(row.invite_url).toBe(`/m/flex/w/${s.token}`);
    s.rowId = row.id;

    const p = (s.phone = phone(s.token));
    expect(await p.view()).toMatchObject({ step: 'verify', mobile_mask: '139****7001', agreement: null });
    const { result: sent, sms: code } = await sms.after(WORKER.mobile, () => p.post('/code'));
    expect(sent.body.msg).toBe('验证码已发送至139****7001');
    expect(code.template_code).toBe(PROD_SMS.codeTemplate);
    expect(ok(await p.post('/verify', { code: code.template_param.code! }))).toMatchObject({ step: 'realname', verified: true });

    const real = await p.post('/realname', { name: WORKER.name, id_no: WORKER.cert_no });
    expect(real.body).toMatchObject({ code: 200, msg: '实名认证成功', data: { step: 'sign' } });
    const asked = (await call<{ list: { code: number; verify_id: string }[] }>(A.url, 'GET', '/sandbox/esign/checks')).body.list[0]!;
    expect(asked.code).toBe(0);
    s.verifyId = asked.verify_id;
    // the agreement the phone reads: a GetObject link signed with B's key, on A's object store
    const agreement = real.body.data.agreement as { id: number; url: string };
    expect(agreement.id).toBe(s.agreementId);
    expect(agreement.url.startsWith(`${A.url}/`)).toBe(true);
    expect(Buffer.compare(Buffer.from(await (await fetch(agreement.url)).arrayBuffer()), PDF)).toBe(0);

    // intent: a code of its own, sent at signing; then the flow at A's e签宝, whose H5 page the
    // phone signs on with e签宝's own code, and which calls back B (timestamped by A's TSA)
    const { sms: intent } = await sms.after(WORKER.mobile, () => p.post('/sign-code'));
    const started = await p.post('/sign', { agreement_id: String(s.agreementId), agree: '1', code: intent.template_param.code! });
    expect(started.body).toMatchObject({ code: 200, msg: '请在 e签宝 签署页面完成签署', data: { step: 'signing', sign_status: 'pending' } });
    const signUrl = started.body.data.sign_url as string;
    expect(signUrl.startsWith(`${A.url}/sandbox/esign/h5/sign/`)).toBe(true);
    const flow = (await A.db.one<{ sign_flow_id: string; notify_url: string; redirect_url: string; signer_name: string }>(
      'SELECT sign_flow_id, notify_url, redirect_url, signer_name FROM sandbox_esign_flows ORDER BY created_at DESC LIMIT 1',
    ))!;
    expect(flow).toMatchObject({ notify_url: `${B.url}/notify/esign`, redirect_url: `${B.url}/m/flex/w/${s.token}`, signer_name: WORKER.name });
    s.signFlowId = flow.sign_flow_id;
    const { back } = await signOnH5(signUrl, WORKER.mobile);
    expect(back).toBe(`${B.url}/m/flex/w/${s.token}`);
    // A's callback reaches B over HTTP and is taken (2xx); the page shows the result
    await expect
      .poll(
        async () =>
          (await A.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM sandbox_esign_callbacks WHERE sign_flow_id = $1 AND last_status = 200`, [
            flow.sign_flow_id,
          ]))!.n,
        {
          timeout: 15_000,
          interval: 100,
        },
      )
      .toBe(2);
    expect(await p.view()).toMatchObject({ step: 'deliver', sign_status: 'signed', work_status: 'working' });
    expect((await p.post('/deliver', { note: '首周夜班理货记录已上传' })).body).toMatchObject({
      code: 200,
      data: { step: 'delivered', work_status: 'delivered' },
    });
  });

  it('HR accepts; the top-up arrives as the channel’s 来账; the batch is confirmed under four eyes with the code sent by SMS, sent to the channel and paid; the worker’s records show it', async () => {
    const { result: accepted, sms: notice } = await sms.after(WORKER.mobile, () =>
      post(`/employment/task-worker/${s.rowId}/action`, { action: 'accept' }, s.hr),
    );
    ok(accepted);
    expect(notice.template_param.content).toContain('已通过验收');

    const draft = BatchDetail.parse(ok(await post('/payout/batch', { task_id: String(s.taskId) }, s.hr)));
    expect(draft).toMatchObject({ status: 'draft', head_count: 1, gross: 18_000 });
    s.batchId = draft.id;
    const batch = BatchDetail.parse(ok(await post(`/payout/batch/${s.batchId}/action`, { action: 'submit' }, s.hr)));
    expect(batch.status).toBe('unpaid');

    // money in: HR's bank-transfer top-up, its number in the transfer's remark; the company's bank
    // pays it into the platform account at A's channel, which notifies B's 来账 address over HTTP
    const balance = async () => ok<{ balance: number }>(await get('/payout/account', s.hr)).balance;
    expect(await balance()).toBe(0);
    const topup = ok<{ id: number; order_no: string }>(await post('/payout/topup', { amount: String(batch.debit) }, s.hr));
    const transfer = (amount: number) =>
      call<{ payload: { transfer_no: string }; answers: { status: number; answer: Env }[] }>(A.url, 'POST', `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/transfers`, {
        form: {
          amount: String(amount),
          payer_name: '杭州禾川供应链管理有限公司',
          payer_account: '3301040160001234567',
          remark: `${topup.order_no} 灵活用工充值`,
          notify_url: `${B.url}/ent/v3/payout/transfer-notify`,
        },
      });
    // a transfer of another amount first: kept unmatched, credits nothing
    const short = await transfer(batch.debit - 100);
    expect(short.body.answers[0]).toMatchObject({ status: 200, answer: { code: 200, data: { state: 'unmatched' } } });
    expect(await balance()).toBe(0);
    const paidIn = await transfer(batch.debit);
    expect(paidIn.body.answers[0]).toMatchObject({ status: 200, answer: { code: 200, msg: '已入账', data: { state: 'credited' } } });
    expect(await balance()).toBe(batch.debit);
    expect(await B.db.query('SELECT transfer_no, state FROM payout_transfers ORDER BY received_at')).toEqual([
      { transfer_no: short.body.payload.transfer_no, state: 'unmatched' },
      { transfer_no: paidIn.body.payload.transfer_no, state: 'credited' },
    ]);

    // four eyes: the submitter (管理员) may not approve, refused before any SMS; the 财务 does, with her code
    expect((await post(`/payout/batch/${s.batchId}/code`, {}, s.hr)).body).toMatchObject({ code: 403, msg: MSG_OWN_BATCH });
    const { mobile } = B.customer.finance;
    const approver = await login(mobile);
    const { sms: code } = await sms.after(mobile, () => post(`/payout/batch/${s.batchId}/code`, {}, approver));
    expect(code.template_code).toBe(PROD_SMS.codeTemplate);
    const confirmed = await post(`/payout/batch/${s.batchId}/confirm`, { code: code.template_param.code! }, approver);
    expect(confirmed.body).toMatchObject({ code: 200, data: { status: 'paying', duplicate: false } });
    expect(await balance()).toBe(0);
    expect(await checkLedger(B.db, B.customer.companyId)).toEqual([]);
    const rows = BatchDetail.parse(ok(await get(`/payout/batch/${s.batchId}`, s.hr))).rows;
    expect(rows.map((r) => r.status)).toEqual(['paying']);

    // the worker's 发放记录 on the phone (its session still open): 发放中
    const records = async () => envelope(WorkerRecordsData).parse((await s.phone.get('/records')).body).data;
    expect((await records()).agreement).toMatchObject({ name: '灵活用工服务协议', version: 1 });
    expect((await records()).payouts).toEqual([expect.objectContaining({ amount: 18_000, status: 'paying' })]);

    // the batch pays: B's payout-submit job sends the row to A's channel over HTTP (signed) …
    const row = (await B.db.one<{ channel_no: string; net: number }>('SELECT channel_no, net::int AS net FROM payout_rows WHERE batch_id = $1', [s.batchId]))!;
    type Order = { out_trade_no: string; order_id: string; amount: number; payee_name: string; account_mask: string; status: string; notify_url: string };
    const orderAtA = async () =>
      (await call<{ list: Order[] }>(A.url, 'GET', `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/orders`)).body.list.find((o) => o.out_trade_no === row.channel_no);
    await until(async () => (await orderAtA()) !== undefined);
    const order = (await orderAtA())!;
    expect(order).toMatchObject({
      amount: row.net,
      payee_name: WORKER.name,
      account_mask: '****4569',
      status: 'processing',
      notify_url: `${B.url}/ent/v3/payout/notify`,
    });
    await until(async () => !!(await B.db.one('SELECT 1 FROM payout_rows WHERE channel_no = $1 AND channel_order_id = $2', [row.channel_no, order.order_id])));
    // … A's operator sees it paid (成功) and A's channel calls back B over HTTP; B's payout-result
    // job applies it, and the worker hears of the money by SMS
    const { result: called } = await sms.after(WORKER.mobile, () =>
      call<{ status: number; answer: Env }>(A.url, 'POST', `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops/orders/${row.channel_no}/result`, {
        form: { result: 'success' },
      }),
    );
    expect(called.body).toMatchObject({ status: 200, answer: { code: 200, data: { applied: false, queued: true } } });
    const detail = BatchDetail.parse(ok(await get(`/payout/batch/${s.batchId}`, s.hr)));
    expect([detail.status, ...detail.rows.map((r) => r.status)]).toEqual(['done', 'success']);
    expect(await balance()).toBe(0);
    expect(await checkLedger(B.db, B.customer.companyId)).toEqual([]);
    const paid = (await records()).payouts;
    expect(paid).toEqual([expect.objectContaining({ amount: 18_000, status: 'success', receipt_no: expect.stringMatching(/^HD\d{18}$/) })]);
  });

  it('HR’s 签署证据 shows every item, each check made now', async () => {
    const e = envelope(SignEvidenceData).parse((await get(`/employment/task-worker/${s.rowId}/evidence`, s.hr)).body).data;
    expect(e).toMatchObject({
      task: { id: s.taskId, name: '仓储夜班理货' },
      signer: { name: WORKER.name, id_mask: expect.stringMatching(/^330106\*+\d{3}[\dX]$/), mobile_mask: '139****7001' },
      agreement: { id: s.agreementId, name: '灵活用工服务协议', version: 1, sha256: sha(PDF) },
      realname: { provider: 'e签宝', method: '个人二要素（姓名 + 身份证号）', result: '一致', verify_id: s.verifyId },
      intent: { method: '短信验证码', mobile_mask: '139****7001' },
      ip: PHONE_IP,
      user_agent: UA,
      sign_flow: { provider: 'e签宝', sign_flow_id: s.signFlowId },
      checks: { agreement_file: { ok: true }, record: { ok: true }, timestamp: { ok: true }, signed_file: { ok: true } },
    });
    expect(e.agreement.file_name).toMatch(/\.pdf$/i);
    // the signed file e签宝 (A) delivered, kept by B: another hash than the agreement's
    const signedPdf = Buffer.from(ok<{ content_base64: string }>(await get(`/employment/sign-evidence/${e.id}/signed-file`, s.hr)).content_base64, 'base64');
    expect(sha(signedPdf)).toBe(e.sign_flow!.signed_sha256);
    expect(sha(signedPdf)).not.toBe(sha(PDF));
    expect(signedPdf.subarray(0, PDF.length).equals(PDF)).toBe(true);
    expect(e.intent.sent_at <= e.intent.verified_at).toBe(true);
    // the timestamp is A's TSA's (the last serial of its sequence), verified against TSA_CERT_FILE;
    // B made no TSA key of its own
    expect(e.timestamp.serial).toMatch(/^[0-9a-f]+$/i);
    expect(BigInt(`0x${e.timestamp.serial}`)).toBe(BigInt((await A.db.one<{ n: string }>('SELECT last_value::text AS n FROM sandbox_tsa_serial'))!.n));
    expect(await B.db.one('SELECT 1 FROM sandbox_tsa_keys')).toBeUndefined();
    expect(e.timestamp.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(e.timestamp.tsa).toBeTruthy();
    const stored = (await B.db.one<{ record: string }>('SELECT record FROM sign_evidence WHERE id = $1', [e.id]))!;
    expect(sha(stored.record)).toBe(e.record_sha256);
    expect(JSON.parse(stored.record)).toMatchObject({ agreement: { sha256: sha(PDF) }, client: { ip: PHONE_IP, user_agent: UA } });
    // the public check knows the record and the original
    const verify = async (hash: string) => envelope(VerifyData).parse((await get(`/verify/signed?sha256=${hash}`)).body).data;
    expect(await verify(e.record_sha256)).toMatchObject({ found: true, kind: 'record', timestamp_ok: true });
    expect(await verify(sha(PDF))).toMatchObject({ found: true, kind: 'agreement', signed_count: 1 });
    expect(await verify(sha(signedPdf))).toMatchObject({ found: true, kind: 'signed', timestamp_ok: true });
  });

  it('one byte of the agreement changed in the store B reads: the file check fails, the changed file is unknown, the original still found', async () => {
    const file = (await A.db.one<{ file_path: string }>('SELECT file_path FROM oss_objects WHERE bucket = $1 AND object_key = $2', [
      SANDBOX_BUCKET,
      s.objectKey,
    ]))!.file_path;
    const original = await readFile(file);
    expect(sha(original)).toBe(sha(PDF));
    const changed = Buffer.from(original);
    changed[20] = changed[20]! ^ 1;
    await writeFile(file, changed);

    const e = envelope(SignEvidenceData).parse((await get(`/employment/task-worker/${s.rowId}/evidence`, s.hr)).body).data;
    expect(e.checks.agreement_file.ok).toBe(false);
    expect(e.checks.agreement_file.detail).toContain('协议文件已被修改');
    expect(e.checks.record.ok).toBe(true);
    expect(e.checks.timestamp.ok).toBe(true);
    const verify = async (hash: string) => envelope(VerifyData).parse((await get(`/verify/signed?sha256=${hash}`)).body).data;
    expect(await verify(sha(changed))).toMatchObject({ found: false });
    expect(await verify(sha(original))).toMatchObject({ found: true, kind: 'agreement' });
  });
});

/**
 * SMS sending as a durable job (jobs/sms.ts) against the SendSms sandbox, which verifies the
 * provider's signature: the request answers once the job is enqueued in its transaction; a
 * throttled provider is retried with backoff until the code arrives; the queue never holds a
 * plain mobile or code; a rolled-back transaction leaves no job; notices go through the notice
 * template.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { aliyunSms, installSmsSender, type AliyunSmsConfig } from '../adapters/sms';
import { buildServer } from '../app';
import { sealPii } from '../lib/pii';
import { SANDBOX_SMS_KEY } from '../sandbox/dysms';
import { installJobs, startJobs, type JobDef, type Jobs } from '.';
import { enqueueSmsNotice, smsJob } from './sms';
import { submittedBatch } from '../../../tests/setup/payout-batch';
import { confirmBatch, sendBatchCode } from '../domain/payouts/confirm';
import { post } from '../domain/payouts/ledger';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let jobs: Jobs;
const schema = `pgboss_sms_${randomBytes(4).toString('hex')}`;
let cfg: AliyunSmsConfig;

beforeAll(async () => {
  s = await startTestServer();
  cfg = {
    endpoint: `${s.url}/sandbox/dysms/`,
    ...SANDBOX_SMS_KEY,
    signName: '企业服务平台',
    templateCode: 'SMS_465880123',
    noticeTemplateCode: 'SMS_465880999',
  };
  installSmsSender(aliyunSms(cfg));
  jobs = await startJobs({ db: s.db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1 }, [smsJob as JobDef<never>]);
  await jobs.work();
  installJobs(jobs);
}, 120_000);
afterAll(async () => {
  installJobs(null);
  installSmsSender(null);
  await jobs?.stop(2000).catch(() => undefined);
  if (s?.db.kind === 'pg') await s.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await s?.close();
}, 60_000);

interface Sent {
  mobile: string;
  template_code: string;
  template_param: Record<string, string>;
}
const outbox = async () => (await call<{ list: Sent[] }>(s.url, 'GET', '/sandbox/dysms/outbox')).body.list;
const until = async <T>(what: () => Promise<T | undefined>, ms = 60_000): Promise<T> => {
  const t0 = Date.now();
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('sms-send job', () => {
  it('a login code goes out through the job; a throttled provider is retried with backoff; the queue holds no plain number', async () => {
    const app = await buildServer({ db: s.db, sandbox: false, staticDir: null });
    try {
      expect((await call(s.url, 'POST', '/sandbox/dysms/faults', { form: { unavailable: '2' } })).status).toBe(200);
      const mobile = '13955550001';
      const r = await app.inject({ method: 'POST', url: '/ent/v3/login/code', payload: `mobile=${mobile}`, headers: form });
      expect(r.json().code).toBe(200);
      const sent = await until(async () => (await outbox()).find((m) => m.mobile === mobile));
      expect(sent.template_code).toBe('SMS_465880123');
      const rows = await s.db.query<{ state: string; retry_count: number; data: string }>(
        `SELECT state, retry_count, data::text AS data FROM ${schema}.job WHERE name = 'sms-send'`,
      );
      expect(rows).toHaveLength(1);
      // two refusals, then the third try delivered
      expect(rows[0]!.retry_count).toBe(2);
      expect(rows[0]!.data).not.toContain(mobile);
      expect(rows[0]!.data).not.toContain(sent.template_param.code);
      const login = await app.inject({ method: 'POST', url: '/ent/v3/login', payload: `mobile=${mobile}&code=${sent.template_param.code}`, headers: form });
      expect(login.json().code).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('a notice enqueued in a transaction that rolls back is never sent; a committed one is, with the notice template', async () => {
    const gone = sealPii('mobile', '13955550002');
    const kept = sealPii('mobile', '13955550003');
    await expect(
      s.db.tx(async (t) => {
        await enqueueSmsNotice(t, gone.enc, '【测试】不应发出');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await s.db.tx((t) => enqueueSmsNotice(t, kept.enc, '【测试】请于周五前完成交接。'));
    const sent = await until(async () => (await outbox()).find((m) => m.mobile === '13955550003'));
    expect(sent).toMatchObject({ template_code: 'SMS_465880999', template_param: { content: '【测试】请于周五前完成交接。' } });
    // the queue holds the text sealed: a notice may carry a link to a person's document (issue 28 item 2)
    const jobs = await s.db.query<{ data: string }>(`SELECT data::text AS data FROM ${schema}.job WHERE name = 'sms-send'`);
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(j.data).not.toContain('请于周五前');
    // the worker is idle well past the rolled-back one's chance to run
    await new Promise((r) => setTimeout(r, 1500));
    expect((await outbox()).filter((m) => m.mobile === '13955550002')).toEqual([]);
  }, 120_000);

  it('a 确认发放 code reaches the approver through the job (before, it was only ever written to the sandbox outbox)', async () => {
    const u = (await s.db.one<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))!;
    const f = (await s.db.one<{ id: number; mobile_enc: string }>('SELECT id, mobile_enc FROM users WHERE mobile_bidx = $1', [mobileIndex('13905710007')]))!;
    const by = { companyId: u.company_id, userId: u.id, actor: '测试', ip: '127.0.0.1' };
    const id = await submittedBatch(s.db, by, 3_000, { task: '短信任务', worker: '王短信', mobile: '13912340999', certNo: '11010519491231003X' });
    const sent = await sendBatchCode(s.db, { companyId: u.company_id, batchId: id, userId: f.id, mobileEnc: f.mobile_enc }, new Date(), { sandbox: false });
    expect(sent.mobile).toBe('139****0007');
    const got = await until(async () => (await outbox()).find((m) => m.mobile === '13905710007'));
    expect(got.template_code).toBe('SMS_465880123');
    // the code that arrived confirms the batch (no sandbox outbox involved)
    expect(
      await s.db.one('SELECT 1 FROM sandbox_payout_sms_outbox WHERE batch_no = (SELECT batch_no FROM payout_batches WHERE id = $1)', [id]),
    ).toBeUndefined();
    await s.db.tx((t) => post(t, u.company_id, 'topup', 10_000, { batch_id: null, row_id: null, ref_no: 'TEST-SMS', remark: '测试充值' }, new Date()));
    const confirm = (code: string) => confirmBatch(s.db, { ...by, userId: f.id, actor: '周婷', batchId: id, code, mobileEnc: f.mobile_enc }, new Date());
    await expect(confirm(got.template_param.code === '000000' ? '111111' : '000000')).rejects.toThrow('验证码错误');
    expect((await confirm(got.template_param.code!)).status).toBe('paying');
  }, 120_000);
});

/**
 * Signing through e签宝's signing flow (issue 29 item 2), the demo's default, over real HTTP against
 * PGlite: our intent code, the flow at the e签宝 sandbox (reached over HTTP like a provider), the
 * phone on e签宝's H5 page with e签宝's own code, e签宝's signed callback back to POST
 * /notify/esign — and the evidence with both hashes, the signed PDF kept and checkable with openssl.
 * Then what can go wrong: a double tap, callbacks late, repeated, out of order or for a flow that is
 * not ours, forged or stale; the TSA down when the callback comes; 拒签 and 过期 at e签宝; e签宝
 * down when the flow is made.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { SignEvidenceData, VerifyData } from '../../contract/sign-evidence';
import { notifyHeaders } from '../adapters/esign-flows';
import { makeIdCard } from '../db/seeds/dimission';
import { MSG_SIGN_DOWN } from '../domain/employment/sign-evidence';
import { MSG_LINK_DOWN } from '../domain/employment/sign-flow';
import { SANDBOX_ESIGN_KEY } from '../sandbox/esign';
import { signatureOf } from '../sandbox/esign-pdf';
import { call, demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { signOnH5 } from '../../../tests/setup/esign-h5';
import { workerInvites } from '../../../tests/setup/worker-invite';

const s = useTestServer({ trustProxy: true });
const { get } = entCalls(s);
let member: string, c1: number;
beforeAll(async () => {
  ({ member, c1 } = await demoAccounts(s));
});
const w = workerInvites(
  s,
  () => member,
  () => c1,
);

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.49';
const evidence = async (rowId: number) => envelope(SignEvidenceData).parse((await get(`/employment/task-worker/${rowId}/evidence`, member)).body).data;
const verify = async (hash: string) => envelope(VerifyData).parse((await call(s.url, 'GET', `/ent/v3/verify/signed?sha256=${hash}`)).body).data;
const hold = (on: boolean) => call(s.url, 'POST', '/sandbox/esign/callbacks', { form: { hold: on ? '1' : '0' } });
const resend = async (flow: string, action: string) =>
  (await call<{ status: number }>(s.url, 'POST', `/sandbox/esign/flows/${flow}/notify`, { form: { action } })).body.status;
const flows = (rowId: number) =>
  s.db.query<{ status: string; sign_flow_id: string | null }>('SELECT status, sign_flow_id FROM esign_sign_flows WHERE task_worker_id = $1 ORDER BY id', [
    rowId,
  ]);
const evidenceRows = async (rowId: number) => (await s.db.query('SELECT id FROM sign_evidence WHERE task_worker_id = $1', [rowId])).length;

/** A person at the sign step of a fresh task. */
async function atSignStep(name: string, mobile: string, certNo: string) {
  const taskId = await w.recruitingTask();
  const { token, rowId } = await w.invite(taskId, { name, mobile, cert_no: certNo });
  const p = await w.verifiedPhone(token, mobile);
  const view = (await p.post('/realname', { name, id_no: certNo })).body.data;
  expect(view.step).toBe('sign');
  const file = (await s.db.one<{ file_path: string }>(
    'SELECT o.file_path FROM flex_agreements a JOIN oss_objects o ON o.bucket = a.bucket AND o.object_key = a.object_key WHERE a.id = $1',
    [view.agreement.id],
  ))!.file_path;
  return { taskId, token, rowId, p, mobile, agreementId: view.agreement.id as number, file };
}
type Person = Awaited<ReturnType<typeof atSignStep>>;

/** Our intent code and the tap on 签署: e签宝's link. */
async function tap(x: Person, code?: string) {
  if (!code) {
    expect((await x.p.post('/sign-code')).body.code).toBe(200);
    code = await w.smsCode(x.mobile);
  }
  return x.p.post('/sign', { agreement_id: String(x.agreementId), agree: '1', code }, { 'user-agent': UA, 'x-forwarded-for': '203.0.113.9' });
}

describe('signing through e签宝’s signing flow', () => {
  it('intent code → flow → e签宝’s H5 page → callback → evidence with the agreement’s hash before and the signed file’s after', async () => {
    const x = await atSignStep('沈一帆', '13966211001', '310115199711204522');
    const original = await readFile(x.file);
    const started = await tap(x);
    expect(started.body).toMatchObject({ code: 200, msg: '请在 e签宝 签署页面完成签署', data: { step: 'signing', sign_status: 'pending' } });
    expect(started.body.data.sign_flow).toMatchObject({ status: 'signing' });
    const url = started.body.data.sign_url as string;
    expect(url).toMatch(new RegExp(`^${s.url}/sandbox/esign/h5/sign/[\\w-]+$`));
    // a double tap (the same code again): the same flow, a fresh link; no second flow anywhere
    const again = await tap(x, await w.smsCode(x.mobile));
    expect(again.body).toMatchObject({ code: 200, data: { step: 'signing' } });
    expect(again.body.data.sign_url).not.toBe(url);
    expect(await flows(x.rowId)).toEqual([{ status: 'signing', sign_flow_id: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    const flowId = (await flows(x.rowId))[0]!.sign_flow_id!;
    // what e签宝 was given: the verified name, ID number and mobile, our page to come back to
    const given = (await s.db.one<{ signer_name: string; signer_id_no: string; signer_mobile: string; redirect_url: string; notify_url: string }>(
      'SELECT signer_name, signer_id_no, signer_mobile, redirect_url, notify_url FROM sandbox_esign_flows WHERE sign_flow_id = $1',
      [flowId],
    ))!;
    expect(given).toEqual({
      signer_name: '沈一帆',
      signer_id_no: '310115199711204522',
      signer_mobile: '13966211001',
      redirect_url: `${s.url}/m/flex/w/${x.token}`,
      notify_url: `${s.url}/notify/esign`,
    });
    // 继续签署: another fresh link to the same flow
    expect((await x.p.post('/sign-url')).body).toMatchObject({ code: 200, data: { sign_url: expect.stringContaining('/sandbox/esign/h5/sign/') } });
    expect((await x.p.view()).step).toBe('signing');
    expect((await x.p.get('/signed-file')).body).toMatchObject({ code: 404, msg: '暂无签署后文件' });

    const { back } = await signOnH5(url, x.mobile, { wrongCodeFirst: true });
    expect(back).toBe(`${s.url}/m/flex/w/${x.token}`);
    const view = await w.settled(x.p);
    expect(view).toMatchObject({ step: 'deliver', sign_status: 'signed', work_status: 'working', sign_flow: null });
    expect(await flows(x.rowId)).toEqual([{ status: 'completed', sign_flow_id: flowId }]);

    const e = await evidence(x.rowId);
    const signedPdf = Buffer.from((await get(`/employment/sign-evidence/${e.id}/signed-file`, member)).body.data.content_base64, 'base64');
    expect(e).toMatchObject({
      agreement: { sha256: sha(original) },
      sign_flow: { provider: 'e签宝', sign_flow_id: flowId, signed_sha256: sha(signedPdf), willingness: 'e签宝 短信验证码' },
      intent: { method: '短信验证码', mobile_mask: '139****1001' },
      ip: '203.0.113.9',
      user_agent: UA,
      checks: { agreement_file: { ok: true }, record: { ok: true }, timestamp: { ok: true }, signed_file: { ok: true } },
    });
    // the worker's own copy (我的协议 → 下载已签署文件): the same bytes
    const mine = (await x.p.get('/records')).body.data as { agreement: { signed_file: { name: string; sha256: string } | null } };
    expect(mine.agreement.signed_file).toEqual({ name: expect.stringMatching(/\.pdf$/), sha256: sha(signedPdf) });
    const copy = (await x.p.get('/signed-file')).body.data as { content_base64: string };
    expect(sha(Buffer.from(copy.content_base64, 'base64'))).toBe(sha(signedPdf));
    // the signed file: the agreement untouched, then e签宝's signature — another hash
    expect(sha(signedPdf)).not.toBe(sha(original));
    expect(signedPdf.subarray(0, original.length).equals(original)).toBe(true);
    const record = JSON.parse((await s.db.one<{ record: string }>('SELECT record FROM sign_evidence WHERE id = $1', [e.id]))!.record);
    expect(record).toMatchObject({
      version: 2,
      agreement: { sha256: sha(original) },
      sign_flow: { provider: 'esign', sign_flow_id: flowId, signed_file_sha256: sha(signedPdf), willingness: 'CODE_SMS' },
      client: { ip: '203.0.113.9', user_agent: UA },
    });

    // the package: the signed PDF beside the original, each checkable without us
    const pkg = (await get(`/employment/sign-evidence/${e.id}/package`, member)).body.data as { content_base64: string };
    const zip = await JSZip.loadAsync(Buffer.from(pkg.content_base64, 'base64'));
    expect(Object.keys(zip.files).sort()).toEqual(
      ['协议原文.pdf', '时间戳机构证书.pem', '校验说明.txt', '签署后文件.pdf', '签署记录.json', '签署记录.tsr'].sort(),
    );
    const dir = await mkdtemp(`${tmpdir()}/flow-evidence-`);
    for (const [name, f] of Object.entries(zip.files)) await writeFile(`${dir}/${name}`, await f.async('nodebuffer'));
    expect(sha(await readFile(`${dir}/签署后文件.pdf`))).toBe(e.sign_flow!.signed_sha256);
    expect(await zip.file('校验说明.txt')!.async('string')).toContain(`应为 ${e.sign_flow!.signed_sha256}`);
    expect(
      execFileSync(
        'openssl',
        ['ts', '-verify', '-token_in', '-in', `${dir}/签署记录.tsr`, '-data', `${dir}/签署记录.json`, '-CAfile', `${dir}/时间戳机构证书.pem`],
        { encoding: 'utf8' },
      ),
    ).toContain('Verification: OK');
    // e签宝's signature inside the signed PDF, over its ByteRange, by the demo e签宝's CA
    const sig = signatureOf(signedPdf)!;
    await writeFile(`${dir}/sig.der`, sig.cms);
    await writeFile(`${dir}/covered.bin`, sig.signed);
    await writeFile(`${dir}/ca.pem`, await (await fetch(`${s.url}/sandbox/esign/ca.pem`)).text());
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        `${dir}/sig.der`,
        '-content',
        `${dir}/covered.bin`,
        '-CAfile',
        `${dir}/ca.pem`,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );

    // the public check knows the signed PDF, the record and the original
    expect(await verify(sha(signedPdf))).toMatchObject({ found: true, kind: 'signed', agreement_name: '灵活用工服务协议', signer: '沈**', timestamp_ok: true });
    expect(await verify(e.record_sha256)).toMatchObject({ found: true, kind: 'record' });
    expect(await verify(sha(original))).toMatchObject({ found: true, kind: 'agreement', signed_count: 1 });
    // signed: no more link, no more flow
    expect((await x.p.post('/sign-url')).body).toMatchObject({ code: 409, msg: '没有进行中的签署，请重新获取验证码签署' });
    expect((await x.p.post('/sign-code')).body.code).toBe(409);
  });

  it('callbacks late, repeated and out of order: the page’s look settles it, each callback after changes nothing', async () => {
    const x = await atSignStep('贺兰', '13966211002', '33010219851212341X');
    expect((await hold(true)).status).toBe(200);
    try {
      const url = (await tap(x)).body.data.sign_url as string;
      await signOnH5(url, x.mobile);
      const flowId = (await flows(x.rowId))[0]!.sign_flow_id!;
      // no callback yet: the page's look asks e签宝 itself
      expect(await w.settled(x.p)).toMatchObject({ step: 'deliver', sign_status: 'signed' });
      expect(await evidenceRows(x.rowId)).toBe(1);
      // then the callbacks, in the wrong order and twice each: taken (2xx), nothing changes
      expect(await resend(flowId, 'SIGN_FLOW_COMPLETE')).toBe(200);
      expect(await resend(flowId, 'SIGN_MISSON_COMPLETE')).toBe(200);
      expect(await resend(flowId, 'SIGN_FLOW_COMPLETE')).toBe(200);
      expect(await evidenceRows(x.rowId)).toBe(1);
    } finally {
      await hold(false);
    }
  });

  it('out of order before anything else: SIGN_FLOW_COMPLETE first settles it, SIGN_MISSON_COMPLETE after is a no-op', async () => {
    const x = await atSignStep('韦青', '13966211003', '420106198808085632');
    await hold(true);
    try {
      await signOnH5((await tap(x)).body.data.sign_url as string, x.mobile);
      const flowId = (await flows(x.rowId))[0]!.sign_flow_id!;
      expect(await resend(flowId, 'SIGN_FLOW_COMPLETE')).toBe(200);
      expect(await flows(x.rowId)).toEqual([{ status: 'completed', sign_flow_id: flowId }]);
      expect(await resend(flowId, 'SIGN_MISSON_COMPLETE')).toBe(200);
      expect(await evidenceRows(x.rowId)).toBe(1);
      expect((await x.p.view()).sign_status).toBe('signed');
    } finally {
      await hold(false);
    }
  });

  it('the TSA down when the callback comes: 503, nothing written; e签宝’s next try completes it', async () => {
    const x = await atSignStep('许清禾', '13966211004', makeIdCard('330106', '1989-11-30', 734));
    await hold(true);
    try {
      await signOnH5((await tap(x)).body.data.sign_url as string, x.mobile);
      const flowId = (await flows(x.rowId))[0]!.sign_flow_id!;
      expect((await call(s.url, 'POST', '/sandbox/tsa/faults', { form: { unavailable: '1' } })).status).toBe(200);
      expect(await resend(flowId, 'SIGN_FLOW_COMPLETE')).toBe(503);
      expect(await evidenceRows(x.rowId)).toBe(0);
      expect(await flows(x.rowId)).toEqual([{ status: 'signing', sign_flow_id: flowId }]);
      expect(await s.db.one<{ sign_status: string }>('SELECT sign_status FROM flex_task_workers WHERE id = $1', [x.rowId])).toEqual({ sign_status: 'pending' });
      expect(await resend(flowId, 'SIGN_FLOW_COMPLETE')).toBe(200);
      expect(await evidenceRows(x.rowId)).toBe(1);
      expect((await evidence(x.rowId)).checks.timestamp.ok).toBe(true);
    } finally {
      await hold(false);
    }
  });

  it('a callback of a flow not ours is taken and ignored; a forged or stale one is refused', async () => {
    const body = JSON.stringify({ action: 'SIGN_FLOW_COMPLETE', timestamp: Date.now(), signFlowId: 'f'.repeat(32), signFlowStatus: '2' });
    const post = (headers: Record<string, string>, b = body) => fetch(`${s.url}/notify/esign`, { method: 'POST', headers, body: b });
    const url = `${s.url}/notify/esign`;
    const unknown = await post(notifyHeaders(SANDBOX_ESIGN_KEY, url, body, new Date()));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ code: '200', msg: 'success' });
    expect((await post(notifyHeaders({ ...SANDBOX_ESIGN_KEY, appSecret: 'forged' }, url, body, new Date()))).status).toBe(401);
    expect((await post(notifyHeaders(SANDBOX_ESIGN_KEY, url, body, new Date(Date.now() - 25 * 3600_000)))).status).toBe(401);
    const h = notifyHeaders(SANDBOX_ESIGN_KEY, url, body, new Date());
    expect((await post(h, body.replace('"2"', '"7"'))).status).toBe(401);
  });

  it('拒签 and 过期 at e签宝 leave the person 待签署, the page says why; a new code signs again', async () => {
    const x = await atSignStep('温言', '13966211005', makeIdCard('440305', '1993-07-07', 127));
    await signOnH5((await tap(x)).body.data.sign_url as string, x.mobile, { refuse: true });
    const refused = await w.settled(x.p);
    expect(refused).toMatchObject({ step: 'sign', sign_status: 'pending', sign_flow: { status: 'refused', note: expect.stringContaining('拒绝签署') } });
    expect(await evidenceRows(x.rowId)).toBe(0);

    await s.db.query(`UPDATE sms_codes SET sent_at = sent_at - interval '2 minutes' WHERE purpose = 'sign'`);
    expect((await tap(x)).body.data.step).toBe('signing');
    const second = (await flows(x.rowId))[1]!.sign_flow_id!;
    expect((await call(s.url, 'POST', `/sandbox/esign/flows/${second}/expire`)).status).toBe(200);
    expect(await w.settled(x.p)).toMatchObject({ step: 'sign', sign_flow: { status: 'expired' } });
    expect((await flows(x.rowId)).map((f) => f.status)).toEqual(['refused', 'expired']);

    await s.db.query(`UPDATE sms_codes SET sent_at = sent_at - interval '2 minutes' WHERE purpose = 'sign'`);
    expect((await w.signWithCode(x.p, x.agreementId, x.mobile)).body.data).toMatchObject({ step: 'deliver', sign_status: 'signed' });
    expect(await evidenceRows(x.rowId)).toBe(1);
  });

  it('while a flow is open: 拒绝签署 belongs to e签宝’s page; a newer version withdraws the flow at e签宝 and is read first', async () => {
    const x = await atSignStep('陆遥', '13966211007', makeIdCard('330106', '1992-04-01', 418));
    expect((await tap(x)).body.data.step).toBe('signing');
    expect((await x.p.post('/refuse')).body).toMatchObject({ code: 409, msg: '签署进行中，请在 e签宝 签署页面拒绝签署' });
    const flowId = (await flows(x.rowId))[0]!.sign_flow_id!;
    // e签宝 cannot give a link now: the flow stays, 继续签署 later
    expect((await call(s.url, 'POST', '/sandbox/esign/faults', { form: { unavailable: '1' } })).status).toBe(200);
    expect((await x.p.post('/sign-url')).body).toMatchObject({ code: 503, msg: MSG_LINK_DOWN });
    expect(await flows(x.rowId)).toEqual([{ status: 'signing', sign_flow_id: flowId }]);
    // HR saves version 2, in effect today
    const path = `${await mkdtemp(`${tmpdir()}/v2-`)}/a.pdf`;
    const v2 = Buffer.from('%PDF-1.4\n%agreement v2\n%%EOF\n');
    await writeFile(path, v2);
    const media = `W${Math.random().toString(36).slice(2, 14)}`;
    const key = `attached/material/${media}.pdf`;
    const hr = (await s.db.one<{ id: number }>(`SELECT user_id AS id FROM media ORDER BY created_at DESC LIMIT 1`))!.id;
    await s.db.query(
      `INSERT INTO media (media_id, kind, company_id, user_id, title, file_name, file_size, bucket, object_key, status)
       VALUES ($1, 'attached', $2, $3, 'x', '服务协议v2.pdf', $5, 'outin-hrconsole-sandbox', $4, 'Normal')`,
      [media, c1, hr, key, v2.length],
    );
    await s.db.query(`INSERT INTO oss_objects (bucket, object_key, size, etag, crc64, file_path) VALUES ('outin-hrconsole-sandbox', $1, $3, 'e', '0', $2)`, [
      key,
      path,
      v2.length,
    ]);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await entCalls(s).post(`/employment/task/${x.taskId}/agreement`, { name: '灵活用工服务协议', media_id: media, effective_date: today }, member)).body
        .code,
    ).toBe(200);
    // 继续签署 of the old version: withdrawn at e签宝, the worker reads version 2
    expect((await x.p.post('/sign-url')).body).toMatchObject({ code: 409, msg: '协议已更新，请重新阅读后签署' });
    expect(await flows(x.rowId)).toEqual([{ status: 'revoked', sign_flow_id: flowId }]);
    expect((await s.db.one<{ status: number }>('SELECT status FROM sandbox_esign_flows WHERE sign_flow_id = $1', [flowId]))!.status).toBe(3);
    const view = await x.p.view();
    expect(view).toMatchObject({ step: 'sign', agreement: { version: 2 }, sign_flow: { status: 'revoked' } });
  });

  it('e签宝 down when the flow is made: 签署服务暂不可用, the flow failed, the code used; a new one signs', async () => {
    const x = await atSignStep('程远', '13966211006', makeIdCard('330106', '1990-02-14', 553));
    expect((await call(s.url, 'POST', '/sandbox/esign/faults', { form: { unavailable: '1' } })).status).toBe(200);
    expect((await tap(x)).body).toMatchObject({ code: 503, msg: MSG_SIGN_DOWN });
    expect(await flows(x.rowId)).toEqual([{ status: 'failed', sign_flow_id: null }]);
    expect(await x.p.view()).toMatchObject({ step: 'sign', sign_flow: { status: 'failed' } });
    await s.db.query(`UPDATE sms_codes SET sent_at = sent_at - interval '2 minutes' WHERE purpose = 'sign'`);
    expect((await w.signWithCode(x.p, x.agreementId, x.mobile)).body.data).toMatchObject({ step: 'deliver' });
  });
});

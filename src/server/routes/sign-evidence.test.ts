/**
 * A signature with its evidence (issue 29 item 2) over real HTTP against PGlite, signed in-house
 * (ESIGN_SIGN_FLOWS=0: no e签宝 signing flow; sign-flow.test.ts has those), the TSA being the
 * demo's sandbox reached over HTTP: the intent code sent at signing (its own purpose: the page's
 * SMS-check code cannot sign), the 签署记录 and its RFC 3161 timestamp, HR's 签署证据 page with
 * its live checks and the package (checked with openssl, an independent implementation), the
 * public hash check — and what breaks them: one byte of the stored agreement changed, a TSA that
 * cannot answer, an attempt to rewrite the evidence, another company.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { makeIdCard } from '../db/seeds/dimission';
import { SignEvidenceData, VerifyData } from '../../contract/sign-evidence';
import { MSG_AGREEMENT_CHANGED, MSG_SIGN_DOWN } from '../domain/employment/sign-evidence';
import { call, demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { workerInvites } from '../../../tests/setup/worker-invite';

const s = useTestServer({ trustProxy: true, esignFlows: false });
const { get } = entCalls(s);
let member: string, nonMember: string, c1: number;
beforeAll(async () => {
  ({ member, nonMember, c1 } = await demoAccounts(s));
});
const w = workerInvites(
  s,
  () => member,
  () => c1,
);
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const verify = async (hash: string) => envelope(VerifyData).parse((await call(s.url, 'GET', `/ent/v3/verify/signed?sha256=${hash}`)).body).data;
const evidence = async (rowId: number) => envelope(SignEvidenceData).parse((await get(`/employment/task-worker/${rowId}/evidence`, member)).body).data;

/** A person at the sign step of a fresh task: their phone, row, agreement id and the agreement file's path. */
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
  return { taskId, token, rowId, p, agreementId: view.agreement.id as number, file };
}

describe('signing with evidence', () => {
  it('the intent code, the record, its timestamp; HR sees every item, re-checked; the package checks with openssl; the public page knows the hashes', async () => {
    const { taskId, rowId, p, agreementId, file } = await atSignStep('沈一帆', '13966201001', '310115199711204522');
    const agreementSha = sha(await readFile(file));
    expect((await s.db.one<{ sha256: string }>('SELECT sha256 FROM flex_agreements WHERE id = $1', [agreementId]))!.sha256).toBe(agreementSha);

    // the page's SMS-check code is not an intent code: without a signing code there is none to use
    expect((await p.post('/sign', { agreement_id: String(agreementId), agree: '1', code: await w.smsCode('13966201001') })).body.msg).toBe('请先获取验证码');
    expect((await p.post('/sign-code')).body).toMatchObject({ code: 200, msg: '验证码已发送至139****1001', data: { mobile_mask: '139****1001' } });
    const code = await w.smsCode('13966201001');
    const wrong = await p.post('/sign', { agreement_id: String(agreementId), agree: '1', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ code: 400, msg: '验证码错误' });
    expect(await s.db.one('SELECT 1 FROM sign_evidence WHERE task_worker_id = $1', [rowId])).toBeFalsy();
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0';
    const signed = await p.post('/sign', { agreement_id: String(agreementId), agree: '1', code }, { 'user-agent': ua, 'x-forwarded-for': '203.0.113.7' });
    expect(signed.body).toMatchObject({ code: 200, msg: '签署成功', data: { sign_status: 'signed', sign_url: '' } });

    // HR's list says the signature has evidence (the demo's seeded signatures have none)
    const list = (await get(`/employment/task/${taskId}/workers`, member)).body.data.list as { id: number; has_evidence: boolean }[];
    expect(list.find((x) => x.id === rowId)!.has_evidence).toBe(true);

    // HR's 签署证据: every item, and the three checks made now
    const e = await evidence(rowId);
    expect(e).toMatchObject({
      signer: { name: '沈一帆', id_mask: expect.stringMatching(/^310115\*+4522$/), mobile_mask: '139****1001' },
      agreement: { id: agreementId, name: '灵活用工服务协议', version: 1, file_name: '服务协议.pdf', sha256: agreementSha },
      realname: { provider: 'e签宝', method: '个人二要素（姓名 + 身份证号）', result: '一致' },
      intent: { method: '短信验证码', mobile_mask: '139****1001' },
      ip: '203.0.113.7',
      user_agent: ua,
      checks: { agreement_file: { ok: true }, record: { ok: true }, timestamp: { ok: true }, signed_file: null },
      sign_flow: null,
    });
    expect(e.realname!.verify_id).toBeTruthy();
    expect(e.timestamp.serial).toMatch(/^[0-9a-f]+$/i);
    expect(e.intent.sent_at <= e.intent.verified_at).toBe(true);
    const row = (await s.db.one<{ record: string; record_sha256: string }>('SELECT record, record_sha256 FROM sign_evidence WHERE id = $1', [e.id]))!;
    expect(sha(row.record)).toBe(row.record_sha256);
    expect(JSON.parse(row.record)).toMatchObject({
      agreement: { sha256: agreementSha },
      client: { ip: '203.0.113.7', user_agent: ua },
      intent: { method: 'sms' },
    });
    // no whole ID number or mobile in the record
    expect(row.record).not.toContain('310115199711204522');
    expect(row.record).not.toContain('13966201001');

    // the package: record, token, TSA certificate, the agreement, how to check
    const pkg = (await get(`/employment/sign-evidence/${e.id}/package`, member)).body.data as { filename: string; content_base64: string };
    expect(pkg.filename).toBe(`签署证据_${e.id}.zip`);
    const zip = await JSZip.loadAsync(Buffer.from(pkg.content_base64, 'base64'));
    expect(Object.keys(zip.files).sort()).toEqual(['协议原文.pdf', '时间戳机构证书.pem', '校验说明.txt', '签署记录.json', '签署记录.tsr'].sort());
    const dir = await mkdtemp(`${tmpdir()}/evidence-`);
    for (const [name, f] of Object.entries(zip.files)) await writeFile(`${dir}/${name}`, await f.async('nodebuffer'));
    expect(sha(await readFile(`${dir}/协议原文.pdf`))).toBe(agreementSha);
    expect(sha(await readFile(`${dir}/签署记录.json`))).toBe(e.record_sha256);
    if (hasOpenssl) {
      const out = execFileSync(
        'openssl',
        ['ts', '-verify', '-token_in', '-in', `${dir}/签署记录.tsr`, '-data', `${dir}/签署记录.json`, '-CAfile', `${dir}/时间戳机构证书.pem`],
        {
          encoding: 'utf8',
        },
      );
      expect(out).toContain('Verification: OK');
    }

    // the public check: the record, the original; anything else is unknown
    expect(await verify(e.record_sha256)).toMatchObject({
      found: true,
      kind: 'record',
      agreement_name: '灵活用工服务协议',
      version: 1,
      signer: '沈**',
      timestamp_ok: true,
    });
    expect(await verify(agreementSha.toUpperCase())).toMatchObject({ found: true, kind: 'agreement', signed_count: 1 });
    expect(await verify(sha('something else'))).toMatchObject({ found: false, kind: '' });
    expect((await call(s.url, 'GET', '/ent/v3/verify/signed?sha256=12ab')).body).toMatchObject({ code: 400, msg: '请选择要校验的文件' });

    // the evidence cannot be rewritten; another company cannot read it
    await expect(s.db.query(`UPDATE sign_evidence SET ip = '1.1.1.1' WHERE id = $1`, [e.id])).rejects.toThrow(/append-only/);
    expect((await get(`/employment/task-worker/${rowId}/evidence`, nonMember)).body.code).not.toBe(200);
  });

  it('one byte of the stored agreement changed: the evidence page says so, the public check no longer matches, nobody can sign it', async () => {
    const first = await atSignStep('贺兰', '13966201002', '33010219851212341X');
    expect((await w.signWithCode(first.p, first.agreementId, '13966201002')).body.code).toBe(200);
    const original = await readFile(first.file);
    const changed = Buffer.from(original);
    changed[changed.length - 3] = changed[changed.length - 3]! ^ 1;
    await writeFile(first.file, changed);

    const e = await evidence(first.rowId);
    expect(e.checks.agreement_file.ok).toBe(false);
    expect(e.checks.agreement_file.detail).toContain('协议文件已被修改');
    expect(e.checks.record.ok).toBe(true);
    expect(await verify(sha(original))).toMatchObject({ found: true, kind: 'agreement' });
    expect(await verify(sha(changed))).toMatchObject({ found: false });

    // a second person of the same task cannot sign the changed file (the code is not even used)
    const { token } = await w.invite(first.taskId, { name: '韦青', mobile: '13966201003', cert_no: '420106198808085632' });
    const p2 = await w.verifiedPhone(token, '13966201003');
    await p2.post('/realname', { name: '韦青', id_no: '420106198808085632' });
    const refused = await w.signWithCode(p2, first.agreementId, '13966201003');
    expect(refused.body).toMatchObject({ code: 409, msg: MSG_AGREEMENT_CHANGED });
    expect((await p2.view()).sign_status).toBe('pending');
  });

  it('the TSA cannot answer: 签署服务暂不可用 (503), nothing signed, no evidence; a new code then signs', async () => {
    const { rowId, p, agreementId } = await atSignStep('许清禾', '13966201004', makeIdCard('330106', '1989-11-30', 734));
    expect((await call(s.url, 'POST', '/sandbox/tsa/faults', { form: { unavailable: '1' } })).status).toBe(200);
    const down = await w.signWithCode(p, agreementId, '13966201004');
    expect(down.body).toMatchObject({ code: 503, msg: MSG_SIGN_DOWN });
    expect((await p.view()).sign_status).toBe('pending');
    expect(await s.db.one('SELECT 1 FROM sign_evidence WHERE task_worker_id = $1', [rowId])).toBeFalsy();
    // the code was used up; the next one (a minute later) signs
    await s.db.query(`UPDATE sms_codes SET sent_at = sent_at - interval '2 minutes' WHERE purpose = 'sign'`);
    expect((await w.signWithCode(p, agreementId, '13966201004')).body.code).toBe(200);
    expect((await evidence(rowId)).checks.timestamp.ok).toBe(true);
  });

  it('refuses what is not a worker session at the sign step', async () => {
    const { token } = await atSignStep('温言', '13966201005', makeIdCard('440305', '1993-07-07', 127));
    // another browser without the session cookie
    const stranger = w.phone(token);
    expect((await stranger.post('/sign-code')).body.msg).toBe('请先完成短信验证');
    expect((await stranger.post('/sign', { agreement_id: '1', agree: '1', code: '123456' })).body.msg).toBe('请先完成短信验证');
    expect((await get('/employment/task-worker/999999/evidence', member)).body).toMatchObject({ code: 404, msg: '该人员暂无签署证据' });
  });
});

/**
 * The employee's links to a departure proof leak nothing (issue 28 item 2; domain/dimission/proof-links.ts):
 * the stored SMS holds no link, the page masks the ID number, the whole number needs a code to the
 * mobile on file, each SMS has its own link (a 催办 keeps the first one working), a link lasts as
 * long as the proof (issue 30: no expiry, 作废 ends it), the PDF downloads as the stored bytes, and
 * every opening is a row HR sees as a count.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PROOF_GONE } from '../../contract/dimission-rules';
import { ProofFileData, ProofListData, ProofViewData } from '../../contract/dimission';
import { maskIdCard } from '../../contract/person';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { makeIdCard } from '../db/seeds/dimission';

let s: TestServer;
let hr: string;
let clock = new Date('2026-11-23T02:00:05Z').getTime();
const EMP = '13912340028';
const EMP_ID = makeIdCard('330106', '1990-04-12', 28);
let proofId = 0;
let first = '';

beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(clock) });
  hr = await s.tokenFor('13800000001');
  const draft = await post('/dimission/proofs/manual', {
    name: '周明远',
    id_card: EMP_ID,
    mobile: EMP,
    dept_name: '技术部',
    leave_type: 'resign',
    job_name: '测试工程师',
    entry_date: '2021-03-01',
    leave_date: '2026-10-31',
    contract_start: '2021-03-01',
    contract_end: '2027-02-28',
    contract_open_ended: '0',
    legal_basis: 'resign',
    print_reason: '0',
    non_compete: '',
  });
  expect(draft.body.code).toBe(200);
  proofId = draft.body.data.id;
  expect((await post(`/dimission/proofs/${proofId}/issue`, {})).body.code).toBe(200);
  first = tokenOf((await inbox()).find((m) => m.kind === 'proof')!.body);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

function post(path: string, form: Record<string, string>, token: string | undefined = hr) {
  return call(s.url, 'POST', `/ent/v3${path}`, { token, form });
}
const view = (token: string) => call(s.url, 'GET', `/ent/v3/dimission/proof-view/${token}`, {});
const inbox = async () => ((await (await fetch(`${s.url}/sandbox/dimission/sms?mobile=${EMP}`)).json()) as { list: { kind: string; body: string }[] }).list;
const loginCode = async () => ((await (await fetch(`${s.url}/sandbox/sms?mobile=${EMP}`)).json()) as { code: string }).code;
const tokenOf = (body: string) => /\/m\/proof\/([\w-]+)/.exec(body)![1]!;
const opens = async (action: string) =>
  (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM proof_link_opens WHERE proof_id = $1 AND action = $2', [proofId, action]))!.n;
const listed = async () =>
  ProofListData.parse((await call(s.url, 'GET', '/ent/v3/dimission/proofs?status=all&keywords=周明远', { token: hr })).body.data).list[0]!;

describe('proof links', () => {
  it('the stored message keeps the template and sealed parameters: no link, no token, no text', async () => {
    const rows = await s.db.query<Record<string, unknown>>(
      'SELECT * FROM notice_sms WHERE company_id = (SELECT company_id FROM departure_proofs WHERE id = $1)',
      [proofId],
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(first);
    expect(stored).not.toContain('/m/proof/');
    expect(stored).not.toContain('离职证明');
    const cols = await s.db.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_name = 'notice_sms'");
    expect(cols.map((c) => c.column_name)).not.toContain('body');
    // the token is kept as its hash only
    expect(JSON.stringify(await s.db.query('SELECT * FROM proof_links WHERE proof_id = $1', [proofId]))).not.toContain(first);
  });

  it('the page masks the ID number and says where a code would go; each opening is counted', async () => {
    const r = await view(first);
    expect(r.body.code).toBe(200);
    const d = ProofViewData.parse(r.body.data);
    expect(d.id_card).toBe(maskIdCard(EMP_ID));
    expect(JSON.stringify(r.body)).not.toContain(EMP_ID);
    expect(d.mobile_mask).toBe('139****0028');
    expect(d.status).toBe('viewed');
    expect(d.verify_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(d.verify_url).toBe(`${s.url}/m/proof-check/${d.verify_code}`);
    await view(first);
    expect(await opens('view')).toBe(2);
    expect((await listed()).view_count).toBe(2);
  });

  it('the whole number after a code to the mobile on file; a wrong code reveals nothing and stays counted', async () => {
    const sent = await post(`/dimission/proof-view/${first}/code`, {}, undefined);
    expect(sent.body).toMatchObject({ code: 200, msg: '验证码已发送至139****0028', data: { mobile_mask: '139****0028' } });
    const wrong = await post(`/dimission/proof-view/${first}/reveal`, { code: '000000' }, undefined);
    expect(wrong.body.code).toBe(400);
    expect(JSON.stringify(wrong.body)).not.toContain(EMP_ID);
    expect(await opens('reveal')).toBe(0);
    expect((await s.db.one<{ attempts: number }>('SELECT attempts FROM sms_codes ORDER BY id DESC LIMIT 1'))!.attempts).toBe(1);
    expect((await post(`/dimission/proof-view/${first}/reveal`, { code: 'abc' }, undefined)).body).toMatchObject({ code: 400, msg: '请输入6位验证码' });
    const ok = await post(`/dimission/proof-view/${first}/reveal`, { code: await loginCode() }, undefined);
    expect(ok.body).toMatchObject({ code: 200, data: { id_card: EMP_ID } });
    expect(await opens('reveal')).toBe(1);
    // the code is used up
    expect((await post(`/dimission/proof-view/${first}/reveal`, { code: await loginCode() }, undefined)).body.code).toBe(400);
  });

  it('a 催办 sends a link of its own: the first one keeps working', async () => {
    await s.db.query(`UPDATE departure_proofs SET status = 'issued', viewed_at = NULL WHERE id = $1`, [proofId]);
    expect((await post(`/dimission/proofs/${proofId}/urge`, {})).body.code).toBe(200);
    const urged = tokenOf((await inbox()).find((m) => m.kind === 'urge')!.body);
    expect(urged).not.toBe(first);
    expect((await view(urged)).body.code).toBe(200);
    expect((await view(first)).body.code).toBe(200);
  });

  it('下载PDF hands out the stored file (masked ID number, its 验真码), counted as an opening', async () => {
    const r = await call(s.url, 'GET', `/ent/v3/dimission/proof-view/${first}/pdf`, {});
    const f = ProofFileData.parse(r.body.data);
    const pdf = Buffer.from(f.content_base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(f.sha256);
    expect(f.filename).toMatch(/^离职证明_LZ\d{14}\.pdf$/);
    const text = pdf.toString('latin1');
    // the masked number as UCS-2 in the page; never the whole one
    const ucs2 = (v: string) => [...v].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
    expect(text).toContain(ucs2(maskIdCard(EMP_ID)));
    expect(text).not.toContain(ucs2(EMP_ID));
    expect(await opens('download')).toBe(1);
    // the same bytes every time
    const again = ProofFileData.parse((await call(s.url, 'GET', `/ent/v3/dimission/proof-view/${first}/pdf`, {})).body.data);
    expect(again.content_base64).toBe(f.content_base64);
  });

  it('a link lasts as long as the proof: past the 30 days links had before, it still opens; there is no 重新获取 any more', async () => {
    // (the seeded membership ends within a year, so 45 days)
    clock += 45 * 86_400_000;
    expect((await view(first)).body.code).toBe(200);
    expect((await post(`/dimission/proof-view/${first}/code`, {}, undefined)).body.code).toBe(200);
    expect((await post(`/dimission/proof-view/${first}/renew`, {}, undefined)).body.code).toBe(404);
  });

  it('作废 ends every link and its PDF; an unknown token answers the same', async () => {
    const links = await s.db.query<{ reason: string }>('SELECT reason FROM proof_links WHERE proof_id = $1', [proofId]);
    expect(links.map((l) => l.reason).sort()).toEqual(['issue', 'urge']);
    const live = tokenOf((await inbox()).find((m) => m.kind === 'urge')!.body);
    hr = await s.tokenFor('13800000001'); // 45 days went by
    expect((await post(`/dimission/proofs/${proofId}/void`, { reason: '信息有误' })).body.code).toBe(200);
    for (const t of [live, first]) {
      expect((await view(t)).body).toMatchObject({ code: 404, msg: MSG_PROOF_GONE });
      expect((await call(s.url, 'GET', `/ent/v3/dimission/proof-view/${t}/pdf`, {})).body.code).toBe(404);
      expect((await post(`/dimission/proof-view/${t}/code`, {}, undefined)).body.code).toBe(404);
    }
    expect((await view('x'.repeat(24))).body).toMatchObject({ code: 404, msg: MSG_PROOF_GONE });
    expect((await view('bad token!')).body.code).toBe(400);
  });
});

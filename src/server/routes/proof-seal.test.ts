/**
 * 加盖电子印章 on a departure proof (issue 30) over real HTTP against PGlite: the company's seal
 * applied by the e签宝 sandbox (reached over HTTP like the provider) to the proof's PDF, its
 * callback back to POST /notify/esign, the sealed PDF stored with its hash, 验真 saying 电子印章
 * and matching the sealed file (the file from before the seal answers `unsealed`), the employee's
 * download serving it. Then: callbacks before the seal is applied, repeated and after; another
 * company's proof (404), a colleague without the 人事 permission, a void proof, sealing twice, and
 * e签宝 down (a clear refusal, nothing half-written).
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProofCheckData, ProofFileData, ProofListData, ProofSealData } from '../../contract/dimission';
import { notifyHeaders } from '../adapters/esign-flows';
import { makeIdCard } from '../db/seeds/dimission';
import { PDF_NOTE, PDF_NOTE_SEALED } from '../domain/dimission/proof-pdf';
import { MSG_SEAL_DOWN } from '../domain/dimission/proof-seal';
import { mobileIndex } from '../domain/users';
import { SANDBOX_ESIGN_KEY } from '../sandbox/esign';
import { signatureOf } from '../sandbox/esign-pdf';
import { pdfText } from '../../../tests/setup/proofs';
import { call, demoAccounts, useTestServer } from '../../../tests/setup/server';

const s = useTestServer();
let member: string, other: string, plain: string, hrRole: string;
beforeAll(async () => {
  ({ member, nonMember: other } = await demoAccounts(s));
  // a second member company, for the other-company check
  await s.db.query(`UPDATE companies SET company_lv = 1, member_expire = current_date + 30 WHERE id = (SELECT company_id FROM users WHERE mobile_bidx = $1)`, [
    mobileIndex('13800000002'),
  ]);
  plain = await s.tokenFor('13905710010');
  hrRole = await s.tokenFor('13905710009');
});

const req = (method: string, path: string, token = member, form?: Record<string, string>) => call(s.url, method, `/ent/v3${path}`, { token, form });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const seal = (id: number, token = member) => req('POST', `/dimission/proofs/${id}/seal`, token);
const sealState = async (id: number) => ProofSealData.parse((await req('GET', `/dimission/proofs/${id}/seal`)).body.data);
const fileOf = async (id: number) => ProofFileData.parse((await req('GET', `/dimission/proofs/${id}/pdf`)).body.data);
const check = async (code: string, hash?: string) =>
  ProofCheckData.parse((await call(s.url, 'GET', `/ent/v3/dimission/proof-check/${code}${hash ? `?sha256=${hash}` : ''}`)).body.data);
const sandbox = (path: string, form: Record<string, string>) => call(s.url, 'POST', `/sandbox/esign${path}`, { form });
const flowsOf = (id: number) =>
  s.db.query<{ status: string; sign_flow_id: string | null; sealed_sha256: string | null; requested_name: string }>(
    'SELECT status, sign_flow_id, sealed_sha256, requested_name FROM proof_seal_flows WHERE proof_id = $1 ORDER BY id',
    [id],
  );
const proofRow = async (id: number) =>
  (await s.db.one<{ seal_kind: string; verify_code: string; sealed_sha256: string | null; sha256: string }>(
    'SELECT p.seal_kind, p.verify_code, f.sealed_sha256, f.sha256 FROM departure_proofs p JOIN proof_files f ON f.proof_id = p.id WHERE p.id = $1',
    [id],
  ))!;
/** Polls HR's look until the seal is on (the page asks every few seconds; the server throttles to 3 s). */
async function sealedSoon(id: number) {
  for (let i = 0; i < 100; i++) {
    if ((await proofRow(id)).seal_kind === 'electronic') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not sealed');
}

let seq = 0;
/** An issued proof of a new person. */
async function issued(token = member): Promise<number> {
  const r = await req('POST', '/dimission/proofs/manual', token, {
    name: '陈思远',
    id_card: makeIdCard('330106', '1990-02-03', 7000 + ++seq),
    mobile: `139${String(10_000_000 + seq).slice(-8)}`,
    dept_name: '销售部',
    leave_type: 'resign',
    job_name: '销售代表',
    entry_date: '2022-05-10',
    leave_date: '2026-10-20',
    contract_start: '2022-05-10',
    contract_end: '2027-05-09',
    contract_open_ended: '0',
    legal_basis: 'resign',
    print_reason: '0',
    non_compete: '',
  });
  const id = r.body.data.id as number;
  expect((await req('POST', `/dimission/proofs/${id}/issue`, token, {})).body.code).toBe(200);
  return id;
}

describe('加盖电子印章', () => {
  it('seals the stored PDF through e签宝: 验真 says 电子印章, the sealed file matches and is the one handed out', async () => {
    const id = await issued();
    const before = await fileOf(id);
    const r = await seal(id, hrRole);
    expect(r.body.code).toBe(200);
    expect(['sealing', 'sealed']).toContain(ProofSealData.parse(r.body.data).seal);
    await sealedSoon(id);
    expect(await sealState(id)).toEqual({ seal: 'sealed', note: '' });

    const after = await fileOf(id);
    const pdf = Buffer.from(after.content_base64, 'base64');
    const original = Buffer.from(before.content_base64, 'base64');
    expect(after.filename).toMatch(/^离职证明_LZ\d+_电子印章\.pdf$/);
    expect(after.sha256).toBe(sha(pdf));
    expect(after.sha256).not.toBe(before.sha256);
    // the copy sent to e签宝 (its hash recorded) says it is sealed; the seal an incremental update on
    // it: a visible signature at the （盖章） area, visibly the demo's
    const sent = pdf.subarray(0, pdf.indexOf('%%EOF') + 6);
    const [row] = await s.db.query<{ original_sha256: string }>('SELECT original_sha256 FROM proof_seal_flows WHERE proof_id = $1', [id]);
    expect(sha(sent)).toBe(row!.original_sha256);
    expect(pdfText(sent)).toContain(PDF_NOTE_SEALED);
    expect(pdfText(original)).toContain(PDF_NOTE);
    expect(pdfText(sent).replace(PDF_NOTE_SEALED, '')).toBe(pdfText(original).replace(PDF_NOTE, '').replace('（盖章）', ''));
    expect(pdf.toString('latin1')).toMatch(/\/FT \/Sig .*\/Rect \[[\d.]+ [\d.]+ [\d.]+ [\d.]+\] \/P 3 0 R \/AP/);
    expect(pdfText(pdf)).toContain('演示印章非真实签章');
    expect(signatureOf(pdf)?.cms.length).toBeGreaterThan(100);

    const p = await proofRow(id);
    expect(p.sealed_sha256).toBe(after.sha256);
    const c = await check(p.verify_code, after.sha256);
    expect(c).toMatchObject({ status: 'issued', seal: 'electronic', file: 'match' });
    // the file from before the seal is genuine but not the sealed proof; anything else does not match
    expect((await check(p.verify_code, before.sha256)).file).toBe('unsealed');
    expect((await check(p.verify_code, 'a'.repeat(64))).file).toBe('mismatch');
    const flows = await flowsOf(id);
    expect(flows).toEqual([{ status: 'completed', sign_flow_id: expect.any(String), sealed_sha256: after.sha256, requested_name: '郑凯' }]);
    const list = ProofListData.parse((await req('GET', '/dimission/proofs?status=all&page_size=50')).body.data);
    expect(list.e_seal).toBe(true);
    expect(list.list.find((x) => x.id === id)?.seal).toBe('sealed');

    // sealing twice is refused; voiding keeps the sealed file, 验真 says 已作废 and still 电子印章
    const again = await seal(id);
    expect(again.body).toMatchObject({ code: 409, msg: '该离职证明已加盖电子印章' });
    expect((await req('POST', `/dimission/proofs/${id}/void`, member, { reason: '信息有误' })).body.code).toBe(200);
    expect(await check(p.verify_code, after.sha256)).toMatchObject({ status: 'void', seal: 'electronic', file: 'match' });
    expect((await proofRow(id)).sealed_sha256).toBe(after.sha256);
  });

  it('callbacks before the seal is applied, repeated and after change nothing; the one result is applied once', async () => {
    const id = await issued();
    expect((await sandbox('/autoseal', { hold: '1' })).status).toBe(200);
    expect((await sandbox('/callbacks', { hold: '1' })).status).toBe(200);
    try {
      expect(ProofSealData.parse((await seal(id)).body.data).seal).toBe('sealing');
      // a second click while it is under way starts nothing
      expect(ProofSealData.parse((await seal(id)).body.data).seal).toBe('sealing');
      const [f] = await flowsOf(id);
      expect(f).toMatchObject({ status: 'signing' });
      expect((await flowsOf(id)).length).toBe(1);
      // a callback before e签宝 has applied the seal: taken, nothing written (the state is read from e签宝)
      const url = `${s.url}/notify/esign`;
      const body = JSON.stringify({ action: 'SIGN_FLOW_COMPLETE', signFlowId: f!.sign_flow_id, signFlowStatus: '2' });
      expect((await fetch(url, { method: 'POST', headers: notifyHeaders(SANDBOX_ESIGN_KEY, url, body, new Date()), body })).status).toBe(200);
      expect((await proofRow(id)).seal_kind).toBe('none');
      const list = ProofListData.parse((await req('GET', '/dimission/proofs?status=all&page_size=50')).body.data);
      expect(list.list.find((x) => x.id === id)?.seal).toBe('sealing');

      // e签宝 applies it; its callbacks (held) are released: the first settles
      expect((await sandbox('/autoseal', { hold: '0' })).body).toMatchObject({ applied: 1 });
      expect((await sandbox('/callbacks', { hold: '0' })).status).toBe(200);
      await sealedSoon(id);
      const first = await proofRow(id);
      // and each again, twice: 2xx, nothing changes
      for (const action of ['SIGN_FLOW_COMPLETE', 'SIGN_MISSON_COMPLETE', 'SIGN_FLOW_COMPLETE']) {
        expect((await call<{ status: number }>(s.url, 'POST', `/sandbox/esign/flows/${f!.sign_flow_id}/notify`, { form: { action } })).body.status).toBe(200);
      }
      expect(await proofRow(id)).toEqual(first);
      expect((await flowsOf(id)).map((x) => x.status)).toEqual(['completed']);
    } finally {
      await sandbox('/autoseal', { hold: '0' });
      await sandbox('/callbacks', { hold: '0' });
    }
  });

  it('who may: another company’s proof is 404, a colleague without 人事 is refused; a void proof cannot be sealed', async () => {
    const id = await issued();
    expect((await seal(id, other)).body.code).toBe(404);
    expect((await req('GET', `/dimission/proofs/${id}/seal`, other)).body.code).toBe(404);
    expect((await seal(id, plain)).body.code).toBe(403);
    expect((await req('POST', `/dimission/proofs/${id}/void`, member, { reason: '信息有误' })).body.code).toBe(200);
    expect((await seal(id)).body).toMatchObject({ code: 409, msg: '该离职证明已作废，不能加盖电子印章' });
    expect(await flowsOf(id)).toEqual([]);
  });

  it('e签宝 down: a clear refusal, the proof unchanged and unsealed; trying again later seals it', async () => {
    const id = await issued();
    const before = await proofRow(id);
    expect((await sandbox('/faults', { unavailable: '1' })).status).toBe(200);
    const r = await seal(id);
    expect(r.body).toMatchObject({ code: 503, msg: MSG_SEAL_DOWN });
    expect(await proofRow(id)).toEqual(before);
    expect((await flowsOf(id)).map((x) => x.status)).toEqual(['failed']);
    expect(await sealState(id)).toEqual({ seal: 'none', note: MSG_SEAL_DOWN });
    expect((await seal(id)).body.code).toBe(200);
    await sealedSoon(id);
    expect((await flowsOf(id)).map((x) => x.status)).toEqual(['failed', 'completed']);
  });
});

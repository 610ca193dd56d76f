/**
 * Issue 30 over real HTTP against PGlite: what a departure proof states is the server's to compute
 * and check. Item 1: evaluative words are refused on every path that writes proof text (an import
 * row, 确认出具 of a record imported before), through the one rule. Item 2: the years of service
 * are computed from the dates (a typed "9年0个月" is refused; a draft shows and issues the computed
 * value). Item 5: 确认出具 waits for the departure date unless HR records why (the proof then says
 * 将于…), the proof follows the legal basis (解除 / 终止), a proof whose facts differ from the record
 * is refused, a draft has no PDF. And the 验真 answer: 已出具, 已作废, a file that matches or not.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProofCheckData, ProofDetail, ProofFileData } from '../../contract/dimission';
import { addDaysTo, evaluativeWarning, MSG_VERIFY_UNKNOWN } from '../../contract/dimission-rules';
import { dimissionImport, ImportBatchDetail } from '../../contract/imports';
import { envelope } from '../../contract/envelope';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { makeIdCard } from '../db/seeds/dimission';
import { dimissionCells, makeXlsx } from '../imports/fixtures';
import { sealPii } from '../lib/pii';
import { mobileIndex } from '../domain/users';
import { pdfText, referenceTenure } from '../../../tests/setup/proofs';

let s: TestServer;
let hr: string;
let c1 = 0;
// the walk of issue 30 happened on 2026-11-27 (China time)
const NOW = new Date('2026-11-27T02:00:00Z').getTime();
beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(NOW) });
  hr = await s.tokenFor('13800000001');
  c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const req = (method: string, path: string, form?: Record<string, string>) => call(s.url, method, `/ent/v3${path}`, { token: hr, form });
const pub = (path: string) => call(s.url, 'GET', `/ent/v3${path}`, {});
let seq = 0;
/** a 填写 form: a new person each time */
const manual = (over: Record<string, string> = {}) => ({
  name: '陈思远',
  id_card: makeIdCard('330106', '1990-02-03', 3000 + ++seq),
  mobile: '',
  dept_name: '销售部',
  leave_type: 'resign',
  job_name: '销售代表',
  entry_date: '2022-05-10',
  leave_date: '2026-11-20',
  contract_start: '2022-05-10',
  contract_end: '2027-05-09',
  contract_open_ended: '0',
  legal_basis: 'resign',
  print_reason: '0',
  non_compete: '',
  ...over,
});
const detail = async (id: number) => ProofDetail.parse((await req('GET', `/dimission/proofs/${id}`)).body.data);
const issue = (id: number, form: Record<string, string> = {}) => req('POST', `/dimission/proofs/${id}/issue`, form);
const fileOf = async (id: number) => ProofFileData.parse((await req('GET', `/dimission/proofs/${id}/pdf`)).body.data);
const check = async (code: string, sha256?: string) => pub(`/dimission/proof-check/${code}${sha256 ? `?sha256=${sha256}` : ''}`);
/** a departure record as imports wrote them before issue 30 (no wording check) */
async function oldImport(job: string, leave = '2026-10-31') {
  const sealed = sealPii('id_card', makeIdCard('330106', '1993-03-03', 4000 + ++seq));
  return (await s.db.one<{ id: number }>(
    `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, job_name, entry_date, leave_date,
       contract_start, contract_end, leave_type, legal_basis)
     VALUES ($1, 'import', '郑凯', $2, $3, $4, $5, '2020-03-02', $6, '2020-03-02', '2026-12-31', 'mutual', 'mutual') RETURNING id`,
    [c1, sealed.enc, sealed.bidx, sealed.mask, job, leave],
  ))!.id;
}

describe('item 1: evaluative words on every path that writes proof text', () => {
  it('an import row with 工作岗位 “销售代表（违纪解除）” is refused with the reason, like the form', async () => {
    const file = await makeXlsx(dimissionImport, [{ ...dimissionCells(7), 工作岗位: '销售代表（违纪解除）' }, dimissionCells(8)]);
    const r = await call(s.url, 'POST', '/ent/v3/import/upload/dimission', { token: hr, form: { file_name: '离职.xlsx', file: file.toString('base64') } });
    const d = envelope(ImportBatchDetail).parse(r.body).data;
    expect(d.batch).toMatchObject({ status: 'failed', ok_count: 1, fail_count: 1 });
    expect(d.issues.map((i) => i.msg)).toEqual([evaluativeWarning('违纪')]);
  });

  it('确认出具 of a record imported before the rule refuses the word and issues nothing', async () => {
    const rec = await oldImport('销售代表（违纪解除）');
    const draft = await req('POST', '/dimission/proofs', { record_id: String(rec) });
    expect(draft.body.code).toBe(200);
    const r = await issue(draft.body.data.id);
    expect(r.body).toMatchObject({ code: 400, msg: evaluativeWarning('违纪') });
    expect((await detail(draft.body.data.id)).status).toBe('draft');
    expect((await req('GET', `/dimission/proofs/${draft.body.data.id}/pdf`)).body.code).toBe(404);
  });
});

describe('item 2: the years of service are computed, never typed', () => {
  it('“9年0个月” for 2022-05-10 → 2026-11-20 is refused; left out, the proof says 4年6个月', async () => {
    const bad = await req('POST', '/dimission/proofs/manual', manual({ tenure_text: '9年0个月' }));
    expect(bad.body).toMatchObject({ code: 400, msg: '在本单位的工作年限应为4年6个月（按入职日期至解除或者终止日期计算），不能填写为9年0个月' });
    const ok = await req('POST', '/dimission/proofs/manual', manual());
    expect(ok.body.code).toBe(200);
    expect((await detail(ok.body.data.id)).tenure_text).toBe('4年6个月');
    const issued = await issue(ok.body.data.id);
    expect(issued.body.code).toBe(200);
    const d = await detail(ok.body.data.id);
    expect(d.tenure_text).toBe('4年6个月');
    expect(pdfText(Buffer.from((await fileOf(d.id)).content_base64, 'base64'))).toContain('在本单位的工作年限：4年6个月（2022年5月10日入职）');
  });

  it('a draft holding a stale value (as hand-edited drafts did) shows and issues the computed one', async () => {
    const m = await req('POST', '/dimission/proofs/manual', manual({ entry_date: '2022-05-10', leave_date: '2024-01-31', contract_end: '2024-12-31' }));
    await s.db.query(`UPDATE departure_proofs SET tenure_text = '4年6个月' WHERE id = $1`, [m.body.data.id]);
    expect((await detail(m.body.data.id)).tenure_text).toBe('1年8个月');
    expect((await issue(m.body.data.id)).body.code).toBe(200);
    expect((await s.db.one<{ tenure_text: string }>('SELECT tenure_text FROM departure_proofs WHERE id = $1', [m.body.data.id]))!.tenure_text).toBe('1年8个月');
  });

  it('moving 解除日期 in 编辑 moves the years of service (the save computes them)', async () => {
    const m = await req('POST', '/dimission/proofs/manual', manual({ entry_date: '2021-03-01', leave_date: '2026-12-30', contract_end: '2027-02-28' }));
    const id = m.body.data.id as number;
    expect((await detail(id)).tenure_text).toBe('5年9个月');
    const put = await req('PUT', `/dimission/proofs/${id}`, {
      job_name: '销售代表',
      entry_date: '2021-03-01',
      leave_date: '2026-08-27',
      contract_start: '2021-03-01',
      contract_end: '2027-02-28',
      contract_open_ended: '0',
      legal_basis: 'resign',
      print_reason: '0',
    });
    expect(put.body.code).toBe(200);
    expect((await detail(id)).tenure_text).toBe('5年5个月');
    // the record moved with it (a proof restates its record)
    expect(
      (await s.db.one<{ leave_date: string }>('SELECT r.leave_date FROM departure_records r JOIN departure_proofs p ON p.record_id = r.id WHERE p.id = $1', [
        id,
      ]))!.leave_date,
    ).toBe('2026-08-27');
  });

  it('property: the tenure an issued proof states (its 验真 answer) is the months from any entry date to any departure date', async () => {
    const day = (from: string, span: number) => fc.integer({ min: 0, max: span }).map((n) => addDaysTo(from, n));
    await fc.assert(
      fc.asyncProperty(day('1995-01-01', 10_950), fc.integer({ min: 0, max: 9000 }), async (entry, span) => {
        const leave = addDaysTo(entry, span) > '2026-11-27' ? '2026-11-27' : addDaysTo(entry, span);
        const m = await req(
          'POST',
          '/dimission/proofs/manual',
          manual({ entry_date: entry, leave_date: leave, contract_start: entry, contract_end: '', contract_open_ended: '1' }),
        );
        expect(m.body.code, m.body.msg).toBe(200);
        expect((await issue(m.body.data.id)).body.code).toBe(200);
        const d = await detail(m.body.data.id);
        const pub = ProofCheckData.parse((await check(d.verify_code)).body.data);
        expect(pub.items.find((i) => i.key === 'tenure')!.value.split('（')[0]).toBe(referenceTenure(entry, leave));
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('item 5: the date, the tense and the legal basis a proof states', () => {
  it('确认出具 before the departure date is refused without a reason; with one the proof says 将于…解除 and keeps why', async () => {
    const m = await req('POST', '/dimission/proofs/manual', manual({ entry_date: '2020-06-01', leave_date: '2026-12-30', contract_end: '2026-12-31' }));
    const id = m.body.data.id as number;
    const refused = await issue(id);
    expect(refused.body).toMatchObject({ code: 409 });
    expect(refused.body.msg).toContain('解除或者终止日期（2026年12月30日）尚未到来');
    expect((await issue(id, { early_reason: '因旷工提前出具' })).body).toMatchObject({ code: 400, msg: evaluativeWarning('旷工') });
    expect((await detail(id)).status).toBe('draft');
    expect((await issue(id, { early_reason: '员工申请提前出具' })).body.code).toBe(200);
    const d = await detail(id);
    expect(d).toMatchObject({ issue_date: '2026-11-27', early_reason: '员工申请提前出具' });
    const text = pdfText(Buffer.from((await fileOf(id)).content_base64, 'base64'));
    expect(text).toContain('劳动合同将于2026年12月30日解除');
    expect(text).not.toContain('已于');
  });

  it('on or after the departure date the proof says 已于…, with 终止 for an expiry and 解除 for a resignation', async () => {
    const expire = await req('POST', '/dimission/proofs/manual', manual({ leave_type: 'expire', legal_basis: 'expire', leave_date: '2026-11-27' }));
    expect((await issue(expire.body.data.id)).body.code).toBe(200);
    expect(pdfText(Buffer.from((await fileOf(expire.body.data.id)).content_base64, 'base64'))).toContain('劳动合同已于2026年11月27日终止');
    const resign = await req('POST', '/dimission/proofs/manual', manual());
    await issue(resign.body.data.id);
    const text = pdfText(Buffer.from((await fileOf(resign.body.data.id)).content_base64, 'base64'));
    expect(text).toContain('劳动合同已于2026年11月20日解除，');
    expect(text).not.toContain('解除（终止）');
    // no imitation seal: the marked blank area and a note that the file is not sealed
    expect(text).toContain('（盖章）');
    expect(text).toContain('本电子文件未加盖印章');
    expect(text).not.toContain('人事专用章');
  });

  it('a proof whose stated facts differ from the record is refused', async () => {
    const m = await req('POST', '/dimission/proofs/manual', manual());
    await s.db.query('UPDATE departure_records SET job_name = $2 WHERE id = (SELECT record_id FROM departure_proofs WHERE id = $1)', [
      m.body.data.id,
      '销售主管',
    ]);
    const r = await issue(m.body.data.id);
    expect(r.body).toMatchObject({ code: 409, msg: '离职证明中的工作岗位（销售代表）与离职记录（销售主管）不一致，请编辑离职证明核对后再出具' });
  });

  it('a draft has no serial, no 验真码 and no PDF', async () => {
    const m = await req('POST', '/dimission/proofs/manual', manual());
    const d = await detail(m.body.data.id);
    expect(d).toMatchObject({ status: 'draft', serial: '', verify_code: '', verify_url: '' });
    expect((await req('GET', `/dimission/proofs/${d.id}/pdf`)).body).toMatchObject({ code: 404, msg: '离职证明尚未出具，出具后才有PDF文件' });
  });
});

describe('验真', () => {
  it('by the code: 已出具 with the company, the masked name and the four items; a file matches or not; 作废 shows 已作废', async () => {
    const m = await req('POST', '/dimission/proofs/manual', manual({ name: '欧阳明月' }));
    await issue(m.body.data.id);
    const d = await detail(m.body.data.id);
    expect(d.verify_url).toBe(`${s.url}/m/proof-check/${d.verify_code}`);
    const f = await fileOf(d.id);
    const pdf = Buffer.from(f.content_base64, 'base64');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(f.sha256);
    expect(pdfText(pdf)).toContain(d.verify_code.replace(/(.{4})(?=.)/g, '$1-'));
    const r = ProofCheckData.parse((await check(d.verify_code, f.sha256)).body.data);
    expect(r).toMatchObject({
      status: 'issued',
      company_name: '杭州云帆智联科技有限公司',
      name_mask: '欧***',
      serial: d.serial,
      issue_date: '2026-11-27',
      file: 'match',
    });
    expect(r.items.map((i) => i.label)).toEqual(['劳动合同期限', '解除或者终止劳动合同的日期', '工作岗位', '在本单位的工作年限']);
    // nothing more than the paper: no ID number, no whole name
    expect(JSON.stringify(r)).not.toContain('欧阳明月');
    expect(JSON.stringify(r)).not.toContain(d.id_card_mask.slice(0, 6));
    // one byte changed: 不一致
    const altered = Buffer.from(pdf);
    altered.writeUInt8(altered.readUInt8(altered.length - 10) ^ 1, altered.length - 10);
    expect(ProofCheckData.parse((await check(d.verify_code, createHash('sha256').update(altered).digest('hex'))).body.data).file).toBe('mismatch');
    // typed as printed, lower case, with a dash or an O for a 0
    expect((await check(d.verify_code.replace(/(.{4})(?=.)/g, '$1-').toLowerCase())).body.code).toBe(200);
    await req('POST', `/dimission/proofs/${d.id}/void`, { reason: '岗位名称有误' });
    expect(ProofCheckData.parse((await check(d.verify_code)).body.data)).toMatchObject({ status: 'void', voided_on: '2026-11-27' });
  });

  it('an unknown code is 404, a malformed one 400; in Chinese', async () => {
    expect((await check('ZZZZZZZZZZZZ')).body).toMatchObject({ code: 404, msg: MSG_VERIFY_UNKNOWN });
    expect((await check('ABC')).body).toMatchObject({ code: 400, msg: '验真码应为12位字母或数字' });
    expect((await check(`ZZZZZZZZZZZZ?sha256=${'x'.repeat(64)}`)).body.code).toBe(400);
  });
});

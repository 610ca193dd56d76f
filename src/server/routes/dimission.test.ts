/**
 * Departure handling over HTTP against the seeded database: requests (list, search by name and by
 * mobile through the blind index, 同意, 退回, 交接完成, 催办 once a day, audited 查看), scan to
 * leave (QR, SMS check, submit, correction, withdraw), proofs (draft, edit, evaluative words, date
 * rules, issue, employee view, void, reissue, urge), records (list, reveal, xlsx export), gating,
 * another company's ids and bad input.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProofDetail, ProofListData, ProofViewData, RecordListData, RequestListData } from '../../contract/dimission';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { download } from '../../../tests/setup/exports';
import { maskIdCard } from '../../contract/person';
import { makeIdCard } from '../db/seeds/dimission';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let member: string;
let other: string;
let noCompany: string;
let c1 = 0;
let clock = 0;
beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(Date.now() + clock) });
  member = await s.tokenFor('13800000001');

  noCompany = await s.tokenFor('13800000004');
  c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
  // a second member company (南京禾木 made a member) for the other-company checks
  other = await s.tokenFor('13800000002');
  await s.db.query(
    `UPDATE companies SET company_lv = 1, member_expire = current_date + 30 WHERE id = (SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}')`,
  );
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const req = (method: string, path: string, token?: string, form?: Record<string, string>) => call(s.url, method, `/ent/v3${path}`, { token, form });
const get = (path: string, token?: string) => req('GET', path, token);
const post = (path: string, form: Record<string, string>, token?: string) => req('POST', path, token, form);
const today = () => new Date(Date.now() + clock + 8 * 3_600_000).toISOString().slice(0, 10);
const sms = async (mobile: string) =>
  ((await (await fetch(`${s.url}/sandbox/dimission/sms?mobile=${mobile}`)).json()) as { list: { kind: string; body: string }[] }).list;
const code = async (mobile: string) => ((await (await fetch(`${s.url}/sandbox/sms?mobile=${mobile}`)).json()) as { code: string }).code;

const EMP = '13912345678';
const EMP_ID = makeIdCard('330106', '1995-06-01', 123);

describe('resignation requests', () => {
  it('lists the seeded requests; the urge count agrees with the pending ones; mobiles masked; no plain mobile column', async () => {
    const r = await get('/dimission/requests?status=all', member);
    expect(r.body.code).toBe(200);
    const d = RequestListData.parse(r.body.data);
    const urge = await get('/dimission/urge', member);
    expect(urge.body.data.count).toBe(d.counts.pending);
    expect(d.counts.pending).toBe(3);
    expect(d.list.length).toBeGreaterThan(0);
    expect(d.list.every((x) => /^\d{3}\*{4}\d{4}$/.test(x.mobile_mask))).toBe(true);
    expect(JSON.stringify(r.body)).not.toContain('13705712231');
    const col = await s.db.one("SELECT 1 FROM information_schema.columns WHERE table_name = 'resignation_requests' AND column_name = 'mobile'");
    expect(col).toBeUndefined();
  });

  it('searches by name and by a whole mobile (blind index)', async () => {
    const byName = RequestListData.parse((await get(`/dimission/requests?keywords=${encodeURIComponent('孙')}`, member)).body.data);
    expect(byName.list.map((x) => x.employee_name)).toEqual(['孙浩']);
    const byMobile = RequestListData.parse((await get('/dimission/requests?keywords=13705712232', member)).body.data);
    expect(byMobile.list.map((x) => x.employee_name)).toEqual(['周婷']);
  });

  it('gates: no company and non-members are refused; bad input is a 400 envelope', async () => {
    expect((await get('/dimission/requests', noCompany)).body.code).toBe(403);
    await s.db.query(`UPDATE companies SET company_lv = 0 WHERE id = (SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}')`);
    expect((await get('/dimission/requests', other)).body.code).toBe(403);
    // a company that cannot open its requests is not urged to review them (issue 33); a member is
    expect((await get('/dimission/urge', other)).body.data).toEqual({ count: 0 });
    await s.db.query(`UPDATE companies SET company_lv = 1 WHERE id = (SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}')`);
    expect((await get('/dimission/urge', other)).body.data.count).toBeGreaterThan(0);
    expect((await get('/dimission/requests')).body.code).toBe(410000);
    for (const q of ['status=nope', 'page=0', 'keywords=' + 'x'.repeat(41), 'keywords=%00a', 'foo=1']) {
      const r = await get(`/dimission/requests?${q}`, member);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(400);
    }
    expect((await post('/dimission/requests/99999999999/approve', { last_day: today(), handover_name: '李娜' }, member)).body.code).toBe(400);
  });

  it('同意 / 退回 / 交接完成 with another company refused as missing; status transitions enforced', async () => {
    const list = RequestListData.parse((await get('/dimission/requests?status=pending', member)).body.data);
    const target = list.list.find((x) => x.employee_name === '孙浩')!;
    // another company: the same 404 as a missing id
    expect((await post(`/dimission/requests/${target.id}/reject`, { reason: '材料不全' }, other)).body.code).toBe(404);
    expect((await post('/dimission/requests/9999999/reject', { reason: '材料不全' }, member)).body.code).toBe(404);
    expect((await get(`/dimission/requests/${target.id}/mobile`, other)).body.code).toBe(404);
    // 退回 needs a reason
    expect((await post(`/dimission/requests/${target.id}/reject`, { reason: ' ' }, member)).body.msg).toBe('请填写退回原因');
    // 同意 needs the ID number the seeded request lacks
    const noId = await post(`/dimission/requests/${target.id}/approve`, { last_day: today(), handover_name: '李娜' }, member);
    expect(noId.body.msg).toBe('该申请缺少身份证号，请补充后再同意');
    const badId = await post(`/dimission/requests/${target.id}/approve`, { last_day: today(), handover_name: '李娜', id_card: '330106199506011230' }, member);
    expect(badId.body.code).toBe(400);
    const before = (await s.db.one<{ crc_balance: number }>('SELECT crc_balance FROM companies WHERE id = $1', [c1]))!.crc_balance;
    const ok = await post(
      `/dimission/requests/${target.id}/approve`,
      { last_day: today(), handover_name: '李娜', id_card: makeIdCard('330106', '1990-01-01', 5) },
      member,
    );
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.status).toBe('approved');
    expect(ok.body.data.record_id).toBeGreaterThan(0);
    const after = (await s.db.one<{ crc_balance: number }>('SELECT crc_balance FROM companies WHERE id = $1', [c1]))!.crc_balance;
    expect(after).toBe(before - 2 + 10); // op_leave spent, company_staff_leave_1 earned
    const rec = await s.db.one<{ source: string; request_id: number }>('SELECT source, request_id FROM departure_records WHERE id = $1', [
      ok.body.data.record_id,
    ]);
    expect(rec).toEqual({ source: 'request', request_id: target.id });
    expect((await get('/dimission/urge', member)).body.data.count).toBe(2);
    // not again; not 退回 after 同意
    expect((await post(`/dimission/requests/${target.id}/approve`, { last_day: today(), handover_name: '李娜' }, member)).body.code).toBe(409);
    expect((await post(`/dimission/requests/${target.id}/reject`, { reason: 'x' }, member)).body.code).toBe(409);
    // 催办 the handover once a day
    const u1 = await post(`/dimission/requests/${target.id}/urge`, {}, member);
    expect(u1.body.code).toBe(200);
    const u2 = await post(`/dimission/requests/${target.id}/urge`, {}, member);
    expect(u2.body.msg).toBe('今日已催办，请明天再试');
    expect((await sms('13705712231')).some((m) => m.kind === 'urge')).toBe(true);
    // 交接完成 → 已离职
    const left = await post(`/dimission/requests/${target.id}/handover`, {}, member);
    expect(left.body.data.status).toBe('left');
    expect((await post(`/dimission/requests/${target.id}/handover`, {}, member)).body.code).toBe(409);
    // audited 查看
    const n0 = (await s.db.one<{ n: number }>("SELECT count(*) AS n FROM pii_views WHERE subject_type = 'resignation_request'"))!.n;
    const m = await get(`/dimission/requests/${target.id}/mobile`, member);
    expect(m.body.data.value).toBe('13705712231');
    expect((await s.db.one<{ n: number }>("SELECT count(*) AS n FROM pii_views WHERE subject_type = 'resignation_request'"))!.n).toBe(n0 + 1);
  });
});

describe('scan to leave, proof, records', () => {
  let token = '';
  let ticket = '';
  let requestId = 0;
  let proofId = 0;

  it('QR link; SMS check; submit; correction after 退回; withdraw', async () => {
    const qr = await post('/dimission/qrcode', {}, member);
    expect(qr.body.code).toBe(200);
    token = qr.body.data.token;
    expect(qr.body.data.url).toMatch(new RegExp(`/m/leave/${token}$`));
    expect((await post('/dimission/qrcode', {}, member)).body.data.token).toBe(token);
    expect((await get(`/dimission/leave/${token}`)).body.data.company_name).toBe('杭州云帆智联科技有限公司');
    expect((await get('/dimission/leave/AAAAAAAAAAAAAAAAAAAA')).body.code).toBe(404);
    expect((await get('/dimission/leave/bad')).body.code).toBe(400);
    expect((await post(`/dimission/leave/${token}/code`, { mobile: '123' })).body.code).toBe(400);
    expect((await post(`/dimission/leave/${token}/code`, { mobile: EMP })).body.code).toBe(200);
    expect((await post(`/dimission/leave/${token}/verify`, { mobile: EMP, code: '000000' === (await code(EMP)) ? '111111' : '000000' })).body.msg).toBe(
      '验证码错误',
    );
    const v = await post(`/dimission/leave/${token}/verify`, { mobile: EMP, code: await code(EMP) });
    expect(v.body.code).toBe(200);
    expect(v.body.data.request).toBeNull();
    ticket = v.body.data.ticket;
    const form = {
      ticket,
      employee_name: '林晓',
      id_card: EMP_ID,
      dept_name: '技术研发部',
      job_name: '前端工程师',
      join_date: '2022-03-01',
      last_day: today(),
      type: 'resign',
      reason: '个人发展',
    };
    expect((await post(`/dimission/leave/${token}/submit`, { ...form, ticket: 'x'.repeat(20) })).body.msg).toBe('验证已过期，请重新验证手机号');
    expect((await post(`/dimission/leave/${token}/submit`, { ...form, last_day: '2021-01-01' })).body.code).toBe(400);
    expect((await post(`/dimission/leave/${token}/submit`, { ...form, reason: 'a\u0000b' })).body.code).toBe(400);
    // the name rule of every other form (contract/person isPersonName), one message; nothing written (issue 28 item 8)
    const requests = async () => (await s.db.one<{ n: number }>('SELECT COUNT(*)::int AS n FROM resignation_requests WHERE company_id = $1', [c1]))!.n;
    const n0 = await requests();
    for (const employee_name of ['<b onclick=alert(1)>林晓</b>', '林', '林晓123', 'x'.repeat(41)]) {
      const bad = await post(`/dimission/leave/${token}/submit`, { ...form, employee_name });
      expect(bad.body, employee_name).toMatchObject({ code: 400, msg: '请填写正确的姓名', data: null });
    }
    expect((await post(`/dimission/leave/${token}/submit`, { ...form, employee_name: ' ' })).body.msg).toBe('请填写姓名');
    expect(await requests()).toBe(n0);
    const sub = await post(`/dimission/leave/${token}/submit`, form);
    expect(sub.body.code).toBe(200);
    requestId = sub.body.data.request.id;
    expect((await post(`/dimission/leave/${token}/submit`, form)).body.code).toBe(409);
    expect((await get('/dimission/urge', member)).body.data.count).toBe(3);
    // HR sends it back; the employee corrects it
    expect((await post(`/dimission/requests/${requestId}/reject`, { reason: '最后工作日请与主管确认' }, member)).body.data.status).toBe('rejected');
    expect((await sms(EMP))[0]!.body).toContain('最后工作日请与主管确认');
    const again = await post(`/dimission/leave/${token}/submit`, { ...form, reason: '个人发展，已与主管确认' });
    expect(again.body.data.request.id).toBe(requestId);
    expect(again.body.data.request.status).toBe('pending');
    // rotating the QR retires the old link
    const rot = await post('/dimission/qrcode', { rotate: '1' }, member);
    expect(rot.body.data.token).not.toBe(token);
    expect((await get(`/dimission/leave/${token}`)).body.code).toBe(404);
    token = rot.body.data.token;
  });

  it('a withdrawn request leaves the pending count', async () => {
    clock += 61_000;
    const m = '13912345679';
    await post(`/dimission/leave/${token}/code`, { mobile: m });
    const v = await post(`/dimission/leave/${token}/verify`, { mobile: m, code: await code(m) });
    const form = {
      ticket: v.body.data.ticket,
      employee_name: '秦川',
      id_card: makeIdCard('330106', '1992-02-02', 7),
      job_name: '销售',
      join_date: '2020-01-01',
      last_day: today(),
      type: 'resign',
    };
    expect((await post(`/dimission/leave/${token}/submit`, form)).body.code).toBe(200);
    const w = await post(`/dimission/leave/${token}/withdraw`, { ticket: v.body.data.ticket });
    expect(w.body.data.request.status).toBe('withdrawn');
    expect((await post(`/dimission/leave/${token}/withdraw`, { ticket: v.body.data.ticket })).body.code).toBe(409);
  });

  it('同意 creates the record and a draft proof; evaluative words and date rules refused; issue, view, void, reissue', async () => {
    const ok = await post(`/dimission/requests/${requestId}/approve`, { last_day: today(), handover_name: '王磊' }, member);
    expect(ok.body.code).toBe(200);
    const proofs = ProofListData.parse((await get(`/dimission/proofs?status=draft&keywords=${EMP}`, member)).body.data);
    expect(proofs.list).toHaveLength(1);
    proofId = proofs.list[0]!.id;
    expect((await get(`/dimission/proofs/${proofId}`, other)).body.code).toBe(404);
    const d = ProofDetail.parse((await get(`/dimission/proofs/${proofId}`, member)).body.data);
    expect(d.id_card).toBe(EMP_ID);
    expect(d.tenure_text).toMatch(/^\d+年\d+个月$/);
    const base = {
      job_name: '前端工程师',
      entry_date: '2022-03-01',
      leave_date: today(),
      contract_start: '2022-03-01',
      contract_end: '2025-02-28',
      contract_open_ended: '0',
      tenure_text: d.tenure_text,
      legal_basis: 'resign',
      print_reason: '1',
      non_compete: '',
    };
    const put = (form: Record<string, string>, token = member) => req('PUT', `/dimission/proofs/${proofId}`, token, form);
    expect((await put({ ...base, non_compete: '因违纪被开除' })).body.msg).toBe('离职证明不得包含评价性用语（“违纪”），请使用中性表述');
    expect((await put({ ...base, leave_date: '2021-01-01' })).body.msg).toBe('离职日期不能早于入职日期');
    expect((await put({ ...base, contract_end: '2021-01-01' })).body.msg).toBe('劳动合同起始日期不能晚于终止日期');
    expect((await put({ ...base, tenure_text: '三年' })).body.code).toBe(400);
    expect((await put({ ...base, legal_basis: 'fired' })).body.code).toBe(400);
    expect((await put(base, other)).body.code).toBe(404);
    expect((await put(base)).body.code).toBe(200);
    const issued = await post(`/dimission/proofs/${proofId}/issue`, {}, member);
    expect(issued.body.data.serial).toMatch(/^LZ\d{14}$/);
    expect((await post(`/dimission/proofs/${proofId}/issue`, {}, member)).body.code).toBe(409);
    expect((await put(base)).body.code).toBe(409);
    // 催办 once a day while not viewed
    expect((await post(`/dimission/proofs/${proofId}/urge`, {}, member)).body.code).toBe(200);
    expect((await post(`/dimission/proofs/${proofId}/urge`, {}, member)).body.msg).toBe('今日已催办，请明天再试');
    const link = (await sms(EMP)).find((m) => m.body.includes('/m/proof/'))!.body;
    const viewToken = /\/m\/proof\/([\w-]+)/.exec(link)![1]!;
    const view = await get(`/dimission/proof-view/${viewToken}`);
    const pv = ProofViewData.parse(view.body.data);
    expect(pv.status).toBe('viewed');
    // masked on the link: the whole number needs the employee's SMS check (proof-links.test.ts)
    expect(pv.id_card).toBe(maskIdCard(EMP_ID));
    expect(JSON.stringify(view.body)).not.toContain(EMP_ID);
    expect((await post(`/dimission/proofs/${proofId}/urge`, {}, member)).body.code).toBe(409);
    // void (reason required) and reissue with a new serial
    expect((await post(`/dimission/proofs/${proofId}/reissue`, {}, member)).body.code).toBe(409);
    expect((await post(`/dimission/proofs/${proofId}/void`, { reason: '' }, member)).body.code).toBe(400);
    expect((await post(`/dimission/proofs/${proofId}/void`, { reason: '岗位名称有误' }, other)).body.code).toBe(404);
    expect((await post(`/dimission/proofs/${proofId}/void`, { reason: '岗位名称有误' }, member)).body.data.status).toBe('void');
    expect((await get(`/dimission/proof-view/${viewToken}`)).body.code).toBe(404);
    const re = await post(`/dimission/proofs/${proofId}/reissue`, {}, member);
    expect(re.body.data.status).toBe('draft');
    const re2 = await post(`/dimission/proofs/${re.body.data.id}/issue`, {}, member);
    expect(re2.body.data.serial).not.toBe(issued.body.data.serial);
  });

  it('manual entry; a record from the list gets a proof; records list, reveal, export', async () => {
    const manual = {
      name: '周岚',
      id_card: makeIdCard('330106', '1988-08-08', 42),
      mobile: '13912340000',
      dept_name: '财务部',
      leave_type: 'mutual',
      job_name: '出纳',
      entry_date: '2018-05-10',
      leave_date: new Date(Date.now() + clock - 3 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10),
      contract_start: '2018-05-10',
      contract_end: '',
      contract_open_ended: '1',
      legal_basis: 'mutual',
      print_reason: '0',
      non_compete: '',
    };
    expect((await post('/dimission/proofs/manual', { ...manual, id_card: '123' }, member)).body.code).toBe(400);
    expect((await post('/dimission/proofs/manual', { ...manual, contract_open_ended: '0' }, member)).body.msg).toBe('请填写劳动合同终止日期，或勾选无固定期限');
    const m = await post('/dimission/proofs/manual', manual, member);
    expect(m.body.code).toBe(200);
    expect((await post('/dimission/proofs/manual', manual, member)).body.code).toBe(409);
    const recs = RecordListData.parse((await get(`/dimission/records?keywords=${encodeURIComponent('周岚')}`, member)).body.data);
    expect(recs.list).toHaveLength(1);
    const r = recs.list[0]!;
    expect(r.proof?.status).toBe('draft');
    expect(r.overdue).toBe(true);
    expect(r.id_card_mask).toMatch(/^330106\*{8}\d{3}[\dX]$/);
    expect((await post('/dimission/proofs', { record_id: String(r.id) }, member)).body.code).toBe(409);
    expect((await post('/dimission/proofs', { record_id: String(r.id) }, other)).body.code).toBe(404);
    expect((await get(`/dimission/records/${r.id}/reveal?field=id_card&reason=${encodeURIComponent('核对身份信息')}`, member)).body.data.value).toBe(
      manual.id_card,
    );
    expect((await get(`/dimission/records/${r.id}/reveal?field=id_card&reason=${encodeURIComponent('核对身份信息')}`, other)).body.code).toBe(404);
    expect((await get(`/dimission/records/${r.id}/reveal?field=bank&reason=${encodeURIComponent('核对身份信息')}`, member)).body.code).toBe(400);
    // 档案/社保 transfer done stops the 15-day reminder
    expect(r.transfer_days_left).not.toBeNull();
    expect((await post(`/dimission/records/${r.id}/transfer`, {}, other)).body.code).toBe(404);
    expect((await post(`/dimission/records/${r.id}/transfer`, {}, member)).body.code).toBe(200);
    const done = RecordListData.parse((await get(`/dimission/records?keywords=${encodeURIComponent('周岚')}`, member)).body.data).list[0]!;
    expect(done.transfer_days_left).toBeNull();
    expect(done.transfer_done_at).not.toBeNull();
    // an imported record (source import, written as the import pipeline does) can get a proof
    const idc = makeIdCard('330106', '1991-01-01', 77);
    const { sealPii } = await import('../lib/pii');
    const sealed = sealPii('id_card', idc);
    const imp = await s.db.one<{ id: number }>(
      `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, job_name, entry_date, leave_date, leave_type)
       VALUES ($1, 'import', '冯越', $2, $3, $4, '仓管', '2019-01-01', '2023-06-30', 'expire') RETURNING id`,
      [c1, sealed.enc, sealed.bidx, sealed.mask],
    );
    const fromImport = await post('/dimission/proofs', { record_id: String(imp!.id) }, member);
    expect(fromImport.body.code).toBe(200);
    const pd = ProofDetail.parse((await get(`/dimission/proofs/${fromImport.body.data.id}`, member)).body.data);
    expect(pd.legal_basis).toBe('expire');
    expect(pd.tenure_text).toBe('4年6个月');
    // export: masked values only (a ticket, the file streamed: issue 34)
    const ex = await get('/dimission/records/export', member);
    expect(ex.body.code).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(s.url, member, ex.body.data.ticket)).file! as never);
    const ws = wb.getWorksheet('离职记录')!;
    expect(ws.getRow(1).getCell(1).value).toBe('姓名');
    const text = JSON.stringify(ws.getSheetValues());
    expect(text).toContain('周岚');
    expect(text).not.toContain(manual.id_card);
    expect(text).not.toContain('13912340000');
    expect((await get('/dimission/records/export', noCompany)).body.code).toBe(403);
  });

  it('the resume proof image is drawn from the issued proof with the art. 24 items', async () => {
    const w = await s.db.one<{ id: number; candidate_id: number }>(
      "SELECT id, candidate_id FROM candidate_work WHERE resign_type = 'in' AND has_proof AND resign_id > 0 AND resign_id IN (SELECT id FROM departure_proofs) LIMIT 1",
    );
    expect(w).toBeDefined();
    const view = await get(`/talent/view_user/${w!.candidate_id}`, member);
    const pic = (view.body.data.work_exp_list as { no8_pic: string; resign_type: string }[]).find((x) => x.resign_type === 'in' && x.no8_pic)!.no8_pic;
    const svg = await (await fetch(s.url + pic)).text();
    for (const label of ['劳动合同期限', '解除或者终止劳动合同的日期', '工作岗位', '在本单位的工作年限']) expect(svg).toContain(label);
    expect(svg).toMatch(/\d{6}\*{8}\d{3}[\dX]/);
  });
});

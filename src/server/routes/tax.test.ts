/**
 * 完税服务 over real HTTP against PGlite: opening the service (the operator's decision sets the
 * flag), the flag enforced on the server for every tax endpoint, applications from the seeded paid
 * payout rows, the check step (一致 / 不一致), the order paid by the WeChat Pay sandbox (idempotent)
 * or by bank transfer with a voucher, the operator issuing proof and invoice, downloads, forbidden
 * transitions, another company's ids (the same 404), bad input (a Chinese 400).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaxDetail, TaxListData, TaxOrder, TaxServiceData, EligibleData, TaxFileData } from '../../contract/tax';
import { ImportBatchDetail, taxImport } from '../../contract/imports';
import { makeXlsx } from '../imports/fixtures';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { createHash } from 'node:crypto';
import { mobileIndex } from '../domain/users';
import { DEMO_TAX_SELLER } from '../domain/tax/seller';

let s: TestServer;
let a: string; // 13800000001: member with the tax flag
let b: string; // 13800000002: no flag
let cB = 0;
beforeAll(async () => {
  s = await startTestServer();
  a = await s.tokenFor('13800000001');
  b = await s.tokenFor('13800000002');
  cB = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}'`))!.company_id;
  // The figures below are the tax seed's three batches; the statistics seed's year of weekly
  // payouts (same company, same workers) is moved three years back, out of the months under test.
  await s.db.query(
    `UPDATE payout_rows r SET finished_at = r.finished_at - interval '3 years' FROM payout_batches pb
      WHERE pb.id = r.batch_id AND pb.batch_no NOT LIKE 'FFTAXDEMO%' AND r.finished_at IS NOT NULL`,
  );
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const get = (path: string, token?: string) => call(s.url, 'GET', `/ent/v3${path}`, { token });
const post = (path: string, form: Record<string, string>, token?: string) => call(s.url, 'POST', `/ent/v3${path}`, { form, token });
const sandbox = (path: string, form: Record<string, string> = {}) => call(s.url, 'POST', path, { form });

function month(back: number): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  const idx = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}
const last = month(1);
const before = month(2);

async function create(form: Record<string, string>, token = a) {
  const r = await post('/tax/apply', { start: before, end: last, proof_type: 'table', receive: 'download', ...form }, token);
  expect(r.body.msg).toBeTypeOf('string');
  return r;
}

describe('the service opening', () => {
  it('shows the seeded company as opened with its tax data', async () => {
    const r = await get('/tax/service', a);
    const d = TaxServiceData.parse(r.body.data);
    expect(d).toMatchObject({ status: 'approved', is_pay_taxe: true, tax_office: '国家税务总局杭州市西湖区税务局', contact_phone: '138****0001' });
    expect(d.tax_no).toHaveLength(18);
  });

  it('lets a company apply; the operator decides and the flag follows', async () => {
    expect((await get('/tax/service', b)).body.data.status).toBe('none');
    const bad = await post('/tax/service', { tax_office: '南京税务', contact_name: '李明', contact_phone: '12345', agree: '1' }, b);
    expect(bad.body).toMatchObject({ code: 400, msg: '请输入正确的手机号' });
    const noAgree = await post('/tax/service', { tax_office: '国家税务总局南京市鼓楼区税务局', contact_name: '李明', contact_phone: '13912345678' }, b);
    expect(noAgree.body.code).toBe(400);
    expect(noAgree.body.msg).toContain('完税服务协议');
    const nul = await post('/tax/service', { tax_office: '国家税务总局\u0000南京', contact_name: '李明', contact_phone: '13912345678', agree: '1' }, b);
    expect(nul.body.code).toBe(400);
    const okr = await post('/tax/service', { tax_office: '国家税务总局南京市鼓楼区税务局', contact_name: '李明', contact_phone: '13912345678', agree: '1' }, b);
    expect(okr.body.code).toBe(200);
    expect(okr.body.data).toMatchObject({ status: 'pending', contact_phone: '139****5678', is_pay_taxe: false });
    expect(
      (await post('/tax/service', { tax_office: '国家税务总局南京市鼓楼区税务局', contact_name: '李明', contact_phone: '13912345678', agree: '1' }, b)).body
        .code,
    ).toBe(409);
    const stored = await s.db.one<{ contact_phone_enc: string }>('SELECT contact_phone_enc FROM tax_services WHERE company_id = $1', [cB]);
    expect(stored!.contact_phone_enc).not.toContain('13912345678');
    // rejected, applies again, approved
    expect((await sandbox(`/sandbox/tax/services/${cB}/decide`, { result: 'reject', reason: '请补充税务登记信息' })).body.code).toBe(200);
    expect((await get('/tax/service', b)).body.data).toMatchObject({ status: 'rejected', reject_reason: '请补充税务登记信息' });
    await post('/tax/service', { tax_office: '国家税务总局南京市鼓楼区税务局', contact_name: '李明', contact_phone: '13912345678', agree: '1' }, b);
    expect((await sandbox(`/sandbox/tax/services/${cB}/decide`, { result: 'pass' })).body.code).toBe(200);
    expect((await sandbox(`/sandbox/tax/services/${cB}/decide`, { result: 'pass' })).body.code).toBe(409);
    const flag = await s.db.one<{ is_pay_taxe: boolean }>('SELECT is_pay_taxe FROM companies WHERE id = $1', [cB]);
    expect(flag!.is_pay_taxe).toBe(true);
    const info = await get('/usercenter/info', b);
    expect(info.body.data.member.is_pay_taxe).toBeTruthy();
    await s.db.query('UPDATE companies SET is_pay_taxe = false WHERE id = $1', [cB]);
  });
});

describe('the tax flag is enforced on the server', () => {
  it('refuses every tax endpoint for a member company without the flag', async () => {
    await s.db.query(`UPDATE companies SET company_lv = 1, member_expire = now()::date + 30 WHERE id = $1`, [cB]);
    try {
      const calls = [
        get(`/tax/eligible?start=${before}&end=${last}`, b),
        create({ mode: 'people', ids: '1' }, b),
        get('/tax/applications', b),
        get('/tax/apply/1', b),
        post('/tax/apply/1/action', { action: 'withdraw' }, b),
        post('/tax/apply/1/submit', { confirmed: '1' }, b),
        get('/tax/apply/1/order', b),
        post('/tax/apply/1/order/wechat', {}, b),
        post('/tax/apply/1/order/bank', { media_id: 'abc123' }, b),
        get('/tax/invoice/1/TX202601010000000000', b),
        get('/tax/apply/1/file?kind=proof', b),
      ];
      for (const r of await Promise.all(calls)) expect(r.body).toMatchObject({ code: 403, msg: '贵公司尚未开通完税服务，请先申请开通' });
    } finally {
      await s.db.query(`UPDATE companies SET company_lv = 0, member_expire = NULL WHERE id = $1`, [cB]);
    }
  });
  it('refuses a non-member and a missing token', async () => {
    expect((await get('/tax/applications', b)).body.code).toBe(403);
    expect((await get('/tax/applications')).body.code).toBe(410000);
  });
});

describe('applications', () => {
  let eligible: ReturnType<typeof EligibleData.parse>;
  it('lists the paid payout rows of a period by batch and by person', async () => {
    const r = await get(`/tax/eligible?start=${before}&end=${last}`, a);
    eligible = EligibleData.parse(r.body.data);
    expect(eligible.batches.map((x) => x.batch_no).sort()).toEqual(['FFTAXDEMO0001', 'FFTAXDEMO0002', 'FFTAXDEMO0003']);
    const b1 = eligible.batches.find((x) => x.batch_no === 'FFTAXDEMO0001')!;
    expect(b1).toMatchObject({ period: last, head_count: 2, income: 500000, tax: 7500, invoiceable: 530000 });
    expect(eligible.people.find((p) => p.name === '张伟')).toMatchObject({ rows: 2, income: 380000, cert_no: expect.stringMatching(/^330106\*+123X$/) });
    expect((await get(`/tax/eligible?start=${last}&end=${before}`, a)).body).toMatchObject({ code: 400, msg: '结束月份不能早于起始月份' });
    expect((await get(`/tax/eligible?start=2026-13&end=${last}`, a)).body.code).toBe(400);
    // finished months within the look-back only (contract/tax-rules periodProblem)
    for (const [from, to] of [
      ['0000-01', '0000-01'],
      ['9999-12', '9999-12'],
      [month(0), month(0)],
      [last, month(-1)],
      [month(37), month(36)],
    ]) {
      const r = await get(`/tax/eligible?start=${from}&end=${to}`, a);
      expect(r.body.code, `${from}..${to}`).toBe(400);
      expect(r.body.msg).toMatch(/^(税款所属期须为已结束的月份（最晚 .+）|只能申请近3年内的税款所属期（.+ 起）)/);
    }
    expect((await get(`/tax/eligible?start=${month(36)}&end=${month(36)}`, a)).body.code).toBe(200);
    expect((await create({ start: month(0), end: month(0), mode: 'people', ids: '1' })).body.code).toBe(400);
  });

  let id = 0;
  let no = '';
  it('creates, checks, pays by WeChat (idempotent), is issued, and downloads', async () => {
    const zhang = eligible.people.find((p) => p.name === '张伟')!;
    const bad = await create({ mode: 'people', ids: 'x' });
    expect(bad.body).toMatchObject({ code: 400, msg: '请选择人员或批次' });
    expect((await create({ mode: 'people', ids: '99999' })).body.code).toBe(400);
    expect((await create({ mode: 'people', ids: String(zhang.worker_id), receive: 'email', email: 'no' })).body).toMatchObject({
      code: 400,
      msg: '请填写正确的接收邮箱',
    });
    const r = await create({ mode: 'people', ids: String(zhang.worker_id), remark: '年度汇算' });
    expect(r.body.code).toBe(200);
    const d = TaxDetail.parse(r.body.data);
    id = d.id;
    no = d.apply_no;
    expect(d).toMatchObject({ status: 'checking', head_count: 1, income: 380000, tax: 5700, fee: 2000, all_consistent: true });
    expect(d.rows.map((x) => x.consistent)).toEqual([true, true]);
    expect(d.rows[0]).toMatchObject({ name: '张伟', cert_no: expect.stringContaining('*'), paid_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // the same rows cannot be applied for twice
    expect((await create({ mode: 'people', ids: String(zhang.worker_id) })).body.code).toBe(400);
    // forbidden transitions before the check
    expect((await post(`/tax/apply/${id}/order/wechat`, {}, a)).body.code).toBe(404);
    expect((await post(`/tax/apply/${id}/action`, { action: 'prepare' }, a)).body.code).toBe(409);
    expect((await post(`/tax/apply/${id}/submit`, {}, a)).body).toMatchObject({ code: 400, msg: '请先勾选“我已核对以上信息无误”' });
    const sub = await post(`/tax/apply/${id}/submit`, { confirmed: '1' }, a);
    expect(sub.body.code).toBe(200);
    const sd = TaxDetail.parse(sub.body.data);
    expect(sd.status).toBe('unpaid');
    expect(sd.order).toMatchObject({ status: 'unpaid', amount: 2000, service: '完税证明开具服务费' });
    expect(sd.invoice).toMatchObject({ status: 'pending', invoice_type: 1, company_name: '杭州云帆智联科技有限公司', amount: 380000 + 22800 });
    expect((await post(`/tax/apply/${id}/submit`, { confirmed: '1' }, a)).body.code).toBe(409);
    // pay by WeChat: the QR's url is the shared pay sandbox
    const w = await post(`/tax/apply/${id}/order/wechat`, {}, a);
    expect(w.body.data.code_url).toContain(`/sandbox/pay/${w.body.data.order_id}`);
    const orderId = w.body.data.order_id as string;
    expect((await get(`/tax/apply/${id}/order`, a)).body.data.status).toBe('unpaid');
    const page = await call<string>(s.url, 'GET', `/sandbox/pay/${orderId}`, { headers: { accept: 'text/html' } });
    expect(page.body).toContain('完税证明开具服务费');
    const paid = await Promise.all([1, 2, 3, 4, 5].map(() => call(s.url, 'POST', `/sandbox/pay/${orderId}`)));
    expect(paid.filter((p) => p.body.data.paid_now).length).toBe(1);
    expect(paid.every((p) => p.body.code === 200)).toBe(true);
    const o = TaxOrder.parse((await get(`/tax/apply/${id}/order`, a)).body.data);
    expect(o).toMatchObject({ status: 'paid', method: 'wechat', code_url: '' });
    expect((await get(`/tax/apply/${id}`, a)).body.data.status).toBe('issuing');
    // paid: no withdrawal, no second payment, no download yet
    expect((await post(`/tax/apply/${id}/action`, { action: 'withdraw' }, a)).body.code).toBe(409);
    expect((await post(`/tax/apply/${id}/order/wechat`, {}, a)).body.code).toBe(409);
    expect((await get(`/tax/apply/${id}/file?kind=proof`, a)).body).toMatchObject({ code: 409, msg: '完税证明尚未开具' });
    expect((await get(`/tax/apply/${id}/file?kind=invoice`, a)).body.code).toBe(409);
    // 入库日期 is the day the month's tax reached the treasury, not the payout date; no proof before it
    const remitted = `${month(0)}-01`;
    await s.db.query('DELETE FROM tax_remittances WHERE period = $1', [last]);
    expect((await get(`/tax/apply/${id}`, a)).body.data.rows.find((x: { period: string }) => x.period === last).paid_date).toBe('');
    expect((await sandbox(`/sandbox/tax/applications/${id}/issue`)).body).toMatchObject({
      code: 409,
      msg: `税款所属期 ${last} 的税款尚未入库，入库后方可开具完税证明`,
    });
    expect((await sandbox('/sandbox/tax/remittances', { period: month(0), date: remitted })).body.msg).toBe('请选择已结束的税款所属期');
    expect((await sandbox('/sandbox/tax/remittances', { period: last, date: `${last}-20` })).body.msg).toBe('入库日期应在税款所属期之后（次月申报入库）');
    expect((await sandbox('/sandbox/tax/remittances', { period: last, date: remitted, voucher: '333016000000001' })).body.code).toBe(200);
    const rows = TaxDetail.parse((await get(`/tax/apply/${id}`, a)).body.data).rows;
    expect(rows.filter((x) => x.period === last).map((x) => x.paid_date)).toEqual([remitted, remitted]);
    // the operator issues proof and invoice
    expect((await sandbox(`/sandbox/tax/applications/${id}/issue`)).body.code).toBe(200);
    expect((await sandbox(`/sandbox/tax/applications/${id}/issue`)).body.code).toBe(409);
    expect((await sandbox(`/sandbox/tax/applications/${id}/invoice`)).body.code).toBe(200);
    expect((await sandbox(`/sandbox/tax/applications/${id}/invoice`)).body.code).toBe(409);
    const inv = TaxDetail.parse((await get(`/tax/invoice/${id}/${no}`, a)).body.data);
    expect(inv.status).toBe('issued');
    expect(inv.proof_no).toMatch(/浙税证\d{8}$/);
    expect(inv.invoice).toMatchObject({ status: 'issued', invoice_no: expect.stringMatching(/^\d{20}$/), invoice_date: expect.stringMatching(/^\d{4}-/) });
    expect((await get(`/tax/invoice/${id}/TX000000000000000000`, a)).body).toMatchObject({ code: 404, msg: '发票不存在' });
    expect((await get(`/tax/apply/${id}/file?kind=other`, a)).body.code).toBe(400);
  });

  it('the issued proof is a PDF with its 验真码, checked on the public page; the invoice follows its record', async () => {
    const inv = TaxDetail.parse((await get(`/tax/invoice/${id}/${no}`, a)).body.data);
    const proof = TaxFileData.parse((await get(`/tax/apply/${id}/file?kind=proof`, a)).body.data);
    expect(proof).toMatchObject({ file_name: `完税证明_${no}.pdf`, mime: 'application/pdf' });
    const pdf = Buffer.from(proof.content, 'base64');
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const code = inv.verify_code;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    const hex = (t: string) => [...t].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
    expect(pdf.toString('latin1')).toContain(hex(code));
    // every download is the same stored file
    expect(TaxFileData.parse((await get(`/tax/apply/${id}/file?kind=proof`, a)).body.data).content).toBe(proof.content);
    const sha = createHash('sha256').update(pdf).digest('hex');
    const check = await call(s.url, 'GET', `/ent/v3/tax/proof-check/${code.toLowerCase()}`);
    expect(check.body.data).toMatchObject({ status: 'issued', company_name: '杭州云帆智联科技有限公司', serial: inv.proof_no, file: null });
    expect(check.body.data.items).toEqual(
      expect.arrayContaining([
        { key: 'period', label: '税款所属期', value: `${before} 至 ${last}` },
        { key: 'tax', label: '实缴税额合计', value: '¥57.00' },
      ]),
    );
    expect((await call(s.url, 'GET', `/ent/v3/tax/proof-check/${code}?sha256=${sha}`)).body.data.file).toBe('match');
    expect((await call(s.url, 'GET', `/ent/v3/tax/proof-check/${code}?sha256=${'0'.repeat(64)}`)).body.data.file).toBe('mismatch');
    expect((await call(s.url, 'GET', '/ent/v3/tax/proof-check/ZZZZZZZZZZZZ')).body).toMatchObject({
      code: 404,
      msg: '未找到该验真码对应的完税证明，请核对验真码',
    });
    expect((await call(s.url, 'GET', '/ent/v3/tax/proof-check/abc')).body.code).toBe(400);
    // the invoice: amounts from the record (6%: 价税合计 = 金额 + 税额), the configured seller
    expect(inv.invoice).toMatchObject({ rate_bp: 600, amount: 402800, net_amount: 380000, tax_amount: 22800, seller: { name: DEMO_TAX_SELLER.name } });
    // the seeded company's invoice details name a recipient: paper, so no electronic file
    expect(inv.invoice!.medium).toBe('paper');
    const paper = await get(`/tax/apply/${id}/file?kind=invoice`, a);
    expect(paper.body.code).toBe(409);
    expect(paper.body.msg).toMatch(/^该发票为纸质发票，没有电子发票文件可下载；纸质发票将邮寄至 /);
    await s.db.query(`UPDATE tax_invoices SET medium = 'electronic' WHERE application_id = $1`, [id]);
    const xml = Buffer.from(TaxFileData.parse((await get(`/tax/apply/${id}/file?kind=invoice`, a)).body.data).content, 'base64').toString('utf8');
    for (const part of [
      inv.invoice!.invoice_no,
      '电子发票（增值税专用发票）',
      `<SellerIdNum>${DEMO_TAX_SELLER.taxNo}</SellerIdNum>`,
      '<Amount>3800.00</Amount>',
      '<TaxRate>6%</TaxRate>',
      '<ComTaxAm>228.00</ComTaxAm>',
      '<TotalTaxIncludedAmount>4028.00</TotalTaxIncludedAmount>',
    ])
      expect(xml).toContain(part);
  });

  it('answers another company the same 404 as a missing application', async () => {
    await s.db.query(`UPDATE companies SET company_lv = 1, member_expire = now()::date + 30, is_pay_taxe = true WHERE id = $1`, [cB]);
    try {
      const missing = await get('/tax/apply/987654', b);
      expect(missing.body).toMatchObject({ code: 404, msg: '申请不存在' });
      for (const r of await Promise.all([
        get(`/tax/apply/${id}`, b),
        get(`/tax/apply/${id}/order`, b),
        post(`/tax/apply/${id}/action`, { action: 'withdraw' }, b),
        post(`/tax/apply/${id}/submit`, { confirmed: '1' }, b),
        post(`/tax/apply/${id}/order/wechat`, {}, b),
        get(`/tax/invoice/${id}/${no}`, b),
        get(`/tax/apply/${id}/file?kind=proof`, b),
      ])) {
        expect(r.body).toMatchObject({ code: 404, msg: '申请不存在' });
      }
      const list = TaxListData.parse((await get('/tax/applications', b)).body.data);
      expect(list.total).toBe(0);
      expect((await get(`/tax/eligible?start=${before}&end=${last}`, b)).body.data.batches).toEqual([]);
      expect((await get('/tax/apply/99999999999', b)).body.code).toBe(400);
    } finally {
      await s.db.query(`UPDATE companies SET company_lv = 0, member_expire = NULL, is_pay_taxe = false WHERE id = $1`, [cB]);
    }
  });

  it('pays by bank transfer with a voucher; the operator confirms once', async () => {
    const li = eligible.people.find((p) => p.name === '李娜')!;
    const d = TaxDetail.parse((await create({ mode: 'people', ids: String(li.worker_id), draft: '1' })).body.data);
    expect(d.status).toBe('draft');
    expect((await post(`/tax/apply/${d.id}/submit`, { confirmed: '1' }, a)).body.code).toBe(409);
    expect((await post(`/tax/apply/${d.id}/action`, { action: 'prepare' }, a)).body.data.status).toBe('checking');
    await post(`/tax/apply/${d.id}/submit`, { confirmed: '1' }, a);
    const user = await s.db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`);
    await s.db.query(
      `INSERT INTO media (media_id, kind, company_id, user_id, title, file_name, bucket, object_key, status) VALUES
       ('taxvoucher01', 'image', $1, $2, '转账凭证', '转账凭证.png', 'b', 'tax/v1.png', 'Normal'),
       ('taxvoucher02', 'image', $1, $2, '转账凭证', '上传中.png', 'b', 'tax/v2.png', 'Uploading')`,
      [user!.company_id, user!.id],
    );
    expect((await post(`/tax/apply/${d.id}/order/bank`, { media_id: '' }, a)).body).toMatchObject({ code: 400, msg: '请上传转账凭证' });
    expect((await post(`/tax/apply/${d.id}/order/bank`, { media_id: 'nosuchmedia' }, a)).body.code).toBe(400);
    expect((await post(`/tax/apply/${d.id}/order/bank`, { media_id: 'taxvoucher02' }, a)).body.msg).toBe('文件尚未上传完成，请稍后再试');
    const r = await post(`/tax/apply/${d.id}/order/bank`, { media_id: 'taxvoucher01' }, a);
    expect(r.body.data).toMatchObject({ status: 'confirming', method: 'bank', voucher_name: '转账凭证.png' });
    expect((await get(`/tax/apply/${d.id}`, a)).body.data.status).toBe('paying');
    expect((await post(`/tax/apply/${d.id}/order/bank`, { media_id: 'taxvoucher01' }, a)).body.code).toBe(409);
    expect((await post(`/tax/apply/${d.id}/action`, { action: 'withdraw' }, a)).body.code).toBe(409);
    const orderId = r.body.data.order_id as string;
    const c1 = await sandbox(`/sandbox/tax/orders/${orderId}/confirm`);
    const c2 = await sandbox(`/sandbox/tax/orders/${orderId}/confirm`);
    expect([c1.body.code, c2.body.code]).toEqual([200, 200]);
    expect(c2.body.msg).toBe('订单已支付');
    expect((await get(`/tax/apply/${d.id}`, a)).body.data.status).toBe('issuing');
    // the operator rejects: the rows become free again
    expect((await sandbox(`/sandbox/tax/applications/${d.id}/reject`, { reason: '税款所属期有误' })).body.code).toBe(200);
    expect((await get(`/tax/apply/${d.id}`, a)).body.data).toMatchObject({ status: 'rejected', reject_reason: '税款所属期有误' });
  });

  it('withdraws before payment, flags rows that no longer match, and filters the list', async () => {
    const all = EligibleData.parse((await get(`/tax/eligible?start=${before}&end=${last}`, a)).body.data);
    const wang = all.people.find((p) => p.name === '王强')!;
    const d = TaxDetail.parse((await create({ mode: 'people', ids: String(wang.worker_id) })).body.data);
    // a payout row bounces after the application was made: 不一致, and submit is refused
    const row = await s.db.one<{ payout_row_id: number }>('SELECT payout_row_id FROM tax_application_rows WHERE application_id = $1 LIMIT 1', [d.id]);
    await s.db.query(`UPDATE payout_rows SET status = 'bounced' WHERE id = $1`, [row!.payout_row_id]);
    const checked = TaxDetail.parse((await get(`/tax/apply/${d.id}`, a)).body.data);
    expect(checked.all_consistent).toBe(false);
    expect(checked.rows.find((x) => !x.consistent)!.problem).toBe('发放已退汇');
    expect((await post(`/tax/apply/${d.id}/submit`, { confirmed: '1' }, a)).body.code).toBe(409);
    await s.db.query(`UPDATE payout_rows SET status = 'success' WHERE id = $1`, [row!.payout_row_id]);
    expect((await post(`/tax/apply/${d.id}/action`, { action: 'withdraw' }, a)).body.data.status).toBe('withdrawn');
    expect((await post(`/tax/apply/${d.id}/action`, { action: 'withdraw' }, a)).body.code).toBe(409);
    expect((await post(`/tax/apply/${d.id}/action`, { action: 'delete' }, a)).body.code).toBe(400);
    const list = TaxListData.parse((await get('/tax/applications?status=withdrawn', a)).body.data);
    expect(list.list.map((x) => x.id)).toContain(d.id);
    expect(list.counts.issued).toBe(1);
    const byName = TaxListData.parse((await get(`/tax/applications?keywords=${encodeURIComponent('张伟')}`, a)).body.data);
    expect(byName.list.length).toBeGreaterThan(0);
    expect((await get('/tax/applications?status=nope', a)).body.code).toBe(400);
    expect((await get(`/tax/applications?keywords=${'x'.repeat(60)}`, a)).body.code).toBe(400);
  });

  it('applies in bulk for several batches of one period', async () => {
    const all = EligibleData.parse((await get(`/tax/eligible?start=${last}&end=${last}`, a)).body.data);
    const ids = all.batches.map((x) => x.id);
    expect(ids.length).toBe(2);
    expect(
      (await post('/tax/apply', { start: before, end: last, mode: 'batches', ids: ids.join(','), proof_type: 'document', receive: 'download', bulk: '1' }, a))
        .body.code,
    ).toBe(400);
    expect(
      (await post('/tax/apply', { start: last, end: last, mode: 'batches', ids: String(ids[0]), proof_type: 'document', receive: 'download', bulk: '1' }, a))
        .body.msg,
    ).toBe('批量申请请至少选择两个发放批次');
    const r = await post(
      '/tax/apply',
      { start: last, end: last, mode: 'batches', ids: ids.join(','), proof_type: 'document', receive: 'download', bulk: '1' },
      a,
    );
    const d = TaxDetail.parse(r.body.data);
    expect(d).toMatchObject({ bulk: true, status: 'checking', period_start: last, period_end: last });
    expect(d.invoiceable).toBe(all.batches.reduce((n, x) => n + x.invoiceable, 0));
    expect(d.batches.length).toBe(2);
    expect((await post(`/tax/apply/${d.id}/action`, { action: 'withdraw' }, a)).body.data.status).toBe('withdrawn');
  });
});

describe("the import pipeline's tax type (批量申请 from a list)", () => {
  const upload = (buf: Buffer, token = a) =>
    call(s.url, 'POST', '/ent/v3/import/upload/tax', { token, form: { file_name: '批次名单.xlsx', file: buf.toString('base64') } });

  it('names the rows that cannot be applied for, then commits one application of the batches', async () => {
    // the earlier tests withdrew or rejected what covered last month's rows except 张伟's issued one
    const rows = [
      { 批次号: 'FFTAXDEMO0001', 税款所属期: last },
      { 批次号: 'FFTAXDEMO0002', 税款所属期: last },
      { 批次号: 'FFTAXDEMO0003', 税款所属期: before }, // another month than the first row
      { 批次号: 'FFNOSUCHBATCH', 税款所属期: last },
      { 批次号: 'FFTAXDEMO0001', 税款所属期: last }, // duplicate in the file
      { 批次号: 'FF-1', 税款所属期: '十月' },
    ];
    const bad = ImportBatchDetail.parse((await upload(await makeXlsx(taxImport, rows))).body.data);
    expect(bad.batch).toMatchObject({ status: 'failed', total: 6, type_label: '完税申请批次' });
    const at = (row: number) => bad.issues.filter((i) => i.row === row).map((i) => i.msg);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual([]);
    expect(at(4)).toEqual([`同一文件须为同一税款所属期（第一行为 ${last}）`]);
    expect(at(5)).toEqual(['批次不存在']);
    expect(at(6)[0]).toMatch(/与第2行重复/);
    expect(at(7)).toEqual(['批次号格式不正确', '税款所属期格式不正确，应为 YYYY-MM']);

    const ok = ImportBatchDetail.parse((await upload(await makeXlsx(taxImport, rows.slice(0, 2)))).body.data);
    expect(ok.batch.status).toBe('pending');
    const done = await call(s.url, 'POST', `/ent/v3/import/batches/${ok.batch.id}/commit`, { token: a });
    expect(done.body.code).toBe(200);
    const list = TaxListData.parse((await get('/tax/applications?status=checking', a)).body.data);
    const made = list.list.find((x) => x.remark === `批量导入（导入批次 ${ok.batch.id}）`)!;
    expect(made).toMatchObject({ bulk: true, period_start: last, period_end: last, status: 'checking' });
    // now the batches are fully in a live application: reported as such
    const again = ImportBatchDetail.parse((await upload(await makeXlsx(taxImport, rows.slice(0, 1)))).body.data);
    expect(again.issues.map((i) => i.msg)).toEqual(['与已有完税申请重复（批次号相同）']);
    await post(`/tax/apply/${made.id}/action`, { action: 'withdraw' }, a);
  });

  it('needs the tax flag', async () => {
    await s.db.query(`UPDATE companies SET company_lv = 1, member_expire = now()::date + 30 WHERE id = $1`, [cB]);
    try {
      expect((await upload(await makeXlsx(taxImport, [{ 批次号: 'FFTAXDEMO0001', 税款所属期: last }]), b)).body).toMatchObject({
        code: 403,
        msg: '贵公司尚未开通完税服务，请先申请开通',
      });
      expect((await get('/import/template/tax', b)).body.code).toBe(403);
      expect((await get('/import/template/tax', a)).body.code).toBe(200);
    } finally {
      await s.db.query(`UPDATE companies SET company_lv = 0, member_expire = NULL WHERE id = $1`, [cB]);
    }
  });
});

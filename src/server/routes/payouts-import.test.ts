/**
 * 发放管理, third slice, over real HTTP against PGlite: a payout batch from an imported 发放名单
 * (people who are not the company's signed workers refused row by row, amounts that are not
 * integers of fen refused, the monthly cap, the payee account sealed), its failed rows paid again
 * row by row and only once, 电子回单 only for paid rows, and the quarterly export (full ID numbers,
 * audited). The ledger invariant is checked after every scenario.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ImportBatchDetail, payoutImport } from '../../contract/imports';
import { ExportTicket } from '../../contract/exports';
import { BatchDetail, LogData, ReceiptData } from '../../contract/payouts';
import { makeIdCard, makeXlsx } from '../imports/fixtures';
import { decryptPii, sealPii } from '../lib/pii';
import { call } from '../../../tests/setup/server';
import { download } from '../../../tests/setup/exports';
import { payoutsTest } from '../../../tests/setup/payouts';

const P = payoutsTest();
const get = (path: string, token = P.member) => P.get(path, token);
const post = (path: string, form: Record<string, string>, token = P.member) => P.post(path, form, token);

let seq = 500;
interface Person {
  name: string;
  id: string;
  mobile: string;
  workerId: number;
}
/** A worker of company 1, signed on a task unless told. */
async function worker(signed = true): Promise<Person> {
  seq++;
  const p = {
    name: `赵${'一二三四五六七八九十'[seq % 10]}${'甲乙丙丁戊己庚辛壬癸'[Math.floor(seq / 10) % 10]}`,
    id: makeIdCard('1990-05-1' + (seq % 10), seq),
    mobile: `137${String(seq).padStart(8, '0')}`,
  };
  const m = sealPii('mobile', p.mobile);
  const c = sealPii('id_card', p.id);
  const w = await P.s.db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id`,
    [P.c1, p.name, m.enc, m.bidx, m.mask, c.enc, c.bidx, c.mask],
  );
  const t = await P.s.db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'RWI' || floor(random()*1e9)::text, '名单任务', 'ongoing', md5(random()::text)) RETURNING id`,
    [P.c1],
  );
  await P.s.db.query(
    `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, invite_token) VALUES ($1,$2,$3,'named','working',$4,md5(random()::text))`,
    [t!.id, P.c1, w!.id, signed ? 'signed' : 'pending'],
  );
  return { ...p, workerId: w!.id };
}
const line = (p: { name: string; id: string; mobile: string }, amount: string, over: Record<string, string> = {}) => ({
  姓名: p.name,
  身份证号: p.id,
  手机号: p.mobile,
  收款方式: '银行卡',
  收款账号: '6228480402564890018',
  开户行: '中国农业银行杭州分行',
  应发金额: amount,
  备注: '10月劳务报酬',
  ...over,
});
let fileNo = 0;
async function upload(rows: Record<string, string>[], token = P.member) {
  const buf = await makeXlsx(payoutImport, rows);
  const r = await call(P.s.url, 'POST', '/ent/v3/import/upload/payout', {
    token,
    form: { file_name: `发放名单${++fileNo}.xlsx`, file: buf.toString('base64') },
  });
  return r;
}
async function importBatch(rows: Record<string, string>[]): Promise<BatchDetail> {
  const up = ImportBatchDetail.parse((await upload(rows)).body.data);
  expect(up.batch.status, JSON.stringify(up.issues)).toBe('pending');
  const done = await call(P.s.url, 'POST', `/ent/v3/import/batches/${up.batch.id}/commit`, { token: P.member });
  expect(done.body.code, done.body.msg).toBe(200);
  const b = await P.s.db.one<{ id: number }>('SELECT id FROM payout_batches WHERE import_batch_id = $1', [up.batch.id]);
  return BatchDetail.parse((await get(`/payout/batch/${b!.id}`)).body.data);
}
type BatchDetail = ReturnType<typeof BatchDetail.parse>;

const topUp = (amount: number) => P.topUp(amount);
async function confirm(id: number) {
  expect((await post(`/payout/batch/${id}/action`, { action: 'submit' })).body.data.status).toBe('unpaid');
  const r = await P.confirm(id, await P.code(id));
  expect(r.body.code, r.body.msg).toBe(200);
}
const result = (rowId: number, r: 'success' | 'fail' | 'bounce') => P.channelResult(rowId, r);

describe('payouts: a batch from an imported list', () => {
  it('refuses people who are not signed workers, wrong details and amounts that are not fen, row by row', async () => {
    const ok = await worker();
    const renamed = await worker();
    const moved = await worker();
    const unsigned = await worker(false);
    const stranger = { name: '陌生人', id: makeIdCard('1985-01-01', 9), mobile: '13699990000' };
    const r = await upload([
      line(ok, '100.00'),
      line(unsigned, '100'),
      line(stranger, '100'),
      line({ ...renamed, name: '钱多多' }, '100'),
      line({ ...moved, mobile: '13500000000' }, '100'),
      line(ok, '12.345'),
      line(ok, '-5'),
      line(ok, '100', { 收款方式: '支付宝', 收款账号: 'not-an-account', 开户行: '' }),
      line(ok, '100', { 开户行: '' }),
    ]);
    const d = ImportBatchDetail.parse(r.body.data);
    expect(d.batch.status).toBe('failed');
    const byRow = new Map(d.issues.map((i) => [i.row, i.msg]));
    expect(byRow.get(3)).toMatch(/尚未签署协议，不能发放/);
    expect(byRow.get(4)).toMatch(/不在本企业的灵活用工人员中/);
    expect(byRow.get(5)).toBe('姓名与灵活用工人员档案不一致');
    expect(byRow.get(6)).toBe('手机号与灵活用工人员档案不一致');
    expect(byRow.get(7)).toMatch(/最多保留两位小数/);
    expect(byRow.get(8)).toMatch(/应发金额/);
    expect(byRow.get(9)).toMatch(/支付宝账号应为手机号或邮箱/);
    expect(byRow.get(10)).toMatch(/请填写开户行/);
    expect(byRow.has(2)).toBe(false);
    expect(await P.s.db.one('SELECT count(*)::int AS n FROM payout_batches WHERE import_batch_id = $1', [d.batch.id])).toEqual({ n: 0 });
    // a non-P.member company cannot use the type at all
    expect((await upload([line(ok, '1')], P.other)).body.code).toBe(403);
  });

  it('makes a 待提交 batch with the pre-calculation; the payee account is sealed; 创建 is logged', async () => {
    const a = await worker();
    const b = await worker();
    const d = await importBatch([line(a, '250.50'), line(b, '100', { 收款方式: '支付宝', 收款账号: b.mobile, 开户行: '' })]);
    expect(d).toMatchObject({
      status: 'draft',
      source: 'import',
      task_id: null,
      head_count: 2,
      gross: 35_050,
      fee: 2103,
      tax: 526,
      net: 34_524,
      debit: 37_153,
    });
    expect(d.rows.map((r) => [r.name, r.pay_method, r.bank_card, r.bank_name, r.remark])).toEqual([
      [a.name, 'bank', '**** **** **** 0018', '中国农业银行杭州分行', '10月劳务报酬'],
      [b.name, 'alipay', `${b.mobile.slice(0, 3)}****${b.mobile.slice(-4)}`, '', '10月劳务报酬'],
    ]);
    const stored = await P.s.db.query<{ account_enc: string; account_bidx: string }>(
      'SELECT account_enc, account_bidx FROM payout_rows WHERE batch_id = $1 ORDER BY id',
      [d.id],
    );
    expect(stored[0]!.account_enc).not.toContain('6228480402564890018');
    expect(decryptPii(stored[0]!.account_enc)).toBe('6228480402564890018');
    expect(stored[0]!.account_bidx).toMatch(/\w{16,}/);
    const logs = LogData.parse((await get(`/payout/batch/${d.id}/logs`)).body.data);
    expect(logs.list[0]).toMatchObject({ action: '创建' });
    expect(logs.list[0]!.content).toMatch(/从导入的发放名单创建（导入批次 PC\d+），2人，应发¥350.50/);
    // the monthly cap counts this live batch: a second list over ¥98,000 for the same person is refused
    const cap = ImportBatchDetail.parse((await upload([line(a, '97800')])).body.data);
    expect(cap.batch.status).toBe('failed');
    expect(cap.issues[0]!.msg).toMatch(/本月发放金额将超过每人每月上限¥98,000.00（本月已发¥250.50）/);
    expect((await post(`/payout/batch/${d.id}/action`, { action: 'close' })).body.data.status).toBe('closed');
  });

  it('pays, repays the failed row once in a child batch, and prints 电子回单 only for paid rows', async () => {
    const a = await worker();
    const b = await worker();
    await topUp(100_000);
    const d = await importBatch([line(a, '100'), line(b, '200')]);
    await confirm(d.id);
    const [ra, rb] = d.rows;
    expect((await result(ra!.id, 'success')).status).toBe(200);
    // not paid yet: no receipt for that row
    expect((await get(`/payout/batch/${d.id}/receipt?row_id=${rb!.id}`)).body.code).toBe(404);
    expect((await result(rb!.id, 'fail')).status).toBe(200);
    expect(BatchDetail.parse((await get(`/payout/batch/${d.id}`)).body.data).status).toBe('partial');

    const rc = ReceiptData.parse((await get(`/payout/batch/${d.id}/receipt`)).body.data);
    expect(rc.list.map((x) => [x.name, x.net, x.account])).toEqual([[a.name, 9850, '**** **** **** 0018']]);
    expect(rc.list[0]!.receipt_no).toMatch(/^HD\d{8}\d{10}$/);
    expect(rc).toMatchObject({ batch_no: d.batch_no, total_net: 9850 });
    expect(ReceiptData.parse((await get(`/payout/batch/${d.id}/receipt?row_id=${ra!.id}`)).body.data).list).toHaveLength(1);
    expect((await get(`/payout/batch/${d.id}/receipt?row_id=${rb!.id}`)).body.code).toBe(404);
    expect((await get(`/payout/batch/${d.id}/receipt`, P.other)).body.code).toBe(403);
    expect((await get(`/payout/batch/${d.id}/receipt?row_id=abc`)).body.code).toBe(400);

    const child = await post('/payout/batch', { retry_of: String(d.id) });
    expect(child.body.code, child.body.msg).toBe(200);
    const c = BatchDetail.parse(child.body.data);
    expect(c).toMatchObject({ source: 'import', parent_no: d.batch_no, head_count: 1, gross: 20_000 });
    expect(c.rows[0]).toMatchObject({ name: b.name, bank_card: '**** **** **** 0018', bank_name: '中国农业银行杭州分行' });
    expect((await post('/payout/batch', { retry_of: String(d.id) })).body.msg).toBe('该批次的失败明细已全部重发');
    expect((await post('/payout/batch', {})).body.msg).toBe('请选择任务');
  });
});

describe('payouts: quarterly export', () => {
  it('one line per worker with full ID numbers and monthly income; each person audited; members only', async () => {
    const p = await worker();
    await topUp(50_000);
    const d = await importBatch([line(p, '300')]);
    await confirm(d.id);
    await result(d.rows[0]!.id, 'success');
    const now = new Date(Date.now() + 8 * 3600_000);
    const [y, m] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    const q = Math.ceil(m / 3);
    const views = async () =>
      (await P.s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM pii_views WHERE subject_type = 'flex_worker' AND subject_id = $1`, [p.workerId]))!.n;
    const before = await views();
    // 查看原因 first (issue 27): none, or one that is too long, is refused and audits nothing
    expect((await get(`/payout/quarter-export?year=${y}&quarter=${q}`)).body).toMatchObject({ code: 400, msg: '请选择或填写查看原因' });
    expect((await get(`/payout/quarter-export?year=${y}&quarter=${q}&reason=${encodeURIComponent('报'.repeat(51))}`)).body).toMatchObject({
      code: 400,
      msg: '查看原因不能超过50个字',
    });
    expect(await views()).toBe(before);
    const r = await get(`/payout/quarter-export?year=${y}&quarter=${q}&reason=${encodeURIComponent('税务申报')}`);
    expect(r.body.code, r.body.msg).toBe(200);
    // a ticket (issue 34): nothing has left the server yet, so nothing is audited yet
    const f = ExportTicket.parse(r.body.data);
    expect(f.filename).toBe(`季度收入报送_${y}Q${q}.xlsx`);
    expect(await views()).toBe(before);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(P.s.url, P.member, f.ticket)).file! as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('季度收入报送')!;
    const head = (ws.getRow(1).values as unknown[]).slice(1);
    expect(head.slice(0, 5)).toEqual(['序号', '姓名', '证件类型', '证件号码', '国家或地区']);
    expect(head).toContain(`${m}月收入（元）`);
    let mine: unknown[] | null = null;
    ws.eachRow((row, n) => {
      if (n > 1 && row.getCell(4).value === p.id) mine = (row.values as unknown[]).slice(1);
    });
    expect(mine).not.toBeNull();
    const col = head.indexOf(`${m}月收入（元）`);
    expect(mine![1]).toBe(p.name);
    expect(mine![col]).toBe(300);
    expect(mine![head.indexOf('已代扣个税（元）')]).toBe(4.5);
    expect(await views()).toBe(before + 1);
    const audit = await P.s.db.one<{ reason: string; subject_name: string; subject_mask: string; record_label: string }>(
      `SELECT reason, subject_name, subject_mask, record_label FROM pii_views WHERE subject_type = 'flex_worker' AND subject_id = $1 ORDER BY id DESC LIMIT 1`,
      [p.workerId],
    );
    expect(audit).toEqual({
      reason: '税务申报',
      subject_name: p.name,
      subject_mask: sealPii('id_card', p.id).mask,
      record_label: `季度收入报送 ${y}Q${q} 导出`,
    });
    // bad quarters, an empty quarter, non-members
    const why = `&reason=${encodeURIComponent('税务申报')}`;
    expect((await get(`/payout/quarter-export?year=${y}&quarter=5${why}`)).body.code).toBe(400);
    expect((await get(`/payout/quarter-export?year=1999&quarter=1${why}`)).body.code).toBe(400);
    expect((await get(`/payout/quarter-export?year=2021&quarter=1${why}`)).body.msg).toBe('所选季度暂无发放成功的记录');
    expect((await get(`/payout/quarter-export?year=${y}&quarter=${q}${why}`, P.other)).body.code).toBe(403);
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { ImportBatch, ImportBatchDetail, ImportBatchList, ImportFileData, ImportIssuesData, dimissionImport, workersImport } from '../../contract/imports';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { breakCheck, dimissionCells, makeIdCard, makeXlsx, workerCells } from '../imports/fixtures';
import { blindIndex, sealPii } from '../lib/pii';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let member: string;
let other: string;
let nonMember: string;
let c1 = 0;
beforeAll(async () => {
  s = await startTestServer();
  member = await s.tokenFor('13800000001');
  nonMember = await s.tokenFor('13800000003');
  c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
  // a second member company: 南京禾木餐饮 becomes a member for these tests
  await s.db.query(
    `UPDATE companies SET company_lv = 1, member_expire = '2099-12-31' WHERE id = (SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}')`,
  );
  other = await s.tokenFor('13800000002');
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const get = (path: string, token = member) => call(s.url, 'GET', `/ent/v3${path}`, { token });
const upload = (type: string, buf: Buffer, token = member, name = `名单.xlsx`) =>
  call(s.url, 'POST', `/ent/v3/import/upload/${type}`, { token, form: { file_name: name, file: buf.toString('base64') } });
const commit = (id: number, token = member) => call(s.url, 'POST', `/ent/v3/import/batches/${id}/commit`, { token });
const detail = (body: unknown) => envelope(ImportBatchDetail).parse(body).data;

async function readBook(b64: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(b64, 'base64') as unknown as ExcelJS.Buffer);
  return wb;
}

describe('templates', () => {
  it('a template per type: header, example row, 填表说明, text-formatted digit columns, drop-downs, frozen header', async () => {
    const r = envelope(ImportFileData).parse((await get('/import/template/dimission')).body).data;
    expect(r.file_name).toBe('离职员工导入模板.xlsx');
    const wb = await readBook(r.content);
    const ws = wb.getWorksheet('离职员工')!;
    expect(ws.getRow(1).values).toContain('身份证号*');
    expect(ws.getRow(2).getCell(2).value).toBe('11010519491231002X');
    expect(ws.getColumn(2).numFmt).toBe('@');
    expect(ws.getColumn(3).numFmt).toBe('@');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('J2').dataValidation).toMatchObject({ type: 'list' });
    expect(String(ws.getCell('J2').dataValidation.formulae?.[0])).toContain('协商一致解除');
    expect(wb.getWorksheet('填表说明')!.actualRowCount).toBeGreaterThan(10);
    const w = await readBook(envelope(ImportFileData).parse((await get('/import/template/workers')).body).data.content);
    expect(w.getWorksheet('灵活用工人员')!.getColumn(5).numFmt).toBe('@');
  });

  it('an unknown type is 404; members only', async () => {
    expect((await get('/import/template/staff')).body).toMatchObject({ code: 404, msg: '导入类型不存在' });
    expect((await get('/import/template/dimission', nonMember)).body.code).toBe(403);
    expect((await call(s.url, 'GET', '/ent/v3/import/template/dimission')).body).toMatchObject({ code: 410000 });
  });
});

describe('upload refusals', () => {
  it('refuses a file that is not xlsx, a file over 5 MB, an empty sheet, a renamed header and 5001 rows', async () => {
    expect((await upload('dimission', Buffer.from('姓名,身份证号\n张三,1'))).body).toMatchObject({ code: 400, msg: '仅支持 xlsx 格式' });
    const xlsx = await makeXlsx(dimissionImport, [dimissionCells(1)]);
    expect((await upload('dimission', xlsx, member, '名单.xls')).body).toMatchObject({ code: 400, msg: '仅支持 xlsx 格式' });
    // a zip that is not a workbook
    expect((await upload('dimission', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(100)]))).body.msg).toBe('仅支持 xlsx 格式');
    const big = Buffer.concat([xlsx, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload('dimission', big)).body).toMatchObject({ code: 400, msg: '文件大小不能超过5MB' });
    expect((await upload('dimission', await makeXlsx(dimissionImport, []))).body).toMatchObject({ code: 400, msg: '文件中没有数据，请按模板填写后上传' });
    const headers = dimissionImport.columns.map((c) => (c.header === '身份证号' ? '身份证' : c.header));
    const renamed = await upload('dimission', await makeXlsx(dimissionImport, [dimissionCells(1)], { headers }));
    expect(renamed.body).toMatchObject({ code: 400, msg: '表头与模板不一致：缺少「身份证号」列，请下载最新模板后重新填写' });
    const many = await upload(
      'dimission',
      await makeXlsx(
        dimissionImport,
        Array.from({ length: 5001 }, (_, i) => dimissionCells(i)),
      ),
    );
    expect(many.body).toMatchObject({ code: 400, msg: '单次最多导入5000条数据（当前超过5000条），请拆分后分批上传' });
    expect((await upload('dimission', xlsx, nonMember)).body.code).toBe(403);
    expect(
      (await call(s.url, 'POST', '/ent/v3/import/upload/dimission', { token: member, form: { file_name: 'a\u0000.xlsx', file: 'UEsDBA==' } })).body.code,
    ).toBe(400);
    // nothing refused became a batch
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM import_batches'))!.n).toBe(0);
  }, 120_000);
});

describe('validation rules', () => {
  it('reports every rule with its row, column, masked value and reason', async () => {
    const good = dimissionCells(1);
    const rows: Record<string, string | number | null>[] = [
      good, // row 2
      { ...dimissionCells(2), 身份证号: breakCheck(makeIdCard('1990-01-01', 5)) }, // 3 check digit
      { ...dimissionCells(3), 身份证号: '1.10105E+17' }, // 4 Excel damage (text)
      { ...dimissionCells(4), 身份证号: 110105199001010000 }, // 5 Excel damage (numeric cell)
      { ...dimissionCells(5), 身份证号: '110105199002300011' }, // 6 birth date
      { ...dimissionCells(6), 手机号: '1380013800' }, // 7 mobile
      { ...dimissionCells(7), 入职日期: '2020-13-01' }, // 8 date
      { ...dimissionCells(8), 离职类型: '开除' }, // 9 vocabulary
      { ...dimissionCells(9), 离职日期: '2018-01-01' }, // 10 leave before entry
      { ...dimissionCells(10), 姓名: null, 工作岗位: null }, // 11 required
      { ...good }, // 12 duplicate of row 2
      { ...dimissionCells(12), 身份证号: `  ${'１１０１０５'}${makeIdCard('1985-05-05', 7).slice(6)} `, 手机号: '139 0000 0012', 合同终止日期: '无固定期限' }, // 13 normalised
      { ...dimissionCells(13), 入职日期: '2019/3/1', 离职日期: '2024年6月30日' }, // 14 other date formats
    ];
    const r = await upload('dimission', await makeXlsx(dimissionImport, rows));
    const d = detail(r.body);
    expect(d.batch).toMatchObject({ status: 'failed', total: 13, ok_count: 3, fail_count: 10, type_label: '离职员工' });
    const at = (row: number) => d.issues.filter((i) => i.row === row).map((i) => `${i.col}|${i.msg}`);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['身份证号|身份证号校验位错误']);
    expect(at(4)).toEqual(['身份证号|请将身份证号列设置为文本格式后重新填写']);
    expect(d.issues.find((i) => i.row === 4)!.raw).toBe('1.10105E+17');
    expect(at(5)).toEqual(['身份证号|请将身份证号列设置为文本格式后重新填写']);
    expect(at(6)).toEqual(['身份证号|身份证号出生日期无效']);
    expect(at(7)).toEqual(['手机号|请输入正确的手机号']);
    expect(at(8)).toEqual(['入职日期|入职日期格式不正确，应为 YYYY-MM-DD']);
    expect(at(9)[0]).toMatch(/^离职类型\|离职类型只能填写：辞职\(本人申请\)、辞退/);
    expect(at(10)).toEqual(['离职日期|离职日期不能早于入职日期']);
    expect(at(11)).toEqual(['姓名|请填写姓名', '工作岗位|请填写工作岗位']);
    expect(at(12)).toEqual(['身份证号|与第2行重复（身份证号和离职日期相同）']);
    expect(at(13)).toEqual([]);
    expect(at(14)).toEqual([]);
    // 原值 of an ID number is masked in the table
    expect(d.issues.find((i) => i.row === 3)!.raw).toMatch(/^110105\*{8}\d{3}[\dX]$/);
    expect(JSON.stringify(d)).not.toContain(breakCheck(makeIdCard('1990-01-01', 5)));
    // a failed batch cannot be committed
    expect((await commit(d.batch.id)).body).toMatchObject({ code: 409 });
  }, 60_000);

  it('workers: certificate numbers per type, bank card (Luhn only a warning), bank mobile', async () => {
    const rows = [
      workerCells(1), // 2
      { ...workerCells(2), 银行卡号: '6222026006705354217' }, // 3 Luhn fails: warning only
      { ...workerCells(3), 银行卡号: '62220260067' }, // 4 too short
      { ...workerCells(4), 证件类型: '港澳居民来往内地通行证', 证件号码: 'H12345678' }, // 5 ok
      { ...workerCells(5), 证件类型: '港澳居民来往内地通行证', 证件号码: '12345' }, // 6 wrong format
      { ...workerCells(6), 银行预留手机号: '12345678901' }, // 7
      { ...workerCells(7), 银行卡号: 6228480402564890000 }, // 8 numeric cell
      { ...workerCells(8), 证件类型: '驾驶证' }, // 9
    ];
    const d = detail((await upload('workers', await makeXlsx(workersImport, rows))).body);
    const at = (row: number) => d.issues.filter((i) => i.row === row).map((i) => `${i.level}|${i.col}|${i.msg}`);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['warning|银行卡号|请核对银行卡号']);
    expect(at(4)).toEqual(['error|银行卡号|银行卡号应为16-19位数字']);
    expect(at(5)).toEqual([]);
    expect(at(6)).toEqual(['error|证件号码|证件号码格式不正确']);
    expect(at(7)).toEqual(['error|银行预留手机号|请输入正确的银行预留手机号']);
    expect(at(8)).toEqual(['error|银行卡号|请将银行卡号列设置为文本格式后重新填写']);
    expect(at(9)[0]).toMatch(/^error\|证件类型\|证件类型只能填写：居民身份证/);
    expect(d.batch).toMatchObject({ total: 8, ok_count: 3, fail_count: 5, warn_count: 1 });
  });
});

describe('commit', () => {
  it('imports every row in one go, sealed; a second commit writes nothing; the same file again is a duplicate of the batch', async () => {
    const rows = [1, 2, 3].map((n) => dimissionCells(100 + n));
    const file = await makeXlsx(dimissionImport, rows);
    const d = detail((await upload('dimission', file, member, '三月离职.xlsx')).body);
    expect(d.batch).toMatchObject({ status: 'pending', total: 3, ok_count: 3, fail_count: 0, file_name: '三月离职.xlsx', operator: '王丽娟' });
    expect(d.batch.batch_no).toMatch(/^PC\d{8}\d{5}$/);
    const first = envelope(ImportBatch).parse((await commit(d.batch.id)).body).data;
    expect(first).toMatchObject({ status: 'success', imported_count: 3 });
    const stored = await s.db.query<{
      source: string;
      id_card_enc: string;
      id_card_bidx: string;
      id_card_mask: string;
      mobile_mask: string;
      leave_type: string;
    }>('SELECT * FROM departure_records WHERE import_batch_id = $1 ORDER BY id', [d.batch.id]);
    expect(stored).toHaveLength(3);
    const id0 = String(rows[0]!['身份证号']);
    expect(stored[0]).toMatchObject({
      source: 'import',
      id_card_bidx: blindIndex('id_card', id0),
      id_card_mask: sealPii('id_card', id0).mask,
      leave_type: 'mutual',
    });
    expect(stored[0]!.id_card_enc).not.toContain(id0);
    expect(stored[0]!.mobile_mask).toMatch(/^139\*{4}\d{4}$/);
    const again = await commit(d.batch.id);
    expect(again.body).toMatchObject({ code: 200, msg: '该批次已导入，未重复写入', data: { status: 'success' } });
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM departure_records WHERE import_batch_id = $1', [d.batch.id]))!.n).toBe(3);
    // the identical file once more: flagged as a duplicate of the first batch, its rows as existing records
    const dup = detail((await upload('dimission', file, member, '三月离职.xlsx')).body);
    expect(dup.batch.duplicate_of).toBe(d.batch.batch_no);
    expect(dup.batch.status).toBe('failed');
    expect(dup.issues.map((i) => i.msg)).toEqual(Array(3).fill('与已有离职记录重复（身份证号和离职日期相同）'));
  });

  it('all or nothing: a record stored between validation and commit that clashes with row 4,999 leaves no row written', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => dimissionCells(1000 + i));
    const d = detail((await upload('dimission', await makeXlsx(dimissionImport, rows))).body);
    expect(d.batch).toMatchObject({ status: 'pending', total: 5000, fail_count: 0 });
    const clash = String(rows[4997]!['身份证号']); // Excel row 4,999
    const sealed = sealPii('id_card', clash);
    await s.db.query(
      `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, job_name, entry_date, leave_date, leave_type)
       VALUES ($1, 'manual', '员工', $2, $3, $4, '工程师', '2019-03-01', '2024-06-30', 'mutual')`,
      [c1, sealed.enc, sealed.bidx, sealed.mask],
    );
    const r = await commit(d.batch.id);
    expect(r.body).toMatchObject({ code: 409, msg: '导入失败：1 条数据与已有离职记录重复，未写入任何数据，请修正后重新上传' });
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM departure_records WHERE import_batch_id = $1', [d.batch.id]))!.n).toBe(0);
    const after = detail((await get(`/import/batches/${d.batch.id}`)).body);
    expect(after.batch.status).toBe('failed');
    expect(after.issues).toEqual([expect.objectContaining({ row: 4999, col: '身份证号', msg: '与已有离职记录重复（身份证号和离职日期相同）' })]);
    expect((await commit(d.batch.id)).body.code).toBe(409);
  }, 180_000);

  it('workers land in flex_workers with sealed mobile, certificate and bank card', async () => {
    const d = detail((await upload('workers', await makeXlsx(workersImport, [workerCells(301), workerCells(302)]))).body);
    expect(d.batch.status).toBe('pending');
    expect((await commit(d.batch.id)).body.data.status).toBe('success');
    const w = await s.db.query<{ cert_type: string; cert_no_mask: string; bank_card_mask: string; bank_card_enc: string }>(
      'SELECT * FROM flex_workers WHERE import_batch_id = $1',
      [d.batch.id],
    );
    expect(w).toHaveLength(2);
    expect(w[0]).toMatchObject({ cert_type: 'id_card', bank_card_mask: '**** **** **** 0018' });
    expect(w[0]!.bank_card_enc).not.toContain('6228480402564890018');
  });
});

describe('batches', () => {
  it('lists the company batches newest first, filters, and hides them from another company (404)', async () => {
    const list = envelope(ImportBatchList).parse((await get('/import/batches?page_size=50')).body).data;
    expect(list.total).toBeGreaterThanOrEqual(5);
    expect(list.list[0]!.id).toBeGreaterThan(list.list[1]!.id);
    const ok = envelope(ImportBatchList).parse((await get('/import/batches?status=success&type=dimission')).body).data;
    expect(ok.list.length).toBeGreaterThan(0);
    expect(ok.list.every((b) => b.status === 'success' && b.type === 'dimission')).toBe(true);
    const id = list.list[0]!.id;
    expect(envelope(ImportBatchList).parse((await get('/import/batches', other)).body).data.total).toBe(0);
    for (const path of [`/import/batches/${id}`, `/import/batches/${id}/issues`, `/import/batches/${id}/file`, `/import/batches/${id}/errors`]) {
      expect((await get(path, other)).body).toMatchObject({ code: 404, msg: '导入批次不存在' });
    }
    expect((await commit(id, other)).body).toMatchObject({ code: 404 });
    expect((await get('/import/batches/99999999')).body.code).toBe(404);
    expect((await get('/import/batches/abc')).body.code).toBe(400);
    expect((await get('/import/batches?status=done')).body.code).toBe(400);
    expect((await get('/import/batches', nonMember)).body.code).toBe(403);
  });

  it('pages the error table: the detail carries the first 50 lines, the rest by page', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ ...dimissionCells(2000 + i), 手机号: '123' }));
    const d = detail((await upload('dimission', await makeXlsx(dimissionImport, rows))).body);
    expect(d.issues_total).toBe(120);
    expect(d.issues).toHaveLength(50);
    const p3 = envelope(ImportIssuesData).parse((await get(`/import/batches/${d.batch.id}/issues?page=3`)).body).data;
    expect(p3).toMatchObject({ total: 120, page: 3, page_size: 50 });
    expect(p3.list.map((i) => i.row)).toEqual(Array.from({ length: 20 }, (_, i) => 102 + i));
    expect(detail((await get(`/import/batches/${d.batch.id}`)).body).issues[0]).toMatchObject({ row: 2, msg: '请输入正确的手机号' });
    expect((await get(`/import/batches/${d.batch.id}/issues`, other)).body.code).toBe(404);
    expect((await get(`/import/batches/${d.batch.id}/issues?page_size=1000`)).body.code).toBe(400);
  });

  it('downloads the original file and the error rows (audited), the errors with an 错误原因 column', async () => {
    const rows = [dimissionCells(501), { ...dimissionCells(502), 身份证号: '1.10105E+17' }];
    const file = await makeXlsx(dimissionImport, rows);
    const d = detail((await upload('dimission', file, member, '四月.xlsx')).body);
    const orig = envelope(ImportFileData).parse((await get(`/import/batches/${d.batch.id}/file`)).body).data;
    expect(orig.file_name).toBe('四月.xlsx');
    expect(Buffer.from(orig.content, 'base64').equals(file)).toBe(true);
    const err = envelope(ImportFileData).parse((await get(`/import/batches/${d.batch.id}/errors`)).body).data;
    expect(err.file_name).toMatch(/^四月_错误数据_\d{8}\.xlsx$/);
    const ws = (await readBook(err.content)).worksheets[0]!;
    expect(ws.getRow(1).getCell(11).value).toBe('错误原因');
    expect(ws.getRow(2).getCell(11).value ?? '').toBe('');
    expect(ws.getRow(3).getCell(2).value).toBe('1.10105E+17');
    expect(ws.getRow(3).getCell(11).value).toBe('身份证号：请将身份证号列设置为文本格式后重新填写');
    const audits = await s.db.query<{ reason: string }>("SELECT reason FROM pii_views WHERE subject_type = 'import_batch' AND subject_id = $1", [d.batch.id]);
    expect(audits.map((a) => a.reason).sort()).toEqual(['下载导入原文件', '下载错误数据']);
    // a clean batch has no error file
    const clean = detail((await upload('dimission', await makeXlsx(dimissionImport, [dimissionCells(601)]))).body);
    expect((await get(`/import/batches/${clean.batch.id}/errors`)).body).toMatchObject({ code: 404, msg: '该批次没有错误数据' });
  });
});

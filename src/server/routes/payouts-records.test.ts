/**
 * 操作日志 and 费用记录 pages over real HTTP (issue 13): the paged log of a task or batch with action
 * and day filters, 修改金额 logged before → after, the log append-only in the database, the
 * ledger's filters and its .xlsx export; another company's batch the same 404; bad input 400; the
 * ledger invariant after every scenario.
 */
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExportTicket } from '../../contract/exports';
import { BatchDetail, LedgerData, LogPageData } from '../../contract/payouts';
import { checkLedger, post as ledgerPost } from '../domain/payouts/ledger';
import { sealPii } from '../lib/pii';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { download } from '../../../tests/setup/exports';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let member: string;
let c1 = 0;
let c2 = 0;
beforeAll(async () => {
  s = await startTestServer();
  member = await s.tokenFor('13800000001');
  c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
  c2 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}'`))!.company_id;
}, 60_000);
afterAll(async () => {
  await s?.close();
});
afterEach(async () => {
  expect(await checkLedger(s.db, c1)).toEqual([]);
  expect(await checkLedger(s.db, c2)).toEqual([]);
});

const get = (path: string) => call(s.url, 'GET', `/ent/v3${path}`, { token: member });
const post = (path: string, form: Record<string, string>) => call(s.url, 'POST', `/ent/v3${path}`, { form, token: member });

let seq = 500;
async function taskWith(companyId: number, amounts: number[]): Promise<number> {
  const t = await s.db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'RWR' || floor(random()*1e9)::text, '仓库分拣', 'ongoing', md5(random()::text)) RETURNING id`,
    [companyId],
  );
  for (const amount of amounts) {
    seq++;
    const m = sealPii('mobile', `137${String(10_000_000 + seq).slice(-8)}`);
    const c = sealPii('id_card', `11010519491231${String(seq).slice(-3)}X`);
    const w = await s.db.one<{ id: number }>(
      `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
       VALUES ($1,'王五',$2,$3,$4,$5,$6,$7) RETURNING id`,
      [companyId, m.enc, m.bidx, m.mask, c.enc, `${c.bidx}r${seq}`, c.mask],
    );
    await s.db.query(
      `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
       VALUES ($1,$2,$3,'named','accepted','signed',$4,md5(random()::text),now())`,
      [t!.id, companyId, w!.id, amount],
    );
  }
  return t!.id;
}

describe('payouts: 操作日志', () => {
  it('pages a task’s log, filters by action and day, logs 修改金额 before → after', async () => {
    const t = await taskWith(c1, [10_000, 20_000]);
    const b = BatchDetail.parse((await post('/payout/batch', { task_id: String(t) })).body.data);
    const row = b.rows[0]!;
    const ch = await post(`/payout/batch/${b.id}/rows/${row.id}/amount`, { amount: '15000' });
    expect(ch.body.code, ch.body.msg).toBe(200);
    const d = BatchDetail.parse(ch.body.data);
    expect(d.gross).toBe(35_000);
    expect(d.rows[0]).toMatchObject({ amount: 15_000, tax: 225, fee: 900, net: 14_775 });
    expect(d.fee).toBe(d.rows.reduce((a, r) => a + r.fee, 0));
    // not integer fen, zero, NUL, another batch's row: refused, nothing changed
    for (const amount of ['150.5', '0', '-1', '1e4', '100\u0000'])
      expect((await post(`/payout/batch/${b.id}/rows/${row.id}/amount`, { amount })).body.code, amount).toBe(400);
    expect((await post(`/payout/batch/${b.id}/rows/999999999/amount`, { amount: '100' })).body.code).toBe(404);
    await post(`/payout/batch/${b.id}/action`, { action: 'submit' });
    expect((await post(`/payout/batch/${b.id}/rows/${row.id}/amount`, { amount: '100' })).body.code).toBe(409);

    const all = LogPageData.parse((await get(`/payout/logs?task_id=${t}`)).body.data);
    expect(all.list.map((l) => l.action)).toEqual(['提交', '修改金额', '创建']);
    expect(all.list[1]!.content).toBe('王五：应发¥100.00 → ¥150.00');
    expect(all.list.every((l) => l.batch_no === b.batch_no && l.operator !== '')).toBe(true);
    const amountOnly = LogPageData.parse((await get(`/payout/logs?batch_id=${b.id}&action=amount`)).body.data);
    expect(amountOnly.total).toBe(1);
    const past = LogPageData.parse((await get(`/payout/logs?task_id=${t}&from=2020-01-01&to=2020-01-31`)).body.data);
    expect(past.total).toBe(0);
    const paged = LogPageData.parse((await get(`/payout/logs?task_id=${t}&page=2&page_size=5`)).body.data);
    expect(paged).toMatchObject({ total: 3, list: [] });
  });

  it('is append-only in the database itself', async () => {
    const one = await s.db.one<{ id: number }>('SELECT id FROM payout_logs ORDER BY id LIMIT 1');
    await expect(s.db.query('UPDATE payout_logs SET content = $2 WHERE id = $1', [one!.id, 'x'])).rejects.toThrow(/append-only/);
    await expect(s.db.query('DELETE FROM payout_logs WHERE id = $1', [one!.id])).rejects.toThrow(/append-only/);
  });

  it('refuses bad filters and another company’s batch or task with the same 404', async () => {
    for (const q of [
      'action=drop',
      'from=2025-13-01',
      'from=2025-02-01&to=2025-01-01',
      'batch_id=-1',
      'batch_id=99999999999',
      'page=0',
      'x=1',
      'from=2025-01-01%00',
    ])
      expect((await get(`/payout/logs?${q}`)).body.code, q).toBe(400);
    const t2 = await taskWith(c2, [1000]);
    const ob = await s.db.one<{ id: number }>(
      `INSERT INTO payout_batches (company_id, batch_no, task_id) VALUES ($1, 'FFR' || floor(random()*1e9)::text, $2) RETURNING id`,
      [c2, t2],
    );
    await s.db.query(`INSERT INTO payout_logs (company_id, batch_id, action, content) VALUES ($1, $2, '创建', 'secret')`, [c2, ob!.id]);
    for (const path of [
      `/payout/logs?batch_id=${ob!.id}`,
      `/payout/logs?task_id=${t2}`,
      `/payout/ledger?batch_id=${ob!.id}`,
      `/payout/ledger/export?batch_id=${ob!.id}`,
      '/payout/logs?batch_id=999999999',
    ]) {
      const r = await get(path);
      expect(r.body.code, path).toBe(404);
    }
    const mine = LogPageData.parse((await get('/payout/logs')).body.data);
    expect(mine.list.some((l) => l.content === 'secret')).toBe(false);
    expect((await post(`/payout/batch/${ob!.id}/rows/1/amount`, { amount: '100' })).body.code).toBe(404);
  });
});

describe('payouts: 费用记录', () => {
  it('filters by type and day, and exports the same rows as .xlsx', async () => {
    const top = await post('/payout/topup', { amount: '500000' });
    await call(s.url, 'POST', `/sandbox/payouts/topups/${top.body.data.id}/confirm`);
    const top2 = await post('/payout/topup', { amount: '1234' });
    await call(s.url, 'POST', `/sandbox/payouts/topups/${top2.body.data.id}/confirm`);
    // today's top-ups: the demo seeds hold a history of earlier ones for this company
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const led = LedgerData.parse((await get(`/payout/ledger?type=topup&page_size=50&from=${today}&to=${today}`)).body.data);
    expect(led.list.map((l) => l.amount)).toEqual([1234, 500_000]);
    expect(led.list[0]!.balance_after).toBe(led.balance);
    expect(LedgerData.parse((await get(`/payout/ledger?from=${today}&to=${today}`)).body.data).total).toBe(2);
    expect(LedgerData.parse((await get('/payout/ledger?to=2020-01-01')).body.data).total).toBe(0);
    for (const q of ['type=gift', 'from=yesterday', 'page_size=1000']) expect((await get(`/payout/ledger?${q}`)).body.code, q).toBe(400);

    const x = ExportTicket.parse((await get(`/payout/ledger/export?type=topup&from=${today}&to=${today}`)).body.data);
    expect(x.filename).toMatch(/^费用记录_\d{8}\.xlsx$/);
    expect(x.total).toBe(2);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(s.url, member, x.ticket)).file as never);
    const ws = wb.getWorksheet('费用记录')!;
    expect(ws.getRow(1).values).toEqual([undefined, '时间', '类型', '金额（元）', '余额（元）', '关联批次/订单号', '备注']);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(2).value).toBe('充值');
    expect(ws.getRow(2).getCell(3).value).toBe(12.34);
    expect(ws.getRow(3).getCell(3).value).toBe(5000);
    expect(ws.getRow(2).getCell(4).value).toBe(led.balance / 100);
    expect((await call(s.url, 'GET', '/ent/v3/payout/ledger/export')).body.code).toBe(410000);
  });

  it('lists by time, newest first, not by the order the entries were written (issue 33)', async () => {
    // an entry written last but dated earlier (a result applied late): it takes its place by time
    await s.db.tx((t) => ledgerPost(t, c1, 'topup', 100, { remark: '迟到的入账' }, new Date(Date.now() - 400 * 86_400_000)));
    const all = LedgerData.parse((await get('/payout/ledger?page_size=50')).body.data).list;
    const times = all.map((l) => l.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.some((l) => l.remark === '迟到的入账')).toBe(false);
  });
});

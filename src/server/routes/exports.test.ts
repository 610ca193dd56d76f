/**
 * Streamed exports over HTTP (issue 34): a ticket serves its user once within 60 s (used, expired
 * and another company's are refused in Chinese, the last without spending it); the file is read
 * in keyset batches (rows of one instant across batch edges, none lost or twice); the member gate
 * holds at download; leaving mid-file stops the work. 离职记录 (masked, every batch), 季度收入报送
 * (whole ID numbers for pii.full only, audited per batch as it leaves) and 数据面板 (its sheets)
 * go the same way.
 */
import { request } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_TICKET_EXPIRED, MSG_TICKET_INVALID, MSG_TICKET_USED } from '../../contract/exports';
import { startTestServer, type TestServer, call } from '../../../tests/setup/server';
import { download, sheetRows } from '../../../tests/setup/exports';
import { mobileIndex } from '../domain/users';
import { EXPORT_BATCH } from '../domain/exports/stream';
import { decryptPii, sealPii } from '../lib/pii';

let s: TestServer;
let skew = 0;
let member: string, other: string, c1: number;
beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(Date.now() + skew) });
  member = await s.tokenFor('13800000001');
  other = await s.tokenFor('13800000002');
  c1 = (await s.db.one<{ company_id: number }>('SELECT company_id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))!.company_id;
  // 2,500 entries on one day, in groups of 10 that share an instant (the keyset's tie-break on id)
  await s.db.query(
    `INSERT INTO payout_ledger (company_id, type, amount, balance_after, ref_no, remark, created_at)
     SELECT $1, 'topup', 100, 100 * g, 'EXP' || g, '导出测试', timestamptz '2021-03-01 10:00:00+08' + (g / 10) * interval '1.5 ms'
       FROM generate_series(1, 2500) g`,
    [c1],
  );
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const ticketOf = async (token: string, q = 'from=2021-03-01&to=2021-03-01') => {
  const r = await call<{ code: number; msg: string; data: { ticket: string; total: number; filename: string } }>(
    s.url,
    'GET',
    `/ent/v3/payout/ledger/export?${q}`,
    { token },
  );
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data;
};
const ticketRow = (total: number) =>
  s.db.one<{ status: string; rows_written: number }>('SELECT status, rows_written FROM export_tickets WHERE total = $1 ORDER BY id DESC LIMIT 1', [total]);

describe('streamed exports', () => {
  it('streams every row once, newest first, across batch edges; the ticket is spent', async () => {
    const t = await ticketOf(member);
    expect(t.total).toBe(2500);
    const d = await download(s.url, member, t.ticket);
    const rows = await sheetRows(d.file!);
    expect(rows[0]).toEqual(['时间', '类型', '金额（元）', '余额（元）', '关联批次/订单号', '备注']);
    const refs = rows.slice(1).map((r) => Number(r[4]!.slice(3)));
    expect(refs).toHaveLength(2500);
    expect(new Set(refs).size).toBe(2500);
    // by time, then id, both descending: EXP2500 first
    expect(refs.slice(0, 3)).toEqual([2500, 2499, 2498]);
    expect(await ticketRow(2500)).toEqual({ status: 'done', rows_written: 2500 });
    expect((await download(s.url, member, t.ticket)).env).toMatchObject({ code: 403, msg: MSG_TICKET_USED });
  });

  it('refuses another company’s ticket without spending it, an unknown one, and an expired one', async () => {
    const t = await ticketOf(member);
    expect((await download(s.url, other, t.ticket)).env).toMatchObject({ msg: MSG_TICKET_INVALID });
    expect((await download(s.url, member, 'x'.repeat(32))).env).toMatchObject({ code: 403, msg: MSG_TICKET_INVALID });
    expect((await download(s.url, member, t.ticket)).file).toBeDefined();
    const late = await ticketOf(member);
    skew = 61_000;
    try {
      expect((await download(s.url, member, late.ticket)).env).toMatchObject({ code: 403, msg: MSG_TICKET_EXPIRED });
    } finally {
      skew = 0;
    }
  });

  it('stops writing when the reader leaves (取消)', async () => {
    await s.db.query(
      `INSERT INTO payout_ledger (company_id, type, amount, balance_after, ref_no, remark, created_at)
       SELECT $1, 'topup', 100, 100 * g, md5(g::text), md5((g * 7)::text) || md5(g::text) || md5((g * 3)::text), timestamptz '2021-04-01 10:00:00+08' + g * interval '1 s'
         FROM generate_series(1, 20000) g`,
      [c1],
    );
    const t = await ticketOf(member, 'from=2021-04-01&to=2021-04-02');
    expect(t.total).toBe(20000);
    // a plain request whose socket is destroyed after the first bytes (what 取消 does to the fetch)
    const first = await new Promise<{ rows: string | undefined; bytes: number }>((resolve, reject) => {
      const body = new URLSearchParams({ ticket: t.ticket }).toString();
      const req = request(`${s.url}/ent/v3/export/file`, {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${member}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) =>
        res.once('data', (chunk: Buffer) => {
          resolve({ rows: res.headers['x-export-rows'] as string | undefined, bytes: chunk.byteLength });
          req.destroy();
        }),
      );
      req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
      req.end(body);
    });
    expect(first.rows).toBe('20000');
    expect(first.bytes).toBeGreaterThan(0);
    let row = await ticketRow(20000);
    for (let i = 0; i < 200 && row!.status === 'streaming'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      row = await ticketRow(20000);
    }
    expect(row!.status).toBe('cancelled');
    expect(row!.rows_written).toBeLessThan(20000);
  });
});

const env = async (token: string, path: string) =>
  (await call<{ code: number; msg: string; data: { ticket: string; total: number; filename: string } }>(s.url, 'GET', `/ent/v3${path}`, { token })).body;
const workbook = async (file: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as never);
  return wb;
};
const rolesOf = async (mobile: string) => (await s.db.one<{ roles: string[] }>('SELECT roles FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!.roles;
const setRoles = (mobile: string, roles: string[]) => s.db.query('UPDATE users SET roles = $2 WHERE mobile_bidx = $1', [mobileIndex(mobile), roles]);

describe('the other exports through the same ticket', () => {
  it('离职记录: every match across batch edges, newest departure first, masked; a searched mobile is kept only as its blind index', async () => {
    // more than one batch of records on two days (the keyset's tie-break on id)
    const m = sealPii('mobile', '13705719876');
    await s.db.query(
      `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, mobile_enc, mobile_bidx, mobile_mask,
         dept_name, job_name, entry_date, leave_date, leave_type, legal_basis)
       SELECT $1, 'manual', '导出' || g, $2, md5('exp-r' || g), '3301**********001X', $3, md5('exp-m' || g), $4, '仓储部', '分拣员',
              date '1990-01-01', date '1999-01-01' + (g % 2), 'resign', 'art37'
         FROM generate_series(1, $5) g`,
      [c1, m.enc, m.enc, m.mask, EXPORT_BATCH + 300],
    );
    const all = await s.db.query<{ name: string }>('SELECT name FROM departure_records WHERE company_id = $1 ORDER BY leave_date DESC, id DESC', [c1]);
    const t = await env(member, '/dimission/records/export');
    expect(t.code, t.msg).toBe(200);
    expect([t.data.total, t.data.filename.startsWith('离职记录_')]).toEqual([all.length, true]);
    const rows = await sheetRows((await download(s.url, member, t.data.ticket)).file!);
    expect(rows[0]!.slice(0, 3)).toEqual(['姓名', '身份证号', '手机号']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(all.map((r) => r.name));
    // masked: no whole ID number nor mobile anywhere in the file
    for (const r of rows.slice(1)) {
      expect(r[1] ?? '', r[0]).toMatch(/^$|\*/);
      expect(r[2] ?? '', r[0]).toMatch(/^$|\*/);
    }
    // one whole mobile: that record only; the ticket keeps its blind index, not the number
    await s.db.query(`UPDATE departure_records SET mobile_bidx = $2 WHERE company_id = $1 AND name = '导出7'`, [c1, m.bidx]);
    const one = await env(member, '/dimission/records/export?keywords=137%200571%209876');
    expect(one.data.total).toBe(1);
    const kept = await s.db.one<{ params: string }>('SELECT params::text AS params FROM export_tickets ORDER BY id DESC LIMIT 1');
    expect(kept!.params).not.toContain('9876');
    expect((await sheetRows((await download(s.url, member, one.data.ticket)).file!)).slice(1).map((r) => r[0])).toEqual(['导出7']);
    expect((await env(other, '/dimission/records/export')).code).not.toBe(200);
  });

  it('季度收入报送: whole ID numbers for pii.full, each batch audited as it leaves; refused when the right is gone at download', async () => {
    const last = await s.db.one<{ y: number; q: number }>(
      `SELECT extract(year FROM finished_at AT TIME ZONE 'Asia/Shanghai')::int AS y, extract(quarter FROM finished_at AT TIME ZONE 'Asia/Shanghai')::int AS q
         FROM payout_rows WHERE company_id = $1 AND status = 'success' ORDER BY finished_at DESC LIMIT 1`,
      [c1],
    );
    expect(last, 'a paid payout row in the demo').toBeDefined();
    const { y, q } = last!;
    const label = `季度收入报送 ${y}Q${q} 导出`;
    const audits = async () =>
      (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pii_views WHERE company_id = $1 AND record_label = $2', [c1, label]))!.n;
    const path = `/payout/quarter-export?year=${y}&quarter=${q}&reason=${encodeURIComponent('税务申报')}`;
    const before = await audits();
    const t = await env(member, path);
    expect(t.code, t.msg).toBe(200);
    expect(await audits()).toBe(before);
    const wb = await workbook((await download(s.url, member, t.data.ticket)).file!);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['季度收入报送', '说明']);
    const lines: unknown[][] = [];
    wb.getWorksheet('季度收入报送')!.eachRow((r, n) => n > 1 && lines.push((r.values as unknown[]).slice(1)));
    expect(lines).toHaveLength(t.data.total);
    expect(lines.map((l) => l[0])).toEqual(lines.map((_, i) => i + 1));
    const workers = await s.db.query<{ name: string; cert_no_enc: string }>(
      `SELECT w.name, w.cert_no_enc FROM flex_workers w WHERE w.id IN (
         SELECT worker_id FROM payout_rows WHERE company_id = $1 AND status = 'success'
            AND extract(year FROM finished_at AT TIME ZONE 'Asia/Shanghai') = $2 AND extract(quarter FROM finished_at AT TIME ZONE 'Asia/Shanghai') = $3)
        ORDER BY w.id`,
      [c1, y, q],
    );
    expect(lines.map((l) => [l[1], l[3]])).toEqual(workers.map((w) => [w.name, decryptPii(w.cert_no_enc)]));
    // the columns' styles reach every line (the streamed cells share their column's style object)
    const sheet = wb.getWorksheet('季度收入报送')!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    for (const n of [2, lines.length + 1]) {
      expect(sheet.getRow(n).getCell(4).numFmt).toBe('@');
      expect(sheet.getRow(n).getCell(6).numFmt).toBe('#,##0.00');
      expect(sheet.getRow(n).getCell(2).numFmt).toBeUndefined();
    }
    expect(await audits()).toBe(before + workers.length);
    expect(wb.getWorksheet('说明')!.getRow(3).values).toEqual([undefined, '人数', workers.length]);
    // without pii.full: no ticket; with it at the call but not at download: refused, nothing audited
    const roles = await rolesOf('13800000001');
    const late = await env(member, path);
    await setRoles('13800000001', ['member']);
    try {
      expect((await env(member, path)).code).toBe(403);
      expect((await download(s.url, member, late.data.ticket)).env).toMatchObject({ code: 403 });
    } finally {
      await setRoles('13800000001', roles);
    }
    expect(await audits()).toBe(before + workers.length);
  });

  it('数据面板: the panel’s sheets in order, members only', async () => {
    const t = await env(member, '/statistics/export?range=30d');
    expect(t.code, t.msg).toBe(200);
    const wb = await workbook((await download(s.url, member, t.data.ticket)).file!);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['指标', '招聘漏斗', '招聘趋势', '职位明细', '离职类型', '发放趋势', 'CRC积分', '消耗用途']);
    const kpis = wb.getWorksheet('指标')!;
    expect((kpis.getRow(1).values as unknown[]).slice(1)).toEqual(['板块', '指标', '数值', '口径', '定义']);
    expect(kpis.rowCount - 1).toBe(t.data.total);
    expect(wb.getWorksheet('招聘趋势')!.rowCount).toBe(31);
    expect(await ticketRow(t.data.total)).toMatchObject({ status: 'done' });
    const refused = await env(other, '/statistics/export?range=30d');
    expect([refused.code, refused.msg.includes('会员')]).toEqual([403, true]);
  });
});

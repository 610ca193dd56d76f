/**
 * Streamed exports over HTTP (issue 34): a ticket serves its user once within 60 s (used, expired
 * and another company's are refused in Chinese, the last without spending it); the file is read
 * in keyset batches (rows of one instant across batch edges, none lost or twice); the member gate
 * holds at download; leaving mid-file stops the work.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_TICKET_EXPIRED, MSG_TICKET_INVALID, MSG_TICKET_USED } from '../../contract/exports';
import { startTestServer, type TestServer, call } from '../../../tests/setup/server';
import { download, sheetRows } from '../../../tests/setup/exports';
import { mobileIndex } from '../domain/users';

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

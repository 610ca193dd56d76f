/**
 * `npm run bench -- export` (issue 34): a 50,000-row export (费用记录, the ledger: the export with
 * the most rows a company makes) streamed through the API — ticket, then POST /export/file read
 * as it arrives — against the old way in the same run: every row queried, the whole workbook built
 * in memory, its bytes base64 in a JSON envelope. Prints each one's time and the process's peak heap
 * and RSS above what it held before (sampled every 10 ms). The streamed run goes first: RSS seldom
 * shrinks, so the old way's peak would hide the streamed one's. BENCH_EXPORT_ROWS sets the rows.
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '../src/server/app';
import { migrate, seed } from '../src/server/db';
import { openPglite } from '../src/server/db/pglite';
import { issueToken } from '../src/server/domain/sessions';
import { mobileIndex } from '../src/server/domain/users';
import { headedSheet, newWorkbook, xlsxExport } from '../src/server/lib/xlsx';
import { fmtDateTime } from '../src/server/lib/time';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const MB = (n: number) => +(n / 1048576).toFixed(1);

/** Runs `fn` while sampling memory; the peaks above the level before it. */
async function watched<T>(fn: () => Promise<T>): Promise<{ ms: number; peak_heap_mb: number; peak_rss_mb: number; result: T }> {
  const base = process.memoryUsage();
  let heap = base.heapUsed;
  let rss = base.rss;
  const sample = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  const timer = setInterval(sample, 10);
  const t = performance.now();
  try {
    const result = await fn();
    sample();
    return { ms: Math.round(performance.now() - t), peak_heap_mb: MB(heap - base.heapUsed), peak_rss_mb: MB(rss - base.rss), result };
  } finally {
    clearInterval(timer);
  }
}

export default async function exportBench() {
  const db = await openPglite();
  await migrate(db);
  await seed(db);
  const app = await buildServer({ db, sandbox: false, staticDir: null, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const user = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = $1`, [mobileIndex('13800000001')]))!;
    const { token } = await issueToken(db, user.id, new Date());
    const auth = { authorization: `Bearer ${token}` };
    const t0 = performance.now();
    // a day of the past holding nothing else: the export's filter selects exactly these rows
    await db.query(
      `INSERT INTO payout_ledger (company_id, type, amount, balance_after, ref_no, remark, created_at)
       SELECT $1, 'topup', 100 + g % 977, 100 * g, 'PB' || lpad(g::text, 12, '0'), '批量发放 · 仓库分拣第' || (g % 97) || '批', timestamptz '2021-05-01 00:00:00+08' + g * interval '1 s'
         FROM generate_series(1, $2::int) g`,
      [user.company_id, ROWS],
    );
    const seedMs = Math.round(performance.now() - t0);
    const filter = 'from=2021-05-01&to=2021-05-02';

    const streamed = await watched(async () => {
      const r = (await (await fetch(`${origin}/ent/v3/payout/ledger/export?${filter}`, { headers: auth })).json()) as {
        data: { ticket: string; total: number };
      };
      const res = await fetch(`${origin}/ent/v3/export/file`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ticket: r.data.ticket }).toString(),
      });
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
      return { rows: r.data.total, bytes };
    });

    // the old way (before issue 34): all rows, the whole workbook, base64 in the envelope's JSON
    const inMemory = await watched(async () => {
      const rows = await db.query<{ created_at: Date; type: string; amount: string; balance_after: string; ref_no: string; remark: string }>(
        `SELECT created_at, type, amount::text, balance_after::text, ref_no, remark FROM payout_ledger
          WHERE company_id = $1 AND created_at >= '2021-05-01 00:00:00+08' AND created_at < '2021-05-03 00:00:00+08' ORDER BY created_at DESC, id DESC`,
        [user.company_id],
      );
      const wb = newWorkbook();
      const ws = headedSheet(wb, '费用记录', [
        { header: '时间', key: 'at', width: 20 },
        { header: '类型', key: 'type', width: 10 },
        { header: '金额（元）', key: 'amount', width: 14, style: { numFmt: '+#,##0.00;-#,##0.00' } },
        { header: '余额（元）', key: 'balance', width: 14, style: { numFmt: '#,##0.00' } },
        { header: '关联批次/订单号', key: 'ref', width: 24 },
        { header: '备注', key: 'remark', width: 36 },
      ]);
      for (const r of rows) {
        ws.addRow({
          at: fmtDateTime(r.created_at),
          type: '充值',
          amount: Number(r.amount) / 100,
          balance: Number(r.balance_after) / 100,
          ref: r.ref_no,
          remark: r.remark,
        });
      }
      const body = JSON.stringify({ code: 200, msg: 'ok', data: await xlsxExport(wb, 'x.xlsx') });
      return { rows: rows.length, bytes: body.length };
    });

    return {
      rows: ROWS,
      seed_ms: seedMs,
      streamed: { ms: streamed.ms, peak_heap_mb: streamed.peak_heap_mb, peak_rss_mb: streamed.peak_rss_mb, file_kb: Math.round(streamed.result.bytes / 1024) },
      in_memory: {
        ms: inMemory.ms,
        peak_heap_mb: inMemory.peak_heap_mb,
        peak_rss_mb: inMemory.peak_rss_mb,
        envelope_kb: Math.round(inMemory.result.bytes / 1024),
      },
      note: 'peaks are of the whole process (server and reading client) above the level before each run',
    };
  } finally {
    await app.close();
    await db.close();
  }
}

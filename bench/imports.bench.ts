/**
 * Bulk import (issue 10): a 5000-row 离职员工 file — parsing + validating it on the server
 * (target ≤ 1 s), the whole upload over HTTP, and committing it (target ≤ 2 s, one transaction).
 * Each run uses fresh rows (a commit needs new people); the median of RUNS is printed.
 */
import { dimissionImport } from '../src/contract/imports';
import { dimissionCells, makeXlsx } from '../src/server/imports/fixtures';
import { validateRows } from '../src/server/imports/pipeline';
import { serverImportType } from '../src/server/imports/registry';
import { parseUpload } from '../src/server/imports/xlsx';
import type { AddressInfo } from 'node:net';
import { buildServer } from '../src/server/app';
import { migrate, seed } from '../src/server/db';
import { openPglite } from '../src/server/db/pglite';
import { issueToken } from '../src/server/http/auth';

/** The API over the demo seed (like lib/api-server, keeping the database for the in-process figures). */
async function startServer() {
  const db = await openPglite();
  await migrate(db);
  await seed(db);
  const app = await buildServer({ db, sandbox: false, staticDir: null, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await db.one<{ id: number }>("SELECT id FROM users WHERE mobile = '13800000001'");
  const { token } = await issueToken(db, user!.id, new Date());
  return {
    db,
    origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    auth: { authorization: `Bearer ${token}` },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const keep = (xs: number[], run: number, v: number) => run > 0 && xs.push(v);
const ROWS = 5000;
const median = (xs: number[]) => +[...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);

export default async function importsBench() {
  const server = await startServer();
  const base = `${server.origin}/ent/v3`;
  const company = (await server.db.one<{ company_id: number }>("SELECT company_id FROM users WHERE mobile = '13800000001'"))!.company_id;
  const st = serverImportType('dimission');
  const parse: number[] = [];
  const validate: number[] = [];
  const upload: number[] = [];
  const commit: number[] = [];
  let fileBytes = 0;
  // run 0 warms the JIT and the database up and is not counted
  for (let run = 0; run <= RUNS; run++) {
    const file = await makeXlsx(dimissionImport, Array.from({ length: ROWS }, (_, i) => dimissionCells(i, `2024-06-${String(28 - run).padStart(2, '0')}`)));
    fileBytes = file.length;
    // in-process: the server's own work on the file
    let t0 = performance.now();
    const parsed = await parseUpload(file, dimissionImport);
    keep(parse, run, performance.now() - t0);
    const v = await validateRows(server.db, company, st, parsed, new Date());
    keep(validate, run, performance.now() - t0);
    if (v.failRows !== 0) throw new Error(`bench rows invalid: ${JSON.stringify(v.issues.slice(0, 3))}`);
    // over HTTP: upload (validate) and commit
    t0 = performance.now();
    const up = await fetch(`${base}/import/upload/dimission`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ file_name: `bench${run}.xlsx`, file: file.toString('base64') }).toString(),
    });
    const u = (await up.json()) as { code: number; data: { batch: { id: number; status: string } } };
    keep(upload, run, performance.now() - t0);
    if (u.code !== 200 || u.data.batch.status !== 'pending') throw new Error(`upload: ${JSON.stringify(u).slice(0, 200)}`);
    t0 = performance.now();
    const c = (await (await fetch(`${base}/import/batches/${u.data.batch.id}/commit`, { method: 'POST', headers: server.auth })).json()) as {
      code: number;
      data: { imported_count: number };
    };
    keep(commit, run, performance.now() - t0);
    if (c.code !== 200 || c.data.imported_count !== ROWS) throw new Error(`commit: ${JSON.stringify(c).slice(0, 200)}`);
  }
  await server.close();
  const out = {
    rows: ROWS,
    runs: RUNS,
    load_average: +(await import('node:os')).loadavg()[0]!.toFixed(1),
    file_kb: Math.round(fileBytes / 1024),
    parse_ms: median(parse),
    validate_ms: median(validate),
    validate_target_ms: 1000,
    upload_http_ms: median(upload),
    commit_ms: median(commit),
    commit_target_ms: 2000,
  };
  return { ...out, validate_ok: out.validate_ms <= 1000, commit_ok: out.commit_ms <= 2000 };
}

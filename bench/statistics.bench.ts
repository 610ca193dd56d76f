/**
 * 数据面板 (issue 15): each statistics call the panel makes (招聘, 离职, 灵活用工, CRC, and 导出)
 * over 近7天, 近30天 and a custom year, with 1,000,000 applications and 100,000 departures in the
 * database (plus the rows the same queries read: interviews, views, proofs, requests, payouts,
 * the CRC ledger). Target: every panel call p95 ≤ 200 ms, on PGlite and, with DATABASE_URL, on
 * PostgreSQL (a private schema, dropped after; BENCH_PG_SCHEMA keeps one). The rows are generated in SQL
 * (`INSERT … SELECT generate_series`), most of them for the demo company 13800000001 (the worst
 * case: the measured company holds the bulk), the rest for 49 other companies.
 * Requests go one at a time over HTTP to a server on the same process. BENCH_DB=pg or =pglite
 * measures one of the two only; BENCH_PGLITE_DIR keeps the generated PGlite database (see below).
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addDay } from '../src/contract/statistics';
import { buildServer } from '../src/server/app';
import { migrate, seed } from '../src/server/db';
import { openPg } from '../src/server/db/pg';
import { openPglite } from '../src/server/db/pglite';
import type { Db } from '../src/server/db/types';
import { issueToken } from '../src/server/domain/sessions';
import { fmtDate } from '../src/server/lib/time';
import { mobileIndex } from '../src/server/domain/users';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
const DEPARTURES = Number(process.env.BENCH_DEPARTURES ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 20);
const TARGET_P95_MS = 200;
const MOBILE = '13800000001';
/** the measured company's share of the rows */
const OWN_SHARE = 0.8;
const OWN_POSITIONS = 400;
const OTHER_COMPANIES = 49;
const DAYS = 730;

/** Bulk rows, generated in SQL; `cid` is the measured company. Answers seconds per table. */
async function generate(db: Db, cid: number): Promise<Record<string, number>> {
  const own = Math.round(APPLICATIONS * OWN_SHARE);
  const ownDep = Math.round(DEPARTURES * OWN_SHARE);
  const candidates = Math.ceil(own / OWN_POSITIONS);
  const secs: Record<string, number> = {};
  const step = async (name: string, sql: string, args: unknown[] = []) => {
    const t0 = performance.now();
    await db.query(sql, args);
    secs[name] = +((performance.now() - t0) / 1000 + (secs[name] ?? 0)).toFixed(1);
    console.error(`[statistics bench] ${name}: ${secs[name]} s`);
  };
  await step('setup', 'SELECT setseed(0.42)');
  await step(
    'companies',
    `INSERT INTO companies (name, creditcode, status, company_lv, member_expire)
     SELECT '压测企业' || g, 'BENCH' || lpad(g::text, 13, '0'), 'normal', 1, current_date + 365 FROM generate_series(1, $1) g`,
    [OTHER_COMPANIES],
  );
  const others = (await db.query<{ id: number }>("SELECT id FROM companies WHERE creditcode LIKE 'BENCH%' ORDER BY id")).map((r) => r.id);
  // positions: OWN_POSITIONS for the measured company over 12 departments, 4 per other company
  await step(
    'positions',
    `INSERT INTO positions (company_id, title, category, city, district, salary_min, salary_max, description, department, created_at)
     SELECT $1, '压测职位' || g, '技术', '杭州', '西湖区', 8, 15, '压测', '部门' || (g % 12), now() - interval '${DAYS} days'
       FROM generate_series(1, $2) g
     UNION ALL
     SELECT c, '外部职位' || g, '技术', '上海', '浦东新区', 8, 15, '压测', NULL, now() - interval '${DAYS} days'
       FROM unnest($3::int[]) c, generate_series(1, 4) g`,
    [cid, OWN_POSITIONS, others],
  );
  await step(
    'candidates',
    `INSERT INTO candidates (realname, gender, birth_date, mobile_enc, mobile_mask)
     SELECT '压测' || g, CASE WHEN g % 2 = 0 THEN '男' ELSE '女' END, date '1990-01-01' + (g % 3000), 'enc', '138****0000'
       FROM generate_series(1, $1) g`,
    [candidates],
  );
  // applications: position × candidate pairs (unique), created over DAYS days; ~6 % hired a few
  // days later, ~80 % of those started work
  const appsSql = (posWhere: string, n: number) =>
    step(
      'applications',
      `WITH p AS (SELECT id, company_id, row_number() OVER (ORDER BY id) - 1 AS k FROM positions WHERE ${posWhere}),
            np AS (SELECT count(*) AS np FROM p),
            c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM candidates WHERE realname LIKE '压测%'),
            g AS (SELECT g % np.np AS pk, g / np.np AS ck, now() - random() * interval '${DAYS} days' AS at, random() AS r
                    FROM np, generate_series(0, ${n - 1}) g)
       INSERT INTO applications (position_id, company_id, candidate_id, status, created_at, updated_at, hired_at, onboard_at)
       SELECT p.id, p.company_id, c.id,
              CASE WHEN g.r < 0.06 THEN 'hired' WHEN g.r < 0.2 THEN 'invited' WHEN g.r < 0.5 THEN 'viewed' WHEN g.r < 0.7 THEN 'unsuitable' ELSE 'pending' END,
              g.at, g.at,
              CASE WHEN g.r < 0.06 THEN least(now(), g.at + (1 + g.r * 200) * interval '1 day') END,
              CASE WHEN g.r < 0.048 THEN least(now(), g.at + (8 + g.r * 200) * interval '1 day') END
         FROM g JOIN p ON p.k = g.pk JOIN c ON c.k = g.ck`,
      [cid],
    );
  await appsSql("company_id = $1 AND title LIKE '压测职位%'", own);
  await appsSql("company_id <> $1 AND title LIKE '外部职位%'", APPLICATIONS - own);
  // interviews: one per invited or hired application, two days after it; attended when done
  await step(
    'interviews',
    `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address, contacts_name, contacts_tel, status, created_at)
     SELECT company_id, candidate_id, position_id, id, 'intention', created_at + interval '2 days', '压测地址', '张三', '13800000000',
            CASE WHEN status = 'hired' THEN 'done' WHEN id % 5 = 0 THEN 'canceled' WHEN id % 5 = 1 THEN 'declined' ELSE 'accepted' END,
            created_at + interval '1 hour'
       FROM applications WHERE status IN ('invited', 'hired') AND candidate_id IN (SELECT id FROM candidates WHERE realname LIKE '压测%')`,
  );
  await step(
    'position_views',
    `INSERT INTO position_views (company_id, position_id, day, views)
     SELECT p.company_id, p.id, current_date - d, 1 + ((p.id * 7 + d * 13) % 40)
       FROM positions p, generate_series(0, ${DAYS - 1}) d WHERE p.title LIKE '压测职位%' OR p.title LIKE '外部职位%'`,
  );
  const leaveTypes = ['resign', 'dismiss', 'mutual', 'expire', 'retire', 'other'];
  await step(
    'departure_records',
    `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, dept_name, job_name, entry_date, leave_date, leave_type, created_at)
     SELECT CASE WHEN g <= $2 THEN $1 ELSE ($3::int[])[1 + g % array_length($3::int[], 1)] END, 'import', '离职' || g, 'enc', 'bench' || g, '110105********1234',
            '部门' || (g % 12), '工程师', current_date - ${DAYS} - 400 + (g % 300), current_date - (g % ${DAYS}),
            ($4::text[])[1 + g % 6], now() - (g % ${DAYS}) * interval '1 day'
       FROM generate_series(1, $5) g`,
    [cid, ownDep, others, leaveTypes, DEPARTURES],
  );
  await step(
    'departure_proofs',
    `INSERT INTO departure_proofs (company_id, record_id, serial, status, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date, tenure_text, legal_basis, company_name, issue_date, issued_at)
     SELECT company_id, id, 'BP' || id, 'issued', name, 'enc', id_card_mask, job_name, entry_date, leave_date, '一年', '', '压测', leave_date, leave_date + interval '10 hours'
       FROM departure_records WHERE id_card_bidx LIKE 'bench%' AND id % 2 = 0`,
  );
  await step(
    'resignation_requests',
    `INSERT INTO resignation_requests (company_id, employee_name, dept_name, job_name, type, status, submitted_at, reviewed_at)
     SELECT company_id, name, dept_name, job_name, leave_type, 'approved', leave_date - interval '20 days', leave_date - interval '20 days' + (id % 72) * interval '1 hour'
       FROM departure_records WHERE id_card_bidx LIKE 'bench%' AND id % 3 = 0`,
  );
  // payouts: 2000 workers, one finished batch a day of 150 rows (≈110,000 rows), 5 % failed
  await step(
    'flex_workers',
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     SELECT $1, '工人' || g, 'enc', 'bm' || g, '138****0000', 'enc', 'bench' || g, '110105********1234' FROM generate_series(1, 2000) g`,
    [cid],
  );
  await step(
    'payout_batches',
    `INSERT INTO payout_batches (company_id, batch_no, status, head_count, gross, fee, tax, net, created_at, submitted_at, confirmed_at, finished_at)
     SELECT $1, 'BENCH' || d, 'done', 150, 0, 0, 0, 0, t, t, t, t + interval '1 hour'
       FROM generate_series(0, ${DAYS - 1}) d, LATERAL (SELECT now() - d * interval '1 day' - interval '2 hours' AS t) x`,
    [cid],
  );
  await step(
    'payout_rows',
    `WITH w AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM flex_workers WHERE cert_no_bidx LIKE 'bench%' AND company_id = $1)
     INSERT INTO payout_rows (batch_id, company_id, worker_id, name, amount, tax, fee, net, status, channel_no, finished_at, created_at)
     SELECT b.id, $1, w.id, '工人', 10000 + (w.k % 50) * 100, 150, 600, 9850, CASE WHEN (b.id + w.k) % 20 = 0 THEN 'failed' ELSE 'success' END,
            'BENCH' || b.id || '-' || w.k, b.finished_at, b.created_at
       FROM payout_batches b JOIN w ON w.k BETWEEN 1 + (b.id % 10) * 150 AND 150 + (b.id % 10) * 150
      WHERE b.batch_no LIKE 'BENCH%'`,
    [cid],
  );
  await step(
    'crc_ledger',
    `INSERT INTO crc_ledger (company_id, delta, balance_after, reason, created_at)
     SELECT $1, CASE WHEN g % 3 = 0 THEN 50 ELSE -10 END, 1000, CASE WHEN g % 3 = 0 THEN '签到奖励' WHEN g % 3 = 1 THEN '查看联系方式（压测）' ELSE '发布职位' END,
            now() - (g % ${DAYS}) * interval '1 day' - (g % 24) * interval '1 hour'
       FROM generate_series(1, 100000) g`,
    [cid],
  );
  return secs;
}

async function rowCounts(db: Db, cid: number) {
  const tables = [
    'applications',
    'interviews',
    'position_views',
    'departure_records',
    'departure_proofs',
    'resignation_requests',
    'payout_rows',
    'crc_ledger',
    'positions',
    'stats_recruit_daily',
    'stats_departure_daily',
    'stats_flex_daily',
    'stats_crc_daily',
  ];
  const out: Record<string, string> = {};
  for (const t of tables) {
    const r = await db.one<{ all: unknown; own: unknown }>(`SELECT count(*) AS all, count(*) FILTER (WHERE company_id = $1) AS own FROM ${t}`, [cid]);
    out[t] = `${Number(r!.all).toLocaleString('en')} (${Number(r!.own).toLocaleString('en')} of the measured company)`;
  }
  return out;
}

async function measure(db: Db) {
  const app = await buildServer({ db, sandbox: false, staticDir: null, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/ent/v3`;
  try {
    const user = await db.one<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE mobile_bidx = $1', [mobileIndex(MOBILE)]);
    const { token } = await issueToken(db, user!.id, new Date());
    const headers = { authorization: `Bearer ${token}` };
    const today = fmtDate(new Date());
    const pos = await db.one<{ id: number }>("SELECT id FROM positions WHERE company_id = $1 AND title LIKE '压测职位%' ORDER BY id LIMIT 1", [
      user!.company_id,
    ]);
    const ranges: Record<string, string> = {
      '7d': 'range=7d',
      '30d': 'range=30d',
      year: `range=custom&start=${addDay(today, -364)}&end=${today}`,
      year_position: `range=custom&start=${addDay(today, -364)}&end=${today}&position_id=${pos!.id}`,
      year_department: `range=custom&start=${addDay(today, -364)}&end=${today}&department=${encodeURIComponent('部门3')}`,
    };
    const calls = { recruitment: '/statistics/recruitment', departure: '/statistics/departure', flex: '/statistics/flex', crc: '/statistics/crc' };
    // `file`: the answer is an export's ticket; the time includes reading the file it streams (issue 34)
    const time = async (url: string, reps: number, file = false) => {
      const times: number[] = [];
      for (let i = 0; i < reps + 2; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { code: number; msg?: string; data?: { ticket?: string } };
        if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.msg ?? ''}`);
        if (file) {
          const f = await fetch(`${origin}/export/file`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ticket: body.data!.ticket! }).toString(),
          });
          if ((f.headers.get('content-type') ?? '').includes('json')) throw new Error(`${url}: the file was refused`);
          await f.arrayBuffer();
        }
        if (i >= 2) times.push(performance.now() - t0); // two warm-ups
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => +times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
      return { p50_ms: at(0.5), p95_ms: at(0.95) };
    };
    const figures: Record<string, Record<string, { p50_ms: number; p95_ms: number }>> = {};
    const over: string[] = [];
    // the baseline of the same run: the cheapest authenticated call (one indexed row), before and
    // after; on a loaded machine it shows how much of a figure is the machine, not the query
    figures.baseline_usercenter_info = { before: await time(`${origin}/usercenter/info`, REPS) };
    for (const [name, path] of Object.entries(calls)) {
      figures[name] = {};
      for (const [rn, q] of Object.entries(ranges)) {
        if (name !== 'recruitment' && name !== 'departure' && rn === 'year_position') continue; // only these read the filters
        if ((name === 'flex' || name === 'crc') && rn === 'year_department') continue;
        const f = await time(`${origin}${path}?${q}`, REPS);
        figures[name][rn] = f;
        if (f.p95_ms > TARGET_P95_MS) over.push(`${name} ${rn} p95 ${f.p95_ms} ms`);
      }
    }
    figures.baseline_usercenter_info.after = await time(`${origin}/usercenter/info`, REPS);
    // 导出 (a click, not part of the panel's paint): the ticket, then all four aggregates and the .xlsx streamed
    figures.export = {
      '7d': await time(`${origin}/statistics/export?${ranges['7d']}`, 5, true),
      year: await time(`${origin}/statistics/export?${ranges.year}`, 5, true),
    };
    return { figures, over_target: over };
  } finally {
    await app.close();
  }
}

const BULK_TABLES = [
  'applications',
  'interviews',
  'position_views',
  'departure_records',
  'departure_proofs',
  'resignation_requests',
  'payout_rows',
  'crc_ledger',
  'candidates',
  'flex_workers',
];

/**
 * A bulk load the usual way: the roll-up triggers and the secondary indexes (not those behind a
 * constraint) off while the rows go in, the indexes built again after and the roll-ups rebuilt
 * from the rows by stats_rebuild() (the figures are then exactly what the triggers would have kept).
 */
async function bulkLoad(db: Db, cid: number) {
  const secs: Record<string, number> = {};
  const idx = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  const trg = await db.query<{ t: string; name: string }>(
    `SELECT c.relname AS t, g.tgname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
      WHERE NOT g.tgisinternal AND g.tgname LIKE 'stats\\_%' AND c.relnamespace = current_schema()::regnamespace`,
  );
  for (const x of trg) await db.exec(`ALTER TABLE ${x.t} DISABLE TRIGGER ${x.name}`);
  for (const x of idx) await db.exec(`DROP INDEX ${x.name}`);
  Object.assign(secs, await generate(db, cid));
  let t0 = performance.now();
  for (const x of idx) await db.exec(x.def);
  secs.indexes = +((performance.now() - t0) / 1000).toFixed(1);
  for (const x of trg) await db.exec(`ALTER TABLE ${x.t} ENABLE TRIGGER ${x.name}`);
  t0 = performance.now();
  await db.query('SELECT stats_rebuild()');
  secs.stats_rebuild = +((performance.now() - t0) / 1000).toFixed(1);
  t0 = performance.now();
  await db.exec('ANALYZE');
  secs.analyze = +((performance.now() - t0) / 1000).toFixed(1);
  return secs;
}

/** written into BENCH_PGLITE_DIR once its rows are all generated */
const READY = 'bench-generated';

async function run(db: Db, reuse = false, dir?: string) {
  const t0 = performance.now();
  await migrate(db); // on a kept database: only the migrations added since it was generated
  if (!reuse) await seed(db);
  const cid = (await db.one<{ company_id: number }>('SELECT company_id FROM users WHERE mobile_bidx = $1', [mobileIndex(MOBILE)]))!.company_id;
  const seconds = reuse ? 'reused (a kept database)' : await bulkLoad(db, cid);
  if (dir && !reuse) writeFileSync(path.join(dir, READY), new Date().toISOString());
  const rows = await rowCounts(db, cid);
  const seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
  console.log('[statistics bench] rows:', rows);
  const m = await measure(db);
  console.log('[statistics bench] p50/p95 ms:', JSON.stringify(m.figures));
  return { rows, seed_seconds: seedSeconds, generate_seconds: seconds, target_p95_ms: TARGET_P95_MS, ...m };
}

export default async function statisticsBench() {
  const out: Record<string, unknown> = { applications: APPLICATIONS, departures: DEPARTURES, reps: REPS };
  // BENCH_DB=pg measures PostgreSQL only (DATABASE_URL), =pglite PGlite only
  const only = process.env.BENCH_DB;
  if (only !== 'pg') {
    // BENCH_PGLITE_DIR: keep the generated database on disk and reuse it on the next run (the
    // generation takes minutes); delete the directory to generate afresh
    const dir = process.env.BENCH_PGLITE_DIR;
    const reuse = !!dir && existsSync(path.join(dir, READY));
    const lite = await openPglite(dir ? { dataDir: dir } : {});
    try {
      out.pglite = await run(lite, reuse, dir);
    } finally {
      await lite.close();
    }
  }
  const url = process.env.DATABASE_URL;
  if (only === 'pglite') return out;
  if (!url) {
    out.postgresql = 'skipped: DATABASE_URL is not set';
    return out;
  }
  // BENCH_PG_SCHEMA: generate into that schema and keep it (reused when already generated); else a
  // private schema, dropped after
  const kept = process.env.BENCH_PG_SCHEMA;
  if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error('BENCH_PG_SCHEMA: lower-case letters, digits and _');
  const schema = kept ?? `bench_${randomBytes(4).toString('hex')}`;
  const admin = openPg({ connectionString: url, max: 1, timeouts: { statementMs: 0 } });
  await admin.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const reuse = !!kept && !!(await admin.one<{ t: string | null }>(`SELECT to_regclass('${schema}.${READY.replace('-', '_')}')::text AS t`))?.t;
  const db = openPg({ connectionString: url, searchPath: schema, max: 5, timeouts: { statementMs: 0, idleInTxMs: 0 } });
  try {
    out.postgresql = await run(db, reuse);
    if (kept && !reuse) await db.exec(`CREATE TABLE ${READY.replace('-', '_')} ()`);
  } finally {
    await db.close();
    if (!kept) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
  return out;
}

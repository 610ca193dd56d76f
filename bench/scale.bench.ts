/**
 * `npm run bench -- scale` (issue 34): the recruitment lists and the hall search at scale. Seeds by
 * SQL, on a database of its own, SCALE job seekers (with work and education rows) and as many
 * applications over 2,000 positions (one position holds a tenth of them), then prints p50/p95/p99
 * of each list and search call — the domain functions the routes call (SQL and mapping, no HTTP) —
 * with common and rare Chinese words, a mobile number, a school and a company, and the seeding time.
 * BENCH_SCALE sets the number of seekers: default 1,000,000 on PostgreSQL (DATABASE_URL, a user
 * allowed to create databases), 100,000 on the embedded PGlite. BENCH_CALLS: calls per figure.
 * On PostgreSQL with pg_trgm available it also times the trigram alternative (docs/decisions.md;
 * BENCH_TRGM=0: not).
 * BENCH_PAYOUT_ROWS payout rows (default 200,000 on PostgreSQL, 20,000 on PGlite: scale-payouts.ts)
 * and the keyset lists (scale-keyset.ts) are seeded beside them. BENCH_SCALE_PARTS=lists seeds and
 * times only those (the ledger, logs, workers, records and a batch's rows: minutes instead of the
 * hall's long seeding), =hall only the recruitment side; default both.
 * BENCH_DB=<name> (PostgreSQL, with BENCH_SCALE_PARTS=hall): seed that database once and keep it;
 * later runs with the same name migrate it and measure without seeding again (a seeded million
 * takes tens of minutes); BENCH_SEED_ONLY=1 stops after the seeding.
 */
import { HallQuery } from '../src/contract/recruitment';
import { migrate, seed, type Db } from '../src/server/db';
import { PLAN_EACH_CALL } from '../src/server/db/types';
import { openPg } from '../src/server/db/pg';
import { openPglite } from '../src/server/db/pglite';
import { listApplications } from '../src/server/domain/recruitment/applications';
import { HALL_COUNT_CAP, searchHall } from '../src/server/domain/recruitment/hall';
import { listPositions } from '../src/server/domain/recruitment/positions';
import { COUNT_CAP, encodeCursor } from '../src/server/lib/page';
import { containsPattern } from '../src/server/lib/search';
import { mobileIndex } from '../src/server/domain/users';
import { payoutRowCalls, seedPayoutRows } from './lib/scale-payouts';
import { keysetListCalls, seedKeysetLists } from './lib/scale-keyset';
import { seedScale } from './lib/scale-seed';

const url = process.env.DATABASE_URL;
const SCALE = Number(process.env.BENCH_SCALE ?? (url ? 1_000_000 : 100_000));
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const POSITIONS = 2000;
const PAYOUT_ROWS = Number(process.env.BENCH_PAYOUT_ROWS ?? (url ? 200_000 : 20_000));
const PARTS = process.env.BENCH_SCALE_PARTS ?? 'all';

const quantile = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function time(fn: () => Promise<unknown>, calls = CALLS) {
  for (let i = 0; i < 3; i++) await fn(); // warm: caches, and past the five runs a generic plan waits for
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const r = (x: number) => +x.toFixed(1);
  return { p50: r(quantile(ms, 0.5)), p95: r(quantile(ms, 0.95)), p99: r(quantile(ms, 0.99)) };
}

async function openBenchDb(): Promise<{ db: Db; engine: string; drop: () => Promise<void> }> {
  if (!url) {
    const db = await openPglite();
    return { db, engine: 'pglite', drop: () => db.close() };
  }
  const kept = process.env.BENCH_DB;
  if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error('BENCH_DB: a plain lower-case database name');
  // the lists' rows are seeded afresh each run: on a kept database they would pile up
  if (kept && PARTS !== 'hall') throw new Error("BENCH_DB keeps the hall's seeding: run it with BENCH_SCALE_PARTS=hall");
  const name = kept ?? `bench_scale_${Date.now()}`;
  const admin = openPg({ connectionString: url, max: 1, timeouts: { statementMs: 0 } });
  const exists = await admin.one('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  // no statement limit: the seeding statements run for minutes
  const db = openPg({ connectionString: u.toString(), max: 4, timeouts: { statementMs: 0, queryMs: 0, idleInTxMs: 0 } });
  return {
    db,
    engine: 'postgresql',
    drop: async () => {
      await db.close();
      if (!process.env.BENCH_KEEP && !kept) await admin.query(`DROP DATABASE ${name}`);
      await admin.close();
    },
  };
}

export default async function scaleBench() {
  const { db, engine, drop } = await openBenchDb();
  const out: Record<string, unknown> = { engine, parts: PARTS, calls: CALLS };
  try {
    const applied = await migrate(db);
    await seed(db);
    const now = new Date();
    const calls: Record<string, () => Promise<unknown>> = {};
    const companyId = (await db.one<{ id: number }>('SELECT company_id AS id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))!.id;
    if (PARTS !== 'lists') {
      const hall = await hallCalls(db, out, now, applied.length > 0);
      if (!hall) return out; // BENCH_SEED_ONLY: seeded, measured later
      Object.assign(calls, hall);
    }
    if (PARTS !== 'hall') {
      Object.assign(out, await seedKeysetLists(db, companyId, Math.ceil(SCALE / 5)));
      const p = await seedPayoutRows(db, companyId, PAYOUT_ROWS);
      out.payout_rows_seeded = p.payout_rows_seeded;
      out.payout_seed_ms = p.payout_seed_ms;
      const viewer = (await db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))!.id;
      Object.assign(calls, await keysetListCalls(db, companyId, now), await payoutRowCalls(db, companyId, p.big_batch_id, viewer));
    }
    const figures: Record<string, { p50: number; p95: number; p99: number }> = {};
    for (const [name, fn] of Object.entries(calls)) figures[name] = await time(fn);
    out.ms = figures;
    const limit = engine === 'postgresql' ? 100 : 300;
    out.p95_target_ms = limit;
    out.p95_over_target = Object.entries(figures)
      .filter(([, f]) => f.p95 > limit)
      .map(([n]) => n);
    if (engine === 'postgresql' && PARTS !== 'lists' && process.env.BENCH_TRGM !== '0') out.trigram = await trigramFigures(db);
  } finally {
    await drop();
  }
  return out;
}

/**
 * The seekers, work rows and applications (scale-seed.ts), and the hall, position and application
 * calls (null with BENCH_SEED_ONLY). A kept database (BENCH_DB) holds its seeding's answer: seeded
 * once, measured many times.
 */
async function hallCalls(db: Db, out: Record<string, unknown>, now: Date, migrated: boolean): Promise<Record<string, () => Promise<unknown>> | null> {
  Object.assign(out, { seekers: SCALE, applications: SCALE, positions: POSITIONS });
  await db.query('CREATE TABLE IF NOT EXISTS bench_scale_seeded (seekers int PRIMARY KEY, seeded jsonb NOT NULL)');
  const before = await db.one<{ seeded: Awaited<ReturnType<typeof seedScale>> }>('SELECT seeded FROM bench_scale_seeded WHERE seekers = $1', [SCALE]);
  let seeded = before?.seeded;
  if (!seeded) {
    seeded = await seedScale(db, { seekers: SCALE, positions: POSITIONS });
    await db.query('INSERT INTO bench_scale_seeded (seekers, seeded) VALUES ($1, $2)', [SCALE, JSON.stringify(seeded)]);
  } else {
    out.reused_seed = true;
    // new migrations on a seeded database: the planner's statistics of what they added
    if (migrated) await db.query('ANALYZE candidates');
  }
  Object.assign(out, seeded);
  if (process.env.BENCH_SEED_ONLY) return null;
  const companyId = seeded.company_id;
  const hall = (q: Record<string, unknown>) => () => searchHall(db, companyId, HallQuery.parse({ page_size: 10, ...q }), now);
  // a cursor at the row a deep page starts from (what the pager's 下一页 sends there)
  const deep = Math.min(10_000, Math.floor(SCALE / 10 / 2));
  const at = (await db.one<{ k_at: string; id: number }>(
    `SELECT active_at::text AS k_at, id FROM candidates ORDER BY active_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [(deep - 1) * 10],
  ))!;
  const big = seeded.big_position_id;
  const apps = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM applications WHERE position_id = $1', [big]))!.n;
  const lastPage = Math.min(10_000, Math.ceil(apps / 20));
  const appAt = (await db.one<{ k_at: string; id: number }>(
    `SELECT created_at::text AS k_at, id FROM applications WHERE position_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [big, (lastPage - 1) * 20 - 1],
  ))!;
  const apply = (q: Record<string, unknown>) => () => listApplications(db, companyId, big, { status: 'all', page: 1, page_size: 20, ...q }, now);
  // a page number goes only as far as a list counts (lib/page.ts offsetWithin): the deepest one
  // each list takes by number; deeper pages are reached by cursor
  const hallLastNumbered = HALL_COUNT_CAP / 10;
  const appsLastNumbered = Math.min(lastPage, COUNT_CAP / 20);
  return {
    hall_page_1: hall({}),
    [`hall_page_${hallLastNumbered}_offset`]: hall({ page: hallLastNumbered }),
    [`hall_page_${deep}_keyset`]: hall({ page: deep, after: encodeCursor([0, at.k_at, at.id]) }),
    hall_common_word_销售: hall({ keywords: '销售' }),
    hall_common_word_开发_city: hall({ keywords: '开发', city: '杭州' }),
    hall_rare_word_区块链: hall({ keywords: '区块链' }),
    hall_school_浙江大学: hall({ keywords: '浙江大学' }),
    hall_company_网易: hall({ keywords: '网易' }),
    hall_mobile: hall({ keywords: '13905710006' }),
    hall_one_char_杭: hall({ keywords: '杭' }),
    position_list: () => listPositions(db, companyId, { status: 'all', keywords: '', page: 1, page_size: 20 }, now),
    position_list_keyword: () => listPositions(db, companyId, { status: 'all', keywords: '销售', page: 1, page_size: 20 }, now),
    [`applications_page_1_of_${apps}`]: apply({}),
    [`applications_page_${appsLastNumbered}_offset`]: apply({ page: appsLastNumbered }),
    applications_last_page_keyset: apply({ page: lastPage, after: encodeCursor([appAt.k_at, appAt.id]) }),
  };
}

/** The alternative: pg_trgm's GIN index over the same text, the same keywords, counting matches. */
/**
 * The alternative: pg_trgm's GIN index over the same text, the same keywords: every match counted
 * (how much each index narrows), the hall's capped count and a page of the body group (what the
 * hall asks), each planned for its word as the hall's statements are.
 */
async function trigramFigures(db: Db) {
  const keywords = ['销售', '区块链', '浙江大学', '13905710006', '杭'];
  const fewer = Math.max(5, Math.floor(CALLS / 4));
  const figures = async (match: string) => {
    const per: Record<string, unknown> = {};
    for (const k of keywords) {
      const args = [k, containsPattern(k)];
      per[k] = {
        count_all: await time(() => db.query(`${PLAN_EACH_CALL}SELECT count(*) FROM candidates c WHERE ${match}`, args), 3),
        count_capped: await time(
          () => db.query(`${PLAN_EACH_CALL}SELECT count(*) FROM (SELECT 1 FROM candidates c WHERE ${match} LIMIT ${HALL_COUNT_CAP + 1}) x`, args),
          fewer,
        ),
        page: await time(
          () => db.query(`${PLAN_EACH_CALL}SELECT c.id FROM candidates c WHERE ${match} ORDER BY c.active_at DESC, c.id DESC LIMIT 10`, args),
          fewer,
        ),
      };
    }
    return per;
  };
  // the bigram figures first: with the trigram index in place the planner would use it for their ILIKE
  const bigram = await figures('c.search_grams @@ hall_gram_query($1) AND c.search_text ILIKE $2');
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  } catch (e) {
    return { bigram, trgm: `skipped: ${(e as Error).message}` };
  }
  const t0 = performance.now();
  await db.query('CREATE INDEX candidates_search_trgm_idx ON candidates USING gin (search_text gin_trgm_ops)');
  const build = Math.round(performance.now() - t0);
  const size = async (idx: string) => (await db.one<{ s: string }>(`SELECT pg_size_pretty(pg_relation_size($1::regclass)) AS s`, [idx]))!.s;
  const out = {
    trgm_index_build_ms: build,
    trgm_index_size: await size('candidates_search_trgm_idx'),
    bigram_index_size: await size('candidates_search_idx'),
    bigram_head_index_size: await size('candidates_search_head_idx'),
    bigram,
    trgm: await figures("c.search_text ILIKE $2 AND $1 <> ''"),
  };
  await db.query('DROP INDEX candidates_search_trgm_idx');
  return out;
}

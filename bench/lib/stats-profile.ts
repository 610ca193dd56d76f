/**
 * Where the time of a statistics call goes: every SQL statement the panel's handlers run against
 * a kept bench database (BENCH_PGLITE_DIR, or BENCH_PG_SCHEMA with DATABASE_URL, of `npm run bench
 * -- statistics`), with its time, and EXPLAIN ANALYZE of each with PROFILE_EXPLAIN=1. Not a
 * benchmark (no baseline); a look inside one.
 *   BENCH_PGLITE_DIR=/tmp/x node --import tsx bench/lib/stats-profile.ts [recruit|departure|flex|crc] [7d|30d|year|year_position|year_department]
 */
import { addDay } from '../../src/contract/statistics';
import { migrate } from '../../src/server/db';
import { openPg } from '../../src/server/db/pg';
import { openPglite } from '../../src/server/db/pglite';
import type { Db } from '../../src/server/db/types';
import { departureStats } from '../../src/server/domain/statistics/departure';
import { crcStats, flexStats } from '../../src/server/domain/statistics/flex-crc';
import { rangeOf } from '../../src/server/domain/statistics/range';
import { recruitStats } from '../../src/server/domain/statistics/recruit';
import { fmtDate } from '../../src/server/lib/time';
import { mobileIndex } from '../../src/server/domain/users';

const dir = process.env.BENCH_PGLITE_DIR;
const pgSchema = process.env.BENCH_PG_SCHEMA;
if (!dir && !(pgSchema && process.env.DATABASE_URL)) throw new Error('BENCH_PGLITE_DIR, or BENCH_PG_SCHEMA with DATABASE_URL');
const [what = 'recruit', rangeName = 'year'] = process.argv.slice(2);
const db0 = dir
  ? await openPglite({ dataDir: dir })
  : openPg({ connectionString: process.env.DATABASE_URL!, searchPath: pgSchema, max: 1, timeouts: { statementMs: 0, idleInTxMs: 0 } });
await migrate(db0);
const log: { ms: number; sql: string; args: unknown[] }[] = [];
const explain = !!process.env.PROFILE_EXPLAIN;
const timed: Db = new Proxy(db0, {
  get(t, k) {
    if (k === 'query' || k === 'one') {
      return async (sql: string, args: unknown[] = []) => {
        const t0 = performance.now();
        const rows = await t.query(sql, args);
        log.push({ ms: performance.now() - t0, sql, args });
        return k === 'one' ? rows[0] : rows;
      };
    }
    return Reflect.get(t, k);
  },
});
const u = (await db0.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
const cid = u.company_id;
const now = new Date();
const today = fmtDate(now);
const pos = (await db0.one<{ id: number }>("SELECT id FROM positions WHERE company_id = $1 AND title LIKE '压测职位%' ORDER BY id LIMIT 1", [cid]))!.id;
const ranges = {
  '7d': rangeOf({ range: '7d' }, now),
  '30d': rangeOf({ range: '30d' }, now),
  year: rangeOf({ range: 'custom', start: addDay(today, -364), end: today }, now),
  year_position: rangeOf({ range: 'custom', start: addDay(today, -364), end: today, position_id: pos }, now),
  year_department: rangeOf({ range: 'custom', start: addDay(today, -364), end: today, department: '部门3' }, now),
};
const r = ranges[rangeName as keyof typeof ranges];
const run = () =>
  what === 'recruit'
    ? recruitStats(timed, cid, r)
    : what === 'departure'
      ? departureStats(timed, cid, r)
      : what === 'flex'
        ? flexStats(timed, cid, r)
        : crcStats(timed, cid, r);
for (let i = 0; i < 3; i++) await run(); // warm
const totals: number[] = [];
const per = new Map<string, number[]>();
for (let i = 0; i < 10; i++) {
  log.length = 0;
  const t0 = performance.now();
  await run();
  totals.push(performance.now() - t0);
  log.forEach((l, k) => per.set(`${k}`, [...(per.get(`${k}`) ?? []), l.ms]));
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
console.log(`${what} ${rangeName}: median ${med(totals)} ms over ${totals.length} calls; statements:`);
for (const [k, l] of log.entries()) {
  console.log(`  #${k} median ${med(per.get(`${k}`)!)} ms: ${l.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
  if (explain) {
    const plan = await db0.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${l.sql}`, l.args);
    console.log(plan.map((p) => `      ${p['QUERY PLAN']}`).join('\n'));
  }
}
await db0.close();

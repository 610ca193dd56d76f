/**
 * Recruitment API latency: the talent-hall search (keyword + filters over 320 resumes), the
 * position list with its per-position counts and the interview plan, each against
 * usercenter/info of the same server (compare the ratios; absolute numbers move with load).
 */
import { CONCURRENCY, load, startApiServer } from './lib/api-server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);

export default async function recruitmentBench() {
  const server = await startApiServer();
  const base = `${server.origin}/ent/v3`;
  const auth = server.auth;
  const opts = { requests: REQUESTS, expectOk: true };
  const urls = {
    usercenter_info: `${base}/usercenter/info`,
    hall_page: `${base}/talent/list?page=3&page_size=10`,
    hall_search: `${base}/talent/list?keywords=${encodeURIComponent('前端')}&city=${encodeURIComponent('杭州')}&salary=10-20&page_size=20`,
    position_list: `${base}/position/list?status=all&page_size=20`,
    plan_days: `${base}/index/plan`,
  };
  for (const u of Object.values(urls)) await load(u, auth, opts); // warm up
  const out: Record<string, unknown> = { requests: REQUESTS, concurrency: CONCURRENCY };
  const results: Record<string, { rps: number }> = {};
  for (const [name, u] of Object.entries(urls)) results[name] = await load(u, auth, opts);
  Object.assign(out, results);
  for (const name of ['hall_page', 'hall_search', 'position_list', 'plan_days'])
    out[`${name}_vs_info_rps`] = +(results[name]!.rps / results.usercenter_info!.rps).toFixed(3);
  await server.close();
  return out;
}

/** API latency: authenticated usercenter/info against the cheapest answer of the same server. */
import { CONCURRENCY, load, startApiServer } from './lib/api-server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

export default async function apiBench() {
  const server = await startApiServer();
  const baselineUrl = `${server.origin}/ent/v3/no-such-call`;
  const infoUrl = `${server.origin}/ent/v3/usercenter/info`;
  // warm up both paths (JIT, PGlite caches)
  await load(baselineUrl, {}, { requests: REQUESTS });
  await load(infoUrl, server.auth, { requests: REQUESTS });
  const baseline = await load(baselineUrl, {}, { requests: REQUESTS });
  const info = await load(infoUrl, server.auth, { requests: REQUESTS, expectOk: true });
  await server.close();
  return {
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    baseline_404: baseline,
    usercenter_info: info,
    info_vs_baseline_rps: +(info.rps / baseline.rps).toFixed(3),
  };
}

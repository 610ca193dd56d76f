/**
 * Optional Prometheus metrics (issue 16 item 4): `GET /metrics` in the text exposition format, only
 * when METRICS_TOKEN is configured and only with `Authorization: Bearer <METRICS_TOKEN>` (the figures
 * are per server process: scrape every instance). Requests are counted by method, route pattern
 * (never the raw URL: ids and secrets stay out) and status class, with a latency histogram; the
 * job queues' backlog and the age of their oldest waiting job; the nightly ledger check's newest
 * result (issue 28 item 5: alert when hr_ledger_mismatch_companies is not 0); the 来账 kept unmatched
 * (hr_payout_transfers_unmatched, issue 29).
 */
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/types';
import { lastLedgerCheck } from '../domain/payouts/ledger-check';
import { unmatchedTransfers } from '../domain/payouts/transfers';
import { jobQueue } from '../jobs';

/** The durable queues' backlog (issue 25 item 2): shared by every server, so any scrape shows it. */
async function queueLines(): Promise<string[]> {
  const q = jobQueue();
  if (!q) return [];
  const backlog = await q.backlog().catch(() => null);
  if (!backlog) return ['# the job queue could not be read (database unavailable)'];
  const lines = [
    '# HELP hr_jobs_waiting Jobs waiting to run (due now or later, retries included), by queue.',
    '# TYPE hr_jobs_waiting gauge',
    ...backlog.map((b) => `hr_jobs_waiting{queue="${esc(b.name)}"} ${b.waiting}`),
    '# HELP hr_jobs_active Jobs being worked, by queue.',
    '# TYPE hr_jobs_active gauge',
    ...backlog.map((b) => `hr_jobs_active{queue="${esc(b.name)}"} ${b.active}`),
    '# HELP hr_jobs_oldest_waiting_seconds Age of the oldest job due and not yet taken, by queue (0: none).',
    '# TYPE hr_jobs_oldest_waiting_seconds gauge',
    ...backlog.map((b) => `hr_jobs_oldest_waiting_seconds{queue="${esc(b.name)}"} ${b.oldest_waiting_seconds.toFixed(1)}`),
  ];
  return lines;
}

/** The newest ledger check (jobs/ledger-check.ts), from the database: any server's scrape shows it. */
async function ledgerLines(db: Db): Promise<string[]> {
  const last = await lastLedgerCheck(db).then(
    (r) => ({ r }),
    () => null,
  );
  if (!last) return ['# the ledger check could not be read (database unavailable)'];
  if (!last.r) return ['# the ledger check has not run yet'];
  return [
    '# HELP hr_ledger_mismatch_companies Companies whose balance was not the sum of their ledger at the last check (alert when not 0).',
    '# TYPE hr_ledger_mismatch_companies gauge',
    `hr_ledger_mismatch_companies ${last.r.mismatched.length}`,
    '# HELP hr_ledger_checked_companies Companies compared at the last check.',
    '# TYPE hr_ledger_checked_companies gauge',
    `hr_ledger_checked_companies ${last.r.companies}`,
    '# HELP hr_ledger_last_check_timestamp_seconds When the last ledger check ran (Unix time; alert when older than a day and a bit).',
    '# TYPE hr_ledger_last_check_timestamp_seconds gauge',
    `hr_ledger_last_check_timestamp_seconds ${Math.floor(last.r.checkedAt.getTime() / 1000)}`,
  ];
}

/** 来账 kept unmatched (domain/payouts/transfers.ts): money in that credited nobody, for the operator. */
async function transferLines(db: Db): Promise<string[]> {
  const n = await unmatchedTransfers(db).catch(() => null);
  if (n === null) return ['# the unmatched transfers could not be read (database unavailable)'];
  return [
    '# HELP hr_payout_transfers_unmatched Transfers into the platform account (来账) matching no pending top-up, not credited (alert when it grows).',
    '# TYPE hr_payout_transfers_unmatched gauge',
    `hr_payout_transfers_unmatched ${n}`,
  ];
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function metricsRoutes(app: FastifyInstance, opts: { token: string | null }) {
  if (!opts.token) return;
  const token = Buffer.from(opts.token);
  const series = new Map<string, Series>();
  const started = Date.now();
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const key = `method="${esc(req.method)}",route="${esc(route)}",status="${Math.floor(reply.statusCode / 100)}xx"`;
    let s = series.get(key);
    if (!s) series.set(key, (s = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) }));
    const seconds = reply.elapsedTime / 1000;
    s.count++;
    s.sum += seconds;
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) s.buckets[i]!++;
    });
  });
  app.get('/metrics', async (req, reply) => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (given.length !== token.length || !timingSafeEqual(given, token)) return reply.status(401).send({ msg: 'unauthorized' });
    const lines: string[] = ['# HELP hr_http_requests_total Requests answered, by method, route and status class.', '# TYPE hr_http_requests_total counter'];
    for (const [k, s] of series) lines.push(`hr_http_requests_total{${k}} ${s.count}`);
    lines.push('# HELP hr_http_request_duration_seconds Time to answer.', '# TYPE hr_http_request_duration_seconds histogram');
    for (const [k, s] of series) {
      BUCKETS.forEach((b, i) => lines.push(`hr_http_request_duration_seconds_bucket{${k},le="${b}"} ${s.buckets[i]}`));
      lines.push(`hr_http_request_duration_seconds_bucket{${k},le="+Inf"} ${s.count}`);
      lines.push(`hr_http_request_duration_seconds_sum{${k}} ${s.sum.toFixed(6)}`);
      lines.push(`hr_http_request_duration_seconds_count{${k}} ${s.count}`);
    }
    const mem = process.memoryUsage();
    lines.push(
      '# TYPE hr_process_resident_memory_bytes gauge',
      `hr_process_resident_memory_bytes ${mem.rss}`,
      '# TYPE hr_process_heap_used_bytes gauge',
      `hr_process_heap_used_bytes ${mem.heapUsed}`,
      '# TYPE hr_process_uptime_seconds gauge',
      `hr_process_uptime_seconds ${((Date.now() - started) / 1000).toFixed(0)}`,
      ...(await queueLines()),
      ...(await ledgerLines(app.db)),
      ...(await transferLines(app.db)),
    );
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(`${lines.join('\n')}\n`);
  });
}

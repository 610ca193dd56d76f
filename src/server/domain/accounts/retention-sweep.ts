/**
 * The retention sweep (retention-rules.ts; docs/pii.md "Retention"): the daily `retention` job
 * (jobs/retention.ts) calls applyRetention. No HTTP here.
 *
 * How a sweep works: LIMIT-ed batches (`batchSize` rows a statement, `FOR UPDATE SKIP LOCKED`),
 * each batch in its own transaction — or in the caller's, which a `budget` then bounds (the job) —
 * each under the transaction-level try-lock RETENTION_LOCK (another server running it skips), and
 * each adding its counts to `retention_runs` in that same transaction, so the log says exactly
 * what was committed. Counts only: no value is ever logged.
 */
import type { Db } from '../../db/types';
import { addDays, fmtDate } from '../../lib/time';
import { departureSweeps } from './retention-departures';
import { employmentSweeps } from './retention-employment';
import { MSG_IMPORT_EXPIRED, RETENTION_RULES, companiesOf, yearsBefore, type Batch, type RetentionKind, type Touched } from './retention-rules';

/** Any constant shared by all server processes: one of them sweeps at a time. */
const RETENTION_LOCK = 72_011_025;

export interface RetentionResult {
  /** rows per `kind:action`, e.g. `{ 'import_files:clear': 3 }` (only kinds that changed) */
  counts: Record<string, number>;
  total: number;
  /** the budget ran out with work perhaps left: run again */
  more: boolean;
  /** another process held the lock: this call stopped there */
  skipped: boolean;
}

export interface RetentionOptions {
  /** rows a statement touches at most (default 500) */
  batchSize?: number;
  /** rows this call touches at most over all kinds (default unlimited); the job bounds its transaction with it */
  budget?: number;
}

class Sweep {
  readonly counts: Record<string, number> = {};
  total = 0;
  more = false;
  skipped = false;
  private left: number;
  constructor(
    readonly db: Db,
    readonly now: Date,
    readonly batchSize: number,
    budget: number,
  ) {
    this.left = budget;
  }

  /** Runs `batch` until its kind is done, the budget is spent or another process holds the lock. */
  async run(batch: Batch): Promise<void> {
    for (;;) {
      if (this.skipped || this.more) return;
      const limit = Math.min(this.batchSize, this.left);
      if (limit <= 0) {
        this.more = true;
        return;
      }
      const done = await this.db.tx(async (t) => {
        const lock = await t.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [RETENTION_LOCK]);
        if (!lock?.ok) return null;
        const out = await batch(t, limit);
        await logTouched(t, this.now, out.touched);
        return out;
      });
      if (!done) {
        this.skipped = true;
        return;
      }
      for (const [kind, action, companies] of done.touched) {
        if (!companies.length) continue;
        const key = `${kind}:${action}`;
        this.counts[key] = (this.counts[key] ?? 0) + companies.length;
        this.total += companies.length;
      }
      this.left -= done.n;
      if (done.n < limit) return;
    }
  }
}

/** retention_runs: one row per run, company, kind and action; a batch adds to its row. */
async function logTouched(t: Db, now: Date, touched: Touched[]): Promise<void> {
  const companyIds: (number | null)[] = [];
  const kinds: string[] = [];
  const actions: string[] = [];
  const counts: number[] = [];
  for (const [kind, action, companies] of touched) {
    const per = new Map<number | null, number>();
    for (const c of companies) per.set(c, (per.get(c) ?? 0) + 1);
    for (const [c, n] of per) {
      companyIds.push(c);
      kinds.push(kind);
      actions.push(action);
      counts.push(n);
    }
  }
  if (!counts.length) return;
  await t.query(
    `INSERT INTO retention_runs (company_id, kind, action, row_count, ran_at)
     SELECT c, k, a, n, $5 FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS x (c, k, a, n)
     ON CONFLICT (company_id, ran_at, kind, action) DO UPDATE SET row_count = retention_runs.row_count + excluded.row_count`,
    [companyIds, kinds, actions, counts, now],
  );
}

const platform = (rows: unknown[]) => rows.map(() => null);

// --- import originals ----------------------------------------------------------------------------------

/**
 * The original file, the clean rows and the issue list of a batch (full ID and mobile numbers)
 * go 7 days after a successful import (time to download and check it), and 30 days after the
 * upload of a batch never imported; a batch still 待确认 / 校验中 then becomes 导入失败 with a note.
 * The batch row stays (counts, status, who, when) with file_purged_at. A batch 导入中 is the
 * import-recover job's (jobs/imports.ts) and is left alone.
 */
const importFiles: (now: Date) => Batch = (now) => async (t, limit) => {
  const rows = await t.query<{ company_id: number }>(
    `UPDATE import_batches SET file_enc = NULL, rows_enc = NULL, issues_enc = NULL, file_purged_at = $3,
       message = CASE WHEN status IN ('pending', 'validating') THEN $4 ELSE message END,
       status = CASE WHEN status IN ('pending', 'validating') THEN 'failed' ELSE status END
      WHERE id IN (SELECT id FROM import_batches
                    WHERE file_purged_at IS NULL
                      AND ((status = 'success' AND committed_at < $1) OR (status IN ('failed', 'pending', 'validating') AND created_at < $2))
                    ORDER BY id LIMIT $5 FOR UPDATE SKIP LOCKED)
      RETURNING company_id`,
    [addDays(now, -RETENTION_RULES.importAfterImportDays), addDays(now, -RETENTION_RULES.importUnfinishedDays), now, MSG_IMPORT_EXPIRED, limit],
  );
  return { n: rows.length, touched: [['import_files', 'clear', companiesOf(rows)]] };
};

// --- simple time sweeps ------------------------------------------------------------------------------

/** DELETE (or `set` for clear) of at most `limit` rows of `table` matching `where` ($1 = the cutoff). */
function timeSweep(kind: RetentionKind, sql: { table: string; key: string; where: string; company: boolean; set?: string }, cutoff: Date): Batch {
  const pick = `SELECT ${sql.key} FROM ${sql.table} WHERE ${sql.where} LIMIT $2 FOR UPDATE SKIP LOCKED`;
  const returning = sql.company ? 'RETURNING company_id' : 'RETURNING 1 AS one';
  const stmt = sql.set
    ? `UPDATE ${sql.table} SET ${sql.set} WHERE (${sql.key}) IN (${pick}) ${returning}`
    : `DELETE FROM ${sql.table} WHERE (${sql.key}) IN (${pick}) ${returning}`;
  return async (t, limit) => {
    const rows = await t.query<{ company_id: number | null }>(stmt, [cutoff, limit]);
    return { n: rows.length, touched: [[kind, sql.set ? 'clear' : 'delete', sql.company ? companiesOf(rows) : platform(rows)]] };
  };
}

function secretSweeps(now: Date): Batch[] {
  const expired = addDays(now, -RETENTION_RULES.expiredDays);
  const years = (n: number) => yearsBefore(now, n);
  return [
    timeSweep('dimission_sms', { table: 'notice_sms', key: 'id', where: 'sent_at < $1', company: true }, addDays(now, -RETENTION_RULES.areaSmsDays)),
    timeSweep('leave_tickets', { table: 'dimission_leave_tickets', key: 'ticket_hash', where: 'expires_at < $1', company: true }, expired),
    timeSweep(
      'worker_sessions',
      {
        table: 'flex_task_workers',
        key: 'id',
        where: 'session_hash IS NOT NULL AND session_until < $1',
        company: true,
        set: 'session_hash = NULL, session_until = NULL',
      },
      expired,
    ),
    timeSweep('pii_views', { table: 'pii_views', key: 'id', where: 'viewed_at < $1', company: true }, years(RETENTION_RULES.auditYears)),
    timeSweep('resume_views', { table: 'resume_views', key: 'id', where: 'viewed_at < $1', company: true }, years(RETENTION_RULES.auditYears)),
    timeSweep('sessions', { table: 'sessions', key: 'token_hash', where: 'expires_at < $1', company: false }, expired),
    timeSweep('payout_codes', { table: 'payout_codes', key: 'id', where: 'expires_at < $1', company: false }, expired),
    timeSweep('payout_sms_outbox', { table: 'sandbox_payout_sms_outbox', key: 'id', where: 'sent_at < $1', company: false }, expired),
    timeSweep(
      'rate_counters',
      { table: 'rate_counters', key: 'bucket, window_start', where: 'window_start < $1', company: false },
      addDays(now, -RETENTION_RULES.rateCounterDays),
    ),
    // message_reads go with their message (ON DELETE CASCADE)
    timeSweep('messages', { table: 'messages', key: 'id', where: 'created_at < $1', company: true }, addDays(now, -RETENTION_RULES.messageDays)),
  ];
}

/**
 * Applies every rule of the table once over (the daily job; a test calls it directly). Safe to
 * run again at any time: a second run right after finds nothing. `more`: the budget ended the
 * call with work perhaps left (the job then queues another run).
 */
export async function applyRetention(db: Db, now: Date, opts: RetentionOptions = {}): Promise<RetentionResult> {
  const sweep = new Sweep(db, now, opts.batchSize ?? 500, opts.budget ?? Number.POSITIVE_INFINITY);
  const today = fmtDate(now);
  const batches: Batch[] = [...departureSweeps(today, now), importFiles(now), ...secretSweeps(now), ...employmentSweeps(now)];
  for (const b of batches) await sweep.run(b);
  return { counts: sweep.counts, total: sweep.total, more: sweep.more, skipped: sweep.skipped };
}

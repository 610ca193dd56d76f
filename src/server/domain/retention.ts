/**
 * Retention (保存期限, issue 25 item 6; the table of docs/pii.md "Retention"): personal data is kept
 * only as long as its purpose needs (PIPL art. 19 and 47), and what the law makes us keep is kept
 * that long (劳动合同法 art. 50: departure records at least 2 years). The daily `retention` job
 * (jobs/retention.ts) calls applyRetention; the settings endpoint (routes/retention.ts) calls the
 * rest. No HTTP here.
 *
 * How a sweep works: LIMIT-ed batches (`batchSize` rows a statement, `FOR UPDATE SKIP LOCKED`),
 * each batch in its own transaction — or in the caller's, which a `budget` then bounds (the job) —
 * each under the transaction-level try-lock RETENTION_LOCK (another server running it skips), and
 * each adding its counts to `retention_runs` in that same transaction, so the log says exactly
 * what was committed. Counts only: no value is ever logged.
 */
import { DEPARTURE_KEEP_YEARS, type DepartureAction, type RetentionData } from '../../contract/retention';
import { maskMobile } from '../../contract/person';
import type { Db } from '../db/types';
import { addDays, fmtDate, fmtDateTime } from '../lib/time';

/** Any constant shared by all server processes: one of them sweeps at a time. */
const RETENTION_LOCK = 72_011_025;

/** The periods of docs/pii.md "Retention" (change both together). */
export const RETENTION_RULES = {
  /** import originals (file, clean rows, issue list) after a successful import */
  importAfterImportDays: 7,
  /** … of a batch never imported (failed, or left 待确认 / 校验中) after its upload */
  importUnfinishedDays: 30,
  /** departure records (and their proofs and resignation request) after the leave date */
  departureYears: DEPARTURE_KEEP_YEARS,
  /** a resignation request returned or withdrawn, with no record, after its last change */
  closedRequestYears: DEPARTURE_KEEP_YEARS,
  /** audit trails of full views (pii_views, resume_views): PIPL art. 56 处理情况记录 ≥ 3 years */
  auditYears: 3,
  /** the departure area's SMS outbox (bodies hold proof links and names) */
  areaSmsDays: 30,
  /** expired secrets (login sessions, payout codes, leave tickets, worker sessions), after expiry */
  expiredDays: 1,
  /** rate-limit windows (buckets name IPs and mobiles), after the window started */
  rateCounterDays: 2,
} as const;

/** What an anonymised departure record, proof or request shows instead of the person's name. */
export const ANONYMISED_NAME = '已匿名化';

export const MSG_IMPORT_FILE_PURGED = `原文件已按保存期限删除（导入成功${RETENTION_RULES.importAfterImportDays}天后、未导入的批次上传${RETENTION_RULES.importUnfinishedDays}天后删除）`;
export const MSG_IMPORT_ERRORS_PURGED = '错误数据已随原文件按保存期限删除';
export const MSG_IMPORT_COMMIT_PURGED = '该批次的原文件已按保存期限删除，不能再导入，请重新上传';
export const MSG_IMPORT_EXPIRED = `上传后${RETENTION_RULES.importUnfinishedDays}天内未确认导入，批次已过期，原文件已按保存期限删除，请重新上传`;
export const MSG_RECORD_ANONYMISED = `该离职记录已超过保存期限（离职满${DEPARTURE_KEEP_YEARS}年）并已匿名化，姓名、身份证号与手机号已删除`;
export const MSG_PROOF_ANONYMISED = `该离职证明已超过保存期限（离职满${DEPARTURE_KEEP_YEARS}年）并已匿名化，不能再预览、打印或出具`;

/** kind → what it holds; the console labels the company's own kinds (zh-CN.privacy retention.kinds). */
export const RETENTION_KINDS = [
  'departure_records',
  'departure_proofs',
  'resignation_requests',
  'import_files',
  'dimission_sms',
  'leave_tickets',
  'worker_sessions',
  'pii_views',
  'resume_views',
  'sessions',
  'payout_codes',
  'payout_sms_outbox',
  'rate_counters',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
export type RetentionAction = 'delete' | 'anonymise' | 'clear';

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

/** The rows one batch changed: the company of each row (null: a platform-wide kind). */
type Touched = [kind: RetentionKind, action: RetentionAction, companies: (number | null)[]];
/** One batch: `limit` rows of its main kind at most; `n` of them done (fewer than `limit`: that kind is finished). */
type Batch = (t: Db, limit: number) => Promise<{ n: number; touched: Touched[] }>;

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

const companiesOf = (rows: { company_id: number | null }[]) => rows.map((r) => r.company_id);
const platform = (rows: unknown[]) => rows.map(() => null);

// --- departure records (劳动合同法 art. 50: ≥ 2 years after the leave date) ----------------------------

interface DueRecord {
  id: number;
  company_id: number;
  request_id: number | null;
}

/**
 * Records whose leave date is more than 2 years before today (China date) in companies whose
 * setting is `action`. A record left exactly 2 years ago today is still kept. Under `purge` an
 * earlier anonymised record goes too (the company chose deletion).
 */
async function dueRecords(t: Db, action: DepartureAction, today: string, limit: number): Promise<DueRecord[]> {
  const due = `r.leave_date < ($1::date - make_interval(years => $2))::date`;
  return action === 'purge'
    ? t.query<DueRecord>(
        `SELECT r.id, r.company_id, r.request_id FROM departure_records r JOIN retention_settings s ON s.company_id = r.company_id
          WHERE s.departure_action = 'purge' AND ${due}
          ORDER BY r.company_id, r.leave_date, r.id LIMIT $3 FOR UPDATE OF r SKIP LOCKED`,
        [today, RETENTION_RULES.departureYears, limit],
      )
    : t.query<DueRecord>(
        `SELECT r.id, r.company_id, r.request_id FROM departure_records r LEFT JOIN retention_settings s ON s.company_id = r.company_id
          WHERE r.anonymised_at IS NULL AND coalesce(s.departure_action, 'anonymise') = 'anonymise' AND ${due}
          ORDER BY r.company_id, r.leave_date, r.id LIMIT $3 FOR UPDATE OF r SKIP LOCKED`,
        [today, RETENTION_RULES.departureYears, limit],
      );
}

/**
 * Anonymise: name, ID number and mobile leave the record, its proofs and its resignation request;
 * the facts stay (company, department, job, dates, leave type, legal basis, a proof's serial and
 * issue date), so statistics and a serial's authenticity check keep working. Drafts never issued
 * are deleted (nothing was handed out). The employee's proof link stops working.
 */
const anonymiseRecords: (today: string, now: Date) => Batch = (today, now) => async (t, limit) => {
  const recs = await dueRecords(t, 'anonymise', today, limit);
  if (!recs.length) return { n: 0, touched: [] };
  const ids = recs.map((r) => r.id);
  const requestIds = recs.flatMap((r) => (r.request_id ? [r.request_id] : []));
  const reqs = await t.query<{ company_id: number }>(
    `UPDATE resignation_requests SET employee_name = $3, mobile_enc = NULL, mobile_bidx = NULL, mobile_mask = '', id_card_enc = NULL,
       id_card_bidx = NULL, id_card_mask = '', reason = '', reject_reason = '', handover_name = '', anonymised_at = $4
      WHERE (record_id = ANY($1::int[]) OR id = ANY($2::int[])) AND anonymised_at IS NULL RETURNING company_id`,
    [ids, requestIds, ANONYMISED_NAME, now],
  );
  const drafts = await t.query<{ id: number; company_id: number }>(
    `DELETE FROM departure_proofs WHERE record_id = ANY($1::int[]) AND status = 'draft' RETURNING id, company_id`,
    [ids],
  );
  if (drafts.length) await t.query(`DELETE FROM dimission_urges WHERE target_type = 'proof' AND target_id = ANY($1::int[])`, [drafts.map((d) => d.id)]);
  const proofs = await t.query<{ company_id: number }>(
    `UPDATE departure_proofs SET name = $2, id_card_enc = NULL, id_card_mask = '', view_token_hash = NULL, non_compete = '',
       void_reason = '', anonymised_at = $3
      WHERE record_id = ANY($1::int[]) AND anonymised_at IS NULL RETURNING company_id`,
    [ids, ANONYMISED_NAME, now],
  );
  await t.query(
    `UPDATE departure_records SET name = $2, id_card_enc = NULL, id_card_bidx = NULL, id_card_mask = '', mobile_enc = NULL,
       mobile_bidx = NULL, mobile_mask = '', anonymised_at = $3 WHERE id = ANY($1::int[])`,
    [ids, ANONYMISED_NAME, now],
  );
  return {
    n: recs.length,
    touched: [
      ['departure_records', 'anonymise', companiesOf(recs)],
      ['departure_proofs', 'delete', companiesOf(drafts)],
      ['departure_proofs', 'anonymise', companiesOf(proofs)],
      ['resignation_requests', 'anonymise', companiesOf(reqs)],
    ],
  };
};

/**
 * Purge: the record, all its proofs, their 催办 rows and its resignation request are deleted. The
 * statistics' roll-ups follow their source rows (triggers of 019): the departures, proofs and
 * answered requests of those months no longer count.
 */
const purgeRecords: (today: string) => Batch = (today) => async (t, limit) => {
  const recs = await dueRecords(t, 'purge', today, limit);
  if (!recs.length) return { n: 0, touched: [] };
  const ids = recs.map((r) => r.id);
  const requestIds = [
    ...new Set([
      ...recs.flatMap((r) => (r.request_id ? [r.request_id] : [])),
      ...(await t.query<{ id: number }>('SELECT id FROM resignation_requests WHERE record_id = ANY($1::int[])', [ids])).map((r) => r.id),
    ]),
  ];
  // the two tables point at each other: the request lets go of its record first
  if (requestIds.length) await t.query('UPDATE resignation_requests SET record_id = NULL WHERE id = ANY($1::int[])', [requestIds]);
  const proofs = await t.query<{ id: number; company_id: number }>('DELETE FROM departure_proofs WHERE record_id = ANY($1::int[]) RETURNING id, company_id', [ids]);
  await t.query(
    `DELETE FROM dimission_urges WHERE (target_type = 'proof' AND target_id = ANY($1::int[])) OR (target_type = 'request' AND target_id = ANY($2::int[]))`,
    [proofs.map((p) => p.id), requestIds],
  );
  const gone = await t.query<{ company_id: number }>('DELETE FROM departure_records WHERE id = ANY($1::int[]) RETURNING company_id', [ids]);
  const reqs = requestIds.length
    ? await t.query<{ company_id: number }>(
        `DELETE FROM resignation_requests q WHERE q.id = ANY($1::int[])
            AND NOT EXISTS (SELECT 1 FROM departure_records d WHERE d.request_id = q.id) RETURNING company_id`,
        [requestIds],
      )
    : [];
  return {
    n: recs.length,
    touched: [
      ['departure_records', 'delete', companiesOf(gone)],
      ['departure_proofs', 'delete', companiesOf(proofs)],
      ['resignation_requests', 'delete', companiesOf(reqs)],
    ],
  };
};

/**
 * Resignation requests returned (退回修改) or withdrawn that never became a record: the same 2
 * years after their last change, then the company's setting like a record.
 */
const closedRequests: (action: DepartureAction, now: Date) => Batch = (action, now) => async (t, limit) => {
  const due = await t.query<{ id: number; company_id: number }>(
    `SELECT q.id, q.company_id FROM resignation_requests q LEFT JOIN retention_settings s ON s.company_id = q.company_id
      WHERE q.status IN ('rejected', 'withdrawn') AND q.record_id IS NULL
        AND coalesce(q.updated_at, q.reviewed_at, q.submitted_at) < $1::timestamptz - make_interval(years => $2)
        AND coalesce(s.departure_action, 'anonymise') = $3 AND ($3 = 'purge' OR q.anonymised_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM departure_records d WHERE d.request_id = q.id)
      ORDER BY q.id LIMIT $4 FOR UPDATE OF q SKIP LOCKED`,
    [now, RETENTION_RULES.closedRequestYears, action, limit],
  );
  if (!due.length) return { n: 0, touched: [] };
  const ids = due.map((r) => r.id);
  if (action === 'purge') {
    await t.query(`DELETE FROM dimission_urges WHERE target_type = 'request' AND target_id = ANY($1::int[])`, [ids]);
    const gone = await t.query<{ company_id: number }>('DELETE FROM resignation_requests WHERE id = ANY($1::int[]) RETURNING company_id', [ids]);
    return { n: due.length, touched: [['resignation_requests', 'delete', companiesOf(gone)]] };
  }
  const done = await t.query<{ company_id: number }>(
    `UPDATE resignation_requests SET employee_name = $2, mobile_enc = NULL, mobile_bidx = NULL, mobile_mask = '', id_card_enc = NULL,
       id_card_bidx = NULL, id_card_mask = '', reason = '', reject_reason = '', handover_name = '', anonymised_at = $3
      WHERE id = ANY($1::int[]) RETURNING company_id`,
    [ids, ANONYMISED_NAME, now],
  );
  return { n: due.length, touched: [['resignation_requests', 'anonymise', companiesOf(done)]] };
};

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
  const years = (n: number) => {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() - n);
    return d;
  };
  return [
    timeSweep('dimission_sms', { table: 'dimission_sms', key: 'id', where: 'sent_at < $1', company: true }, addDays(now, -RETENTION_RULES.areaSmsDays)),
    timeSweep('leave_tickets', { table: 'dimission_leave_tickets', key: 'ticket_hash', where: 'expires_at < $1', company: true }, expired),
    timeSweep(
      'worker_sessions',
      { table: 'flex_task_workers', key: 'id', where: 'session_hash IS NOT NULL AND session_until < $1', company: true, set: 'session_hash = NULL, session_until = NULL' },
      expired,
    ),
    timeSweep('pii_views', { table: 'pii_views', key: 'id', where: 'viewed_at < $1', company: true }, years(RETENTION_RULES.auditYears)),
    timeSweep('resume_views', { table: 'resume_views', key: 'id', where: 'viewed_at < $1', company: true }, years(RETENTION_RULES.auditYears)),
    timeSweep('sessions', { table: 'sessions', key: 'token_hash', where: 'expires_at < $1', company: false }, expired),
    timeSweep('payout_codes', { table: 'payout_codes', key: 'id', where: 'expires_at < $1', company: false }, expired),
    timeSweep('payout_sms_outbox', { table: 'payout_sms_outbox', key: 'id', where: 'sent_at < $1', company: false }, expired),
    timeSweep('rate_counters', { table: 'rate_counters', key: 'bucket, window_start', where: 'window_start < $1', company: false }, addDays(now, -RETENTION_RULES.rateCounterDays)),
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
  const batches: Batch[] = [
    anonymiseRecords(today, now),
    purgeRecords(today),
    closedRequests('anonymise', now),
    closedRequests('purge', now),
    importFiles(now),
    ...secretSweeps(now),
  ];
  for (const b of batches) await sweep.run(b);
  return { counts: sweep.counts, total: sweep.total, more: sweep.more, skipped: sweep.skipped };
}

// --- the company's setting and history (routes/retention.ts) ------------------------------------------

const HISTORY_ROWS = 20;

/** The company's setting (the default while never set), who set it, and its latest purges. */
export async function retentionOverview(db: Db, companyId: number): Promise<RetentionData> {
  const s = await db.one<{ departure_action: DepartureAction; updated_at: Date; realname: string | null; mobile: string | null }>(
    `SELECT s.departure_action, s.updated_at, u.realname, u.mobile
       FROM retention_settings s LEFT JOIN users u ON u.id = s.updated_by WHERE s.company_id = $1`,
    [companyId],
  );
  const runs = await db.query<{ kind: string; action: 'delete' | 'anonymise' | 'clear'; row_count: number; ran_at: Date }>(
    `SELECT kind, action, row_count, ran_at FROM retention_runs WHERE company_id = $1 ORDER BY ran_at DESC, id DESC LIMIT $2`,
    [companyId, HISTORY_ROWS],
  );
  return {
    departure_action: s?.departure_action ?? 'anonymise',
    departure_years: RETENTION_RULES.departureYears,
    updated_at: s ? fmtDateTime(s.updated_at) : null,
    updated_by: s ? s.realname || (s.mobile ? maskMobile(s.mobile) : '') : '',
    runs: runs.map((r) => ({ kind: r.kind, action: r.action, rows: r.row_count, ran_at: fmtDateTime(r.ran_at) })),
  };
}

/** The admin's choice (the route checked the role); answers the overview as saved. */
export async function saveRetentionSetting(db: Db, companyId: number, userId: number, action: DepartureAction, now: Date): Promise<RetentionData> {
  await db.query(
    `INSERT INTO retention_settings (company_id, departure_action, updated_by, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id) DO UPDATE SET departure_action = excluded.departure_action, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [companyId, action, userId, now],
  );
  return retentionOverview(db, companyId);
}

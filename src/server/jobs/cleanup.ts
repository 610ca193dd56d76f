import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types';
import type { JobDef } from '.';
import { addDays } from '../lib/time';

/** Any constant shared by all server processes: one of them cleans at a time, the others skip. */
const CLEANUP_LOCK = 72_011_006;
/** How often each server process tries (the first run is at start). */
export const CLEANUP_EVERY_MS = 60 * 60_000;

/**
 * How long a job's once-only mark (`job_runs`) is kept: longer than pg-boss keeps a finished job
 * (archived after 12 h, deleted after 7 days), so a replay of a callback within that time still
 * finds the mark; a later one meets its area's own guard (payout_callbacks' primary key).
 */
export const JOB_RUNS_KEEP_DAYS = 30;

export interface Cleaned {
  smsCodes: number;
  wechatTickets: number;
  credentials: number;
  jobRuns: number;
  /** another process held the lock: nothing done this time */
  skipped: boolean;
}

/**
 * Deletes SMS codes, WeChat QR tickets and STS credentials that expired more than a day ago, and
 * the marks of jobs that finished more than JOB_RUNS_KEEP_DAYS ago.
 * Safe from several processes at once: a transaction-scoped advisory lock lets one run and the
 * others skip, and the deletes themselves are idempotent (a row gone is gone).
 */
export async function cleanupExpired(db: Db, now: Date): Promise<Cleaned> {
  return db.tx(async (t) => {
    const lock = await t.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [CLEANUP_LOCK]);
    if (!lock?.ok) return { smsCodes: 0, wechatTickets: 0, credentials: 0, jobRuns: 0, skipped: true };
    const cutoff = addDays(now, -1);
    const sms = await t.query('DELETE FROM sms_codes WHERE expires_at < $1 RETURNING id', [cutoff]);
    const wx = await t.query('DELETE FROM wechat_logins WHERE expires_at < $1 RETURNING ticket_hash', [cutoff]);
    const sts = await t.query('DELETE FROM sts_credentials WHERE expires_at < $1 RETURNING access_key_id', [cutoff]);
    const runs = await t.one<{ n: number }>('WITH d AS (DELETE FROM job_runs WHERE finished_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM d', [
      addDays(now, -JOB_RUNS_KEEP_DAYS),
    ]);
    return { smsCodes: sms.length, wechatTickets: wx.length, credentials: sts.length, jobRuns: runs?.n ?? 0, skipped: false };
  });
}

/**
 * The hourly cleanup as a durable job (jobs/): one pg-boss schedule for all servers; main.ts
 * defines it and then runs no timer of its own (scheduleCleanup with `everyMs` null).
 */
export const cleanupJob: JobDef = {
  name: 'cleanup-expired',
  cron: '7 * * * *',
  retryLimit: 3,
  async run(_data, { db, now }) {
    await cleanupExpired(db, now);
  },
};

/**
 * Runs the cleanup at start and every hour while the server lives (`everyMs` null: at start only,
 * the job schedule does the rest); a failure is logged, never fatal.
 */
export function scheduleCleanup(app: FastifyInstance, everyMs: number | null = CLEANUP_EVERY_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= cleanupExpired(app.db, app.now())
      .then((r) => {
        if (r.smsCodes || r.wechatTickets || r.credentials || r.jobRuns) app.log.info({ cleaned: r }, '已清理过期的验证码、扫码登录票据与上传凭证');
      })
      .catch((err: unknown) => app.log.warn({ err }, '清理过期数据失败'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    run();
    if (everyMs === null) return;
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

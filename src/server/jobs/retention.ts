/**
 * Retention as a durable job (issue 25 item 6): once a day, on one server (one pg-boss schedule),
 * the rules of domain/accounts/retention-*.ts (the table of docs/pii.md "Retention") run over the database.
 * A run works inside the job's transaction (runOnce), so it is bounded: at most BUDGET rows, in
 * batches of BATCH; when the budget ends it with work perhaps left, the run queues the next one in
 * the same transaction (it exists exactly when this one committed; through the process's queue,
 * jobQueue(), which main.ts installs — without one the next daily run goes on), so a backlog of a
 * million rows becomes a chain of small transactions instead of one giant one. Another server's
 * run holding the retention lock makes this one skip. The log line carries counts only.
 */
import type { VodClient } from '../adapters/vod';
import { deleteQueuedMedia } from '../domain/accounts/retention-media';
import { applyRetention } from '../domain/accounts/retention-sweep';
import { jobQueue, type JobDef } from '.';

export const RETENTION_JOB = 'retention';
/** rows a statement touches at most */
export const RETENTION_BATCH = 500;
/** rows one run (one transaction) touches at most */
export const RETENTION_BUDGET = 5_000;

export interface RetentionLog {
  info(o: object, m: string): void;
}

export interface RetentionJobOptions {
  /** the server's logger: one line of counts per run that changed anything */
  log?: RetentionLog;
  /** tests: smaller batches and budget (default RETENTION_BATCH, RETENTION_BUDGET) */
  batchSize?: number;
  budget?: number;
}

/** The daily job (server-jobs.ts lists it; main.ts hands it the server's logger). */
export function retentionJob({ log, batchSize = RETENTION_BATCH, budget = RETENTION_BUDGET }: RetentionJobOptions = {}): JobDef {
  return {
    name: RETENTION_JOB,
    // 03:17 China time, away from the working day and from the hour's other jobs
    cron: '17 19 * * *',
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 15 * 60,
    async run(_data, { db, now }) {
      const r = await applyRetention(db, now, { batchSize, budget });
      if (r.total > 0 || r.skipped) {
        const msg = r.skipped && r.total === 0 ? '保存期限清理：另一台服务器正在执行，本次跳过' : '已按保存期限清理个人信息（仅计数）';
        log?.info({ retention: r.counts, total: r.total, more: r.more, skipped: r.skipped }, msg);
      }
      if (r.more) await jobQueue()?.sendIn(db, RETENTION_JOB, {}, { key: 'retention-more' });
    },
  };
}

export const RETENTION_MEDIA_JOB = 'retention-media';

/**
 * The images the daily run gave up, deleted at the video service (domain/accounts/retention-media.ts):
 * an `outside` job (the demo's video service is a sandbox of this server, on the same database).
 * Every quarter of an hour: the queue is empty but after the daily run, or when the service failed.
 */
export function retentionMediaJob(vod: VodClient, log?: RetentionLog & { warn?(o: object, m: string): void }): JobDef {
  return {
    name: RETENTION_MEDIA_JOB,
    cron: '*/15 * * * *',
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 10 * 60,
    outside: true,
    async run(_data, { db }) {
      const r = await deleteQueuedMedia(db, vod);
      if (r.deleted) log?.info({ retention_media: r.deleted }, '已按保存期限删除交付照片文件（仅计数）');
      if (r.failed) log?.warn?.({ retention_media_failed: r.failed }, '视频点播删除图片失败，稍后重试');
    },
  };
}

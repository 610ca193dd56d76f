/**
 * Durable background work (issue 16 item 5) on pg-boss 10: jobs live in PostgreSQL (schema
 * `pgboss`), so a job is taken by one server at a time (SKIP LOCKED), survives a restart, and is
 * retried with exponential backoff; a job whose server dies mid-way expires and is retried
 * elsewhere. Handlers run through runOnce: their database effect commits with a `job_runs` row in
 * one transaction, so a retry after a crash does the work once.
 * Production runs pg-boss on its own pool from DATABASE_URL; the demo runs it on the embedded
 * PGlite through pg-boss's `db: { executeSql }` option.
 */
import PgBoss from 'pg-boss';
import type { Db } from '../db/types';
import { PgDb } from '../db/pg';
import { PgliteDb } from '../db/pglite';

export interface JobContext {
  /** the job's transaction: everything written here commits with the once-only mark */
  db: Db;
  now: Date;
  jobId: string;
}

export interface JobDef<T extends object = object> {
  name: string;
  run(data: T, ctx: JobContext): Promise<void>;
  /** retries after the first try (default 5), first delay in seconds (default 10), doubling */
  retryLimit?: number;
  retryDelay?: number;
  /** a try that takes longer counts as dead and is retried (default 15 minutes) */
  expireInSeconds?: number;
  /** cron (UTC) for recurring work; one schedule across all servers */
  cron?: string;
}

export interface JobsOptions {
  db: Db;
  /** pg-boss's schema (default `pgboss`; tests use their own) */
  schema?: string;
  /** how often expired jobs are retried and old ones archived (default 60 s) */
  maintenanceSeconds?: number;
  /** how often an idle worker looks for jobs (default 2 s) */
  pollingSeconds?: number;
  now?: () => Date;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
}

/** pg-boss's database on the embedded PGlite: multi-statement scripts through exec. */
function pgliteExecutor(db: PgliteDb): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      if (values && values.length) return { rows: (await db.pg.query(text, values)).rows };
      const results = await db.pg.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** pg-boss on the application's own pool (same database, same credentials). */
function pgExecutor(db: PgDb): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      // no values: the simple protocol, which takes pg-boss's multi-statement scripts
      return { rows: (await db.pool.query(text, values && values.length ? values : undefined)).rows };
    },
  };
}

/** A job's effect and its once-only mark in one transaction; false when it had already run. */
export async function runOnce(db: Db, jobId: string, name: string, fn: (t: Db) => Promise<void>): Promise<boolean> {
  return db.tx(async (t) => {
    const mark = await t.one('INSERT INTO job_runs (job_id, name) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING RETURNING job_id', [jobId, name]);
    if (!mark) return false;
    await fn(t);
    return true;
  });
}

/** Any constant shared by all server processes: one of them creates or updates the queues at a time. */
const JOBS_START_LOCK = 72_011_016;

export class Jobs {
  private readonly defs = new Map<string, JobDef<object>>();
  private started = false;
  constructor(
    readonly boss: PgBoss,
    private readonly opts: JobsOptions,
  ) {}

  /** Declares a job kind (before start(); servers that never call start() can still send). */
  define<T extends object>(def: JobDef<T>): this {
    this.defs.set(def.name, def as unknown as JobDef<object>);
    return this;
  }

  has(name: string): boolean {
    return this.defs.has(name);
  }

  /** Enqueues a job; `key` makes it a singleton while one with that key waits. Answers its id. */
  async send<T extends object>(name: string, data: T, opts: { key?: string; startAfterSeconds?: number } = {}): Promise<string | null> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, data, {
      ...(opts.key ? { singletonKey: opts.key } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    });
  }

  /**
   * Enqueues a job inside the caller's transaction `t` (the transactional outbox): the job exists
   * if and only if `t` commits, so a rolled-back request leaves no job and a committed one always
   * has its job, whichever server later works it.
   */
  async sendIn<T extends object>(t: Db, name: string, data: T, opts: { key?: string; startAfterSeconds?: number } = {}): Promise<string | null> {
    if (!this.defs.has(name)) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, data, {
      db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await t.query(text, values) }) },
      ...(opts.key ? { singletonKey: opts.key } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    });
  }

  /** Creates the queues, schedules the recurring jobs and starts working every defined job. */
  async work(): Promise<void> {
    for (const def of this.defs.values()) {
      if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      await this.boss.work<object>(def.name, { pollingIntervalSeconds: this.opts.pollingSeconds ?? 2, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        const now = this.opts.now?.() ?? new Date();
        try {
          const done = await runOnce(this.opts.db, job.id, def.name, (t) => def.run(job.data, { db: t, now, jobId: job.id }));
          this.opts.log?.info({ job: def.name, id: job.id, done }, done ? '后台任务完成' : '后台任务此前已完成，跳过');
        } catch (err) {
          this.opts.log?.warn({ job: def.name, id: job.id, err }, '后台任务失败，将按退避重试');
          throw err;
        }
      });
    }
  }

  /**
   * pg-boss's schema and the queues of every defined job exist with their retry policy. On
   * PostgreSQL under an advisory lock held for the whole startup: two servers starting at once on
   * a new database would otherwise race on DDL. pg-boss's own lock is taken inside the transaction
   * that runs `CREATE SCHEMA IF NOT EXISTS`, whose catalog view can predate the other server's
   * commit, so the loser fails with a duplicate pg_namespace key (CI's PostgreSQL step); two
   * creations of the same queue's partition deadlock (found by the two-server test). Under our
   * lock, taken before pg-boss opens its transactions, each sees the other's finished work. The
   * lock is held by a transaction on one pooled connection while pg-boss works on others (PGlite
   * has one connection and one starting process: no lock).
   */
  async start(): Promise<void> {
    const db = this.opts.db;
    const startup = async () => {
      await this.boss.start();
      await this.prepareQueues();
    };
    // (a pool of one connection cannot hold the lock and work at once: it goes without)
    if (db instanceof PgDb && (db.pool.options.max ?? 10) > 1) {
      await db.tx(async (t) => {
        await t.query('SELECT pg_advisory_xact_lock($1)', [JOBS_START_LOCK]);
        await startup();
      });
    } else await startup();
    this.started = true;
  }

  private async prepareQueues(): Promise<void> {
    for (const def of this.defs.values()) {
      const exists = await this.boss.getQueue(def.name);
      const policy = {
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelay ?? 10,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? 15 * 60,
      };
      if (!exists) await this.boss.createQueue(def.name, { name: def.name, ...policy });
      else await this.boss.updateQueue(def.name, { name: def.name, ...policy });
    }
  }

  /** Stops taking jobs; waits (up to `timeoutMs`) for the ones running here. */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  }
}

/** pg-boss over the given database, started (its schema created or migrated) under Jobs.start's lock. */
export async function startJobs(opts: JobsOptions, defs: JobDef<never>[] = []): Promise<Jobs> {
  const db = opts.db;
  const executor = db instanceof PgDb ? pgExecutor(db) : db instanceof PgliteDb ? pgliteExecutor(db) : null;
  if (!executor) throw new Error('jobs: unsupported database');
  const boss = new PgBoss({
    db: executor,
    schema: opts.schema ?? 'pgboss',
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 60,
  });
  boss.on('error', (err: Error) => opts.log?.error({ err }, '后台任务队列出错'));
  const jobs = new Jobs(boss, opts);
  for (const d of defs) jobs.define(d as unknown as JobDef<object>);
  await jobs.start();
  return jobs;
}

/** The process's queue (main.ts installs it once started); null: no queue, work inline. */
let installed: Jobs | null = null;
export const installJobs = (j: Jobs | null) => {
  installed = j;
};
export const jobQueue = () => installed;

/**
 * Durable background work (issue 16 item 5) on pg-boss 10: jobs live in PostgreSQL (schema
 * `pgboss`), so a job is taken by one server at a time (SKIP LOCKED), survives a restart, and is
 * retried with exponential backoff; a job whose server dies mid-way expires and is retried
 * elsewhere. Production runs pg-boss on the application's pool from DATABASE_URL; the demo runs it
 * on the embedded PGlite through pg-boss's `db: { executeSql }` option.
 *
 * Two kinds of job (issue 25 item 1):
 * - database work (the default): the handler's effect commits with a `job_runs` row in one
 *   transaction (runOnce), so a retry after a crash does the work once;
 * - `outside: true`, a job that calls an outside service (SMS, the video service): it runs with no
 *   transaction open — on the embedded database a transaction holds the one connection, and the
 *   service (an in-process sandbox in the demo) may need it: the demo locked up so. Such a handler
 *   is idempotent by itself; `job_runs` is checked before and written after it.
 * Each queue is worked by jobs/worker.ts at the pace of its work (batches, local concurrency, no
 * sleep while busy); `dedupe` gives a job a deterministic id, so replays of one callback are one job.
 */
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Db } from '../db/types';
import { PgDb } from '../db/pg';
import { PgliteDb } from '../db/pglite';
import { assertOutsideTx } from '../db/tx-watch';
import { QueueLoop } from './worker';

export interface JobContext {
  /** the job's transaction (everything written here commits with the once-only mark); for an `outside` job, the database itself */
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
  /** calls an outside service: runs without a transaction (see the top of this file) */
  outside?: boolean;
  /** jobs taken per fetch (default 10) and worked at once (default 4; 1 on the embedded database for database jobs) */
  batchSize?: number;
  concurrency?: number;
  /** how often an idle worker looks (default JobsOptions.pollingSeconds) */
  pollingSeconds?: number;
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
  /**
   * false (production servers): never create or migrate pg-boss's schema nor create a queue — they
   * run no DDL; `npm run migrate` does both (migrate-main.ts). Missing ones: JobsNotPrepared.
   */
  migrate?: boolean;
}

/** pg-boss's cron queue, which its scheduler creates when allowed to (migrate) and works on every server. */
const CRON_QUEUE = '__pgboss__send-it';

/** A production server (`migrate: false`) found pg-boss's schema, or queues, not prepared by `npm run migrate`. */
export class JobsNotPrepared extends Error {
  constructor(schema: string, missingQueues: string[] = []) {
    super(
      `后台任务队列尚未建立，服务未启动：${missingQueues.length ? `模式 ${schema} 中缺少队列 ${missingQueues.join('、')}` : `模式 ${schema} 不存在或版本不符`}。请先用有建表权限的数据库账号运行 npm run migrate（镜像内：node dist/server/migrate.js），再启动服务。`,
    );
  }
}

/**
 * pg-boss's database on the embedded PGlite: multi-statement scripts through exec. Like any other
 * use of the one connection, never from inside one of its open transactions (use sendIn there).
 */
function pgliteExecutor(db: PgliteDb): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      assertOutsideTx(db.pg, 'pg-boss on the embedded database');
      if (values && values.length) return { rows: (await db.pg.query(text, values)).rows };
      const results = await db.pg.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** pg-boss on the application's own pool (same database, same credentials, same client limit). */
function pgExecutor(db: PgDb): PgBoss.Db {
  const limit = db.timeouts.queryMs > 0 ? { query_timeout: db.timeouts.queryMs } : {};
  return {
    async executeSql(text: string, values: unknown[]) {
      // no values: the simple protocol, which takes pg-boss's multi-statement scripts
      const q = { text, ...(values && values.length ? { values } : {}), ...limit };
      return { rows: (await db.pool.query(q as unknown as string)).rows };
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

/**
 * An `outside` job: skipped when marked done, else run with no transaction open, then marked. A
 * crash between the two runs it again (at least once: the handler must be idempotent).
 */
export async function runOutside(db: Db, jobId: string, name: string, fn: (db: Db) => Promise<void>): Promise<boolean> {
  if (await db.one('SELECT 1 FROM job_runs WHERE job_id = $1', [jobId])) return false;
  await fn(db);
  await db.query('INSERT INTO job_runs (job_id, name) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING', [jobId, name]);
  return true;
}

/** A deterministic job id (a UUID) for one event: the same key sends the same job once. */
export const dedupeId = (name: string, key: string) => {
  const h = createHash('sha256').update(`${name}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export interface SendOptions {
  /** a singleton while one with that key waits (pg-boss singletonKey) */
  key?: string;
  /** the event's own id (a callback's notify id): replays of it are the same job, sent once */
  dedupe?: string;
  startAfterSeconds?: number;
}

const sendOptions = (name: string, o: SendOptions) => ({
  ...(o.key ? { singletonKey: o.key } : {}),
  ...(o.dedupe ? { id: dedupeId(name, o.dedupe) } : {}),
  ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
});

/** What /metrics shows of a queue: jobs waiting to run (due now or later) and the oldest due one's age. */
export interface QueueBacklog {
  name: string;
  waiting: number;
  active: number;
  oldest_waiting_seconds: number;
}

/** Any constant shared by all server processes: one of them creates or updates the queues at a time. */
const JOBS_START_LOCK = 72_011_016;

export class Jobs {
  private readonly defs = new Map<string, JobDef<object>>();
  private readonly loops = new Map<string, QueueLoop>();
  private started = false;
  constructor(
    readonly boss: PgBoss,
    private readonly opts: JobsOptions,
    private readonly executor: PgBoss.Db,
  ) {}

  private get schema(): string {
    return this.opts.schema ?? 'pgboss';
  }

  /** Declares a job kind (before start(); servers that never call start() can still send). */
  define<T extends object>(def: JobDef<T>): this {
    this.defs.set(def.name, def as unknown as JobDef<object>);
    return this;
  }

  has(name: string): boolean {
    return this.defs.has(name);
  }

  /** Enqueues a job (see SendOptions). Answers its id, or null when it was already sent. */
  async send<T extends object>(name: string, data: T, opts: SendOptions = {}): Promise<string | null> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    const id = await this.boss.send(name, data, sendOptions(name, opts));
    this.loops.get(name)?.nudge();
    return id;
  }

  /**
   * Enqueues a job inside the caller's transaction `t` (the transactional outbox): the job exists
   * if and only if `t` commits, so a rolled-back request leaves no job and a committed one always
   * has its job, whichever server later works it.
   */
  async sendIn<T extends object>(t: Db, name: string, data: T, opts: SendOptions = {}): Promise<string | null> {
    if (!this.defs.has(name)) throw new Error(`unknown job ${name}`);
    const id = await this.boss.send(name, data, {
      db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await t.query(text, values) }) },
      ...sendOptions(name, opts),
    });
    // the job is visible once `t` commits: look again shortly (the worker's own polling is the backstop)
    const loop = this.loops.get(name);
    if (loop) setTimeout(() => loop.nudge(), 20).unref();
    return id;
  }

  /** Creates the queues, schedules the recurring jobs and starts working every defined job. */
  async work(): Promise<void> {
    const embedded = this.opts.db instanceof PgliteDb;
    for (const def of this.defs.values()) {
      // once per queue, however often work() is called
      if (this.loops.has(def.name)) continue;
      if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      const loop = new QueueLoop(this.boss, def.name, {
        batchSize: def.batchSize ?? 10,
        // the embedded database runs one transaction at a time: more lanes only queue there
        concurrency: def.concurrency ?? (embedded && !def.outside ? 1 : 4),
        pollingMs: (def.pollingSeconds ?? this.opts.pollingSeconds ?? 2) * 1000,
        expireMs: (def.expireInSeconds ?? 15 * 60) * 1000,
        run: (job) => this.runJob(def, job),
        onError: (err, what, job) =>
          this.opts.log?.warn({ job: def.name, id: job?.id, what, err }, what === 'run' ? '后台任务失败，将按退避重试' : '后台任务队列操作失败'),
      });
      this.loops.set(def.name, loop);
      loop.start();
    }
  }

  private async runJob(def: JobDef<object>, job: PgBoss.Job<object>): Promise<void> {
    const now = this.opts.now?.() ?? new Date();
    const db = this.opts.db;
    const done = def.outside
      ? await runOutside(db, job.id, def.name, (d) => def.run(job.data, { db: d, now, jobId: job.id }))
      : await runOnce(db, job.id, def.name, (t) => def.run(job.data, { db: t, now, jobId: job.id }));
    this.opts.log?.info({ job: def.name, id: job.id, done }, done ? '后台任务完成' : '后台任务此前已完成，跳过');
  }

  /** Each defined queue's backlog (for /metrics): one query over pg-boss's job table. */
  async backlog(): Promise<QueueBacklog[]> {
    const names = [...this.defs.keys()];
    const { rows } = await this.executor.executeSql(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float8 AS oldest
         FROM ${this.schema}.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active') GROUP BY name`,
      [names],
    );
    const by = new Map((rows as { name: string; waiting: number; active: number; oldest: number }[]).map((r) => [r.name, r]));
    return names.map((name) => {
      const r = by.get(name);
      return { name, waiting: Number(r?.waiting ?? 0), active: Number(r?.active ?? 0), oldest_waiting_seconds: Math.max(0, Number(r?.oldest ?? 0)) };
    });
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
      await this.boss.start().catch((err: Error) => {
        // pg-boss's own check when it may not migrate: "pg-boss is not installed" / "requires migrations"
        if (this.opts.migrate === false && /not installed|requires migrations/.test(err.message)) throw new JobsNotPrepared(this.schema);
        throw err;
      });
      await this.prepareQueues();
    };
    // (a pool of one connection cannot hold the lock and work at once: it goes without)
    if (db instanceof PgDb && (db.pool.options.max ?? 10) > 1) {
      // no limit on the wait for the lock, nor on the transaction's idle time while pg-boss works
      await db.tx(
        async (t) => {
          await t.query('SELECT pg_advisory_xact_lock($1)', [JOBS_START_LOCK]);
          await startup();
        },
        { lockMs: 0, idleMs: 0 },
      );
    } else await startup();
    this.started = true;
  }

  private async prepareQueues(): Promise<void> {
    const missing: string[] = [];
    if (this.opts.migrate === false && !(await this.boss.getQueue(CRON_QUEUE))) missing.push(CRON_QUEUE);
    for (const def of this.defs.values()) {
      const exists = await this.boss.getQueue(def.name);
      const policy = {
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelay ?? 10,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? 15 * 60,
      };
      if (!exists && this.opts.migrate === false) missing.push(def.name);
      else if (!exists) await this.boss.createQueue(def.name, { name: def.name, ...policy });
      else await this.boss.updateQueue(def.name, { name: def.name, ...policy });
    }
    if (missing.length) throw new JobsNotPrepared(this.schema, missing);
  }

  /** Stops taking jobs; waits (up to `timeoutMs`) for the ones running here. */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const loops = [...this.loops.values()];
    this.loops.clear();
    await Promise.all(loops.map((l) => l.stop(timeoutMs)));
    await this.boss.stop({ graceful: true, wait: true, timeout: Math.min(timeoutMs, 5000), close: false });
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
    migrate: opts.migrate ?? true,
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 60,
  });
  boss.on('error', (err: Error) => opts.log?.error({ err }, '后台任务队列出错'));
  const jobs = new Jobs(boss, opts, executor);
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

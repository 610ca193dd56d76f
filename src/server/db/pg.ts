import { createHash } from 'node:crypto';
import pg from 'pg';
import { PLAN_EACH_CALL, type Db, type TxOptions } from './types';
import { assertOutsideTx, watchTx, type TxActivity } from './tx-watch';

/** Same value mapping as the PGlite side (see pglite.ts): dates as text, int8 as number. */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.DATE) return (v: string) => v;
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * How long the server waits on PostgreSQL (issue 25 item 3; README → Configuration, DB_*). 0 = no
 * limit. A database that stops answering (a failover, a partition, a frozen server) must turn
 * into a prompt 503 and a server that recovers by itself, never a request that waits forever.
 */
export interface PgTimeouts {
  /** a new connection, or a free one from the pool (DB_CONNECT_TIMEOUT_MS) */
  connectMs: number;
  /** one statement, enforced by PostgreSQL (DB_STATEMENT_TIMEOUT_MS) */
  statementMs: number;
  /** waiting for a row or table lock, enforced by PostgreSQL (DB_LOCK_TIMEOUT_MS) */
  lockMs: number;
  /** a transaction idle between its statements, enforced by PostgreSQL and by tx-watch.ts (DB_IDLE_IN_TX_TIMEOUT_MS) */
  idleInTxMs: number;
  /** the client's own limit on an answer: PostgreSQL cannot enforce anything while it is frozen */
  queryMs: number;
}

export const DEFAULT_PG_TIMEOUTS: PgTimeouts = { connectMs: 3000, statementMs: 5000, lockMs: 3000, idleInTxMs: 10_000, queryMs: 6000 };
/** the client's limit is the statement's plus a margin, so PostgreSQL's own cancel normally comes first */
export const clientLimit = (statementMs: number) => (statementMs > 0 ? statementMs + 1000 : 0);

/**
 * Statements with parameters that repeat run as named (prepared) statements: each connection
 * parses and plans one once, and PostgreSQL reuses the plan (its generic plan after five runs).
 * Planning was most of the database's time per call on the console's small queries (position/list:
 * 0.8 ms planning for 0.6 ms executing). Only data statements, named on their third use (a text
 * built with values inlined never repeats, so it never takes a name), at most MAX_NAMED per
 * process (each is kept by every connection of the pool); the rest run unnamed as before.
 * Behind a transaction-mode pooler (DB_POOLER=transaction) nothing is named: the next transaction
 * may run on another server connection, which does not know the name (or already has it).
 * A statement that begins with PLAN_EACH_CALL (db/types.ts) is never named.
 */
const names = new Map<string, string>();
const seen = new Map<string, number>();
const MAX_NAMED = 1000;
const NAME_AFTER = 3;
const DATA_STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
export function statementName(sql: string, params: unknown[]): string | undefined {
  if (params.length === 0 || sql.startsWith(PLAN_EACH_CALL)) return undefined;
  const known = names.get(sql);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED || !DATA_STATEMENT.test(sql)) return undefined;
  const uses = (seen.get(sql) ?? 0) + 1;
  if (uses < NAME_AFTER) {
    if (seen.size >= 10 * MAX_NAMED) seen.clear();
    seen.set(sql, uses);
    return undefined;
  }
  seen.delete(sql);
  const name = `hr_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
  names.set(sql, name);
  return name;
}

type Queryable = pg.Pool | pg.PoolClient;

interface Settings {
  named: boolean;
  /** the client's limit per answer (0: none) */
  queryMs: number;
}

function run(q: Queryable, s: Settings, sql: string, params: unknown[]) {
  const name = s.named ? statementName(sql, params) : undefined;
  return q.query({ text: sql, values: params, ...(name ? { name } : {}), ...(s.queryMs > 0 ? { query_timeout: s.queryMs } : {}) } as pg.QueryConfig);
}

/** A transaction on one pooled connection; its statements count as its activity (tx-watch.ts). */
class PgTx implements Db {
  readonly kind = 'pg' as const;
  constructor(
    private readonly client: pg.PoolClient,
    private readonly s: Settings,
    private readonly activity: TxActivity,
  ) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.activity.busy(async () => (await run(this.client, this.s, sql, params)).rows as T[]);
  }
  async one<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string): Promise<void> {
    // no parameters: the simple protocol, which accepts several statements
    await this.activity.busy(() => this.client.query(this.s.queryMs > 0 ? ({ text: sql, query_timeout: this.s.queryMs } as pg.QueryConfig) : sql));
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    throw new Error('close() inside a transaction');
  }
}

const ms = (v: number) => `'${Math.max(0, Math.floor(v))}ms'`;

export class PgDb implements Db {
  readonly kind = 'pg' as const;
  private readonly s: Settings;
  constructor(
    readonly pool: pg.Pool,
    readonly timeouts: PgTimeouts = DEFAULT_PG_TIMEOUTS,
    /** behind a transaction-mode pooler: no named statements, no session state, settings per transaction */
    readonly pooler = false,
  ) {
    this.s = { named: !pooler, queryMs: timeouts.queryMs };
  }
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    assertOutsideTx(this.pool, 'a query on the pool');
    return (await run(this.pool, this.s, sql, params)).rows as T[];
  }
  async one<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string): Promise<void> {
    assertOutsideTx(this.pool, 'a script on the pool');
    await this.pool.query(this.s.queryMs > 0 ? ({ text: sql, query_timeout: this.s.queryMs } as pg.QueryConfig) : sql);
  }
  /**
   * BEGIN … COMMIT on one pooled connection. Limits other than the pool's (a migration, a
   * startup lock, a long import) are SET LOCAL in the transaction's first round trip, as are all
   * of them behind a pooler, where the connection's startup settings are not allowed. A connection
   * that timed out or broke is destroyed, never handed to the next caller (its ROLLBACK could hang
   * as long as the statement did); PostgreSQL rolls back what it held.
   */
  async tx<T>(fn: (db: Db) => Promise<T>, opts: TxOptions = {}): Promise<T> {
    assertOutsideTx(this.pool, 'a second transaction on the pool');
    const t = this.timeouts;
    const statementMs = opts.statementMs ?? t.statementMs;
    const lockMs = opts.lockMs ?? t.lockMs;
    const idleMs = opts.idleMs ?? t.idleInTxMs;
    const settings: string[] = [];
    if (this.pooler || statementMs !== t.statementMs) settings.push(`SET LOCAL statement_timeout = ${ms(statementMs)}`);
    if (this.pooler || lockMs !== t.lockMs) settings.push(`SET LOCAL lock_timeout = ${ms(lockMs)}`);
    if (this.pooler || idleMs !== t.idleInTxMs) settings.push(`SET LOCAL idle_in_transaction_session_timeout = ${ms(idleMs)}`);
    const s: Settings = { named: this.s.named, queryMs: opts.statementMs === undefined ? this.s.queryMs : clientLimit(statementMs) };
    const client = await this.pool.connect();
    let broken: Error | undefined;
    // a checked-out connection's own errors (PostgreSQL ending it for idling, a reset socket) come
    // as events: without a listener they would end the process
    const onError = (err: Error) => {
      broken = err;
    };
    client.on('error', onError);
    try {
      return await watchTx(this.pool, idleMs, async (activity) => {
        await activity.busy(() =>
          client.query({ text: ['BEGIN', ...settings].join('; '), ...(this.s.queryMs > 0 ? { query_timeout: this.s.queryMs } : {}) } as pg.QueryConfig),
        );
        const out = await fn(new PgTx(client, s, activity));
        await activity.busy(() => client.query({ text: 'COMMIT', ...(this.s.queryMs > 0 ? { query_timeout: this.s.queryMs } : {}) } as pg.QueryConfig));
        return out;
      });
    } catch (e) {
      if (isConnectionTrouble(e)) broken = e as Error;
      else {
        await client.query({ text: 'ROLLBACK', query_timeout: 2000 } as pg.QueryConfig).catch((err: Error) => {
          broken = err;
        });
      }
      throw e;
    } finally {
      client.off('error', onError);
      client.release(broken ?? false);
    }
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** What an error of the driver or the socket carries. */
export interface ErrorLike {
  message?: string;
  code?: string;
  errors?: unknown[];
}

/** The error, or the first one of an AggregateError (Node's connect to every address of a name: ::1 and 127.0.0.1). */
export function firstError(err: unknown): ErrorLike {
  const e = (err ?? {}) as ErrorLike;
  if (!e.code && Array.isArray(e.errors) && e.errors.length) return firstError(e.errors[0]);
  return e;
}

/**
 * The database is unreachable, frozen or refusing for now (not a bug and not bad input): what a
 * request answers 503 for (http/errors.ts) and a connection is dropped for. SQLSTATE 08 (connection
 * exception), 53 (insufficient resources), 57P0x (shutdown, cannot connect now), 57014 (a statement
 * or lock cancelled by its timeout), 55P03 (lock timeout), 25P03 (idle-in-transaction timeout),
 * 40P01 / 40001 (deadlock, serialisation: retry); node-postgres's and the socket's own errors.
 */
export function isConnectionTrouble(err: unknown): boolean {
  const e = firstError(err);
  const code = e.code;
  if (typeof code === 'string') {
    if (/^(08|53)/.test(code) || /^57P0\d$/.test(code)) return true;
    if (['57014', '55P03', '25P03', '40P01', '40001', 'HR_TX_IDLE'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  }
  const msg = e.message ?? '';
  return /Query read timeout|timeout exceeded when trying to connect|Connection terminated|connection timeout|not queryable|Connection ended|terminating connection/i.test(
    msg,
  );
}

/**
 * A pool on a real PostgreSQL. `searchPath` (tests: one schema per file) is set as a
 * connection option, so every pooled connection starts in it; nothing names a schema.
 * Not behind a pooler, the statement, lock and idle-in-transaction limits are the connection's
 * startup settings (no round trip); the client's own limits and TCP keepalive apply either way.
 */
export function openPg(opts: { connectionString: string; searchPath?: string; max?: number; pooler?: boolean; timeouts?: Partial<PgTimeouts> }): PgDb {
  const t: PgTimeouts = { ...DEFAULT_PG_TIMEOUTS, ...opts.timeouts };
  if (opts.timeouts?.statementMs !== undefined && opts.timeouts.queryMs === undefined) t.queryMs = clientLimit(t.statementMs);
  if (opts.pooler && opts.searchPath)
    throw new Error('searchPath is a startup setting, which a transaction-mode pooler does not keep: use a database of its own');
  const startup = opts.pooler
    ? {}
    : {
        ...(t.statementMs > 0 ? { statement_timeout: t.statementMs } : {}),
        ...(t.lockMs > 0 ? { lock_timeout: t.lockMs } : {}),
        ...(t.idleInTxMs > 0 ? { idle_in_transaction_session_timeout: t.idleInTxMs } : {}),
      };
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max ?? 10,
    types: typeParsers,
    ...(t.connectMs > 0 ? { connectionTimeoutMillis: t.connectMs } : {}),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...startup,
    // jit off: a named statement's generic plan (page 1 and deep pages share one) compiled on every call (migration 067)
    ...(opts.pooler ? {} : { options: `-c jit=off${opts.searchPath ? ` -c search_path=${opts.searchPath}` : ''}` }),
  });
  // an idle client losing its server must not crash the process
  pool.on('error', (err) => console.error('[pg] idle client error:', err.message));
  return new PgDb(pool, t, opts.pooler ?? false);
}

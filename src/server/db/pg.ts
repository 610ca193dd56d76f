import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db } from './types';

/** Same value mapping as the PGlite side (see pglite.ts): dates as text, int8 as number. */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.DATE) return (v: string) => v;
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

type Queryable = pg.Pool | pg.PoolClient;

/**
 * Statements with parameters that repeat run as named (prepared) statements: each connection
 * parses and plans one once, and PostgreSQL reuses the plan (its generic plan after five runs).
 * Planning was most of the database's time per call on the console's small queries (position/list:
 * 0.8 ms planning for 0.6 ms executing). Only data statements, named on their third use (a text
 * built with values inlined never repeats, so it never takes a name), at most MAX_NAMED per
 * process (each is kept by every connection of the pool); the rest run unnamed as before.
 */
const names = new Map<string, string>();
const seen = new Map<string, number>();
const MAX_NAMED = 1000;
const NAME_AFTER = 3;
const DATA_STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
export function statementName(sql: string, params: unknown[]): string | undefined {
  if (params.length === 0) return undefined;
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

class PgTx implements Db {
  readonly kind = 'pg' as const;
  constructor(protected readonly q: Queryable) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const name = statementName(sql, params);
    return (await (name ? this.q.query({ name, text: sql, values: params }) : this.q.query(sql, params))).rows as T[];
  }
  async one<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string): Promise<void> {
    // no parameters: the simple protocol, which accepts several statements
    await this.q.query(sql);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    throw new Error('close() inside a transaction');
  }
}

/** One pooled connection held for a while (session-level advisory locks); tx() runs on it. */
class PgSession extends PgTx {
  constructor(private readonly client: pg.PoolClient) {
    super(client);
  }
  override async tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    await this.client.query('BEGIN');
    try {
      const out = await fn(new PgTx(this.client));
      await this.client.query('COMMIT');
      return out;
    } catch (e) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  }
}

export class PgDb extends PgTx {
  constructor(readonly pool: pg.Pool) {
    super(pool);
  }
  override async tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const out = await fn(new PgTx(client));
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
  override async close(): Promise<void> {
    await this.pool.end();
  }
  /**
   * Runs `fn` on one connection holding the session-level advisory lock `key` (pg_advisory_lock):
   * several servers starting at once take turns; the lock goes with the connection if one dies.
   */
  async withSessionLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('SELECT pg_advisory_lock($1)', [key]);
      try {
        return await fn(new PgSession(client));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {
          broken = true;
        });
      }
    } finally {
      client.release(broken);
    }
  }
}

/**
 * A pool on a real PostgreSQL. `searchPath` (tests: one schema per file) is set as a
 * connection option, so every pooled connection starts in it; nothing names a schema.
 */
export function openPg(opts: { connectionString: string; searchPath?: string; max?: number }): PgDb {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max ?? 10,
    types: typeParsers,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  // an idle client losing its server must not crash the process
  pool.on('error', (err) => console.error('[pg] idle client error:', err.message));
  return new PgDb(pool);
}

/** Limits of one transaction other than the database's defaults (db/pg.ts PgTimeouts); 0 = none. */
export interface TxOptions {
  /** each statement (PostgreSQL) */
  statementMs?: number;
  /** each wait for a lock, advisory locks included (PostgreSQL) */
  lockMs?: number;
  /** between two statements of the transaction (both drivers) */
  idleMs?: number;
}

/**
 * A statement that begins with this is planned for its own values on every call: never a named
 * statement (db/pg.ts), whose generic plan, made once for any value, cannot tell a word in every
 * fourth row from one in a thousand (the hall's keyword search, issue 34).
 */
export const PLAN_EACH_CALL = '/* plan each call */ ';

/** One small interface over PGlite (embedded) and node-postgres (a real server). */
export interface Db {
  /** Rows of a parameterised statement (`$1`, `$2`, …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs a script of one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in a transaction; nested calls join the outer transaction (and its limits). Inside
   * `fn`, use only the `db` it is given: reaching the same database another way fails at once
   * (db/tx-watch.ts), and so does waiting on anything but its queries for long.
   */
  tx<T>(fn: (db: Db) => Promise<T>, opts?: TxOptions): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'pg';
}

import { PGlite, types, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import type { Db, TxOptions } from './types';
import { assertOutsideTx, DEFAULT_TX_IDLE_MS, watchTx, type TxActivity } from './tx-watch';

/**
 * Both drivers must hand back the same JS values: `date` stays a `YYYY-MM-DD` string (a JS Date
 * would shift it by the host's time zone) and int8 (e.g. `count(*)`) becomes a number.
 */
const parsers = {
  [types.DATE]: (v: string) => v,
  [types.INT8]: (v: string) => Number(v),
};

/** A transaction of the embedded database: its queries count as its activity (tx-watch.ts). */
class PgliteTx implements Db {
  readonly kind = 'pglite' as const;
  constructor(
    private readonly t: Transaction,
    private readonly activity: TxActivity,
  ) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.activity.busy(async () => (await this.t.query<T>(sql, params)).rows);
  }
  async one<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string): Promise<void> {
    await this.activity.busy(() => this.t.exec(sql));
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    throw new Error('close() inside a transaction');
  }
}

/**
 * The embedded database: one connection, one transaction at a time, other queries queued behind
 * it. A query or transaction started from inside one of its own open transactions would wait for
 * itself, so it fails at once (tx-watch.ts); a transaction idle for `idleMs` is rolled back.
 */
export class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  constructor(
    readonly pg: PGlite,
    private readonly idleMs = DEFAULT_TX_IDLE_MS,
  ) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    assertOutsideTx(this.pg, 'a query on the embedded database');
    return (await this.pg.query<T>(sql, params)).rows;
  }
  async one<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string): Promise<void> {
    assertOutsideTx(this.pg, 'a script on the embedded database');
    await this.pg.exec(sql);
  }
  tx<T>(fn: (db: Db) => Promise<T>, opts: TxOptions = {}): Promise<T> {
    assertOutsideTx(this.pg, 'a second transaction on the embedded database');
    return this.pg.transaction((t) => watchTx(this.pg, opts.idleMs ?? this.idleMs, (a) => fn(new PgliteTx(t, a))));
  }
  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
  /**
   * A tarball of the whole data dir (tests start from a dumped, seeded database): after a
   * checkpoint, so a copy starts without replaying the WAL; uncompressed (`gzip`: compressed).
   */
  async dump(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
    await this.pg.exec('CHECKPOINT');
    return this.pg.dumpDataDir(compression);
  }
}

/** What a PGlite is made from, given once for many (tests open one per file: tests/setup/db.ts). */
export type PgliteParts = Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;

/**
 * Opens PGlite: `dataDir` on disk, in memory when omitted, or a copy of a dumped data dir.
 * A new database takes seconds to initialise (STACK.md pitfall 7).
 */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob; idleInTxMs?: number; parts?: PgliteParts } = {}): Promise<PgliteDb> {
  const pg = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...opts.parts,
    parsers,
  });
  return new PgliteDb(pg, opts.idleInTxMs);
}

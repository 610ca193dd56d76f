import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Db } from './types';

/**
 * Both drivers must hand back the same JS values: `date` stays a `YYYY-MM-DD` string (a JS Date
 * would shift it by the host's time zone) and int8 (e.g. `count(*)`) becomes a number.
 */
const parsers = {
  [types.DATE]: (v: string) => v,
  [types.INT8]: (v: string) => Number(v),
};

type Queryable = Pick<Transaction, 'query' | 'exec'>;

class PgliteTx implements Db {
  readonly kind = 'pglite' as const;
  constructor(protected readonly q: Queryable) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.q.query<T>(sql, params)).rows;
  }
  async one<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string): Promise<void> {
    await this.q.exec(sql);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    throw new Error('close() inside a transaction');
  }
}

export class PgliteDb extends PgliteTx {
  constructor(readonly pg: PGlite) {
    super(pg);
  }
  /** PGlite runs one transaction at a time and queues other queries behind it. */
  override tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return this.pg.transaction((t) => fn(new PgliteTx(t)));
  }
  override async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
  /** A tarball of the whole data dir (tests start from a dumped, seeded database). */
  dump(): Promise<Blob> {
    return this.pg.dumpDataDir('gzip');
  }
}

/**
 * Opens PGlite: `dataDir` on disk, in memory when omitted, or a copy of a dumped data dir.
 * A new database takes seconds to initialise (STACK.md pitfall 7).
 */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  const pg = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    parsers,
  });
  return new PgliteDb(pg);
}

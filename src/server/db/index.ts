import type { Db } from './types';
import { openPglite } from './pglite';
import { openPg, type PgTimeouts } from './pg';

export type { Db } from './types';
export { migrate } from './migrate';
export { seed } from './seed';

/**
 * `DATABASE_URL` set → PostgreSQL (behind a transaction-mode pooler when `pooler`); otherwise PGlite
 * in `dataDir`. `timeouts` (config.ts DB_*): PostgreSQL's limits; PGlite takes the idle limit.
 */
export async function openDb(opts: { databaseUrl?: string; dataDir: string; poolMax?: number; pooler?: boolean; timeouts?: Partial<PgTimeouts> }): Promise<Db> {
  if (opts.databaseUrl) return openPg({ connectionString: opts.databaseUrl, max: opts.poolMax, pooler: opts.pooler, timeouts: opts.timeouts });
  return openPglite({ dataDir: opts.dataDir, idleInTxMs: opts.timeouts?.idleInTxMs });
}

import type { Db } from './types';
import { openPglite } from './pglite';
import { openPg } from './pg';

export type { Db } from './types';
export { migrate } from './migrate';
export { seed } from './seed';

/** `DATABASE_URL` set → PostgreSQL; otherwise PGlite in `dataDir`. */
export async function openDb(opts: { databaseUrl?: string; dataDir: string; poolMax?: number }): Promise<Db> {
  if (opts.databaseUrl) return openPg({ connectionString: opts.databaseUrl, max: opts.poolMax });
  return openPglite({ dataDir: opts.dataDir });
}

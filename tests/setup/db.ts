import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { migrate, seed, type Db } from '../../src/server/db';
import { openPglite } from '../../src/server/db/pglite';
import { openPg } from '../../src/server/db/pg';

/**
 * A migrated database holding the demo seed (or, with `empty`, a blank one), private to the caller:
 * - PGlite (default): a copy of the dump made by tests/setup/server-global.ts (~1 s instead of
 *   initialising a new database);
 * - PostgreSQL when DATABASE_URL is set: a fresh schema `t_<random>` reached through the pool's
 *   search_path, migrated and seeded, and dropped again by close().
 */
export async function openTestDb(opts: { empty?: boolean } = {}): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (url) return openPgSchemaDb(url, !opts.empty);
  // `empty`: a blank database (not even migrated), for migration and seed tests
  if (opts.empty) return openPglite();
  let dump: string | null = null;
  try {
    dump = inject('pgliteDump');
  } catch {
    // outside a vitest worker (a script): build from scratch
  }
  if (dump) return openPglite({ loadDataDir: new Blob([new Uint8Array(readFileSync(dump))]) });
  const db = await openPglite();
  await migrate(db);
  await seed(db);
  return db;
}

async function openPgSchemaDb(url: string, prepare: boolean): Promise<Db> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openPg({ connectionString: url, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = openPg({ connectionString: url, searchPath: schema, max: 5 });
  try {
    if (prepare) {
      await migrate(db);
      await seed(db);
    }
  } catch (e) {
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
    throw e;
  }
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  };
  return db;
}

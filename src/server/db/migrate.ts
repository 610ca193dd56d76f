import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeMigrations } from './code-migrations';
import type { Db } from './types';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by all instances: serialises migrations of concurrent starts on one PG. */
const MIGRATION_LOCK = 72_011_001;

export interface Migration {
  version: string;
  name: string;
  /** a SQL script, or */
  sql?: string;
  /** a TypeScript step (work SQL cannot do, e.g. encrypting with the application's keys) */
  run?: (db: Db) => Promise<void>;
}

/**
 * `NNN_name.sql` files and the TypeScript steps of code-migrations.ts (versions like `008a`: right
 * after the SQL migration they follow), in version order.
 */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const sql: Migration[] = readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .map((f) => ({
      version: f.slice(0, 3),
      name: f.slice(4, -4),
      sql: readFileSync(`${dir}/${f}`, 'utf8'),
    }));
  return [...sql, ...codeMigrations].sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction.
 * Tables are never schema-qualified: the connection's search_path decides where they go.
 */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  // Every step is one transaction holding a transaction-level advisory lock: servers (or migrate
  // commands) starting together take turns per step, and the next finds the step applied. No
  // session-level lock: a transaction-mode pooler (PgBouncer) does not keep a session between
  // transactions. No limit on a step's statements or on the wait for the lock (a step may rewrite a
  // large table while another server waits its turn).
  const unlimited = { statementMs: 0, lockMs: 0, idleMs: 120_000 };
  await db.tx(async (t) => {
    await t.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await t.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  }, unlimited);
  const applied: string[] = [];
  for (const m of migrations) {
    await db.tx(async (t) => {
      await t.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await t.one('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (done) return;
      if (m.sql !== undefined) await t.exec(m.sql);
      if (m.run) await m.run(t);
      await t.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(`${m.version}_${m.name}`);
    }, unlimited);
  }
  return applied;
}

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';
import { dataSteps, type DataStep } from './data-steps';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by all instances: serialises migrations of concurrent starts on one PG. */
const MIGRATION_LOCK = 72_011_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** `NNN_name.sql` files in order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: f.slice(0, 3),
      name: f.slice(4, -4),
      sql: readFileSync(`${dir}/${f}`, 'utf8'),
    }));
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction.
 * Tables are never schema-qualified: the connection's search_path decides where they go.
 */
export async function migrate(db: Db, migrations = loadMigrations(), steps: DataStep[] = dataSteps): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const m of migrations) {
    await db.tx(async (t) => {
      await t.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await t.one('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (done) return;
      await t.exec(m.sql);
      await t.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(`${m.version}_${m.name}`);
    });
  }
  // once-only TypeScript steps (data-steps.ts), after the SQL they depend on
  for (const step of steps) {
    if (!migrations.some((m) => m.version === step.version.slice(0, 3))) continue;
    await db.tx(async (t) => {
      await t.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if (await t.one('SELECT 1 FROM schema_migrations WHERE version = $1', [step.version])) return;
      await step.run(t);
      await t.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [step.version, step.name]);
    });
  }
  return applied;
}

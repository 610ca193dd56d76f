import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, seed } from '../../src/server/db';
import { openPglite } from '../../src/server/db/pglite';

declare module 'vitest' {
  interface ProvidedContext {
    /** a gzipped tarball of a migrated and seeded PGlite data dir; null on real PostgreSQL */
    pgliteDump: string | null;
    /** the same, migrated only (what `npm run migrate` leaves: no demo data); null on real PostgreSQL */
    pgliteMigratedDump: string | null;
  }
}

/**
 * Initialising a PGlite database costs seconds (STACK.md pitfall 7): build one migrated and
 * seeded database once, dump it, and let every test file start from a copy (tests/setup/db.ts).
 * With DATABASE_URL each test file makes its own schema instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteDump', null);
    project.provide('pgliteMigratedDump', null);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'hr-console-db-'));
  const db = await openPglite();
  try {
    await migrate(db);
    const migrated = join(dir, 'migrated.tgz');
    writeFileSync(migrated, new Uint8Array(await (await db.dump()).arrayBuffer()));
    project.provide('pgliteMigratedDump', migrated);
    await seed(db);
    const file = join(dir, 'seeded.tgz');
    writeFileSync(file, new Uint8Array(await (await db.dump()).arrayBuffer()));
    project.provide('pgliteDump', file);
  } finally {
    await db.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}

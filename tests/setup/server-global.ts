import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, seed } from '../../src/server/db';
import { openPglite } from '../../src/server/db/pglite';
import { openPg } from '../../src/server/db/pg';
import { ADMIN_TIMEOUTS, behindPooler, privatePg } from './db';

declare module 'vitest' {
  interface ProvidedContext {
    /** a tarball of a migrated and seeded PGlite data dir; null on real PostgreSQL */
    pgliteDump: string | null;
    /** the same, migrated only (what `npm run migrate` leaves: no demo data); null on real PostgreSQL */
    pgliteMigratedDump: string | null;
    /** behind a transaction-mode pooler: a migrated and seeded database to copy (CREATE DATABASE … TEMPLATE); else null */
    pgTemplate: string | null;
  }
}

/**
 * Initialising a PGlite database costs seconds (STACK.md pitfall 7): build one migrated and
 * seeded database once, dump it, and let every test file start from a copy (tests/setup/db.ts).
 * With DATABASE_URL each test file makes its own schema instead; behind a transaction-mode pooler
 * (where each file has a database of its own) the same as PGlite: one database migrated and
 * seeded here, which each file's database is a copy of.
 */
export default async function setup(project: TestProject) {
  // the browser suite says DATABASE_URL: '' in its project's env (vite.config.ts): it always runs on PGlite
  const url = project.config.env?.DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) {
    project.provide('pgliteDump', null);
    project.provide('pgliteMigratedDump', null);
    project.provide('pgTemplate', null);
    if (!behindPooler()) return;
    return pgTemplate(project);
  }
  project.provide('pgTemplate', null);
  const dir = mkdtempSync(join(tmpdir(), 'hr-console-db-'));
  const db = await openPglite();
  try {
    // a copy starts with a 16 MB buffer pool instead of 128 MB: clearing the pool was a third of
    // opening a copy (the demo data is ~20 MB); the dumps are tarballs, checkpointed (db/pglite.ts)
    await db.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
    await migrate(db);
    const migrated = join(dir, 'migrated.tar');
    writeFileSync(migrated, new Uint8Array(await (await db.dump()).arrayBuffer()));
    project.provide('pgliteMigratedDump', migrated);
    await seed(db);
    const file = join(dir, 'seeded.tar');
    writeFileSync(file, new Uint8Array(await (await db.dump()).arrayBuffer()));
    project.provide('pgliteDump', file);
  } finally {
    await db.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The template database behind the pooler: migrated and seeded through it, then closed to connections. */
async function pgTemplate(project: TestProject) {
  const place = await privatePg('tpl');
  try {
    const db = place.open(5);
    try {
      await migrate(db);
      await seed(db);
    } finally {
      await db.close();
    }
    // a template must have no connection while it is copied: none from now on, and the pooler's
    // idle server connections to it ended (it opens new ones to the copies, not to this one)
    const admin = openPg({ connectionString: process.env.DATABASE_URL!, max: 1, pooler: true, timeouts: ADMIN_TIMEOUTS });
    try {
      await admin.exec(`ALTER DATABASE ${place.name} WITH ALLOW_CONNECTIONS false`);
      await admin.exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${place.name}'`);
    } finally {
      await admin.close();
    }
  } catch (e) {
    await place.drop();
    throw e;
  }
  project.provide('pgTemplate', place.name);
  return () => place.drop();
}

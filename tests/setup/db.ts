import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { migrate, seed, type Db } from '../../src/server/db';
import type { TxOptions } from '../../src/server/db/types';
import { openPglite, type PgliteParts } from '../../src/server/db/pglite';
import { openPg, type PgDb } from '../../src/server/db/pg';

/** The test PostgreSQL is reached through a transaction-mode pooler (CI: PgBouncer; DB_POOLER=transaction). */
export const behindPooler = () => process.env.DB_POOLER === 'transaction';

/** The test setup's own connection (schemas, databases, templates): DDL that waits as long as it must. */
export const ADMIN_TIMEOUTS = { statementMs: 0, lockMs: 0, queryMs: 0, idleInTxMs: 0 };

/** The same connection string naming another database. */
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export interface PrivatePg {
  /** the schema's or the database's name */
  name: string;
  /** a connection string to the private place, for a spawned server (with `env`) */
  url: string;
  /** settings a spawned server needs beside DATABASE_URL (DB_POOLER behind a pooler) */
  env: Record<string, string>;
  open(max?: number): PgDb;
  drop(): Promise<void>;
}

/**
 * A private place on a PostgreSQL (`url`, default DATABASE_URL) for one test file or bench run: a
 * schema reached through the connections' search_path — or a database of its own when `database`
 * is asked for or behind a transaction-mode pooler, which keeps no startup settings (search_path
 * included; PgBouncer's `*` entry reaches the new database).
 */
export async function privatePg(prefix = 't', opts: { url?: string; database?: boolean; template?: string } = {}): Promise<PrivatePg> {
  const url = opts.url ?? process.env.DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const pooler = behindPooler();
  // no limits on the test's own DDL: copying the seeded template under a loaded CI machine takes
  // longer than a request may (CI timed out a CREATE DATABASE … TEMPLATE at the 6 s query limit)
  const admin = openPg({ connectionString: url, max: 1, pooler, timeouts: ADMIN_TIMEOUTS });
  if (pooler || opts.database || opts.template) {
    // `template`: a copy of that database (CREATE DATABASE … TEMPLATE), contents and all
    await admin.exec(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`);
    const target = withDatabase(url, name);
    return {
      name,
      url: target,
      env: pooler ? { DB_POOLER: 'transaction' } : {},
      open: (max = 5) => openPg({ connectionString: target, max, pooler }),
      async drop() {
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  await admin.exec(`CREATE SCHEMA ${name}`);
  return {
    name,
    url: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${name}`)}`,
    env: {},
    open: (max = 5) => openPg({ connectionString: url, searchPath: name, max }),
    async drop() {
      await admin.exec(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await admin.close();
    },
  };
}

/**
 * A migrated database holding the demo seed (with `unseeded`, migrated only: what `npm run migrate`
 * leaves; with `empty`, a blank one), private to the caller:
 * - PGlite (default): a copy of a dump made by tests/setup/server-global.ts (~1 s instead of
 *   initialising a new database);
 * - PostgreSQL when DATABASE_URL is set: a fresh schema `t_<random>` reached through the pool's
 *   search_path, migrated and seeded, and dropped again by close(); behind a pooler, a database of
 *   its own (privatePg), copied from the migrated and seeded template that server-global.ts made
 *   (as the PGlite dump: ~0.1 s instead of several seconds of migrations and seed per test file).
 */
export async function openTestDb(opts: { empty?: boolean; unseeded?: boolean } = {}): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (url) return openPgSchemaDb(opts.empty ? 'none' : opts.unseeded ? 'migrate' : 'seed');
  // `empty`: a blank database (not even migrated), for migration and seed tests
  if (opts.empty) return openPglite();
  let dump: string | null = null;
  try {
    dump = inject(opts.unseeded ? 'pgliteMigratedDump' : 'pgliteDump');
  } catch {
    // outside a vitest worker (a script): build from scratch
  }
  if (dump) return openPglite({ loadDataDir: dumpOf(dump), parts: pgliteParts() });
  const db = await openPglite();
  await migrate(db);
  if (!opts.unseeded) await seed(db);
  return db;
}

/**
 * Opening a copy of the dump cost ~2.3 CPU-s, on every test file's database (session 19):
 * gunzipping it, Node's Blob copying 74 MB into an ArrayBuffer (0.65 s), compiling pglite.wasm,
 * and clearing a 128 MB buffer pool. Now the dump is an uncompressed tarball with a 16 MB pool
 * (server-global.ts), read once per test process and handed to PGlite as the ArrayBuffer it asks
 * the Blob for (PGlite only reads it: untar copies each file), with the WASM compiled once: ~0.8 s.
 */
const dumps = new Map<string, Blob>();
function dumpOf(file: string): Blob {
  let blob = dumps.get(file);
  if (!blob) dumps.set(file, (blob = fileAsBlob(file, 'application/x-tar')));
  return blob;
}
/** A file's bytes as what PGlite uses of a Blob (its type and arrayBuffer()), the same ArrayBuffer each time. */
function fileAsBlob(file: string, type: string): Blob {
  const bytes = readFileSync(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type, size: buffer.byteLength, arrayBuffer: async () => buffer } as unknown as Blob;
}
let parts: PgliteParts | undefined;
function pgliteParts(): PgliteParts {
  if (!parts) {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    parts = {
      pgliteWasmModule: new WebAssembly.Module(readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: fileAsBlob(path.join(dist, 'pglite.data'), 'application/octet-stream'),
    };
  }
  return parts;
}

/**
 * What `open` answers, opened before the file's first test and closed after its last (useTestDb,
 * server.ts useTestServer); the function returned answers it from then on.
 */
export function perFile<T extends { close(): Promise<void> }>(what: string, open: () => Promise<T>): () => T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error(`${what} opens in beforeAll`);
    return opened;
  };
}

/**
 * The file's database (openTestDb with `opts`): opened before its first test, closed after its
 * last. What it answers stands for that database from the first test (and a later beforeAll) on.
 */
export function useTestDb(opts: { empty?: boolean } = {}): Db {
  const opened = perFile('the test database', () => openTestDb(opts));
  return {
    query<T>(sql: string, params?: unknown[]) {
      return opened().query<T>(sql, params);
    },
    one<T>(sql: string, params?: unknown[]) {
      return opened().one<T>(sql, params);
    },
    exec: (sql) => opened().exec(sql),
    tx<T>(fn: (db: Db) => Promise<T>, o?: TxOptions) {
      return opened().tx(fn, o);
    },
    close: () => opened().close(),
    get kind() {
      return opened().kind;
    },
  };
}

/** The migrated and seeded database server-global.ts made behind a pooler (null elsewhere or outside vitest). */
function pgTemplate(): string | null {
  try {
    return inject('pgTemplate') ?? null;
  } catch {
    return null;
  }
}

async function openPgSchemaDb(prepare: 'none' | 'migrate' | 'seed'): Promise<Db> {
  // a seeded database behind a pooler is a copy of the template (migrated and seeded once)
  const template = prepare === 'seed' ? pgTemplate() : null;
  const place = await privatePg('t', template ? { template } : {});
  const db = place.open(5);
  try {
    if (!template) {
      if (prepare !== 'none') await migrate(db);
      if (prepare === 'seed') await seed(db);
    }
  } catch (e) {
    await db.close();
    await place.drop();
    throw e;
  }
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await place.drop();
  };
  return db;
}

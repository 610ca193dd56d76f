/**
 * A production server runs no DDL and refuses a database whose migrations are behind; a database
 * that cannot be reached is one line, never a stack trace or the password (issue 25 item 5). The
 * entry points run as real processes (their stderr and exit code); the compiled artefact is
 * checked the same way by scripts/artefact-smoke.mjs (.ci/run).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { productionEnv } from '../../../tests/setup/spawn';
import { ConfigError, loadMigrateConfig } from '../config';
import { DEMO_PII_KEYS } from '../lib/pii';
import { loadMigrations } from './migrate';
import { databaseErrorLine, dbTarget, errorReason, isConnectionError, missingMigrationsLine, pendingMigrations } from './readiness';
import type { Db } from './types';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `node --import tsx <entry>` with exactly `env`: its exit code and output. */
function runEntry(entry: string, env: Record<string, string>): Promise<{ code: number | string; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((res) => child.on('exit', (code, signal) => res({ code: code ?? signal ?? -1, out, err })));
}

describe('one line for a database that cannot be reached', () => {
  it('a URL without host or port names what node-postgres completes it with: PGHOST / PGPORT, else localhost:5432', () => {
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    vi.stubEnv('PGHOST', 'pg.internal');
    vi.stubEnv('PGPORT', '6543');
    expect(dbTarget('postgres:///hr')).toBe('pg.internal:6543/hr');
    expect(dbTarget('postgres://db.internal:5432/hr')).toBe('db.internal:5432/hr');
    vi.stubEnv('PGHOST', undefined);
    vi.stubEnv('PGPORT', undefined);
    expect(dbTarget('postgres:///hr')).toBe('localhost:5432/hr');
  });

  it('names host, port and database, never user or password', () => {
    vi.stubEnv('PGPORT', undefined);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    expect(dbTarget('postgres://hr_app:s3cret@db.internal:6432/hr?sslmode=require')).toBe('db.internal:6432/hr');
    expect(dbTarget('postgresql://hr@10.0.0.5/hr')).toBe('10.0.0.5:5432/hr');
    const refused = Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })], ''), {
      code: 'ECONNREFUSED',
    });
    expect(isConnectionError(refused)).toBe(true);
    expect(databaseErrorLine(refused, { databaseUrl: 'postgres://hr_app:s3cret@db.internal:5432/hr' })).toBe(
      '无法连接数据库（DATABASE_URL db.internal:5432/hr）：连接被拒绝（ECONNREFUSED：该地址没有 PostgreSQL 在监听）',
    );
    const auth = Object.assign(new Error('password authentication failed for user "hr_app"'), { code: '28P01' });
    expect(databaseErrorLine(auth, { databaseUrl: 'postgres://hr_app:x@db:5432/hr' })).toBe(
      '无法连接数据库（DATABASE_URL db:5432/hr）：用户名或密码错误（28P01）：password authentication failed for user "hr_app"',
    );
    // a driver echoing the URL or the password gets neither printed
    const url = 'postgres://hr_app:p%40ss@db:5432/hr';
    expect(errorReason(new Error(`bad ${url} and p@ss`), url)).toBe('bad DATABASE_URL and ***');
    // a failing statement is not a connection problem
    const stmt = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    expect(isConnectionError(stmt)).toBe(false);
    expect(databaseErrorLine(stmt, { databaseUrl: url })).toBe('数据库初始化失败（DATABASE_URL db:5432/hr）：relation "x" does not exist（42P01）');
  });

  it('the production server: exit code 1, one line, no stack trace, no password', async () => {
    const r = await runEntry('src/server/main.ts', productionEnv({ DATABASE_URL: 'postgres://hr_app:Sup3r-Secret@127.0.0.1:1/hr' }));
    expect(r.code).toBe(1);
    expect(r.err.trim()).toMatch(/^无法连接数据库（DATABASE_URL 127\.0\.0\.1:1\/hr）：连接被拒绝（ECONNREFUSED/);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err + r.out).not.toContain('Sup3r-Secret');
    expect(r.out).not.toMatch(/已启动/);
  }, 60_000);

  it('npm run migrate: the same', async () => {
    const r = await runEntry('src/server/migrate-main.ts', {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://hr_owner:Sup3r-Secret@127.0.0.1:1/hr',
      PII_KEYS: productionEnv().PII_KEYS!,
      PII_INDEX_KEY: productionEnv().PII_INDEX_KEY!,
    });
    expect(r.code).toBe(1);
    expect(r.err.trim()).toMatch(/^无法连接数据库（DATABASE_URL 127\.0\.0\.1:1\/hr）：连接被拒绝/);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err + r.out).not.toContain('Sup3r-Secret');
  }, 60_000);
});

describe('npm run migrate: settings', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadMigrateConfig(env as NodeJS.ProcessEnv);
      return [];
    } catch (e) {
      if (e instanceof ConfigError) return e.lines;
      throw e;
    }
  };
  it('needs DATABASE_URL, and in production the PII keys the servers use', () => {
    expect(problems({})).toEqual([expect.stringMatching(/^DATABASE_URL 未设置（npm run migrate 只迁移 PostgreSQL/)]);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: 'postgres://o@db/hr' }).map((l) => l.split(/[ :]/)[0])).toEqual(['PII_KEYS', 'PII_INDEX_KEY']);
    expect(problems({ DATABASE_URL: 'postgres://o@db/hr', MIGRATE_GRANT_TO: 'Robert"; DROP' })).toEqual([expect.stringMatching(/^MIGRATE_GRANT_TO: /)]);
    const env = productionEnv({ MIGRATE_GRANT_TO: 'hr_app', JOBS_SCHEMA: 'jobs' });
    expect(loadMigrateConfig(env as NodeJS.ProcessEnv)).toEqual({
      profile: 'production',
      databaseUrl: env.DATABASE_URL,
      jobsSchema: 'jobs',
      dbPooler: false,
      grantTo: 'hr_app',
      // the servers' keys, handed to lib/pii.ts by migrate-main.ts
      pii: { keys: new Map([[1, Buffer.alloc(32, 1)]]), current: 1, index: Buffer.alloc(32, 2) },
    });
    // the demo: the fixed demo keys unless given (as the demo's servers)
    expect(loadMigrateConfig({ DATABASE_URL: 'postgres://o@db/hr' }).pii).toEqual(DEMO_PII_KEYS);
    expect(problems({ DATABASE_URL: 'postgres://o@db/hr', PII_INDEX_KEY: 'c2hvcnQ=' })).toEqual(['PII_INDEX_KEY 应为 base64 编码的 32 字节密钥']);
  });
});

describe('pendingMigrations', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('none on a migrated database; the hidden one; all of them without schema_migrations', async () => {
    const known = loadMigrations();
    expect(await pendingMigrations(db)).toEqual([]);
    const latest = known.at(-1)!.version;
    await db.query("UPDATE schema_migrations SET version = version || '-hidden' WHERE version = $1", [latest]);
    const missing = await pendingMigrations(db);
    expect(missing.map((m) => m.version)).toEqual([latest]);
    expect(missingMigrationsLine(missing)).toBe(
      `数据库迁移未完成，服务未启动：缺少迁移 ${latest}（共 1 个）。请先用有建表权限的数据库账号运行 npm run migrate（镜像内：node dist/server/migrate.js），再启动服务。`,
    );
    await db.exec('DROP TABLE schema_migrations');
    expect((await pendingMigrations(db)).length).toBe(known.length);
    expect(missingMigrationsLine(known)).toMatch(
      new RegExp(`缺少迁移 ${known[0]!.version}、${known[1]!.version}、${known[2]!.version}、…、${latest}（共 ${known.length} 个）`),
    );
  });
});

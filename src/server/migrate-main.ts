/**
 * `npm run migrate` (that is `node dist/server/migrate.js`, in the image too): applies the
 * database migrations this build knows, creates or migrates pg-boss's schema and every queue of
 * server-jobs.ts, optionally grants the servers' role what it needs (MIGRATE_GRANT_TO), prints one
 * line and exits. Run it with a database user allowed DDL (the
 * schema's owner) before a release's servers start: production servers run no DDL and refuse to
 * start on a database whose migrations are behind (main.ts). Old servers may keep serving while
 * it runs: a release's migrations must work with the previous release's code (README: Production).
 * Several runs at once take turns (each step holds an advisory lock; the next finds it applied).
 * Exit codes: 0 done, 1 the database is unreachable or a step failed, 2 a bad setting.
 */
import { ConfigError, loadMigrateConfig, type MigrateConfig } from './config';
import { migrate, openDb, type Db } from './db';
import { loadMigrations } from './db/migrate';
import { databaseErrorLine, errorReason, isConnectionError, pendingMigrations } from './db/readiness';
import { startJobs } from './jobs';
import { usePiiKeys } from './lib/pii';
import { allServerJobs } from './server-jobs';

let config: MigrateConfig;
try {
  config = loadMigrateConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`配置有误，未执行迁移（${process.env.NODE_ENV === 'production' ? '生产' : '演示'}模式）：`);
  for (const line of err.lines) console.error(`  ${line}`);
  process.exit(2);
}

const { databaseUrl, jobsSchema, grantTo, dbPooler } = config;
// a code migration seals personal data: with the servers' keys (config.ts), never the demo's
usePiiKeys(config.pii);
// a few connections: pg-boss's start holds one under its lock while it works on others; no limit
// on a statement or a lock wait (a migration may rewrite a large table, or wait for old servers)
const db = await openDb({ databaseUrl, dataDir: '', poolMax: 3, pooler: dbPooler, timeouts: { statementMs: 0, lockMs: 0, queryMs: 0 } });

const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;

/**
 * What a server's role needs and nothing more: USAGE on the application's schema and pg-boss's,
 * SELECT/INSERT/UPDATE/DELETE on their tables, USAGE/SELECT on their sequences. Run after every
 * migration, so new tables (and pg-boss's new queue partitions) are covered.
 */
async function grant(db: Db, role: string, jobsSchema: string): Promise<string> {
  if (!(await db.one('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])))
    throw new Error(`角色 ${role} 不存在（MIGRATE_GRANT_TO），请先 CREATE ROLE ${role} LOGIN PASSWORD '…'`);
  const app = (await db.one<{ s: string }>('SELECT current_schema() AS s'))!.s;
  const schemas = [app, jobsSchema].map(quote).join(', ');
  await db.exec(`GRANT USAGE ON SCHEMA ${schemas} TO ${quote(role)};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schemas} TO ${quote(role)};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schemas} TO ${quote(role)};`);
  return `已授予角色 ${role} 模式 ${app}、${jobsSchema} 的读写权限`;
}

let step = '数据库迁移';
try {
  const applied = await migrate(db);
  step = '后台任务队列准备';
  const jobs = await startJobs({ db, schema: jobsSchema, migrate: true }, allServerJobs());
  await jobs.stop(5000);
  step = '授权';
  const granted = grantTo ? await grant(db, grantTo, jobsSchema) : null;
  const known = loadMigrations().length;
  console.log(
    [
      applied.length ? `数据库迁移完成：已执行 ${applied.join('、')}` : `数据库已是最新：${known} 个迁移均已执行`,
      `后台任务队列已就绪（模式 ${jobsSchema}）`,
      ...(granted ? [granted] : []),
    ].join('；'),
  );
  await db.close();
  process.exit(0);
} catch (err) {
  let line: string;
  if (isConnectionError(err)) line = databaseErrorLine(err, { databaseUrl });
  else if (step === '数据库迁移') {
    // the step that failed is the first one still missing (each runs in its own transaction)
    const failed = await pendingMigrations(db).then(
      (m) => m[0],
      () => undefined,
    );
    line = `数据库迁移失败${failed ? `（${failed.version}_${failed.name}，已回滚，之前的迁移已保留）` : ''}：${errorReason(err, databaseUrl)}`;
  } else line = `${step}失败：${errorReason(err, databaseUrl)}`;
  console.error(line);
  await db.close().catch(() => undefined);
  process.exit(1);
}

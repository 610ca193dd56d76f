/**
 * What a server or `npm run migrate` says when the database is not there or not ready (issue 25
 * item 5): one line each, in Chinese, never a stack trace and never the password of DATABASE_URL.
 * - pendingMigrations: the migrations this build knows that the database has not recorded; a
 *   production server refuses to start while any is missing (it runs no DDL itself);
 * - databaseErrorLine: `无法连接数据库（DATABASE_URL 主机:端口/库名）：原因` for an unreachable or
 *   refusing database, the error's own message otherwise.
 */
import { loadMigrations, type Migration } from './migrate';
import type { Db } from './types';
import { firstError } from './pg';

/** The known migrations missing from `schema_migrations` (all of them when it does not exist yet). */
export async function pendingMigrations(db: Db, migrations: Migration[] = loadMigrations()): Promise<Migration[]> {
  // to_regclass: no error (and no aborted transaction) when the table is not there
  const table = await db.one<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
  if (!table?.t) return migrations;
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  return migrations.filter((m) => !done.has(m.version));
}

/** The refusal of a production server started before `npm run migrate`. */
export function missingMigrationsLine(missing: Migration[]): string {
  const shown = missing.length > 12 ? [...missing.slice(0, 3).map((m) => m.version), '…', missing.at(-1)!.version] : missing.map((m) => m.version);
  return `数据库迁移未完成，服务未启动：缺少迁移 ${shown.join('、')}（共 ${missing.length} 个）。请先用有建表权限的数据库账号运行 npm run migrate（镜像内：node dist/server/migrate.js），再启动服务。`;
}

/**
 * `host:port/db` of a connection string, without user or password; null when it cannot be read.
 * A URL without a host or port (`postgres:///hr`) is completed as the driver completes it:
 * node-postgres itself falls back to libpq's PGHOST / PGPORT, then localhost:5432. Those are the
 * driver's defaults, not settings of ours (config.ts neither reads nor passes them), so this line
 * reads them too — only to name the place the driver really tried.
 */
export function dbTarget(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname || process.env.PGHOST || 'localhost';
    const port = u.port || process.env.PGPORT || '5432';
    const db = decodeURIComponent(u.pathname.replace(/^\//, ''));
    return `${host}:${port}${db ? `/${db}` : ''}`;
  } catch {
    return null;
  }
}

const CONNECT_CODES: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝（ECONNREFUSED：该地址没有 PostgreSQL 在监听）',
  ENOTFOUND: '找不到该主机（ENOTFOUND）',
  EAI_AGAIN: '暂时无法解析该主机名（EAI_AGAIN）',
  ETIMEDOUT: '连接超时（ETIMEDOUT）',
  EHOSTUNREACH: '主机不可达（EHOSTUNREACH）',
  ENETUNREACH: '网络不可达（ENETUNREACH）',
  ECONNRESET: '连接被对方重置（ECONNRESET）',
  EPIPE: '连接已断开（EPIPE）',
};

/** PostgreSQL's SQLSTATEs of a refused connection (classes 08 and 28, and a few more). */
const SQLSTATES: Record<string, string> = {
  '28P01': '用户名或密码错误（28P01）',
  '28000': '数据库拒绝了该用户的连接（28000，见 pg_hba.conf）',
  '3D000': '数据库不存在（3D000）',
  '53300': '数据库连接数已满（53300）',
  '57P03': '数据库正在启动或关闭（57P03）',
  '57P01': '数据库正在关闭（57P01）',
};

/** A statement the database's limits ended (not a connection problem). */
const LIMITS: Record<string, string> = {
  '55P03': '等待锁超时（55P03，见 DB_LOCK_TIMEOUT_MS）',
  '57014': '语句执行超时（57014，见 DB_STATEMENT_TIMEOUT_MS）',
  '25P03': '事务空闲超时（25P03，见 DB_IDLE_IN_TX_TIMEOUT_MS）',
};

/** A connection that could not be made or was refused (as opposed to a failing statement). */
export function isConnectionError(err: unknown): boolean {
  const e = firstError(err);
  const code = e.code ?? '';
  if (code in CONNECT_CODES || code in SQLSTATES || code.startsWith('08')) return true;
  return /connection terminated|connection timeout|timeout expired|trying to connect|does not support SSL|self[- ]signed certificate|SASL|ECONNREFUSED/i.test(
    e.message ?? '',
  );
}

/** The error's reason in one line, in Chinese where we know it, with anything that looks like the password removed. */
export function errorReason(err: unknown, url?: string | null): string {
  const e = firstError(err);
  const code = e.code ?? '';
  const message = (e.message ?? String(err)).split('\n')[0]!.trim();
  const known = SQLSTATES[code] ?? LIMITS[code];
  let reason =
    CONNECT_CODES[code] ??
    (known
      ? `${known}：${message}`
      : /timeout/i.test(message)
        ? `连接超时（${message}）`
        : code && !message.includes(code)
          ? `${message}（${code}）`
          : message || code || '未知错误');
  // defence in depth: PostgreSQL's messages name the user, never the password, but a driver might echo the URL
  if (url) {
    try {
      const pw = decodeURIComponent(new URL(url).password);
      if (pw) reason = reason.split(pw).join('***');
    } catch {
      // an unreadable URL carries nothing to hide here
    }
    reason = reason.split(url).join('DATABASE_URL');
  }
  return reason;
}

/**
 * One line for a database error at start: where (DATABASE_URL's host:port/db, or the embedded
 * database's folder) and why. A failing statement (not a connection) reads `数据库初始化失败：…`.
 */
export function databaseErrorLine(err: unknown, where: { databaseUrl?: string | null; dataDir?: string }): string {
  const reason = errorReason(err, where.databaseUrl);
  if (!where.databaseUrl) return `无法打开内嵌数据库（${where.dataDir ?? 'DATA_DIR'}）：${reason}`;
  if (isConnectionError(err)) return `无法连接数据库（DATABASE_URL ${dbTarget(where.databaseUrl) ?? '无法解析'}）：${reason}`;
  return `数据库初始化失败（DATABASE_URL ${dbTarget(where.databaseUrl) ?? '无法解析'}）：${reason}`;
}

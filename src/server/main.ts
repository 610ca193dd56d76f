import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildServer } from './app';
import { migrate, openDb, seed } from './db';

/**
 * `npm start` / `npm run serve`: opens the database (PGlite in DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set), migrates it, seeds demo data into an empty one, and serves the API,
 * the sandboxes and the built console (dist/).
 */
const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const dataDir = resolve(env.DATA_DIR ?? './data');
const databaseUrl = env.DATABASE_URL || undefined;
// sandboxes stand in for SMS, payment and storage: on unless production asks for them off
const sandbox = env.NODE_ENV !== 'production' || env.SANDBOX === '1';
const staticDir = resolve(env.STATIC_DIR ?? 'dist');

if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
const db = await openDb({ databaseUrl, dataDir });
let applied: string[] = [];
let seeded: string[] = [];
try {
  applied = await migrate(db);
  // SEED=0 keeps demo data out of a new database
  seeded = env.SEED === '0' ? [] : await seed(db);
} catch (err) {
  console.error('数据库初始化失败：', err);
  await db.close();
  process.exit(1);
}

const app = await buildServer({ db, sandbox, staticDir, logger: true, ossDir: resolve(dataDir, 'oss') });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}：正在关闭服务…`);
  // stop taking requests first, then close the database (PGlite must be closed cleanly)
  try {
    await app.close();
  } finally {
    await db.close();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port, host });
} catch (err) {
  app.log.error(err);
  await db.close();
  process.exit(1);
}

const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
const where = databaseUrl ? 'PostgreSQL（DATABASE_URL）' : `PGlite（${dataDir}）`;
console.log(`\n企业服务平台已启动：http://${shown}:${port}/`);
console.log(`数据库：${where}${applied.length ? `，已执行迁移 ${applied.join('、')}` : ''}${seeded.length ? `，已写入演示数据 ${seeded.join('、')}` : ''}`);
if (sandbox) console.log(`沙箱操作台：http://${shown}:${port}/sandbox/\n`);

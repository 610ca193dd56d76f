import { mkdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { aliyunSms, installSmsSender } from './adapters/sms';
import { buildServer, configuredOptions } from './app';
import { bufferedStdout } from './http/log-stream';
import { ConfigError, loadConfig, type Config } from './config';
import { migrate, openDb, seed } from './db';
import { isConnectionTrouble } from './db/pg';
import { databaseErrorLine, isConnectionError, missingMigrationsLine, pendingMigrations } from './db/readiness';
import { installJobs, JobsNotPrepared, startJobs, type Jobs } from './jobs';
import { useServerKeys } from './lib/keys';
import { usePiiKeys } from './lib/pii';
import { serverVod } from './routes/upload';
import { serverPayoutChannel } from './routes/payout-channel-provider';
import { serverJobs } from './server-jobs';

/**
 * `npm start` (the demo) and `npm run start:prod` (production, NODE_ENV=production); compiled to
 * dist/server/main.js by `npm run build` (scripts/build-server.mjs). Reads and validates the
 * configuration (config.ts), opens the database (PGlite in DATA_DIR, or PostgreSQL from
 * DATABASE_URL) and serves the API, the sandboxes (demo only) and the built console (dist/).
 * The demo migrates its database under an advisory lock and seeds an empty one; production runs
 * no DDL: `npm run migrate` (migrate-main.ts) did, or the server refuses to start, naming the
 * missing migrations. A database that cannot be reached: one line, exit code 1.
 * SIGTERM/SIGINT: stop accepting, finish the requests in flight, close the database.
 */

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`配置有误，服务未启动（${process.env.NODE_ENV === 'production' ? '生产' : '演示'}模式）：`);
  for (const line of err.lines) console.error(`  ${line}`);
  process.exit(2);
}

const { databaseUrl, dataDir } = config;
// the keys, before anything seals, signs or hashes with them (the seed and code migrations too)
useServerKeys(config.keys);
usePiiKeys(config.pii);
// pg-boss completes some of its own internal jobs without awaiting the call: with the database
// away, that rejection would end the process. A database that is away is logged and outlived
// (requests answer 503, jobs retry); any other unhandled rejection still ends the process.
process.on('unhandledRejection', (err) => {
  if (!isConnectionTrouble(err)) throw err;
  console.error(`[db] 数据库暂不可用（后台操作）：${err instanceof Error ? err.message : String(err)}`);
});
// production sends SMS codes through Alibaba Cloud SMS; the demo's sandbox keeps them in its outbox
installSmsSender(config.sms ? aliyunSms(config.sms) : null);
if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
const db = await openDb({ databaseUrl, dataDir, poolMax: config.dbPoolMax, pooler: config.dbPooler, timeouts: config.dbTimeouts });
let applied: string[] = [];
let seeded: string[] = [];
let missing: Awaited<ReturnType<typeof pendingMigrations>> = [];
try {
  if (config.profile === 'production') {
    // production runs no DDL (its database user need not be allowed to): only checks
    missing = await pendingMigrations(db);
  } else {
    applied = await migrate(db);
    // production never seeds; the demo seeds a new database (SEED=0 keeps it empty)
    seeded = config.seed ? await seed(db) : [];
  }
} catch (err) {
  // one line (where and why), no stack trace, never DATABASE_URL's password
  console.error(databaseErrorLine(err, { databaseUrl, dataDir }));
  await db.close().catch(() => undefined);
  process.exit(1);
}
if (missing.length) {
  console.error(missingMigrationsLine(missing));
  await db.close().catch(() => undefined);
  process.exit(1);
}

const app = await buildServer({
  ...configuredOptions(config),
  db,
  staticDir: config.staticDir,
  logger: true,
  logLevel: config.logLevel,
  // lines gathered and written every 50 ms, not one write each (http/log-stream.ts)
  logStream: bufferedStdout() as unknown as NodeJS.WritableStream,
  ossDir: resolve(dataDir, 'oss'),
  cleanupByJob: true,
});

// durable background work (jobs/): pg-boss in the same database, one schedule for all servers
let jobs: Jobs | null = null;
try {
  const vod = serverVod(app, { vod: config.vod, sandbox: config.sandbox });
  // the list is server-jobs.ts's (`npm run migrate` creates the same queues); a new job goes there
  const payoutChannel = serverPayoutChannel(app, { url: config.payoutChannelUrl, sandbox: config.sandbox, publicOrigin: config.publicOrigin });
  const defs = serverJobs({
    vod: vod?.client ?? null,
    onVodError: (msg) => app.log.error({ err: msg }, '视频点播查询失败'),
    payoutChannel,
    log: app.log,
  });
  // production creates nothing (no DDL): pg-boss's schema and the queues come from `npm run migrate`
  jobs = await startJobs({ db, schema: config.jobsSchema, log: app.log, migrate: config.profile !== 'production' }, defs);
  await jobs.work();
  installJobs(jobs);
} catch (err) {
  if (err instanceof JobsNotPrepared) console.error(err.message);
  else if (isConnectionError(err)) console.error(databaseErrorLine(err, { databaseUrl, dataDir }));
  else app.log.error({ err }, '后台任务队列启动失败');
  await db.close().catch(() => undefined);
  process.exit(1);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, '正在关闭服务：不再接受新请求，等待进行中的请求完成…');
  // a request that never ends must not keep the process alive past the orchestrator's patience
  const force = setTimeout(() => {
    app.log.error('等待进行中的请求超时，强制退出');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  let code = 0;
  try {
    // closes the listener, answers 503 to new requests on kept-alive sockets, waits for the rest
    await app.close();
    // jobs running here finish (or are retried elsewhere after they expire)
    await jobs?.stop(Math.max(1000, config.shutdownTimeoutMs - 2000));
  } catch (err) {
    app.log.error({ err }, '关闭服务出错');
    code = 1;
  } finally {
    // then the database (PGlite must be closed cleanly; the pg pool ends its connections)
    await db.close().catch(() => undefined);
    app.log.info('服务已关闭');
    process.exit(code);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  // EADDRINUSE and the like: one line
  const e = err as NodeJS.ErrnoException;
  console.error(
    `无法监听 ${config.host}:${config.port}：${e.code === 'EADDRINUSE' ? '端口已被占用（EADDRINUSE）' : e.code === 'EACCES' ? '没有权限使用该端口（EACCES）' : e.message}`,
  );
  await jobs?.stop(1000).catch(() => undefined);
  await db.close().catch(() => undefined);
  process.exit(1);
}

const { port, host } = config;
const anyHost = host === '0.0.0.0' || host === '::';
const shown = anyHost ? 'localhost' : host;
const where = databaseUrl ? 'PostgreSQL（DATABASE_URL）' : `PGlite（${dataDir}）`;
const lanIps = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && a.family === 'IPv4' && !a.internal)
  .map((a) => a!.address);
if (config.profile === 'production') {
  console.log(`\n企业服务平台（生产模式）已启动：监听 ${host}:${port}，对外地址 ${config.publicOrigin}`);
  console.log(`数据库：${where}${applied.length ? `，已执行迁移 ${applied.join('、')}` : ''}；健康检查 /healthz，就绪检查 /readyz\n`);
} else {
  console.log(`\n企业服务平台（演示模式）已启动：http://${shown}:${port}/`);
  console.log(
    '演示模式：内置演示数据与沙箱（任何能访问本端口的人都能读验证码、审核企业、标记订单已付），请勿用于真实业务；生产部署见 README 的 Production 一节（npm run start:prod）。',
  );
  console.log(`数据库：${where}${applied.length ? `，已执行迁移 ${applied.join('、')}` : ''}${seeded.length ? `，已写入演示数据 ${seeded.join('、')}` : ''}`);
  if (config.sandbox) console.log(`沙箱操作台：http://${shown}:${port}/sandbox/`);
  if (anyHost) {
    if (lanIps.length) console.log(`局域网内的手机可访问：${lanIps.map((ip) => `http://${ip}:${port}/`).join('  ')}`);
  } else {
    console.log(
      `仅本机可访问。要让同一局域网的手机访问，请用 HOST=0.0.0.0 npm start 启动${lanIps.length ? `，然后在手机上打开 http://${lanIps[0]}:${port}/` : ''}。`,
    );
  }
  console.log('');
}

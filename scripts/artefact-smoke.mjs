// The deployable artefact, run the way the image runs it (issue 25 item 5; .ci/run's "artefact"
// step; docker is not available on these machines):
//   npm run build && SMOKE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/artefact-smoke.mjs
// 1. stages the artefact as the Dockerfile's runtime stage does: package.json, package-lock.json
//    and dist/ in a fresh folder, `npm ci --omit=dev` (no tsx, no TypeScript, no sources);
// 2. on the PostgreSQL of SMOKE_DATABASE_URL (a superuser; DATABASE_URL if unset) makes a new
//    database with an owner role and an app role without DDL rights (README: Database users);
// 3. `node dist/server/migrate.js` as the owner (MIGRATE_GRANT_TO=the app role), twice;
// 4. `node dist/server/main.js` as the app role, NODE_ENV=production with dummy but valid
//    settings (the SMS gateway is a closed local port), as user nobody when run as root: /readyz,
//    /healthz, POST /ent/v3/login/code, the console's page, no sandbox, no server files; SIGTERM
//    exits 0;
// 5. refusals, one line each, no stack trace, never the password: a server on a database missing
//    a migration, a server and the migrate command on an unreachable database.
// Drops what it made. SMOKE_STAGE=0 runs dist/ in place (with the repository's node_modules).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const secs = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (what) => console.log(`\n--- ${what} (${secs()})`);
const fail = (what) => {
  throw new Error(what);
};
const check = (ok, what) => {
  if (!ok) fail(what);
  console.log(`  ok: ${what}`);
};

const adminUrl = process.env.SMOKE_DATABASE_URL || process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('artefact-smoke: 请设置 SMOKE_DATABASE_URL（一个可以建库建角色的 PostgreSQL 连接串）');
  process.exit(2);
}
for (const f of ['dist/index.html', 'dist/server/main.js', 'dist/server/migrate.js']) {
  if (!existsSync(path.join(root, f))) {
    console.error(`artefact-smoke: 缺少 ${f}，请先运行 npm run build（或 vite build 之后 npm run build:server）`);
    process.exit(2);
  }
}

// what the image runs: its CMD and its HEALTHCHECK, read from the Dockerfile
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? 'null');
const healthcheck = JSON.parse(/^HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? 'null');
if (JSON.stringify(cmd) !== '["node","dist/server/main.js"]' || healthcheck?.[0] !== 'node') {
  console.error(`artefact-smoke: the Dockerfile's CMD (${JSON.stringify(cmd)}) or HEALTHCHECK (${JSON.stringify(healthcheck)}) is not what this script runs`);
  process.exit(2);
}

const freePort = () =>
  new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
const key = () => randomBytes(32).toString('base64');
// as root, the servers run as nobody (the image's USER node): a server needing to write where it
// runs, or a root-only file, fails here (unless this node binary is out of nobody's reach)
const asNobody = process.getuid?.() === 0 && spawnSync(process.execPath, ['-e', '0'], { uid: 65534, gid: 65534, cwd: '/' }).status === 0;

/** Runs `node <args>` in the staged folder with exactly `env`; resolves when it exits. */
function run(dir, file, env, { timeoutMs = 60_000 } = {}) {
  const child = spawn(process.execPath, Array.isArray(file) ? file : [file], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asNobody ? { uid: 65534, gid: 65534 } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exited = new Promise((res) =>
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      res(code ?? signal);
    }),
  );
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** A refusal: exit code 1, one line on stderr matching `line`, no stack trace, no password. */
async function refuses(p, line, password) {
  const code = await p.exited;
  const lines = p.err().trim().split('\n');
  check(code === 1, `exit code 1 (got ${code})`);
  check(lines.length === 1 && line.test(lines[0]), `one line: ${lines[0]}`);
  check(!/\n\s+at /.test(p.err() + p.out()), 'no stack trace');
  if (password) check(!(p.err() + p.out()).includes(password), 'the password is not printed');
}

const tag = randomBytes(4).toString('hex');
const dbName = `hr_artefact_${tag}`;
const owner = { name: `hr_art_owner_${tag}`, password: `o-${randomBytes(9).toString('hex')}` };
const app = { name: `hr_art_app_${tag}`, password: `a-${randomBytes(9).toString('hex')}` };
const u = new URL(adminUrl);
const urlFor = (role, db = dbName) => `postgres://${role.name}:${encodeURIComponent(role.password)}@${u.hostname}:${u.port || 5432}/${db}`;

let dir = root;
let staged = false;
const admin = new pg.Client({ connectionString: adminUrl });
let server = null;
try {
  if (process.env.SMOKE_STAGE !== '0') {
    step('stage the artefact as the image does: package.json, package-lock.json, dist/, npm ci --omit=dev');
    dir = mkdtempSync(path.join(tmpdir(), 'hr-artefact-'));
    staged = true;
    chmodSync(dir, 0o755);
    for (const f of ['package.json', 'package-lock.json']) cpSync(path.join(root, f), path.join(dir, f));
    cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    check(
      !existsSync(path.join(dir, 'node_modules/tsx')) && !existsSync(path.join(dir, 'node_modules/typescript')),
      'no tsx, no TypeScript in the runtime install',
    );
  }

  step(`database ${dbName}: owner ${owner.name}, app role ${app.name} without DDL rights`);
  await admin.connect();
  await admin.query(`CREATE ROLE ${owner.name} LOGIN PASSWORD '${owner.password}'`);
  await admin.query(`CREATE ROLE ${app.name} LOGIN PASSWORD '${app.password}'`);
  await admin.query(`CREATE DATABASE ${dbName} OWNER ${owner.name}`);
  {
    const c = new pg.Client({ connectionString: Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() });
    await c.connect();
    await c.query(`ALTER SCHEMA public OWNER TO ${owner.name}; REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await c.end();
  }

  const keys = { PII_KEYS: `1:${key()}`, PII_INDEX_KEY: key() };
  const prod = {
    NODE_ENV: 'production',
    ...keys,
    PUBLIC_ORIGIN: 'https://hr.example.com',
    SMS_CODE_KEY: key(),
    PAYOUT_CHANNEL_KEY: key(),
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-smoke',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'smoke-secret',
    ALIYUN_SMS_SIGN_NAME: '企业服务平台',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
    // nothing leaves the machine: the gateway is a closed port (the sms-send job retries)
    ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9/',
    // nor to the payout channel (no batch is confirmed here)
    PAYOUT_CHANNEL_URL: 'http://127.0.0.1:9/pay',
    TAX_SELLER_NAME: '杭州示例人力资源服务有限公司',
    TAX_SELLER_TAX_NO: '91330106MA2H8D7K3U',
    TAX_SELLER_ADDRESS: '杭州市西湖区文三路1号 0571-88880000',
    TAX_SELLER_BANK: '招商银行杭州分行 571900000000000001',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };

  step('npm run migrate (node dist/server/migrate.js) as the owner, twice');
  {
    const m = run(dir, 'dist/server/migrate.js', { NODE_ENV: 'production', ...keys, DATABASE_URL: urlFor(owner), MIGRATE_GRANT_TO: app.name });
    const code = await m.exited;
    check(code === 0, `exit code 0 (got ${code}) ${m.err()}`);
    check(
      /^数据库迁移完成：已执行 001_init、.*；后台任务队列已就绪（模式 pgboss）；已授予角色/.test(m.out().trim()) && m.out().trim().split('\n').length === 1,
      'one line: 数据库迁移完成…',
    );
    const again = run(dir, 'dist/server/migrate.js', { NODE_ENV: 'production', ...keys, DATABASE_URL: urlFor(owner), MIGRATE_GRANT_TO: app.name });
    check((await again.exited) === 0 && /^数据库已是最新/.test(again.out()), `again: ${again.out().trim().slice(0, 40)}…`);
  }

  step('the app role runs no DDL');
  {
    const c = new pg.Client({ connectionString: urlFor(app) });
    await c.connect();
    const e = await c.query('CREATE TABLE smoke_ddl (a int)').then(
      () => null,
      (err) => err,
    );
    await c.end();
    check(e?.code === '42501', `CREATE TABLE as the app role: ${e?.message}`);
  }

  step('node dist/server/main.js as the app role, NODE_ENV=production' + (asNobody ? ', as user nobody' : ''));
  {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = run(dir, 'dist/server/main.js', { ...prod, PORT: String(port), DATABASE_URL: urlFor(app) }, { timeoutMs: 120_000 });
    let ready = false;
    for (let i = 0; i < 300 && !ready && server.child.exitCode === null; i++) {
      ready = await fetch(`${base}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    check(ready, `GET /readyz 200 ${ready ? '' : server.err() + server.out()}`);
    check(/企业服务平台（生产模式）已启动/.test(server.out()), 'the production banner');
    const hc = run(dir, healthcheck.slice(1), { PORT: String(port) });
    check((await hc.exited) === 0, "the Dockerfile's HEALTHCHECK passes");
    const health = await fetch(`${base}/healthz`);
    check(health.status === 200 && (await health.json()).status === 'ok', 'GET /healthz 200');
    const code = await fetch(`${base}/ent/v3/login/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mobile=13800000001',
    });
    const env = await code.json();
    check(code.status === 200 && env.code === 200 && typeof env.msg === 'string', `POST /ent/v3/login/code: ${JSON.stringify(env)}`);
    const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    check(page.status === 200 && (await page.text()).includes('<div id="root">'), 'GET / serves the console');
    check((await fetch(`${base}/sandbox/sms?mobile=13800000001`)).status === 404, 'no sandbox in production');
    check((await fetch(`${base}/server/main.js`)).status === 404, 'the compiled server is not served');
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    check(exit === 0, `SIGTERM: exit code 0 (got ${exit})`);
    check(!/"level":(50|60)/.test(server.out()), `no error logged ${server.out().match(/.*"level":(50|60).*/)?.[0] ?? ''}`);
    server = null;
  }

  step('a server on a database missing a migration refuses to start');
  {
    const c = new pg.Client({ connectionString: urlFor(owner) });
    await c.connect();
    const { rows } = await c.query('SELECT max(version) AS v FROM schema_migrations');
    const latest = rows[0].v;
    await c.query("UPDATE schema_migrations SET version = version || '-hidden' WHERE version = $1", [latest]);
    try {
      const p = run(dir, 'dist/server/main.js', { ...prod, PORT: String(await freePort()), DATABASE_URL: urlFor(app) });
      await refuses(p, new RegExp(`^数据库迁移未完成，服务未启动：缺少迁移 ${latest}（共 1 个）。.*npm run migrate`));
    } finally {
      await c.query("UPDATE schema_migrations SET version = $1 WHERE version = $1 || '-hidden'", [latest]);
      await c.end();
    }
  }

  step('an unreachable database: the server and the migrate command');
  {
    const password = 'smoke-secret-password';
    const dead = `postgres://hr_app:${password}@127.0.0.1:${await freePort()}/hr`;
    const line = /^无法连接数据库（DATABASE_URL 127\.0\.0\.1:\d+\/hr）：连接被拒绝（ECONNREFUSED/;
    await refuses(run(dir, 'dist/server/main.js', { ...prod, PORT: String(await freePort()), DATABASE_URL: dead }), line, password);
    await refuses(run(dir, 'dist/server/migrate.js', { NODE_ENV: 'production', ...keys, DATABASE_URL: dead }), line, password);
  }

  console.log(`\n制品冒烟测试通过（${secs()}）`);
} catch (err) {
  console.error(`\n制品冒烟测试失败：${err.message}`);
  if (server) console.error(server.err(), server.out().slice(-4000));
  process.exitCode = 1;
} finally {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${owner.name}`);
    await admin.query(`DROP ROLE IF EXISTS ${app.name}`);
  } catch {
    // the database was never reached: nothing was made
  }
  await admin.end().catch(() => undefined);
  if (staged) rmSync(dir, { recursive: true, force: true });
}

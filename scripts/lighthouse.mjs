/**
 * Lighthouse on the built console (issue 4): performance, accessibility and best-practices for
 * /login (a first visit, storage reset) and /index (a logged-in HR user's profile: token cookie,
 * the service worker installed), desktop preset, the median of RUNS runs (5) each.
 *
 *   npm run build && node scripts/lighthouse.mjs                 # starts its own server on dist/
 *   node scripts/lighthouse.mjs http://localhost:8922            # or measures a running one
 *
 * Env: RUNS (5), STATIC_DIR (dist), LH_PORT (8931, the server it starts), CHROME_PATH,
 * LH_DETAILS=1 (also list the audits that lost points, per run).
 * Scores move with machine load (STACK.md pitfall 10): compare medians, gate on bytes (bench).
 * Prints one line per page and, last, one JSON object.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const CHROME_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`服务没有在 ${ms / 1000} 秒内启动：${url}`);
}

/** The reference server on the built console, with a database of its own. */
async function startServer() {
  const port = Number(process.env.LH_PORT ?? 8931);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lh-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: process.env.STATIC_DIR ?? 'dist' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/manifest.webmanifest`, 90_000);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function token(base, mobile) {
  const form = (body) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  await fetch(`${base}/ent/v3/login/code`, form(`mobile=${mobile}`));
  const { code } = await (await fetch(`${base}/sandbox/sms?mobile=${mobile}`)).json();
  const res = await (await fetch(`${base}/ent/v3/login`, form(`mobile=${mobile}&code=${code}`))).json();
  if (res.code !== 200) throw new Error(`登录失败：${res.msg}`);
  return res.data.token;
}

/** One Lighthouse run in a fresh Chromium profile; `prepare` may log in before the audit. */
async function audit(url, { prepare, keepStorage } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'lh-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    args: [...CHROME_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    if (prepare) await prepare(context);
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: !!keepStorage },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse 没有返回结果');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    if (process.env.LH_DETAILS) {
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (!(ref.weight > 0 && a && a.score !== null && a.score < 1)) continue;
          console.log(`  ${url} ${c}: ${a.id} ${a.score} ${a.displayValue ?? ''}`);
          // accessibility audits name the elements at fault
          for (const item of a.details?.items ?? []) if (item.node?.snippet) console.log(`      ${item.node.snippet.slice(0, 200)}`);
        }
      }
    }
    return Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : +((s[m - 1] + s[m]) / 2).toFixed(3);
};

async function main() {
  const given = process.argv[2];
  const server = given ? null : await startServer();
  const base = (given ?? server.url).replace(/\/$/, '');
  try {
    const value = await token(base, '13800000001');
    const pages = {
      '/login': {},
      '/index': {
        keepStorage: true,
        // the HR user's own browser: logged in, the console visited before (service worker installed)
        prepare: async (context) => {
          await context.addCookies([{ name: 'token', value, url: base }]);
          const page = context.pages()[0] ?? (await context.newPage());
          await page.goto(`${base}/index`);
          await page.getByTestId('welcome').waitFor({ timeout: 30_000 });
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
          await page.goto('about:blank');
        },
      },
    };
    const results = {};
    for (const [route, opts] of Object.entries(pages)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(base + route, opts));
      const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))]));
      results[route] = { median: med, runs };
      console.log(`${route}  ${CATEGORIES.map((c) => `${c} ${med[c]}`).join('  ')}  (${RUNS} 次运行的中位数，桌面预设)`);
    }
    console.log(JSON.stringify(Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.median]))));
  } finally {
    await server?.stop();
  }
}

await main();

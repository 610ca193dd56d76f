/**
 * Issue 17 item 5: no console errors or warnings in the DEVELOPMENT build on any route. Starts the
 * reference server (a fresh demo database, random port) and Vite's dev server proxying to it (a
 * free port: 5173 may be taken), signs in as the demo HR admin (13800000001: member, tax flag), opens
 * every route of src/app/routes.ts in Chromium and prints each console error or warning and each
 * uncaught page error, with its route. Exits non-zero when there is one.
 *
 *   node --import tsx scripts/dev-console.ts [--mobile 13800000002] [/only/this/route …]
 *
 * Allowed, as in tests/e2e/harness.ts: Chromium's "Failed to load resource … 4xx" line (the API's
 * deliberate 4xx envelopes, e.g. a made-up id in a route parameter). Not in CI: Vite compiles every
 * page on first visit, a minute or more on a loaded machine.
 */
import { chromium, type ConsoleMessage, type Page } from 'playwright-core';
import { createServer } from 'vite';
import { startTestServer } from '../tests/setup/server';
import { freePort } from '../tests/setup/spawn';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/harness';
import { readRouteTable } from './route-table';
import { mobileIndex } from '../src/server/domain/users';

const args = process.argv.slice(2);
const mIdx = args.indexOf('--mobile');
const mobile = mIdx >= 0 ? args.splice(mIdx, 2)[1]! : '13800000001';
const only = args.filter((a) => a.startsWith('/'));

const ALLOWED = [/Failed to load resource: the server responded with a status of 4\d\d/, /\[vite\] connect/, /Download the React DevTools/];

const api = await startTestServer();
// parameters from the demo database, so the pages show real records where they can
const one = async <T>(sql: string, params: unknown[] = []) => (await api.db.one<T>(sql, params)) ?? null;
const company = (await one<{ company_id: number }>('SELECT company_id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))?.company_id ?? 0;
const position = await one<{ id: number; title: string }>('SELECT id, title FROM positions WHERE company_id = $1 ORDER BY id LIMIT 1', [company]);
const task = await one<{ id: number; name: string }>('SELECT id, name FROM flex_tasks WHERE company_id = $1 ORDER BY id LIMIT 1', [company]).catch(() => null);
const departure = await one<{ id: number }>('SELECT id FROM departure_records WHERE company_id = $1 ORDER BY id LIMIT 1', [company]).catch(() => null);
const fill = (p: string) =>
  p.startsWith('/position/')
    ? p.replace(':id', String(position?.id ?? 1)).replace(':title', encodeURIComponent(position?.title ?? 'x'))
    : p.startsWith('/dimission/print/')
      ? p.replace(':id', String(departure?.id ?? 1))
      : p.startsWith('/bulkImport/')
        ? p.replace(':type', 'dimission')
        : p.startsWith('/employment/') || p.startsWith('/special/')
          ? p
              .replace(':id', String(task?.id ?? 1))
              .replace(':name', encodeURIComponent(task?.name ?? 'x'))
              .replace(/:\w+/g, '1')
          : p.replace(/:\w+/g, '1');

const port = await freePort();
process.env.API_TARGET = api.url;
const vite = await createServer({ server: { port, strictPort: true, host: '127.0.0.1' }, logLevel: 'warn' });
await vite.listen();
const base = `http://127.0.0.1:${port}`;

const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 860 } });
await context.addCookies([{ name: 'token', value: await api.tokenFor(mobile), url: base }]);

const faults: string[] = [];
let route = '';
const watch = (page: Page) => {
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (ALLOWED.some((re) => re.test(m.text()))) return;
    faults.push(`${route}  [console.${m.type()}] ${m.text().split('\n').slice(0, 6).join('\n    ')}`);
  });
  page.on('pageerror', (e) => faults.push(`${route}  [pageerror] ${e.message}`));
};

const { routes } = readRouteTable();
const page = await context.newPage();
watch(page);
let visited = 0;
for (const r of routes) {
  if (only.length && !only.includes(r.path)) continue;
  route = fill(r.path);
  const t0 = Date.now();
  // the first visit waits for Vite to pre-bundle the dependencies: minutes on a loaded machine
  await page
    .goto(base + route, { waitUntil: 'load', timeout: visited === 0 ? 600_000 : 180_000 })
    .catch((e: Error) => faults.push(`${route}  [goto] ${e.message}`));
  // the page's data answered and rendered (dev modules load on demand: generous)
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => faults.push(`${route}  [timeout] still loading`));
  await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
  visited++;
  console.log(`${route} → ${new URL(page.url()).pathname} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
}

await browser.close();
await vite.close();
await api.close();

if (faults.length) {
  console.error(`\n${faults.length} console errors/warnings on ${visited} routes:\n${faults.join('\n')}`);
  process.exit(1);
}
console.log(`\nno console errors or warnings on ${visited} routes (development build, ${mobile})`);

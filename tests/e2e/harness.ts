/**
 * End-to-end harness: the real server (buildServer on a fresh demo database) serving the built
 * console from dist/, driven by Debian's chromium through playwright-core.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer } from '../setup/server';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const ARTIFACTS = path.resolve('tests/.artifacts');
// E2E_DIST: a build of one's own (several people building at once must not share dist/)
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');

/**
 * Every harness context blocks the service worker: in a fresh context it precaches the whole
 * console (276 files, 2.1 MB) on the first page, which cost a browser test file a quarter of its
 * CPU (recruitment.test.ts alone: 211 → 157 CPU-s) on CI's two cores, and nothing but
 * pwa.test.ts is about it (that file makes its own contexts with the worker allowed). Motion is
 * reduced (prefers-reduced-motion, which Fluent's motion honours): dialogs and toasts appear
 * without waiting for their transitions.
 */
export const CONTEXT_DEFAULTS = { serviceWorkers: 'block', reducedMotion: 'reduce' } as const;

export interface Harness {
  url: string;
  browser: Browser;
  server: Awaited<ReturnType<typeof startTestServer>>;
  /** move the server's clock forward (the SMS limit allows one code per minute per mobile) */
  advanceClock(ms: number): void;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Signed in without the SMS round trip: the token cookie, as the login page leaves it (a token
   * made in the database). For tests about something else than logging in; open a page after it.
   */
  signIn(context: BrowserContext, mobile: string): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`没有找到 Chromium：${CHROME_PATH}。请安装 Debian 的 chromium（apt-get install chromium）或设置 CHROME_PATH。`);
  }
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('dist/index.html 不存在：请先运行 vite build（npm run test:e2e 会自动构建）。');
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  let offset = 0;
  const server = await startTestServer({ staticDir: DIST, now: () => new Date(Date.now() + offset) });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    url: server.url,
    browser,
    server,
    advanceClock(ms) {
      offset += ms;
    },
    async newPage() {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        viewport: { width: 1366, height: 860 },
        ...CONTEXT_DEFAULTS,
      });
      contexts.push(context);
      const page = await context.newPage();
      watchConsole(page);
      return { context, page };
    },
    async signIn(context, mobile) {
      await context.addCookies([{ name: 'token', value: await server.tokenFor(mobile), url: server.url }]);
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
      await server.close();
    },
  };
}

/** The latest SMS code the sandbox inbox holds for a mobile. */
export async function smsCode(baseUrl: string, mobile: string): Promise<string> {
  const res = await fetch(`${baseUrl}/sandbox/sms?mobile=${mobile}`);
  if (!res.ok) throw new Error(`no SMS for ${mobile}: HTTP ${res.status}`);
  const body = (await res.json()) as { code: string };
  return body.code;
}

/** Log in through the login page, as a user would. */
export async function loginAs(page: Page, baseUrl: string, mobile: string, from = '/login'): Promise<void> {
  await page.goto(from);
  // by role: a toast such as 验证码已发送 is also "labelled" with these words
  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('button', { name: /s后重新获取/ }).waitFor();
  const code = await smsCode(baseUrl, mobile);
  await page.getByRole('textbox', { name: '验证码' }).fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/**
 * Screenshots for people to look at (tests/.artifacts/). `E2E_SHOTS=0` leaves the PNGs out: CI
 * (.ci/run) throws its clone away unread, and encoding ~190 of them costs its two cores CPU time.
 */
const SHOTS = process.env.E2E_SHOTS !== '0';

/**
 * A screenshot once the page's animations (a dialog or menu opening) have finished. Without
 * screenshots (E2E_SHOTS=0) the wait for the animations stays: the test goes on from the same state.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  if (SHOTS) await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

// --- waiting for a state, never for a fixed time ---------------------------------------------------

/**
 * Two animation frames rendered, then every finite animation and transition of the document has
 * finished (a dialog's exit, a menu's opening; spinners run forever and are not waited for). After
 * a click that would close a dialog, its absence or presence is then meaningful.
 */
export async function animationsDone(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.evaluate(async (timeout) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = () => document.getAnimations().filter((a) => a.playState !== 'finished' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    const end = Date.now() + timeout;
    for (let running = finite(); running.length > 0 && Date.now() < end; running = finite()) {
      await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((r) => setTimeout(r, 100))]);
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }, timeoutMs);
}

const inflight = new WeakMap<Page, { n: number; at: number }>();

function trackRequests(page: Page): void {
  if (inflight.has(page)) return;
  const t = { n: 0, at: Date.now() };
  inflight.set(page, t);
  const done = () => {
    t.n = Math.max(0, t.n - 1);
    t.at = Date.now();
  };
  page.on('request', () => {
    t.n++;
    t.at = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Every request the page made has been answered (none in flight for `quietMs`), then its
 * animations are done: whatever those answers cause (a toast, a redirect, a reload) has happened,
 * so a check that something did NOT happen is meaningful.
 */
export async function settled(page: Page, quietMs = 300, timeoutMs = 30_000): Promise<void> {
  const t = inflight.get(page);
  if (!t) throw new Error('settled(): the page is not watched (open it with the harness or watchConsole)');
  const end = Date.now() + timeoutMs;
  while (t.n > 0 || Date.now() - t.at < quietMs) {
    if (Date.now() > end) throw new Error(`settled(): ${t.n} requests still in flight after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await animationsDone(page);
}

// --- console errors fail the test (issue 17) -------------------------------------------------------

/**
 * Console messages that are expected, each with why. Prefer fixing the source to adding a line.
 * Chromium logs "Failed to load resource" for every answer with an HTTP error status, also for
 * the API's deliberate 4xx envelopes (a wrong SMS code, another company's id, a conflict) that
 * the console shows as toasts: those are the contract, not faults. A 5xx never is.
 */
const ALLOWED_CONSOLE: RegExp[] = [
  /Failed to load resource: the server responded with a status of 4\d\d/,
  // Playwright's own note when a test's context blocks service workers on purpose
  /^Service Worker registration blocked by Playwright/,
];
const consoleFaults: string[] = [];
const pageAllowances = new WeakMap<Page, RegExp[]>();

/** A test that provokes a console message on purpose (going offline, a removed chunk) says so. */
export function allowConsole(page: Page, ...patterns: RegExp[]): void {
  pageAllowances.set(page, [...(pageAllowances.get(page) ?? []), ...patterns]);
}

/** Collects the page's console errors and warnings and its uncaught errors. */
export function watchConsole(page: Page): void {
  trackRequests(page);
  const allowed = (text: string) => [...ALLOWED_CONSOLE, ...(pageAllowances.get(page) ?? [])].some((re) => re.test(text));
  page.on('pageerror', (e) => {
    const text = `[pageerror] ${e.message}`;
    if (!allowed(e.message)) consoleFaults.push(text);
    console.error(text);
  });
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    const text = `[console.${m.type()}] ${m.text()} (${m.location().url})`;
    if (!allowed(m.text())) consoleFaults.push(text);
    console.error(text);
  });
}

/**
 * The console errors and page errors collected since the last call (tests/setup/e2e.ts fails every
 * browser test that leaves any).
 */
export function takeConsoleFaults(): string[] {
  return consoleFaults.splice(0);
}

/** Counts the page's fetches in flight (`window.__inflight`): the sweeps wait for 0 before they judge a page. */
export async function countFetches(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __inflight: number };
    w.__inflight = 0;
    const real = window.fetch.bind(window);
    window.fetch = (...a: Parameters<typeof fetch>) => {
      w.__inflight++;
      return real(...a).finally(() => w.__inflight--);
    };
  });
}

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

export interface Harness {
  url: string;
  browser: Browser;
  server: Awaited<ReturnType<typeof startTestServer>>;
  /** move the server's clock forward (the SMS limit allows one code per minute per mobile) */
  advanceClock(ms: number): void;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `没有找到 Chromium：${CHROME_PATH}。请安装 Debian 的 chromium（apt-get install chromium）或设置 CHROME_PATH。`,
    );
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
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error('[pageerror]', e.message));
      return { context, page };
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

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

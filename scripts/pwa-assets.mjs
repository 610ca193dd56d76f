/**
 * The install assets of the PWA (public/icons, public/screenshots), made with Debian's chromium.
 *
 *   node scripts/pwa-assets.mjs icons                      # PNG icons from public/logo.svg
 *   node scripts/pwa-assets.mjs screenshots http://localhost:8922
 *       # wide and narrow screenshots of the real console (a running server with demo data)
 *
 * The PNGs are committed; run again when the logo or the home page changes.
 */
import { readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const pub = path.resolve('public');
const logo = readFileSync(path.join(pub, 'logo.svg'), 'utf8');

// the logo's parts without its rounded square: the person and the check mark, on a 48-unit grid
const glyph = logo
  .split('\n')
  .filter((l) => /<(circle|path)/.test(l))
  .join('\n');
const BRAND = '#1660D8';

/** Full-bleed square for maskable and Apple icons: the glyph inside the 80 % safe circle. */
const fullBleed = (scale) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <rect width="48" height="48" fill="${BRAND}"/>
  <g transform="translate(24 24) scale(${scale}) translate(-24 -24)">${glyph}</g></svg>`;

/** Shortcut icons: the brand tile with a white line glyph (24-unit paths centred in 48). */
const tile = (inner) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <rect width="48" height="48" rx="12" fill="${BRAND}"/>
  <g transform="translate(12 12)" fill="none" stroke="#FFFFFF" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</g></svg>`;
const shortcuts = {
  // 全职招聘: a briefcase
  position: tile('<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 12h18"/>'),
  // 灵活用工: a clock with a person's shoulders
  employment: tile('<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>'),
  // 离职办理: a door with an arrow leaving it
  dimission: tile('<path d="M14 4H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8"/><path d="M11 12h10M18 9l3 3-3 3"/>'),
};

async function render(browser, svg, size, file) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
  console.log('写入', path.relative(process.cwd(), file));
}

async function icons() {
  const dir = path.join(pub, 'icons');
  mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ARGS });
  try {
    await render(browser, logo, 192, path.join(dir, 'icon-192.png'));
    await render(browser, logo, 512, path.join(dir, 'icon-512.png'));
    await render(browser, fullBleed(0.62), 512, path.join(dir, 'maskable-512.png'));
    await render(browser, fullBleed(0.8), 180, path.join(dir, 'apple-touch-icon.png'));
    for (const [name, svg] of Object.entries(shortcuts)) await render(browser, svg, 96, path.join(dir, `shortcut-${name}.png`));
  } finally {
    await browser.close();
  }
}

async function token(base, mobile) {
  const form = (body) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  await fetch(`${base}/ent/v3/login/code`, form(`mobile=${mobile}`));
  const { code } = await (await fetch(`${base}/sandbox/sms?mobile=${mobile}`)).json();
  const res = await (await fetch(`${base}/ent/v3/login`, form(`mobile=${mobile}&code=${code}`))).json();
  if (res.code !== 200) throw new Error(`登录失败：${res.msg}`);
  return res.data.token;
}

async function screenshots(base) {
  if (!base) throw new Error('用法：node scripts/pwa-assets.mjs screenshots http://localhost:8922');
  const dir = path.join(pub, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const value = await token(base, '13800000001');
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ARGS });
  try {
    for (const [name, viewport] of [
      ['wide', { width: 1280, height: 800 }],
      ['narrow', { width: 412, height: 915 }],
    ]) {
      const context = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', serviceWorkers: 'block' });
      await context.addCookies([{ name: 'token', value, url: base }]);
      const page = await context.newPage();
      // a working morning (10:00 in Beijing) for the greeting
      await page.clock.setFixedTime(new Date('2026-11-20T02:00:00Z'));
      await page.goto(`${base}/index`);
      await page.getByTestId('user-menu-trigger').waitFor();
      await page.waitForLoadState('networkidle');
      // the store picture shows the console, not a notice over it
      for (const close of await page.getByRole('button', { name: '关闭' }).all()) if (await close.isVisible()) await close.click();
      await page.waitForTimeout(500);
      const file = path.join(dir, `${name}.png`);
      await page.screenshot({ path: file });
      console.log('写入', path.relative(process.cwd(), file));
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

const [what, base] = process.argv.slice(2);
if (what === 'icons') await icons();
else if (what === 'screenshots') await screenshots(base);
else {
  console.error('用法：node scripts/pwa-assets.mjs icons | screenshots <console URL>');
  process.exit(1);
}

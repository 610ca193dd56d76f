/**
 * Security in Chromium (issue 9, items 2 and 10): an HTML or SVG file uploaded with a company's own
 * STS credential and opened by its URL never runs as the console (it cannot read the token cookie
 * or talk to the console's window), and the console itself works under its Content-Security-Policy
 * — login, home page, the upload worker — with no CSP violation.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OSS from 'ali-oss';
import type { BrowserContext, Page } from 'playwright-core';
import { presignGet } from '../../src/server/domain/accounts/credentials';
import { SANDBOX_BUCKET } from '../../src/server/sandbox/cloud';
import { loginAs, shot, startHarness, type Harness } from './harness';
import { mobileIndex } from '../../src/server/domain/users';

const TMP = '/tmp/sec-e2e';
let h: Harness;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  h = await startHarness();
}, 180_000);
afterAll(async () => {
  await h?.close();
});

interface Sts {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
}

/** Every CSP violation a page reports (collected before any of its scripts run). */
async function watchCsp(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

describe('uploaded files never run as the console', () => {
  it('an HTML and an SVG file with a script, put with the STS credential, cannot read the token cookie', async () => {
    const mobile = '13800000001';
    const token = await h.server.tokenFor(mobile);
    const sts = (await (await fetch(`${h.url}/ent/v3/upload/sts`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Sts };
    const cred = sts.data;
    const company = (await h.server.db.one<{ id: number }>('SELECT company_id AS id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!.id;
    const client = new OSS({
      accessKeyId: cred.AccessKeyId,
      accessKeySecret: cred.AccessKeySecret,
      stsToken: cred.SecurityToken,
      bucket: SANDBOX_BUCKET,
      endpoint: h.url,
      sldEnable: true,
      secure: false,
    } as OSS.Options & { sldEnable: boolean });
    // the script reports whatever it can reach to the console's window and to the server
    const payload = `parent.postMessage('stolen:' + document.cookie, '*');
      fetch('/exfil?c=' + encodeURIComponent(document.cookie)).catch(function () {});
      document.title = 'pwned:' + document.cookie;`;
    const files = [
      { key: `c${company}/evil/steal.html`, type: 'text/html', body: `<!doctype html><html><body><h1>简历</h1><script>${payload}</script></body></html>` },
      {
        key: `c${company}/evil/steal.svg`,
        type: 'image/svg+xml',
        body: `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${payload}</script></svg>`,
      },
    ];
    const expires = new Date(Date.now() + 600_000);
    const urls: string[] = [];
    for (const f of files) {
      await client.put(f.key, Buffer.from(f.body), { headers: { 'Content-Type': f.type } });
      urls.push(presignGet({ ...cred, expires }, SANDBOX_BUCKET, f.key, expires));
    }

    const { context, page } = await h.newPage();
    await context.addCookies([{ name: 'token', value: token, url: h.url }]);
    const stolen: string[] = [];
    await context.route('**/exfil**', (route) => {
      stolen.push(route.request().url());
      return route.fulfill({ status: 204, body: '' });
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.cookie)).toContain('token=');

    // 1. framed by the console (same origin): the script neither runs nor reaches the parent
    await page.evaluate(() => {
      const w = window as unknown as { __got: unknown[] };
      w.__got = [];
      window.addEventListener('message', (e) => w.__got.push(e.data));
    });
    for (const url of urls) {
      await page.evaluate((src) => {
        const f = document.createElement('iframe');
        f.src = src;
        f.style.width = '200px';
        f.style.height = '100px';
        document.body.appendChild(f);
      }, url);
    }
    // 2. opened directly in a tab of the same browser (cookie present)
    for (const url of urls) {
      const tab = await context.newPage();
      const download = tab.waitForEvent('download', { timeout: 15_000 }).catch(() => null);
      await tab.goto(url).catch(() => undefined);
      const dl = await download;
      if (!dl) {
        // served inline: it must at least not have run as the console
        expect(await tab.title()).not.toContain('pwned');
      }
      await tab.close();
    }
    // give any script ample time to report
    await page.waitForTimeout(2000);
    expect(await page.evaluate(() => (window as unknown as { __got: unknown[] }).__got)).toEqual([]);
    expect(stolen).toEqual([]);

    // what the store answers for them
    const res = await fetch(h.url + urls[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
  }, 120_000);
});

describe('the console under its Content-Security-Policy', () => {
  it('login, home page and the upload worker work with no CSP violation', async () => {
    const { context, page } = await h.newPage();
    await watchCsp(context);
    const consoleCsp: string[] = [];
    page.on('console', (m) => {
      if (process.env.E2E_DEBUG) console.log('[console]', m.type(), m.text());
      if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
    });
    const res = await page.goto('/login');
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'security-01-login');

    await loginAs(page, h.url, '13800000002');
    await page.waitForLoadState('networkidle');
    await shot(page, 'security-02-home');
    expect(await violations(page)).toEqual([]);

    // the upload worker: an image through the upload center
    await page.getByTestId('upload-center-button').click();
    await page.getByTestId('upload-drawer').waitFor();
    const png = Buffer.from(
      '89504E470D0A1A0A0000000D4948445200000001000000010806000000' + '1F15C4890000000D49444154789C6360F8FFFF3F0005FE02FEA7D6A4A20000000049454E44AE426082',
      'hex',
    );
    writeFileSync(`${TMP}/门店照片.png`, png);
    await page.getByTestId('upload-input-image').setInputFiles(`${TMP}/门店照片.png`);
    const row = page.locator('[data-testid="upload-item"][data-name="门店照片.png"]');
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('Success');
    await page.getByRole('tab', { name: '图片' }).click();
    await page.getByTestId('media-card').filter({ hasText: '门店照片' }).first().waitFor({ timeout: 30_000 });
    await shot(page, 'security-03-upload');
    expect(await violations(page)).toEqual([]);
    expect(consoleCsp).toEqual([]);
  }, 180_000);
});

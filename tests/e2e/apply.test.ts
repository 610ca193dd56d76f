/**
 * The job-seeker's own application (投递, issue 32) in real Chromium against the real server: HR
 * opens 分享 on a position (the QR and the link), a job-seeker opens the link on a phone (390×844),
 * checks the mobile by SMS and sends the résumé; HR's bell counts the 新投递 without a reload, its
 * panel opens the position's 收到的简历, where the application is listed. Screenshots:
 * tests/.artifacts/apply-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_DEFAULTS, shot, smsCode, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const ADMIN = '13800000001';
const SEEKER = '13966660188';
const NAME = '沈清秋';

describe('投递: 分享 → the phone page → 新投递 in the console', () => {
  it('HR shares a position, a job-seeker applies with an SMS code, the bell and the list show it', async () => {
    const { context, page } = await h.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await h.signIn(context, ADMIN);
    await page.goto('/position');
    await page.getByTestId('position-tab-open').click();
    const row = page.getByTestId('position-row').first();
    await row.waitFor({ timeout: 30_000 });
    await page.getByTestId('message-bell').waitFor();
    const unreadBefore = Number(
      (await page
        .getByTestId('message-badge')
        .textContent({ timeout: 2_000 })
        .catch(() => '0')) || 0,
    );

    // --- 分享: the QR and the link --------------------------------------------------------------
    await row.getByTestId('row-more').click();
    await page.getByTestId('position-share').click();
    const urlBox = page.getByTestId('share-url');
    await urlBox.waitFor();
    await page.locator('[data-testid="share-qr"][data-ready="true"]').waitFor();
    const url = await urlBox.inputValue();
    expect(url).toMatch(/\/m\/job\/[A-Za-z0-9_-]{24}$/);
    await shot(page, 'apply-01-share-dialog');
    const token = url.split('/m/job/')[1]!;
    const title = (await h.server.db.one<{ title: string }>('SELECT title FROM positions WHERE share_token = $1', [token]))!.title;
    await page.getByTestId('share-close').click();

    // --- the job-seeker's phone ------------------------------------------------------------------
    const phoneCtx = await h.browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: h.url,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneCtx.newPage();
    await phone.goto(new URL(url).pathname);
    await phone.getByTestId('job-title').getByText(title, { exact: true }).waitFor({ timeout: 30_000 });
    await shot(phone, 'apply-02-job-phone');
    await phone.getByTestId('apply-name').fill(NAME);
    await phone.getByTestId('apply-mobile').fill(SEEKER);
    await phone.getByTestId('apply-send').click();
    await phone.getByRole('button', { name: /s后重新获取/ }).waitFor();
    await phone.getByTestId('apply-code').fill(await smsCode(h.url, SEEKER));
    await phone.getByRole('radio', { name: '女' }).check();
    await phone.getByTestId('apply-birth').fill('1996-05');
    await phone.getByTestId('apply-education').selectOption('5');
    await phone.getByTestId('apply-years').fill('3');
    await phone.getByTestId('apply-intro').fill('三年新媒体运营经验，熟悉短视频与社群运营');
    await shot(phone, 'apply-03-job-form');
    await phone.getByTestId('apply-submit').click();
    await phone.getByTestId('job-done').getByText('投递成功').waitFor({ timeout: 15_000 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'apply-04-job-done');

    // --- HR: the bell counts it without a reload; its panel opens the position's applications ----
    // HR comes back to the console's tab: the bell asks at once (store.ts; else within the 60 s refresh)
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page
      .getByTestId('message-badge')
      .getByText(String(unreadBefore + 1), { exact: true })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('message-bell').click();
    await page
      .getByTestId('message-item')
      .filter({ hasText: `${NAME}投递了「${title}」，待处理` })
      .click();
    await page.waitForURL('**/position/collection/**');
    await page.getByText(NAME).first().waitFor({ timeout: 15_000 });
    await shot(page, 'apply-05-collection');
    await phoneCtx.close();
  });
});

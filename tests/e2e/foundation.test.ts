/**
 * The foundation flows in a real Chromium against the real server: login and logout, every guard
 * redirect of SPEC §5, the 404 redirect, the breadcrumb search rule, the role prompt, the approval
 * notice, the urge notice and the 410000 path. Screenshots go to tests/.artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, settled, shot, smsCode, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;
const refocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
/**
 * A refocus whose session refresh has answered and rendered (SPEC §7: usercenter/info and the
 * urge count): only then does a notice's absence mean it was not shown, not "not yet".
 */
async function refocusSettled(page: Page): Promise<void> {
  const answered = (part: string) => page.waitForResponse((r) => r.url().includes(part), { timeout: 30_000 });
  const both = Promise.all([answered('/usercenter/info'), answered('/dimission/urge')]);
  await refocus(page);
  await both;
  // two frames: the snapshot change rendered
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

describe('login and logout', () => {
  it('a new user logs in with the SMS code, lands on /index, and logs out', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/index');
    await page.waitForURL('**/login?redirect=%2Findex');
    expect(await page.title()).toBe('登录 - 企业服务平台');
    await page.getByRole('textbox', { name: '手机号' }).waitFor();
    await shot(page, 'login');

    await page.getByRole('textbox', { name: '手机号' }).fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByText('请输入正确的手机号').count()).toBeGreaterThan(0);

    await page.getByRole('textbox', { name: '手机号' }).fill('13912345678');
    await page.getByRole('button', { name: '获取验证码' }).click();
    const countdown = page.getByRole('button', { name: /^\d+s后重新获取$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);

    await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(h.url, '13912345678'));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/index');
    expect(await page.title()).toBe('首页 - 企业服务平台');
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(true);

    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await page.goto('/index');
    await page.waitForURL('**/login?redirect=%2Findex');
  });

  it('a wrong code is refused with the server message and nothing is stored', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/login');
    await page.getByRole('textbox', { name: '手机号' }).fill('13912340000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /s后重新获取/ }).waitFor();
    const right = await smsCode(h.url, '13912340000');
    await page.getByRole('textbox', { name: '验证码' }).fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('验证码错误').first().waitFor();
    expect(path(page)).toBe('/login');
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(false);
  });
});

describe('guards (SPEC §5)', () => {
  it('no_apply: auth routes go to /create; /login goes to /index; unknown paths go to /404', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000004');
    await page.goto('/position/post');
    await page.waitForURL('**/create');
    await page.goto('/employment/task/7/%E4%BF%9D%E6%B4%81');
    await page.waitForURL('**/create');
    await page.goto('/login');
    await page.waitForURL('**/index');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    expect(await page.title()).toBe('页面不存在 - 企业服务平台');
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
  });

  it('a guest on an unknown path also sees /404', async () => {
    const { page } = await h.newPage();
    await page.goto('/definitely-not-here');
    await page.waitForURL('**/404');
  });

  it('apply: auth routes go to /inReview; no tax flag sends tax routes to /; the approval notice shows once', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000003');
    await page.goto('/position/collection/1/Java');
    await page.waitForURL('**/inReview');
    await page.goto('/payTaxes');
    await page.waitForURL('**/index');
    expect(await page.getByTestId('approval-notice').count()).toBe(0);

    // the platform approves the company; the next refresh (here: the window regains focus) notices
    const { list } = (await (await fetch(`${h.url}/sandbox/companies`)).json()) as { list: Array<{ id: number; status: string }> };
    const pending = list.find((c) => c.status === 'apply');
    expect(pending).toBeTruthy();
    const review = await fetch(`${h.url}/sandbox/companies/${pending!.id}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'result=pass',
    });
    expect(review.status).toBeLessThan(400);
    await refocus(page);
    const notice = page.getByTestId('approval-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('恭喜，您的企业认证已通过审核');
    expect(await page.evaluate(() => localStorage.getItem('approvedNotice:13800000003'))).toBe('1');

    // now normal: the auth route opens; after a reload the notice does not come back
    await page.goto('/position/post');
    await page.waitForURL('**/position/post');
    await refocusSettled(page);
    expect(await page.getByTestId('approval-notice').count()).toBe(0);
  });

  it('member with the tax flag: tax entry shown, /payTaxes passes the tax guard; the urge notice leads to /dimission and its requests', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.getByTestId('top-nav').getByText('完税服务').waitFor();

    const urge = page.getByTestId('urge-notice');
    await urge.waitFor();
    expect(await urge.innerText()).toContain('3');
    await shot(page, 'home-urge');
    await urge.getByText('去处理').click();
    await page.waitForURL('**/dimission');
    // /dimission is real: the 离职申请 tab lists the company's pending requests (3 in the seed)
    await page.getByTestId('request-table').waitFor();
    await expect.poll(() => page.getByTestId('request-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('urge-notice').count()).toBe(0);

    // /payTaxes/*: the member with the tax flag is let through the guard (SPEC §5) to the list,
    // which opens with its content: the filters, the actions and the list's answer (the demo
    // company has no application yet: the empty state with its hint, not a spinner)
    await page.goto('/payTaxes');
    await page.waitForURL('**/payTaxes/list');
    expect(await page.title()).toBe('完税服务 - 企业服务平台');
    await page.getByTestId('tax-filter-all').waitFor();
    await page.getByTestId('tax-add').waitFor();
    await page.getByText('还没有完税证明申请').waitFor();
    expect(new URL(page.url()).pathname).toBe('/payTaxes/list');
    await page.goto('/position/entry/12/%E5%89%8D%E7%AB%AF%E5%B7%A5%E7%A8%8B%E5%B8%88');
    expect(await page.title()).toBe('已录用 - 前端工程师 - 企业服务平台');
  });

  it('a closed urge notice stays closed on refresh', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    const urge = page.getByTestId('urge-notice');
    await urge.waitFor();
    await urge.getByRole('button', { name: '关闭' }).click();
    await refocusSettled(page);
    expect(await page.getByTestId('urge-notice').count()).toBe(0);
  });

  it('without the tax flag the nav has no tax entry', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000002');
    await page.getByTestId('top-nav').getByText('离职办理').waitFor();
    expect(await page.getByTestId('top-nav').getByText('完税服务').count()).toBe(0);
  });
});

describe('shell', () => {
  it('breadcrumb search runs on Enter or the icon, only when the keywords changed', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.goto('/hall');
    const box = page.getByTestId('breadcrumb-search').getByRole('searchbox');
    await box.fill('  Java ');
    await box.press('Enter');
    await page.waitForURL('**/hall?keywords=Java');
    const entries = await page.evaluate(() => history.length);
    // the same keywords: neither Enter nor the icon navigates (a navigation would be a history
    // entry, and handlers run in order: the one after 产品经理 below would then be the second)
    await box.fill('Java');
    await box.press('Enter');
    await page.getByTestId('breadcrumb-search').getByRole('button', { name: '搜索' }).click();
    expect(new URL(page.url()).search).toBe('?keywords=Java');
    await box.fill('产品经理');
    await page.getByTestId('breadcrumb-search').getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/keywords=%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86/);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  });

  it('keyboard: the user menu opens with Enter, Escape closes it and gives the focus back to its trigger', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.getByTestId('urge-notice').getByRole('button', { name: '关闭' }).click();
    // the dropdown's code arrives after the layout has painted; the trigger works either way
    await page.getByTestId('user-menu-trigger').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: '退出登录' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: '退出登录' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-menu-trigger');
    // the breadcrumb's links are real links: a click navigates within the console
    await page.goto(`${h.url}/account`);
    const crumbs = page.getByRole('navigation', { name: '当前位置' });
    await crumbs.getByRole('link', { name: '首页' }).click();
    await page.waitForURL(/\/index$/);
  });

  it('screenshots: both dropdowns and the footer; a non-member gets the membership prompt', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.getByTestId('urge-notice').getByRole('button', { name: '关闭' }).click();
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: '退出登录' }).waitFor();
    await page.getByText('138****0001').first().waitFor();
    await shot(page, 'home-user-menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('plan-trigger').click();
    await page.getByTestId('plan-panel').getByTestId('plan-list').waitFor();
    await shot(page, 'home-plan-dropdown');
    await page.keyboard.press('Escape');
    await page.getByTestId('footer').scrollIntoViewIfNeeded();
    await page.getByTestId('footer').screenshot({ path: 'tests/.artifacts/footer.png' });
    expect(await page.getByTestId('footer').innerText()).toContain('扫码离职');

    const second = await h.newPage();
    await loginAs(second.page, h.url, '13800000002');
    await second.page.getByTestId('plan-trigger').click();
    await second.page.getByText('该功能为付费会员功能，开通会员后即可正常使用').waitFor();
    await shot(second.page, 'prompt-non-member');
    await second.page.getByRole('button', { name: '开通会员' }).click();
    await second.page.getByText('开通企业会员').first().waitFor();
    await second.page.getByText('年度会员').first().waitFor();
    await shot(second.page, 'vip-dialog');
  });

  it('410000: a revoked token sends the user to /login with 请先登录, once', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000002');
    // count every 请先登录 toast that ever appears (a toast may already have faded out by the time
    // the page is settled on a loaded machine). Count toasts, not text: Fluent's toaster also
    // announces the words in an aria-live region
    await page.evaluate(() => {
      const w = window as unknown as { __loginToasts: number; __toastIds: string[]; __maxShown: number };
      w.__loginToasts = 0;
      w.__toastIds = [];
      w.__maxShown = 0;
      // a toast element the toaster moves (re-inserts) is the same toast: count each element once
      const seen = new WeakSet<Element>();
      new MutationObserver((records) => {
        // what the user sees: how many 请先登录 toasts are on the screen at once
        const shown = [...document.querySelectorAll('.fui-Toast')].filter((e) => e.textContent?.includes('请先登录')).length;
        w.__maxShown = Math.max(w.__maxShown, shown);
        for (const r of records) {
          for (const n of r.addedNodes) {
            if (!(n instanceof HTMLElement)) continue;
            for (const e of [n, ...n.querySelectorAll<HTMLElement>('.fui-Toast')]) {
              if (!e.matches('.fui-Toast') || seen.has(e) || !e.textContent?.includes('请先登录')) continue;
              seen.add(e);
              w.__loginToasts += 1;
              w.__toastIds.push(e.closest('[data-toast-id]')?.getAttribute('data-toast-id') ?? e.id ?? '');
            }
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await h.server.db.exec('UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL');
    await refocus(page);
    await page.waitForURL('**/login**');
    await page.locator('.fui-Toast', { hasText: '请先登录' }).first().waitFor();
    // every request of the refresh has answered 410000 and the answers are rendered: only then
    // does one toast mean once
    await settled(page);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __loginToasts: number; __toastIds: string[]; __maxShown: number };
      return { added: w.__loginToasts, ids: w.__toastIds, maxShown: w.__maxShown };
    });
    // once: never two on the screen together (a toast element the toaster re-mounts is added
    // twice but shown once)
    expect(seen.added, JSON.stringify(seen)).toBeGreaterThanOrEqual(1);
    expect(seen.maxShown, JSON.stringify(seen)).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });
});

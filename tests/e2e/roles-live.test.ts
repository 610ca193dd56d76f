/**
 * The console follows the caller's roles (issue 27) in a real Chromium. A plain 成员 (孙悦) sees only
 * the areas they may use: the top navigation leaves the others out, a page they cannot read says who
 * may (no refused calls, no 403 toasts), actions they may not take are disabled with who may. The
 * admin (王丽娟, another browser context) changes 孙悦's roles while 孙悦's console is open: the
 * next call of that console (its answers state the roles, X-Roles) or a focus brings the change in
 * within seconds, without logging in again and without waiting for the 60 s refresh.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled, shot, startHarness, type Harness } from './harness';

const ADMIN = '13800000001';
const MEMBER = '13905710010'; // 孙悦, only 成员
const NO_PERMISSION = '您没有该操作的权限，请联系企业管理员';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const navLabels = async (page: Page) => (await page.getByTestId('top-nav').getByRole('link').allInnerTexts()).map((s) => s.trim());

/** The admin sets 孙悦's roles through the console (设置角色 → 确认变更). */
async function setRoles(admin: Page, labels: string[]) {
  await admin.goto('/account?id=colleagues');
  const list = admin.getByTestId('colleagues');
  await list.getByRole('tab', { name: /全部同事/ }).click();
  const row = list.getByTestId('colleague-row').filter({ hasText: '孙悦' });
  await row.getByTestId('set-roles').click();
  const dialog = admin.getByTestId('role-dialog');
  for (const name of ['财务', '招聘', '人事', '管理员']) {
    const box = dialog.getByRole('checkbox', { name });
    if ((await box.isChecked()) !== labels.includes(name)) await box.click();
  }
  await dialog.getByTestId('role-ok').click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('a 成员 sees what they may use', () => {
  it('no nav entries, a page that says who may see it, disabled actions with who may — and no 403', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(context, MEMBER);
    const refused: string[] = [];
    page.on('response', async (r) => {
      if (!r.url().includes('/ent/v3/')) return;
      const body = (await r.json().catch(() => null)) as { code?: number } | null;
      if (body?.code === 403) refused.push(r.url());
    });

    await page.goto('/index');
    await page.getByTestId('top-nav').waitFor();
    await settled(page);
    expect(await navLabels(page)).toEqual(['首页']);
    // the home page's to-dos and the urge notice of pending resignations leave out the areas too
    expect(await page.getByTestId('todo-resumes').count()).toBe(0);
    expect(await page.getByTestId('urge-notice').count()).toBe(0);

    for (const [path, who] of [
      ['/hall', '仅招聘、管理员可查看'],
      ['/position', '仅招聘、管理员可查看'],
      ['/employment', '仅人事、管理员可查看'],
      ['/dimission', '仅人事、管理员可查看'],
      ['/payTaxes/list', '仅财务、管理员可查看'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId('no-access').getByText(who).waitFor();
      await settled(page);
      // nothing to search there either
      expect(await page.getByTestId('breadcrumb-search').count()).toBe(0);
      if (path === '/hall') await shot(page, 'roles-live-no-access');
    }

    await page.goto('/account');
    const invoice = page.getByRole('button', { name: '发票信息' });
    await invoice.waitFor();
    expect(await invoice.getAttribute('aria-disabled')).toBe('true');
    await invoice.hover();
    await page.getByRole('tooltip').getByText('仅财务、管理员可操作').waitFor();
    await shot(page, 'roles-live-disabled-tooltip');

    await page.goto('/account?id=membership');
    const renew = page.getByTestId('membership-card').getByRole('button');
    await renew.waitFor();
    expect(await renew.getAttribute('aria-disabled')).toBe('true');
    await settled(page);
    expect(refused).toEqual([]);
    expect(await page.getByText(NO_PERMISSION).count()).toBe(0);
  });
});

describe('the admin changes a role while the colleague’s console is open', () => {
  it('the colleague’s next call brings it in; a focus brings the next one', async () => {
    const colleague = await h.newPage();
    await h.signIn(colleague.context, MEMBER);
    const page = colleague.page;
    await page.goto('/account');
    const invoice = page.getByRole('button', { name: '发票信息' });
    await invoice.waitFor();
    expect(await invoice.getAttribute('aria-disabled')).toBe('true');
    expect(await navLabels(page)).toEqual(['首页']);
    const infoCalls: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ent/v3/usercenter/info')) infoCalls.push(Date.now());
    });

    const admin = await h.newPage();
    await h.signIn(admin.context, ADMIN);
    await setRoles(admin.page, ['财务', '招聘']);

    // the colleague's next call (opening the 同事 tab lists them): its answer states other roles
    const at = Date.now();
    await page.getByRole('tab', { name: '同事' }).click();
    await page.getByTestId('top-nav').getByRole('link', { name: '人才大厅' }).waitFor({ timeout: 5_000 });
    expect(Date.now() - at).toBeLessThan(5_000);
    expect(infoCalls.length).toBe(1);
    expect(await navLabels(page)).toEqual(['首页', '人才大厅', '全职招聘', '完税服务']);
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === '发票信息' && !b.hasAttribute('aria-disabled')));
    expect(await invoice.getAttribute('aria-disabled')).toBeNull();
    await shot(page, 'roles-live-after-grant');

    // on the talent hall now; the admin takes 招聘 away again: a focus of the window follows it
    await page.getByTestId('top-nav').getByRole('link', { name: '人才大厅' }).click();
    await page.waitForURL('**/hall');
    await settled(page);
    expect(await page.getByTestId('no-access').count()).toBe(0);
    await setRoles(admin.page, ['财务']);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByTestId('no-access').getByText('仅招聘、管理员可查看').waitFor({ timeout: 5_000 });
    expect(await navLabels(page)).toEqual(['首页', '完税服务']);
    await shot(page, 'roles-live-after-revoke');
  });
});

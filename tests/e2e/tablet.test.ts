/**
 * Issue 18 on tablets (768×1024 portrait, 1024×768 landscape, touch): every nav entry reachable
 * (the ones that do not fit through 更多), a list's scroll region and its touch-sized actions, a
 * dialog that fits; the urge notice covers nothing from 768 to 1920; and a session that expires
 * while the position form is half filled gives the form back, filled. What every page looks like
 * at these sizes (nothing clipped, no crushed cells, forms, the payout, statistics and tax pages)
 * is layout.test.ts's generated check over every route. Screenshots: tests/.artifacts/tablet-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTEXT_DEFAULTS, loginAs, shot, smsCode, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function device(width: number, height: number, touch: boolean): Promise<Page> {
  const context = await h.browser.newContext({
    ...CONTEXT_DEFAULTS,
    baseURL: h.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width, height },
    hasTouch: touch,
    isMobile: touch && width < 1000,
  });
  return context.newPage();
}

const NAV = [
  ['首页', '/index'],
  ['人才大厅', '/hall'],
  ['全职招聘', '/position'],
  ['灵活用工', '/employment'],
  ['离职办理', '/dimission'],
  ['完税服务', '/payTaxes/list'],
] as const;

/** Buttons and links of the page's content that stick out of the window (outside scroll regions). */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('main button, main a')]
      .filter((el) => !el.closest('[data-table-scroll]') && el.offsetParent !== null)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > w + 1 || r.left < -1);
      })
      .map((el) => el.textContent?.trim() || el.outerHTML.slice(0, 80));
  });
}

/** Open a nav entry: its link in the bar, or through 更多 when it did not fit. */
async function openNav(page: Page, label: string): Promise<'bar' | 'more'> {
  const link = page.getByTestId('top-nav').getByRole('link', { name: label, exact: true });
  if (await link.isVisible()) {
    await link.tap();
    return 'bar';
  }
  await page.getByTestId('nav-more').tap();
  await page.getByRole('menuitem', { name: label }).tap();
  return 'more';
}

for (const [width, height] of [
  [768, 1024],
  [1024, 768],
] as const) {
  describe(`tablet ${width}×${height} with touch`, () => {
    it('reaches every nav entry, uses the lists, a dialog and a form', async () => {
      h.advanceClock(61_000);
      const page = await device(width, height, true);
      await loginAs(page, h.url, '13800000001');
      await page.getByTestId('urge-notice').waitFor();
      await shot(page, `tablet-${width}-home`);
      const ways: string[] = [];
      for (const [label, path] of NAV) {
        ways.push(await openNav(page, label));
        await page.waitForURL(`**${path}**`);
      }
      // portrait: some entries only fit through 更多; landscape: the bar holds all six
      if (width < 1000) {
        expect(ways).toContain('more');
        await page.getByTestId('nav-more').tap();
        await page.getByRole('menu').waitFor();
        await shot(page, `tablet-${width}-more-menu`);
        await page.keyboard.press('Escape');
      } else expect(ways).toEqual(NAV.map(() => 'bar'));

      // a list: the table scrolls sideways in its region, rows stay one or two lines high
      await page.goto('/position');
      await page.getByTestId('position-table').waitFor();
      const region = page.locator('[data-table-scroll]').first();
      expect(await region.getAttribute('aria-label')).toBeTruthy();
      const rowHeight = await page
        .getByTestId('position-row')
        .first()
        .evaluate((r) => r.getBoundingClientRect().height);
      expect(rowHeight).toBeLessThan(100);
      expect(await clipped(page)).toEqual([]);
      await shot(page, `tablet-${width}-position`);
      await region.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      await shot(page, `tablet-${width}-position-scrolled`);
      // every action of the row can be reached in the scroll region
      const off = page.getByTestId('position-row').first().getByRole('button').last();
      await off.scrollIntoViewIfNeeded();
      const box = (await off.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // touch targets: 40 px on a coarse pointer (this context has touch: the pointer is coarse)
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      expect(box.height).toBeGreaterThanOrEqual(40);

      // a dialog fits the screen
      await page.goto('/hall');
      await page.getByTestId('hall-view').first().tap();
      const dlg = page.getByTestId('resume-dialog');
      await dlg.getByTestId('resume-name').waitFor();
      const d = (await dlg.boundingBox())!;
      expect(d.x).toBeGreaterThanOrEqual(0);
      expect(d.x + d.width).toBeLessThanOrEqual(width);
      await shot(page, `tablet-${width}-resume-dialog`);
      await page.keyboard.press('Escape');

      await page.context().close();
    }, 240_000);
  });
}

describe('the urge notice covers nothing and moves nothing', () => {
  it('sits in the breadcrumb bar above the page card at 768, 1024, 1440 and 1920 px', async () => {
    h.advanceClock(61_000);
    const page = await device(1440, 960, false);
    await loginAs(page, h.url, '13800000001');
    for (const width of [768, 1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 960 });
      for (const path of ['/position', '/position/post']) {
        await page.goto(path);
        const notice = page.getByTestId('urge-notice');
        await notice.waitFor();
        await page.locator('main section, main [data-testid]').first().waitFor();
        const overlap = await page.evaluate(() => {
          const n = document.querySelector('[data-testid="urge-notice"]')!.getBoundingClientRect();
          const m = document.querySelector('main')!.getBoundingClientRect();
          return n.bottom > m.top + 0.5 && n.top < m.bottom;
        });
        expect(overlap, `${width} ${path}`).toBe(false);
        if (path === '/position') await shot(page, `urge-${width}`);
        // it moves nothing: the page starts where it starts without it (it sits in the breadcrumb bar)
        const mainTop = () => page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().top);
        const withNotice = await mainTop();
        await page.getByTestId('urge-notice-close').click();
        await notice.waitFor({ state: 'detached' });
        expect(await mainTop(), `${width} ${path}`).toBe(withNotice);
      }
    }
    // its behaviour stays: it opens /dimission
    await page.goto('/index');
    await page.getByTestId('urge-notice').click();
    await page.waitForURL('**/dimission');
    // home: the to-do cards stay where they are when it comes and goes
    await page.goto('/index');
    const card = page.getByTestId('todo-resumes');
    await card.waitFor();
    await page.getByTestId('urge-notice').waitFor();
    const top = async () => (await card.boundingBox())!.y;
    const withNotice = await top();
    await shot(page, 'urge-home');
    await page.getByTestId('urge-notice-close').click();
    await page.getByTestId('urge-notice').waitFor({ state: 'detached' });
    expect(await top()).toBe(withNotice);
    await page.context().close();
  }, 180_000);
});

describe('drafts', () => {
  it('the session expires while the position form is half filled; after logging in again the form is back, filled', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.goto('/position/post');
    const title = `会话过期前填写的职位${Date.now() % 1000}`;
    await page.getByTestId('position-title').fill(title);
    await page.getByTestId('position-description').fill('半填写的职位描述，登录过期后应当原样恢复。');
    await h.server.db.exec('UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL('**/login**');
    h.advanceClock(61_000);
    await loginAs(page, h.url, '13800000001', new URL(page.url()).pathname + new URL(page.url()).search);
    await page.waitForURL('**/position/post');
    await page.getByText('已恢复您上次未提交的内容').first().waitFor();
    expect(await page.getByTestId('position-title').inputValue()).toBe(title);
    expect(await page.getByTestId('position-description').inputValue()).toBe('半填写的职位描述，登录过期后应当原样恢复。');
    await shot(page, 'draft-after-expiry');
  }, 120_000);
});

/** Log in on the login page the console is showing (no reload: what the user does after a 410000). */
async function loginHere(page: Page, mobile: string): Promise<void> {
  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('button', { name: /s后重新获取/ }).waitFor();
  await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(h.url, mobile));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('drafts of the tax application, the invoice and the departure proof', () => {
  it('the tax, invoice and proof forms come back after a reload and a session expiry; 清空 discards; ID and mobile numbers never reach localStorage', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');

    // 完税服务: a ticked person and a remark survive a reload; 清空 forgets them
    await page.goto('/payTaxes/add');
    const tick = page.getByTestId('tax-pick-people').locator('tbody').getByRole('checkbox').first();
    await tick.waitFor({ timeout: 30_000 });
    await tick.check();
    await page.getByTestId('tax-remark').fill('草稿里的备注');
    await page.reload();
    await page.getByTestId('draft-restored').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('tax-remark').inputValue()).toBe('草稿里的备注');
    await page
      .getByTestId('tax-selected')
      .getByText(/已选 1 项/)
      .waitFor();
    await page.getByTestId('draft-discard').click();
    expect(await page.getByTestId('tax-remark').inputValue()).toBe('');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('taxDraft')))).toEqual([]);

    // 发票信息: a change survives a reload; 清空 goes back to the saved details
    const openInvoice = async () => {
      await page.getByRole('button', { name: '发票信息' }).click();
      await page.locator('[data-testid="invoice-form"][data-loaded="true"]').waitFor({ timeout: 30_000 });
    };
    await page.goto('/account');
    await openInvoice();
    const bank = page.getByTestId('invoice-form').locator('input[name="bank_name"]');
    const saved = await bank.inputValue();
    await bank.fill('草稿开户银行');
    await page.reload();
    await openInvoice();
    await page.getByTestId('draft-restored').waitFor();
    expect(await bank.inputValue()).toBe('草稿开户银行');
    await page.getByTestId('draft-discard').click();
    expect(await bank.inputValue()).toBe(saved);
    await page.keyboard.press('Escape');

    // 离职证明 (manual entry): typed, then the session expires
    const openProofForm = async () => {
      await page.getByTestId('dim-tab-proofs').click();
      await page.getByTestId('proof-add').click();
      await page.getByTestId('proof-form').waitFor();
    };
    await page.goto('/dimission');
    await openProofForm();
    await page.getByTestId('pf-name').fill('赵敏');
    await page.getByTestId('pf-id-card').fill('11010519491231002X');
    await page.getByTestId('pf-mobile').fill('13912345678');
    await page.getByTestId('pf-job').fill('运营专员');
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain('运营专员');
    expect(stored).not.toContain('11010519491231002X');
    expect(stored).not.toContain('13912345678');
    await h.server.db.exec('UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL('**/login**');
    h.advanceClock(61_000);
    await loginHere(page, '13800000001');
    await page.waitForURL('**/dimission**');
    await shot(page, 'draft-proof-back');
    await openProofForm();
    await page.getByTestId('draft-restored').waitFor();
    expect(await page.getByTestId('pf-name').inputValue()).toBe('赵敏');
    expect(await page.getByTestId('pf-id-card').inputValue()).toBe('11010519491231002X');
    expect(await page.getByTestId('pf-mobile').inputValue()).toBe('13912345678');
    await shot(page, 'draft-proof-after-expiry');

    // a reload: the rest comes back, the personal numbers are asked for again
    await page.reload();
    await openProofForm();
    await page.getByText('身份证号和手机号未保存，请重新填写', { exact: false }).waitFor();
    expect(await page.getByTestId('pf-job').inputValue()).toBe('运营专员');
    expect(await page.getByTestId('pf-id-card').inputValue()).toBe('');
    await shot(page, 'draft-proof-after-reload');
    await page.getByTestId('draft-discard').click();
    expect(await page.getByTestId('pf-job').inputValue()).toBe('');
    await page.context().close();
  }, 180_000);
});

describe('drafts of the position form behind a gating prompt, the task form and company creation', () => {
  it('a prompt, a session expiry and a reload give the forms back; 清空 discards; the contact mobile never reaches localStorage', async () => {
    h.advanceClock(61_000);
    const as = async (mobile: string) => {
      const page = await device(1366, 860, false);
      await page.context().addCookies([{ name: 'token', value: await h.server.tokenFor(mobile), url: h.url }]);
      return page;
    };
    const keys = (page: Page, prefix: string) => page.evaluate((p) => Object.keys(localStorage).filter((k) => k.startsWith(p)), prefix);

    // 全职招聘 as a non-member: the prompt on arrival; typed; the prompt again, on to 开通会员, away and back
    let page = await as('13800000002');
    await page.goto('/position/post');
    await page.getByTestId('gate-dialog').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.getByTestId('gate-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('position-title').fill('提示之后仍在的职位');
    await page.getByTestId('plan-trigger').click();
    await page.getByTestId('gate-dialog').getByRole('button', { name: '开通会员' }).click();
    await page.getByTestId('vip-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('vip-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('position-title').inputValue()).toBe('提示之后仍在的职位');
    await page.goto('/account?id=membership');
    await page.goto('/position/post');
    // the prompt shows again on arrival; behind it the form is back
    await page.getByTestId('gate-dialog').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.getByTestId('gate-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('draft-discard').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('position-title').inputValue()).toBe('提示之后仍在的职位');
    await page.getByTestId('draft-discard').click();
    expect(await page.getByTestId('position-title').inputValue()).toBe('');
    expect(await keys(page, 'positionDraft')).toEqual([]);
    await page.context().close();

    // 发布任务: the session expires while it is half filled; after logging in again it is back
    page = await as('13800000001');
    await page.goto('/employment/post');
    await page.getByTestId('task-name').fill('会话过期前填写的任务');
    await page.getByTestId('task-description').fill('登录过期后应当原样恢复的任务描述。');
    await h.server.db.exec('UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL('**/login**');
    h.advanceClock(61_000);
    await loginHere(page, '13800000001');
    await page.waitForURL('**/employment/post');
    await page.getByTestId('draft-discard').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('task-name').inputValue()).toBe('会话过期前填写的任务');
    expect(await page.getByTestId('task-description').inputValue()).toBe('登录过期后应当原样恢复的任务描述。');
    await shot(page, 'draft-task-after-expiry');
    await page.getByTestId('draft-discard').click();
    expect(await page.getByTestId('task-name').inputValue()).toBe('');
    expect(await keys(page, 'taskDraft')).toEqual([]);
    await page.context().close();

    // 创建企业: a reload gives the form back without the contact mobile, which stayed in memory only
    page = await as('13800000004');
    await page.goto('/create');
    const field = (name: string) => page.getByTestId('company-form').locator(`input[name="${name}"]`);
    await field('company_name').fill('杭州草稿测试科技有限公司');
    const before = await field('contact_mobile').inputValue();
    await field('contact_mobile').fill('13912345678');
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain('杭州草稿测试科技有限公司');
    expect(stored).not.toContain('13912345678');
    await page.reload();
    await page.getByTestId('draft-restored').getByText('身份证号和手机号未保存', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await field('company_name').inputValue()).toBe('杭州草稿测试科技有限公司');
    expect(await field('contact_mobile').inputValue()).toBe(before);
    await shot(page, 'draft-company-after-reload');
    await page.getByTestId('draft-discard').click();
    expect(await field('company_name').inputValue()).toBe('');
    expect(await keys(page, 'companyDraft')).toEqual([]);
    await page.context().close();
  }, 180_000);
});

/**
 * Issue 18: the main flows by keyboard alone — Tab moves the focus (never a click or a
 * programmatic focus), Enter, Space and the arrow keys act. Login and publish a position; then,
 * one short flow per area: 离职办理 (a request returned through its dialog), 完税服务 (an
 * application: tick a person, on to 核对), 数据面板 (switch the range), 灵活用工 (发布任务: the
 * whole form, dropdowns and dates included, to 提交审核), 发放管理 (a batch from a task's accepted
 * work: 预计算, 提交, 确认发放 with the SMS code). One browser; the area flows share one context
 * logged in by its cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTEXT_DEFAULTS, shot, smsCode, startHarness, watchConsole, type Harness } from './harness';
import { payoutTask } from './payout-task';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Press Tab until the focused element matches `selector` (or sits inside a match). */
async function tabTo(page: Page, selector: string, max = 160): Promise<void> {
  for (let i = 0; i <= max; i++) {
    // the page may have put the focus there already (the code field after 获取验证码)
    if (i > 0) await page.keyboard.press('Tab');
    const hit = await page.evaluate((sel) => {
      const a = document.activeElement;
      return !!a && (a.matches(sel) || !!a.closest(sel));
    }, selector);
    if (hit) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** A Fluent dropdown by keyboard: open it, move to the first option, take it. */
async function pickFirst(page: Page, testId: string): Promise<void> {
  await tabTo(page, `[data-testid="${testId}"]`);
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('keyboard alone', () => {
  it('logs in and publishes a position', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await page.getByRole('textbox', { name: '手机号' }).waitFor();
    await tabTo(page, 'input[name="mobile"]');
    await page.keyboard.type('13800000001');
    await tabTo(page, 'button[type="button"]:not([disabled])');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('获取验证码');
    await page.keyboard.press('Enter');
    await shot(page, 'keyboard-login-code');
    await page.getByRole('button', { name: /s后重新获取/ }).waitFor();
    const code = await smsCode(h.url, '13800000001');
    await tabTo(page, 'input[name="code"]');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    // the form from a fresh load (the focus starts at the top of the page)
    await page.goto('/position/post');
    await page.getByTestId('position-title').waitFor();

    const JOB = `键盘发布的职位${Date.now() % 1000}`;
    await tabTo(page, '[data-testid="position-title"]');
    await page.keyboard.type(JOB);
    await pickFirst(page, 'position-category');
    await pickFirst(page, 'position-city');
    await pickFirst(page, 'position-district');
    await tabTo(page, '[data-testid="position-salary-min"]');
    await page.keyboard.type('10');
    await tabTo(page, '[data-testid="position-salary-max"]');
    await page.keyboard.type('15');
    await tabTo(page, '[data-testid="position-description"]');
    await page.keyboard.type('用键盘完成的职位发布：负责日常运营工作，沟通能力强，有相关经验优先。');
    await tabTo(page, '[data-testid="position-address"]');
    await page.keyboard.type('浙江省杭州市西湖区文三路478号');
    await tabTo(page, '[data-testid="position-contact-name"]');
    await page.keyboard.type('王丽娟');
    await tabTo(page, '[data-testid="position-contact-tel"]');
    await page.keyboard.type('0571-88886666');
    await shot(page, 'keyboard-position-form');
    await tabTo(page, '[data-testid="position-submit"]');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/position', { timeout: 20_000 });
    await page.getByText(JOB).first().waitFor();
  }, 180_000);
});

/** One page of the first account, logged in by its cookie (the login itself is tested above). */
let member: Page | null = null;
async function memberPage(path: string): Promise<Page> {
  if (!member) {
    const context = await h.browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: h.url,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 1366, height: 860 },
    });
    await context.addCookies([{ name: 'token', value: await h.server.tokenFor('13800000001'), url: h.url }]);
    member = await context.newPage();
    watchConsole(member);
  }
  // a fresh load: the focus starts at the top of the page
  await member.goto(path);
  return member;
}

/** A page of another account (its own context), logged in by its cookie. */
async function pageAs(mobile: string, path: string): Promise<Page> {
  const context = await h.browser.newContext({
    ...CONTEXT_DEFAULTS,
    baseURL: h.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 860 },
  });
  await context.addCookies([{ name: 'token', value: await h.server.tokenFor(mobile), url: h.url }]);
  const page = await context.newPage();
  watchConsole(page);
  await page.goto(path);
  return page;
}

/**
 * The order of a date field's segments follows the browser's own language (not the page's): find
 * it once on a blank page of the same browser by typing 01 02 2003 into a date field.
 */
async function dateOrder(page: Page): Promise<('y' | 'm' | 'd')[]> {
  const probe = await page.context().newPage();
  await probe.setContent('<input type="date" autofocus>');
  await probe.focus('input');
  await probe.keyboard.type('01022003');
  const v = await probe.inputValue('input');
  await probe.close();
  return v === '2003-01-02' ? ['m', 'd', 'y'] : v === '2003-02-01' ? ['d', 'm', 'y'] : ['y', 'm', 'd'];
}

const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? document.activeElement?.tagName);

describe('keyboard alone, one flow per area', () => {
  it('离职办理: returns a resignation request through its dialog', async () => {
    const page = await memberPage('/dimission');
    await page.getByTestId('request-reject').first().waitFor({ timeout: 30_000 });
    const before = await page.getByTestId('request-reject').count();
    await tabTo(page, '[data-testid="request-reject"]');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    // the dialog takes the focus and keeps it
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await tabTo(page, '[data-testid="reason-input"]', 10);
    await page.keyboard.type('交接材料不全，请补充后重新提交');
    await tabTo(page, '[data-testid="reason-ok"]', 10);
    await shot(page, 'keyboard-dimission-reject');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('request-reject').count(), { timeout: 20_000 }).toBe(before - 1);
  }, 120_000);

  it('完税服务: ticks a person and goes on to 核对', async () => {
    const page = await memberPage('/payTaxes/add');
    const box = page.getByTestId('tax-pick-people').getByRole('checkbox').nth(1);
    await box.waitFor({ timeout: 30_000 });
    // the first person's tick (after 全选), by Tab and Space
    await tabTo(page, '[data-testid="tax-pick-people"] tbody input[type="checkbox"]');
    await page.keyboard.press('Space');
    await page
      .getByTestId('tax-selected')
      .getByText(/已选 1 项/)
      .waitFor();
    await tabTo(page, '[data-testid="tax-remark"]');
    await page.keyboard.type('键盘申请');
    await tabTo(page, '[data-testid="tax-next"]');
    await shot(page, 'keyboard-tax-form');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payTaxes\/check\/\d+$/, { timeout: 20_000 });
  }, 120_000);

  it('数据面板: switches the range with the arrow keys', async () => {
    const page = await memberPage('/statistics');
    const tabs = page.locator('[role="tab"][data-testid^="range-"]');
    await tabs.first().waitFor({ timeout: 30_000 });
    const selected = () => page.locator('[role="tab"][data-testid^="range-"][aria-selected="true"]').getAttribute('data-testid');
    const first = await selected();
    await tabTo(page, '[role="tab"][data-testid^="range-"][aria-selected="true"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(selected).not.toBe(first);
    expect(await focused(page)).toBe(await selected());
    await shot(page, 'keyboard-statistics-range');
  }, 120_000);

  it('灵活用工: publishes a task (发布任务) with every required field', async () => {
    const page = await memberPage('/employment');
    await page.getByTestId('task-publish').waitFor({ timeout: 30_000 });
    await tabTo(page, '[data-testid="task-publish"]');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/employment/post');
    await page.getByTestId('task-name').waitFor();
    const NAME = `键盘发布的任务${Date.now() % 1000}`;
    await tabTo(page, '[data-testid="task-name"]');
    await page.keyboard.type(NAME);
    await pickFirst(page, 'task-category');
    await tabTo(page, '[data-testid="task-description"]');
    await page.keyboard.type('门店开业当天负责顾客引导与扫码登记，工作6小时。');
    // 线上 is chosen; the dates typed into the date fields' segments (year, month, day)
    const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
    const order = await dateOrder(page);
    for (const [k, n] of [
      ['start_date', 1],
      ['end_date', 5],
    ] as const) {
      await tabTo(page, `[data-testid="task-${k}"]`);
      const [y, m, d] = day(n).split('-') as [string, string, string];
      for (const part of order) {
        await page.keyboard.type(part === 'y' ? y : part === 'm' ? m : d);
        // month and day move on by themselves after two digits; the year takes up to six: →
        if (part === 'y' && order[2] !== 'y') await page.keyboard.press('ArrowRight');
      }
      expect(await page.getByTestId(`task-${k}`).inputValue()).toBe(day(n));
    }
    await tabTo(page, '[data-testid="task-headcount"]');
    await page.keyboard.type('2');
    await tabTo(page, '[data-testid="task-pay"]');
    await page.keyboard.type('200');
    await pickFirst(page, 'task-pay_unit');
    await pickFirst(page, 'task-settle_mode');
    await shot(page, 'keyboard-task-form');
    await tabTo(page, '[data-testid="task-submit"]');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/employment', { timeout: 20_000 });
    const row = await h.server.db.one<{ status: string; headcount: number; pay_amount: number }>(
      'SELECT status, headcount, pay_amount FROM flex_tasks WHERE name = $1',
      [NAME],
    );
    expect(row).toMatchObject({ status: 'review', headcount: 2, pay_amount: 20000 });
  }, 120_000);

  it('发放管理: a batch from accepted work — 预计算, 提交; 财务 confirms with the SMS code', async () => {
    const task = await payoutTask(h, '13800000001', `键盘发放任务${Date.now() % 1000}`);
    const page = await memberPage(`/special/batch/${task.id}/${encodeURIComponent(task.name)}`);
    await page.getByTestId('batch-create').waitFor({ timeout: 30_000 });
    await tabTo(page, '[data-testid="batch-create"]');
    await page.keyboard.press('Enter');
    const view = page.getByTestId('batch-view');
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 15_000 }).toBe('draft');
    // the pre-calculation: ¥200.00 + 6% fee
    expect(await page.getByTestId('batch-precalc').innerText()).toContain('扣款 ¥212.00');
    await tabTo(page, '[data-testid="batch-submit"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 15_000 }).toBe('unpaid');
    // four eyes (issue 27): the submitter's 确认发放 says why it is not hers; 周婷 (财务) approves
    await expect.poll(() => page.getByTestId('batch-confirm').getAttribute('data-reason')).toContain('提交人不能确认发放');
    const fin = await pageAs('13905710007', `/special/batch/${task.id}/${encodeURIComponent(task.name)}`);
    await fin.getByTestId('batch-open').first().waitFor({ timeout: 30_000 });
    await tabTo(fin, '[data-testid="batch-open"]');
    await fin.keyboard.press('Enter');
    const finView = fin.getByTestId('batch-view');
    await expect.poll(() => finView.getAttribute('data-status'), { timeout: 15_000 }).toBe('unpaid');
    await approveByKeyboard(fin, '13905710007');
    await expect.poll(() => finView.getAttribute('data-status'), { timeout: 15_000 }).toBe('paying');
    await fin.context().close();
  }, 120_000);
});

/** 确认发放 by keyboard alone: the dialog takes the focus; the code goes to `mobile`. */
async function approveByKeyboard(page: Page, mobile: string) {
  await tabTo(page, '[data-testid="batch-confirm"]');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await page.evaluate(() => !!document.activeElement?.closest('[role="alertdialog"]'))).toBe(true);
  await tabTo(page, '[data-testid="confirm-send"]', 10);
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: /秒后重新获取/ }).waitFor();
  const sms = (await (await fetch(`${h.url}/sandbox/payouts/sms?mobile=${mobile}`)).json()) as { code: string };
  // the send button counts down (disabled): the focus went on to the code field
  expect(await focused(page)).toBe('confirm-code');
  await page.keyboard.type(sms.code);
  await tabTo(page, '[data-testid="confirm-ok"]', 10);
  await shot(page, 'keyboard-payout-confirm');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

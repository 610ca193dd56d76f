/**
 * Issue 15 in a real Chromium: the home page's to-do cards show counts and each opens its filtered
 * list; the overview, account card, announcements and partners strip are there.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, shot, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function openTodo(page: Page, key: string, url: RegExp) {
  await page.goto(`${h.url}/index`);
  const card = page.getByTestId(`todo-${key}`);
  await card.waitFor({ timeout: 30_000 });
  // the count has arrived (a number, not the spinner)
  await page.waitForFunction((k) => /\d+\s*$/.test(document.querySelector(`[data-testid="todo-${k}"]`)?.textContent ?? ''), key, { timeout: 30_000 });
  const count = Number(/(\d+)\s*$/.exec((await card.textContent())!)![1]);
  await card.click();
  await page.waitForURL(url, { timeout: 30_000 });
  return count;
}

describe('home: to-do cards open their filtered lists', () => {
  it('every card', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.getByTestId('todo-card').waitFor({ timeout: 30_000 });
    await page.getByTestId('overview-recruit').waitFor({ timeout: 30_000 });
    await page.getByTestId('announcements').getByText('灵活用工发放新增失败重发').waitFor({ timeout: 30_000 });
    await page.getByTestId('partners-strip').waitFor({ timeout: 30_000 });
    await page.getByTestId('flex-account-card').waitFor({ timeout: 30_000 });
    await shot(page, 'home-top');
    await page.getByTestId('partners-strip').scrollIntoViewIfNeeded();
    await shot(page, 'home-bottom');

    const resumes = await openTodo(page, 'resumes', /\/position\?todo=resumes$/);
    expect(resumes).toBeGreaterThan(0);
    await page.getByTestId('position-todo-hint').waitFor({ timeout: 30_000 });
    await page.getByTestId('position-table').waitFor({ timeout: 30_000 });
    await shot(page, 'home-todo-resumes');

    await openTodo(page, 'interviews', /\/position\?todo=interviews$/);
    await page.getByTestId('position-todo-hint').waitFor({ timeout: 30_000 });

    await openTodo(page, 'requests', /\/dimission\?tab=requests&status=pending$/);
    await page.getByTestId('request-tab-pending').and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 30_000 });

    await openTodo(page, 'proofs', /\/dimission\?tab=proofs&status=draft$/);
    await page.getByTestId('dim-tab-proofs').and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 30_000 });

    await openTodo(page, 'unsigned', /\/employment\?todo=unsigned$/);
    await page.getByTestId('task-todo-hint').waitFor({ timeout: 30_000 });

    const batches = await openTodo(page, 'batches', /\/employment\?todo=batches$/);
    expect(batches).toBe(1);
    await page.getByTestId('task-todo-hint').waitFor({ timeout: 30_000 });
    await shot(page, 'home-todo-batches');

    await openTodo(page, 'orders', /\/account\?id=membership$/);
    await page.getByTestId('membership-card').waitFor({ timeout: 30_000 });
  }, 240_000);
});

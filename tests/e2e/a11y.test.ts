/**
 * Issue 18, accessibility checked: axe-core on every route of src/app/routes.ts for each demo
 * account, and with the dialogs open — 0 serious or critical violations. The route list is read
 * from routes.ts itself, so pages other areas add are covered without a line here.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeSerious, type AxeFinding } from './axe';
import { loginAs, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** name and path of every route, read from the route table's source */
function routeTable(): { name: string; path: string }[] {
  const src = readFileSync('src/app/routes.ts', 'utf8');
  return [...src.matchAll(/(?:main|blank)\(\{ name: '(\w+)', path: '([^']+)'/g)].map((m) => ({ name: m[1]!, path: m[2]! }));
}

/** Real objects of the first company for the routes' parameters; `1` for anything else. */
async function params(): Promise<Record<string, string>> {
  const pos = await h.server.db.one<{ id: number; title: string }>('SELECT id, title FROM positions ORDER BY id LIMIT 1');
  const task = await h.server.db.one<{ name: string }>('SELECT name FROM flex_tasks ORDER BY id LIMIT 1');
  return {
    // the position's id; a task or proof page given it shows its own 不存在 state, checked too
    id: String(pos?.id ?? 1),
    title: encodeURIComponent(pos?.title ?? '职位'),
    name: encodeURIComponent(task?.name ?? '任务'),
    type: 'dimission',
    token: 'x',
    reward_id: '1',
    status: '1',
    number: '1',
  };
}

const fill = (path: string, p: Record<string, string>) => path.replace(/:(\w+)/g, (_, k: string) => p[k] ?? '1');

/** Let the page settle: its data loaded, its spinners gone. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.locator('.fui-Spinner').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

const ACCOUNTS = ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005'];

describe('axe-core: 0 serious or critical violations', () => {
  it('the login page and the public pages, logged out', async () => {
    const { page } = await h.newPage();
    const found: AxeFinding[] = [];
    for (const r of routeTable().filter((r) => ['login', 'agreement', 'invite', 'companyInvite', 'leave', 'proofView', 'notFound'].includes(r.name))) {
      await page.goto(fill(r.path, { token: 'x' }));
      await settle(page);
      found.push(...(await axeSerious(page, `guest ${r.path}`)));
    }
    expect(found).toEqual([]);
  }, 300_000);

  for (const mobile of ACCOUNTS) {
    it(`every route as ${mobile}`, async () => {
      h.advanceClock(61_000); // one SMS code a minute per mobile
      const p = await params();
      const { page } = await h.newPage();
      await loginAs(page, h.url, mobile);
      const seen = new Set<string>();
      const found: AxeFinding[] = [];
      for (const r of routeTable()) {
        if (r.name === 'login') continue;
        await page.goto(fill(r.path, p));
        await settle(page);
        const landed = new URL(page.url()).pathname;
        if (seen.has(landed)) continue;
        seen.add(landed);
        found.push(...(await axeSerious(page, `${mobile} ${r.path} → ${landed}`)));
      }
      expect(found).toEqual([]);
    }, 600_000);
  }

  it('with the dialogs and menus open', async () => {
    h.advanceClock(61_000);
    const found: AxeFinding[] = [];
    const check = async (page: Page, where: string) => {
      await page.waitForTimeout(300);
      found.push(...(await axeSerious(page, where)));
      await page.keyboard.press('Escape');
      await page.waitForTimeout(200);
    };
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.goto('/index');
    await settle(page);
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menu').waitFor();
    await check(page, 'user menu');
    await page.getByTestId('plan-trigger').click();
    await page.getByTestId('plan-popover').waitFor();
    await check(page, 'plan popover');

    await page.goto('/hall');
    await settle(page);
    await page.getByTestId('hall-view').first().click();
    await page.getByTestId('resume-dialog').getByTestId('resume-name').waitFor();
    await check(page, 'resume dialog');
    const invite = page.locator('[data-testid="hall-invite"]:not([disabled])').first();
    await invite.click();
    await page.getByTestId('invite-dialog').waitFor();
    await check(page, 'invite dialog');

    await page.goto('/account');
    await settle(page);
    await page.getByRole('tab', { name: '会员与积分' }).click();
    await page.getByTestId('crc-ledger').waitFor();
    await page.getByRole('button', { name: '积分规则' }).click();
    await page.getByTestId('crc-rules-dialog').waitFor();
    await check(page, 'crc rules dialog');

    const other = await h.newPage();
    await loginAs(other.page, h.url, '13800000002');
    await other.page.goto('/index');
    await settle(other.page);
    await other.page.getByTestId('plan-trigger').click();
    await other.page.getByTestId('gate-dialog').waitFor();
    await other.page.waitForTimeout(300);
    found.push(...(await axeSerious(other.page, 'gate dialog')));
    await other.page.getByRole('button', { name: '开通会员' }).click();
    await other.page.getByTestId('vip-dialog').getByText('年度会员').first().waitFor();
    await check(other.page, 'vip dialog');
    expect(found).toEqual([]);
  }, 300_000);
});

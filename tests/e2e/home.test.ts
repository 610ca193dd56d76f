/**
 * Issue 15 in a real Chromium: the home page's to-do cards show counts and each opens its filtered
 * list — checked against the database: the list shows exactly the objects the to-do counts (the
 * positions with new resumes, the pending requests, the draft proofs, the tasks with unsigned
 * people or an unpaid batch, the unpaid tax applications); the overview, account card,
 * announcements and partners strip are there. Then every entry point of the home page, the user
 * menu and the top nav is clicked in turn: each must open a real page (not 页面不存在, not a
 * placeholder such as 功能建设中, not a chunk that failed) or a real dialog, never nothing.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, settled, shot, startHarness, type Harness } from './harness';
import { mobileIndex } from '../../src/server/domain/users';

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
  // the page has finished loading: what comes after first paint (the notices banner above the
  // cards, the deferred menus) is in place, so the card is not moved between aim and click
  await settled(page);
  await card.click();
  await page.waitForURL(url, { timeout: 30_000 });
  return count;
}

type RowName = 'title' | 'name' | 'status' | 'task';
/** A name of each row the list shows (its first page, sorted): a position's title, data-name, data-status, a task's name. */
async function shown(page: Page, rows: string, kind: RowName) {
  await page.getByTestId(rows).first().waitFor({ timeout: 30_000 });
  const names = await page
    .getByTestId(rows)
    .evaluateAll(
      (els, k) =>
        els.map((e) =>
          k === 'title'
            ? e.querySelector('td div')!.textContent!.trim()
            : k === 'task'
              ? e.querySelectorAll('td')[1]!.textContent!.trim()
              : e.getAttribute(k === 'name' ? 'data-name' : 'data-status')!,
        ),
      kind,
    );
  return names.sort();
}
/** The list holds exactly the expected objects (all of them when they fit on one page of 10). */
function same(list: string[], expected: string[]) {
  if (expected.length <= 10) expect(list).toEqual([...expected].sort());
  else {
    expect(list).toHaveLength(10);
    for (const x of list) expect(expected).toContain(x);
  }
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
    // today's date in Chinese, weekday included (the build once dropped dayjs's locale: "Tuesday")
    await page
      .getByTestId('welcome')
      .getByText(/^\d{4}年\d{1,2}月\d{1,2}日 星期[日一二三四五六]$/)
      .waitFor({ timeout: 15_000 });
    await shot(page, 'home-top');
    await page.getByTestId('partners-strip').scrollIntoViewIfNeeded();
    await shot(page, 'home-bottom');

    const db = h.server.db;
    const cid = (await db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
    const titles = async (sql: string) => (await db.query<{ x: string }>(sql, [cid])).map((r) => r.x);
    // one 完税 application waiting for payment, so that card has something to open
    await db.query(
      `INSERT INTO tax_applications (company_id, apply_no, period_start, period_end, mode, proof_type, receive, status, head_count, income, tax, invoiceable, fee, created_at, updated_at)
       VALUES ($1, 'TAXE2EHOME01', '2026-01', '2026-01', 'people', 'table', 'download', 'unpaid', 1, 10000, 150, 10600, 1000, now(), now())`,
      [cid],
    );

    const resumes = await openTodo(page, 'resumes', /\/position\?todo=resumes$/);
    expect(resumes).toBeGreaterThan(0);
    await page.getByTestId('position-todo-hint').waitFor({ timeout: 30_000 });
    const withNew = await titles(
      "SELECT p.title AS x FROM positions p WHERE p.company_id = $1 AND EXISTS (SELECT 1 FROM applications a WHERE a.position_id = p.id AND a.status = 'pending')",
    );
    const all = await titles('SELECT title AS x FROM positions WHERE company_id = $1');
    expect(withNew.length).toBeLessThan(all.length); // the filter narrows
    same(await shown(page, 'position-row', 'title'), withNew);
    await shot(page, 'home-todo-resumes');

    const interviews = await openTodo(page, 'interviews', /\/position\?todo=interviews$/);
    await page.getByTestId('position-todo-hint').waitFor({ timeout: 30_000 });
    const today = await titles(
      `SELECT p.title AS x FROM positions p WHERE p.company_id = $1 AND EXISTS (SELECT 1 FROM interviews i WHERE i.position_id = p.id
         AND i.status IN ('pending', 'accepted') AND (i.pick_time AT TIME ZONE 'Asia/Shanghai')::date = (now() AT TIME ZONE 'Asia/Shanghai')::date)`,
    );
    expect(interviews > 0).toBe(today.length > 0);
    if (interviews > 0) same(await shown(page, 'position-row', 'title'), today);

    const requests = await openTodo(page, 'requests', /\/dimission\?tab=requests&status=pending$/);
    await page.getByTestId('request-tab-pending').and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 30_000 });
    const pending = await titles("SELECT employee_name AS x FROM resignation_requests WHERE company_id = $1 AND status = 'pending'");
    expect(requests).toBe(pending.length);
    same(await shown(page, 'request-row', 'name'), pending);

    const proofs = await openTodo(page, 'proofs', /\/dimission\?tab=proofs&status=draft$/);
    await page.getByTestId('dim-tab-proofs').and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 30_000 });
    const drafts = await titles("SELECT name AS x FROM departure_proofs WHERE company_id = $1 AND status = 'draft'");
    expect(proofs).toBe(drafts.length);
    if (proofs > 0) {
      same(await shown(page, 'proof-row', 'name'), drafts);
      expect(new Set(await shown(page, 'proof-row', 'status'))).toEqual(new Set(['draft']));
    }

    const unsigned = await openTodo(page, 'unsigned', /\/employment\?todo=unsigned$/);
    await page.getByTestId('task-todo-hint').waitFor({ timeout: 30_000 });
    const toSign = await titles(
      `SELECT t.name AS x FROM flex_tasks t WHERE t.company_id = $1 AND t.need_sign AND t.status IN ('recruiting', 'ongoing')
         AND EXISTS (SELECT 1 FROM flex_task_workers w WHERE w.task_id = t.id AND w.sign_status = 'pending' AND w.work_status <> 'rejected')`,
    );
    if (unsigned > 0) same(await shown(page, 'task-row', 'task'), toSign);

    const batches = await openTodo(page, 'batches', /\/employment\?todo=batches$/);
    expect(batches).toBe(1);
    await page.getByTestId('task-todo-hint').waitFor({ timeout: 30_000 });
    const unpaid = await titles(
      "SELECT DISTINCT t.name AS x FROM flex_tasks t JOIN payout_batches b ON b.task_id = t.id WHERE t.company_id = $1 AND b.status = 'unpaid'",
    );
    same(await shown(page, 'task-row', 'task'), unpaid);
    await shot(page, 'home-todo-batches');

    const orders = await openTodo(page, 'orders', /\/account\?id=membership$/);
    await page.getByTestId('membership-card').waitFor({ timeout: 30_000 });
    if (orders > 0) await page.getByText('待支付').first().waitFor({ timeout: 30_000 });

    // 待支付完税订单: the tax list opens on 待支付, and shows only those
    const tax = await openTodo(page, 'tax_orders', /\/payTaxes\/list\?status=unpaid$/);
    expect(tax).toBe(1);
    await page.getByTestId('tax-filter-unpaid').and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 30_000 });
    const taxRows = page.getByTestId('tax-table').locator('tbody tr');
    await taxRows.first().waitFor({ timeout: 30_000 });
    expect(await taxRows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-apply')))).toEqual(['TAXE2EHOME01']);
    await shot(page, 'home-todo-tax');
  }, 240_000);
});

/** Words of a page that is not a real one: the old placeholder, the 404 page, a failed chunk. */
const NOT_REAL = ['功能建设中', '页面不存在', '页面加载失败', '页面加载超时'];

/** The page now shown is a real one: a known route with content, none of the NOT_REAL words. */
async function expectRealPage(page: Page, what: string) {
  await settled(page);
  const url = new URL(page.url());
  expect(url.pathname, what).not.toBe('/404');
  expect(await page.getByTestId('not-found').count(), what).toBe(0);
  const text = await page.locator('main').first().innerText(); // the console's content, or a blank-layout page's
  for (const w of NOT_REAL) expect(text, `${what} → ${url.pathname}`).not.toContain(w);
  expect(text.replace(/\s+/g, '').length, `${what} → ${url.pathname} has content`).toBeGreaterThan(20);
  // a link to a part of a page (/statistics#flex) shows that part, below the sticky nav bar
  if (url.hash) {
    await page.waitForFunction(
      (id) => {
        const r = document.getElementById(id)?.getBoundingClientRect();
        const bar = document.querySelector('header')!.getBoundingClientRect().bottom;
        return !!r && r.top >= bar && r.top < innerHeight / 2;
      },
      url.hash.slice(1),
      { timeout: 30_000 },
    );
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

async function homeReady(page: Page) {
  if (new URL(page.url()).pathname !== '/index') await page.goto(`${h.url}/index`);
  await page.getByTestId('todo-colleagues').waitFor({ timeout: 30_000 });
  await page.getByTestId('overview-recruit').waitFor({ timeout: 30_000 });
  await page.getByTestId('partners-strip').getByRole('button').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('announcements').locator('summary').first().waitFor({ timeout: 30_000 });
  await settled(page);
}

describe('home, user menu and nav: every entry point opens something real', () => {
  it('walks them all', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(context, '13800000001');
    await page.goto(`${h.url}/index`);
    await homeReady(page);
    const walked: string[] = [];

    // the home page's own entries (the to-do cards are opened and checked against the database above)
    const HOME = 'main#main :is(button, a[href], [role="link"], summary):not([data-testid^="todo-"]:not([data-testid="todo-colleagues"]))';
    const entries = await page
      .locator(HOME)
      .evaluateAll((els) =>
        els.map((e) => ({ label: (e.getAttribute('aria-label') || e.textContent || '').trim(), partner: !!e.closest('[data-testid="partners-strip"]') })),
      );
    expect(entries.length).toBeGreaterThanOrEqual(18); // banner, 4 account cards' actions, 同事, 6 shortcuts, 3 overview links, partners
    const labels = entries.map((e) => e.label);
    // the partner tiles share one action (the /strategic page): 查看全部 and the first tile stand for them
    const firstTiles = entries.findIndex((e) => e.partner) + 2;
    for (let i = 0; i < labels.length; i++) {
      if (entries[i]!.partner && i >= firstTiles) continue;
      await homeReady(page);
      const el = page.locator(HOME).nth(i);
      const what = `首页「${labels[i]}」`;
      const tag = await el.evaluate((e) => e.tagName);
      if (tag === 'SUMMARY') {
        // an announcement opens in place: its body shows
        await el.click();
        expect(await el.evaluate((e) => (e.parentElement as HTMLDetailsElement).open), what).toBe(true);
        walked.push(`${what} → 展开公告`);
        continue;
      }
      await el.click();
      // a page (the address leaves /index), a dialog, or a figure's ⓘ definition (issue 31)
      await page.waitForFunction(
        () => location.pathname !== '/index' || !!document.querySelector('[role="dialog"], [role="alertdialog"], [data-testid^="def-"]'),
        null,
        { timeout: 30_000 },
      );
      const definition = page.locator('[data-testid^="def-"]');
      if (new URL(page.url()).pathname === '/index' && (await definition.count()) > 0) {
        const text = await definition.first().innerText();
        expect(text.replace(/\s+/g, '').length, `${what}: the definition has content`).toBeGreaterThan(10);
        walked.push(`${what} → 指标说明「${text.split('\n')[0]}」`);
        await page.keyboard.press('Escape');
        await definition.first().waitFor({ state: 'detached', timeout: 15_000 });
        continue;
      }
      if (new URL(page.url()).pathname === '/index') {
        const dialog = page.locator('[role="dialog"], [role="alertdialog"]').last();
        await settled(page);
        const text = await dialog.innerText();
        for (const w of NOT_REAL) expect(text, what).not.toContain(w);
        expect(text.replace(/\s+/g, '').length, `${what}: the dialog has content`).toBeGreaterThan(10);
        walked.push(`${what} → 对话框「${text.split('\n')[0]}」`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached', timeout: 15_000 });
        continue;
      }
      walked.push(`${what} → ${await expectRealPage(page, what)}`);
      await page.goBack();
    }

    // the top nav: every entry (完税服务 too: the demo company has the tax service)
    await homeReady(page);
    const nav = await page
      .getByTestId('top-nav')
      .locator('a[href]')
      .evaluateAll((els) => els.map((e) => [e.textContent!.trim(), e.getAttribute('href')!]));
    expect(nav.map(([l]) => l)).toEqual(['首页', '人才大厅', '全职招聘', '灵活用工', '离职办理', '完税服务']);
    for (const [label, href] of nav) {
      await page.getByTestId('top-nav').getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((u) => u.pathname === href, { timeout: 30_000 });
      walked.push(`导航「${label}」 → ${await expectRealPage(page, `导航「${label}」`)}`);
    }

    // the user menu: every item but 退出登录 (and 安装到桌面, which the browser answers)
    await page.goto(`${h.url}/index`);
    await homeReady(page);
    await page.getByTestId('user-menu-trigger').click();
    // the menu's chunk loads on the first open: wait for its last item before reading them all
    await page.getByTestId('user-menu').getByRole('menuitem', { name: '退出登录' }).waitFor();
    const items = (await page.getByTestId('user-menu').getByRole('menuitem').allInnerTexts()).map((x) => x.trim().split('\n')[0]!.trim());
    expect(items).toEqual(expect.arrayContaining(['账号设置', '企业信息', '同事', '数据面板', '退出登录']));
    await page.keyboard.press('Escape');
    for (const label of items.filter((x) => x !== '退出登录' && x !== '安装到桌面')) {
      await page.getByTestId('user-menu-trigger').click();
      await page.getByTestId('user-menu').getByRole('menuitem', { name: label }).click();
      await page.waitForURL((u) => u.pathname !== '/index', { timeout: 30_000 });
      walked.push(`用户菜单「${label}」 → ${await expectRealPage(page, `用户菜单「${label}」`)}`);
      await page.goto(`${h.url}/index`);
      await homeReady(page);
    }
    console.log(`[home walk] ${walked.length} entries:\n${walked.join('\n')}`);
  }, 240_000);
});

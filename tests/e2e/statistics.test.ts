/**
 * Issue 15 in a real Chromium against the real server: from the home banner open 数据面板, switch
 * ranges and see the figures change, a custom range with nothing in it shows 暂无数据, open a chart's
 * table (the same numbers), filter by position, and export the .xlsx with the panel's numbers.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, loginAs, settled, shot, startHarness, type Harness } from './harness';
import { mobileIndex } from '../../src/server/domain/users';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const kpi = async (page: Page, id: string) => (await page.getByTestId(`kpi-${id}`).locator('span').nth(1).textContent())!;
async function waitPeriod(page: Page, text: RegExp) {
  await page.getByTestId('period').filter({ hasText: text }).waitFor({ timeout: 30_000 });
}

describe('statistics: the data panel', () => {
  it('ranges, empty range, chart table, position filter, export', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    // close the 离职申请 notice that floats over the page's right end
    await page.getByTestId('urge-notice-close').click();
    await page.getByTestId('urge-notice').waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('welcome').getByRole('button', { name: '数据面板' }).click();
    await page.waitForURL('**/statistics');
    await page.getByTestId('section-recruit').waitFor({ timeout: 30_000 });
    await waitPeriod(page, / 至 /);
    const week = Number(await kpi(page, 'applies'));
    expect(week).toBeGreaterThan(0);
    await shot(page, 'statistics-7d');
    // 离职: the count and its donut (the seed has departures in most weeks of the year)
    await page.getByTestId('section-dimission').scrollIntoViewIfNeeded();
    await page.getByTestId('kpi-left').waitFor({ timeout: 15_000 });
    await shot(page, 'statistics-dimission');

    const weekPeriod = await page.getByTestId('period').textContent();
    await page.getByTestId('range-30d').click();
    await page.getByTestId('range-30d').and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 15_000 });
    await page.waitForFunction((p) => document.querySelector('[data-testid="period"]')?.textContent !== p, weekPeriod, { timeout: 30_000 });
    await page.waitForFunction((w) => Number(document.querySelector('[data-testid="kpi-applies"] span:nth-child(2)')?.textContent) > w, week, {
      timeout: 30_000,
    });
    const month = Number(await kpi(page, 'applies'));
    expect(month).toBeGreaterThan(week);
    // the trend chart by keyboard: one tab stop, End → the last day's values read out
    await page.getByTestId('chart-trend').focus();
    await page.keyboard.press('End');
    const lastDay = (await page.getByTestId('period').textContent())!.slice(-10);
    await page
      .getByTestId('chart-trend-readout')
      .filter({ hasText: new RegExp(`^${lastDay} 投递 \\d+ · 面试 \\d+ · 录用 \\d+$`) })
      .waitFor({ timeout: 15_000 });
    await shot(page, 'statistics-30d-chart');
    // the donut's table lists the leave types; their counts add up to 离职人数
    await page.getByTestId('toggle-reasons').click();
    const reasons = await page
      .getByTestId('table-reasons')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.reduce((s, tr) => s + Number(tr.children[1]!.textContent), 0));
    expect(reasons).toBe(Number(await kpi(page, 'left')));

    // the trend as a table: 30 rows whose 投递 add up to the KPI
    await page.getByTestId('toggle-trend').click();
    const table = page.getByTestId('table-trend');
    await table.waitFor({ timeout: 15_000 });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(30);
    const applies = await rows.evaluateAll((trs) => trs.reduce((s, tr) => s + Number(tr.children[1]!.textContent), 0));
    expect(applies).toBe(month);
    await shot(page, 'statistics-30d-table');

    // 灵活用工 and CRC: KPIs, and the payout trend as a table whose 人次 add up to 发放人次
    await page.getByTestId('section-flex').scrollIntoViewIfNeeded();
    await page.getByTestId('toggle-flex-trend').click();
    const flexRows = page.getByTestId('table-flex-trend').locator('tbody tr');
    expect(await flexRows.count()).toBe(30);
    const paid = await flexRows.evaluateAll((trs) => trs.reduce((s, tr) => s + Number(tr.children[2]!.textContent), 0));
    expect(paid).toBe(Number(await kpi(page, 'flex-paid')));
    await page.getByTestId('section-crc').scrollIntoViewIfNeeded();
    await page.getByTestId('kpi-crc-balance').waitFor({ timeout: 15_000 });
    await shot(page, 'statistics-flex-crc');

    // a custom range with nothing in it: 暂无数据, not empty axes
    await page.getByTestId('range-custom').click();
    await page.getByTestId('custom-start').fill('2020-01-01');
    await page.getByTestId('custom-end').fill('2020-01-31');
    await page.getByTestId('custom-apply').click();
    await waitPeriod(page, /2020-01-01 至 2020-01-31/);
    await page.getByTestId('card-funnel').getByText('暂无数据').waitFor({ timeout: 15_000 });
    await page.getByTestId('card-trend').getByText('暂无数据').waitFor({ timeout: 15_000 });
    await page.getByTestId('card-flex-trend').getByText('暂无数据').waitFor({ timeout: 15_000 });
    await page.getByTestId('card-crc-trend').getByText('暂无数据').waitFor({ timeout: 15_000 });
    expect(await kpi(page, 'applies')).toBe('0');
    await shot(page, 'statistics-empty');

    // back to 近30天, one position
    await page.getByTestId('range-30d').click();
    await page.getByTestId('table-positions').waitFor({ timeout: 30_000 });
    const first = page.getByTestId('table-positions').locator('tbody tr').first();
    const title = (await first.locator('td').first().textContent())!;
    const posApplies = Number(await first.locator('td').nth(2).textContent());
    await page.getByTestId('position-filter').click();
    await page.getByRole('option', { name: title, exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="table-positions"] tbody tr').length === 1, null, { timeout: 30_000 });
    await page.waitForFunction((n) => document.querySelector('[data-testid="kpi-applies"] span:nth-child(2)')?.textContent === String(n), posApplies, {
      timeout: 30_000,
    });

    // export: the file holds the panel's numbers
    const [d] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('stats-export').click()]);
    expect(d.suggestedFilename()).toMatch(/^数据面板_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(ARTIFACTS, `stat-${Date.now()}.xlsx`);
    await d.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(file)) as unknown as ExcelJS.Buffer);
    expect(book.getWorksheet('招聘漏斗')!.getRow(3).values).toEqual([undefined, '投递', posApplies, expect.anything()]);
    expect(book.getWorksheet('职位明细')!.getRow(2).getCell(1).value).toBe(title);
    // every figure of the page with its definition (issue 31): the 指标 sheet
    expect(book.getWorksheet('指标')!.getColumn(2).values).toEqual(expect.arrayContaining(['发放总额', '处理离职申请', '平均处理时长', '当前余额']));
    expect(book.getWorksheet('消耗用途')).toBeDefined();
    expect(book.getWorksheet('CRC积分')!.rowCount).toBe(32); // header, 30 days, 合计
    await shot(page, 'statistics-position');

    // 部门: all positions again, then one department: 投递 is that department's positions' applications
    await page.getByTestId('position-filter').click();
    await page.getByRole('option', { name: '全部职位', exact: true }).click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="table-positions"] tbody tr').length > n, 1, { timeout: 30_000 });
    await page.getByTestId('department-filter').click();
    const dept = (await page.getByRole('option').nth(1).textContent())!.trim();
    await page.getByRole('option', { name: dept, exact: true }).click();
    const [start, end] = (await page.getByTestId('period').textContent())!.split(' 至 ');
    const db = h.server.db;
    const expected = (await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM applications a JOIN positions p ON p.id = a.position_id
        WHERE a.company_id = (SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}') AND p.department = $1
          AND a.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Shanghai') AND a.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`,
      [dept, start, end],
    ))!.n;
    expect(expected).toBeLessThan(month);
    await page.waitForFunction((n) => document.querySelector('[data-testid="kpi-applies"] span:nth-child(2)')?.textContent === String(n), expected, {
      timeout: 30_000,
    });
    await shot(page, 'statistics-department');
  }, 180_000);

  it('issue 31: ⓘ definitions, 当前 labels, proportional funnel, charts in CSS pixels with units, 设置在职人数; at 1440 and 1024', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(context, '13800000001');
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${h.url}/statistics`);
      await page.getByTestId('section-recruit').waitFor({ timeout: 30_000 });
      await waitPeriod(page, / 至 /);
      // every figure has its ⓘ; the one of 投递 opens the shared definition
      for (const id of ['applies', 'invited', 'rate', 'handled', 'flex-published', 'flex-active', 'crc-balance']) {
        await page.getByTestId(`info-${id}`).waitFor({ timeout: 15_000 });
      }
      await page.getByTestId('info-applies').click();
      await page.getByTestId('def-applies').filter({ hasText: '人才大厅发出的面试邀请不是投递' }).waitFor({ timeout: 15_000 });
      await shot(page, `statistics-def-${width}`);
      await page.keyboard.press('Escape');
      // range-free figures say 当前
      expect(await page.getByTestId('kpi-flex-active').innerText()).toContain('进行中任务（当前）');
      expect(await page.getByTestId('kpi-crc-balance').innerText()).toContain('当前余额');
      // the funnel: bar lengths proportional to the people counts, no bar for 0
      const bars = await page.evaluate(() =>
        ['applies', 'invited', 'attended', 'hired', 'onboarded'].map((k) => ({
          n: Number(document.querySelector(`[data-testid="funnel-count-${k}"]`)!.textContent),
          w: document.querySelector(`[data-testid="funnel-bar-${k}"]`)?.getBoundingClientRect().width ?? 0,
        })),
      );
      const unit = bars[0]!.w / bars[0]!.n;
      for (const b of bars) expect(Math.abs(b.w - b.n * unit), JSON.stringify(bars)).toBeLessThan(2);
      // axis text is 12 CSS px in the half-width 每日趋势 and the full-width 发放趋势 alike; units written
      for (const [chart, u] of [
        ['chart-trend', '人次'],
        ['chart-flex-trend', '元'],
      ] as const) {
        await page.getByTestId(chart).scrollIntoViewIfNeeded();
        const m = await page.getByTestId(chart).evaluate((el) => {
          const texts = [...el.querySelectorAll('svg text')];
          return {
            size: Math.max(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * (t.getBoundingClientRect().height > 0 ? 1 : 0))),
            unit: texts[0]!.textContent,
            scale: el.querySelector('svg')!.getAttribute('viewBox'),
          };
        });
        expect(m).toEqual({ size: 12, unit: u, scale: null });
      }
      await page.getByTestId('section-flex').scrollIntoViewIfNeeded();
      await shot(page, `statistics-flex-${width}`);
    }
    // 设置在职人数: two steps, then the panel reloads
    await page.getByTestId('section-dimission').scrollIntoViewIfNeeded();
    await page.getByTestId('headcount-open').click();
    await page.getByTestId('headcount-staff').fill('300');
    await page.getByTestId('headcount-next').click();
    await page.getByTestId('headcount-confirm').filter({ hasText: '300 人' }).waitFor({ timeout: 15_000 });
    await shot(page, 'statistics-headcount-confirm');
    await page.getByTestId('headcount-save').click();
    await page.getByText('在职人数已设置').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('range-today').click();
    await page.getByTestId('kpi-rate').filter({ hasText: '期末 300 人' }).waitFor({ timeout: 30_000 });
  }, 180_000);

  it('导出 is for members: a company that is not one gets the membership prompt, and no file', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(context, '13800000002');
    await page.goto(`${h.url}/statistics`);
    await page.getByTestId('section-recruit').waitFor({ timeout: 30_000 });
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByTestId('stats-export').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.innerText()).toContain('会员');
    await settled(page);
    expect(downloads).toBe(0);
    await shot(page, 'statistics-export-gate');
  }, 120_000);
});

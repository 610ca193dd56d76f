/**
 * Issue 10 in a real Chromium against the real server: from the home shortcut 批量导入, download
 * the template, fill it (exceljs) with good rows, a wrong check digit, an ID Excel turned into
 * 1.10105E+17 and a duplicate; upload; read the summary and each error with its row; download the
 * error file; fix; import; find the batch in /import-batch. Screenshots: tests/.artifacts/imp-*.png.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, loginAs, shot, startHarness, type Harness } from './harness';
import { breakCheck, makeIdCard } from '../../src/server/imports/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; book: ExcelJS.Workbook; file: string }> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  const file = path.join(ARTIFACTS, `imp-${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(file)) as unknown as ExcelJS.Buffer);
  return { name: d.suggestedFilename(), book, file };
}

const person = (n: number, id: string) => [
  `员工${'甲乙丙丁戊'[n]}`,
  id,
  `1390000${String(7000 + n)}`,
  '研发部',
  '测试工程师',
  '2021-04-01',
  '2025-01-15',
  '2021-04-01',
  '无固定期限',
  '协商一致解除',
];

describe('bulk import: template → fill → upload → errors → fix → import → batches', () => {
  it('the whole flow of issue 10', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    const urge = page.getByTestId('urge-notice');
    // company 1 has pending resignation requests: the urge notice shows after login; close it
    await urge.waitFor({ timeout: 30_000 });
    await page.getByTestId('urge-notice-close').click();
    await urge.waitFor({ state: 'detached' });

    // the home shortcut leads to the real page
    await page.getByText('批量导入', { exact: true }).first().click();
    await page.waitForURL('**/bulkImport/dimission');
    await page.getByTestId('import-limits').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-limits').textContent()).toBe('仅支持 xlsx 格式，文件大小不超过 5MB，单次最多 5000 条数据');
    await shot(page, 'imp-01-wizard');

    // 1. the template from the server
    const tpl = await download(page, () => page.getByTestId('import-template').click());
    expect(tpl.name).toBe('离职员工导入模板.xlsx');
    const ws = tpl.book.getWorksheet('离职员工')!;
    expect(tpl.book.getWorksheet('填表说明')).toBeTruthy();
    expect(ws.getColumn(2).numFmt).toBe('@');

    // 2. fill it: three good rows, a wrong check digit, Excel's 1.10105E+17, a duplicate of row 2
    const ids = [0, 1, 2, 3].map((n) => makeIdCard(`198${n}-0${n + 1}-1${n}`, 700 + n));
    const rows = [person(0, ids[0]!), person(1, ids[1]!), person(2, ids[2]!), person(3, breakCheck(ids[3]!)), person(4, '1.10105E+17'), person(0, ids[0]!)];
    rows.forEach((r, i) => (ws.getRow(2 + i).values = r));
    const filled = path.join(ARTIFACTS, 'imp-filled.xlsx');
    await writeFile(filled, Buffer.from(await tpl.book.xlsx.writeBuffer()));

    // a file that is not xlsx is refused on screen
    await page.getByTestId('import-file').setInputFiles({ name: '名单.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await page.getByTestId('import-problem').getByText('仅支持 xlsx 格式').waitFor();

    // 3. upload: the summary and every error with its row
    await page.getByTestId('import-file').setInputFiles(filled);
    const summary = page.getByTestId('import-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toBe('共 6 条，校验通过 3 条，失败 3 条');
    const issue = (row: number) => page.locator(`[data-testid="import-issue"][data-row="${row}"]`);
    expect(await issue(5).textContent()).toContain('身份证号校验位错误');
    expect(await issue(5).textContent()).toContain('第5行');
    expect(await issue(6).textContent()).toContain('请将身份证号列设置为文本格式后重新填写');
    expect(await issue(6).textContent()).toContain('1.10105E+17');
    expect(await issue(7).textContent()).toContain('与第2行重复（身份证号和离职日期相同）');
    expect(await page.getByTestId('import-issue').count()).toBe(3);
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
    await shot(page, 'imp-02-report');

    // the error file: the original rows with 错误原因
    const errs = await download(page, () => page.getByTestId('import-download-errors').click());
    expect(errs.name).toMatch(/^imp-filled_错误数据_\d{8}\.xlsx$/);
    const es = errs.book.worksheets[0]!;
    expect(es.getRow(1).getCell(11).value).toBe('错误原因');
    expect(String(es.getRow(5).getCell(11).value)).toContain('身份证号校验位错误');
    expect(String(es.getRow(7).getCell(11).value)).toContain('与第2行重复');

    // 4. fix: the right check digit, the full ID as text, the duplicate row becomes a new person
    const fixed = errs.book;
    const fs = fixed.worksheets[0]!;
    fs.getRow(5).getCell(2).value = ids[3]!;
    fs.getRow(6).getCell(2).value = makeIdCard('1984-05-14', 704);
    fs.getRow(7).getCell(2).value = makeIdCard('1985-06-15', 705);
    const fixedFile = path.join(ARTIFACTS, 'imp-fixed.xlsx');
    await writeFile(fixedFile, Buffer.from(await fixed.xlsx.writeBuffer()));
    await page.getByTestId('import-file').setInputFiles(fixedFile);
    await page.getByText('共 6 条，校验通过 6 条，失败 0 条').waitFor({ timeout: 60_000 });
    await page.getByTestId('import-commit').click();
    await page.getByTestId('import-commit-confirm').click();
    await page.getByTestId('import-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-done').textContent()).toContain('导入成功，共导入 6 条数据');
    await shot(page, 'imp-03-imported');
    const n = await h.server.db.one<{ n: number }>("SELECT count(*)::int AS n FROM departure_records WHERE source = 'import'");
    expect(n!.n).toBe(6);

    // 5. the batches: the imported one first, the failed one after it
    await page.getByTestId('import-done').getByText('查看导入批次').click();
    await page.waitForURL('**/import-batch');
    const first = page.getByTestId('import-batch-row').first();
    await first.waitFor({ timeout: 30_000 });
    expect(await first.textContent()).toContain('imp-fixed.xlsx');
    expect(await first.getByTestId('import-status').textContent()).toBe('导入成功');
    expect(await first.textContent()).toContain('离职员工');
    expect(await page.getByTestId('import-batch-row').nth(1).getByTestId('import-status').textContent()).toBe('导入失败');
    await shot(page, 'imp-04-batches');
    await page.getByTestId('import-batch-row').nth(1).getByTestId('batch-detail').click();
    await page.getByTestId('import-batch-detail').getByText('身份证号校验位错误').waitFor({ timeout: 30_000 });
    await shot(page, 'imp-05-detail');
  }, 240_000);
});

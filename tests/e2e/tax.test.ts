/**
 * Issue 14 in a real Chromium against the real server. As 13800000001 (member, tax flag): apply
 * for a period from the seeded paid payout rows, check (我已核对以上信息无误), pay by the WeChat Pay
 * QR (the phone confirms on the shared pay sandbox page), the operator issues proof and invoice on
 * the sandbox page, open 发票详情 (a paper invoice: no electronic file), download the 完税证明 PDF and
 * verify it on the public /m/tax-check page (its facts, the file matches); a batch application from two payout
 * batches of one period (可开票金额 shown first), then withdrawn after a confirmation. As
 * 13800000002 (no tax flag): no nav entry, and every /payTaxes route sends to /. Screenshots:
 * tests/.artifacts/tax-*.png.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTEXT_DEFAULTS, loginAs, shot, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The flow works on the tax seed's batches; the statistics seed's year of weekly payouts (same
  // company, same workers) is moved three years back, out of the months the flow applies for.
  await h.server.db.query(
    `UPDATE payout_rows r SET finished_at = r.finished_at - interval '3 years' FROM payout_batches pb
      WHERE pb.id = r.batch_id AND pb.batch_no NOT LIKE 'FFTAXDEMO%' AND r.finished_at IS NOT NULL`,
  );
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** The urge notice of company 1 covers the top of the page: put it away when it shows. */
async function closeUrge(page: Page) {
  const close = page.getByTestId('urge-notice-close');
  await close.waitFor({ timeout: 15_000 }).then(
    () => close.click(),
    () => {},
  );
}
/** Last month (China time): the seed paid two batches then. */
function lastMonth(): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  const idx = d.getUTCFullYear() * 12 + d.getUTCMonth() - 1;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}
/** A 1×1 PNG (the voucher image). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const field = (page: Page, label: string) => page.locator(`dd[data-field="${label}"]`).first();

describe('tax service: the main flow', () => {
  it('apply, check, pay by QR, operator issues, invoice detail and downloads; batch application; withdraw', async () => {
    const { page, context } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await closeUrge(page);
    await page.getByTestId('top-nav').getByText('完税服务').click();
    await page.waitForURL('**/payTaxes/list');
    await page.getByTestId('tax-add').waitFor();
    await shot(page, 'tax-list-empty');

    // 申请完税证明: the default period holds the seeded paid rows; choose one person
    await page.getByTestId('tax-add').click();
    await page.waitForURL('**/payTaxes/add');
    const zhang = page.getByTestId('tax-pick-people').locator('tr[data-name="张伟"]');
    await zhang.waitFor({ timeout: 30_000 });
    await zhang.getByRole('checkbox').check();
    await page
      .getByTestId('tax-selected')
      .getByText(/已选 1 项 · 涉及 1 人/)
      .waitFor();
    await page.getByTestId('tax-remark').fill('个税年度汇算使用');
    await shot(page, 'tax-add');
    await page.getByTestId('tax-next').click();

    // 核对
    await page.waitForURL(/\/payTaxes\/check\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('tax-check-rows').waitFor();
    expect(await page.getByTestId('tax-check-rows').locator('tr[data-consistent="1"]').count()).toBe(2);
    await page.getByTestId('tax-check-rows').getByText('一致').first().waitFor();
    const applyNo = (await field(page, '申请编号').innerText()).trim();
    expect(applyNo).toMatch(/^TX\d+$/);
    expect(await page.getByTestId('tax-submit').isDisabled()).toBe(true);
    await page.getByText('我已核对以上信息无误').click();
    await page.locator('[data-testid="tax-submit"]:not([disabled])').waitFor();
    await shot(page, 'tax-check');
    await page.getByTestId('tax-submit').click();

    // 企业支付: WeChat Pay QR, the phone confirms on the pay sandbox
    await page.waitForURL(`**/payTaxes/order/${id}`);
    await page.getByTestId('tax-wechat-start').click();
    const qr = page.getByTestId('tax-qr');
    await qr.locator('img').waitFor();
    const box = await qr.locator('img').boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([200, 200]);
    const orderId = (await field(page, '订单号').innerText()).trim();
    expect(await qr.getAttribute('data-qr-value')).toContain(`/sandbox/pay/${orderId}`);
    // the same page on this device (a phone cannot scan its own screen)
    expect(await page.getByTestId('tax-open-pay').getAttribute('href')).toBe(await qr.getAttribute('data-qr-value'));
    await shot(page, 'tax-order-qr');
    await page.getByTestId('tax-paid-check').click();
    await page.getByText('暂未查询到支付结果，请完成支付后重试').first().waitFor();
    const phone = await context.newPage();
    await phone.goto(`/sandbox/pay/${orderId}`);
    await phone.getByText('完税证明开具服务费').waitFor();
    await phone.getByRole('button', { name: '确认支付' }).click();
    await phone.getByText('支付成功').waitFor();
    await page.getByTestId('tax-paid-check').click();
    await page.getByTestId('tax-paid').getByText('支付完成').waitFor();
    await shot(page, 'tax-paid');

    // the operator issues the proof and the invoice
    const op = await context.newPage();
    await op.goto('/sandbox/');
    const row = op.locator(`tr[data-tax-apply="${applyNo}"]`);
    await row.getByRole('button', { name: '开具完税证明' }).click();
    await op.getByText(/完税证明已开具/).waitFor();
    await op.locator(`tr[data-tax-apply="${applyNo}"]`).getByRole('button', { name: '开具发票' }).click();
    await op.getByText(/发票已开具/).waitFor();

    // the list shows 已开具; 查看 opens 发票详情
    await page.goto('/payTaxes/list');
    const line = page.locator(`tr[data-apply="${applyNo}"]`);
    await line.locator('[data-status="issued"]').waitFor();
    await line.getByText('已开具').waitFor();
    await shot(page, 'tax-list-issued');
    await line.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(`**/payTaxes/detail/${id}/${applyNo}`);
    await page.getByTestId('tax-invoice-status').getByText('已开票').waitFor();
    expect((await field(page, '发票号码').innerText()).trim()).toMatch(/^\d{20}$/);
    expect(await field(page, '发票类型').innerText()).toContain('增值税专用发票');
    expect(await field(page, '发票抬头').innerText()).toContain('杭州云帆智联科技有限公司');
    expect(await field(page, '开票日期').innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await field(page, '证明编号').innerText()).toMatch(/浙税证\d{8}/);
    await shot(page, 'tax-invoice-detail');
    // the seeded invoice details name a recipient: a paper invoice, so no electronic file is offered
    expect(await field(page, '发票类型').innerText()).toContain('纸质发票');
    await page.getByTestId('tax-paper-note').waitFor();
    expect(await page.getByTestId('tax-dl-invoice').count()).toBe(0);
    expect(await field(page, '税率').innerText()).toBe('6%');
    const [proof] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tax-dl-proof').click()]);
    expect(proof.suggestedFilename()).toBe(`完税证明_${applyNo}.pdf`);
    const pdfPath = await proof.path();
    expect((await readFile(pdfPath)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // 验真 on the public page (no login): the facts, and the downloaded file is the issued one
    const checkUrl = (await page.getByTestId('tax-verify-link').getAttribute('href'))!;
    expect(checkUrl).toMatch(/^\/m\/tax-check\/[0-9A-HJKMNP-TV-Z]{12}$/);
    const checker = await (await h.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: h.url, viewport: { width: 390, height: 844 } })).newPage();
    await checker.goto(checkUrl);
    await checker.getByTestId('check-result').waitFor();
    expect(await checker.getByTestId('check-result').getAttribute('data-status')).toBe('issued');
    await checker.locator('[data-item="period"]').waitFor();
    await checker.getByTestId('check-file').setInputFiles(pdfPath);
    await checker.locator('[data-testid="check-file-result"][data-result="match"]').waitFor();
    await shot(checker, 'tax-proof-check');
    await checker.context().close();

    // 批量申请: two payout batches of last month, 可开票金额 before submitting
    await page.goto('/payTaxes/bulkImport');
    const picks = page.getByTestId('tax-pick-batches');
    for (const no of ['FFTAXDEMO0001', 'FFTAXDEMO0002']) await picks.locator(`tr[data-batch="${no}"]`).getByRole('checkbox').check();
    // what is left after 张伟's application: 李娜 ¥2,000 + 6% fee, 王强 ¥1,500 + 6% fee
    await page.getByTestId('tax-invoiceable').getByText('¥3,710.00').waitFor();
    await shot(page, 'tax-bulk');
    // the picks are kept as a draft until the submit succeeds, then the draft is gone
    const bulkDrafts = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('taxBulkDraft')));
    expect(await bulkDrafts()).toHaveLength(1);
    await page.getByTestId('tax-bulk-submit').click();
    await page.waitForURL(/\/payTaxes\/check\/\d+$/);
    expect(await bulkDrafts()).toEqual([]);
    const bulkId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('tax-check-rows').locator('tbody tr').nth(1).waitFor();
    expect(await page.getByTestId('tax-check-rows').locator('tbody tr').count()).toBe(2);
    await shot(page, 'tax-bulk-check');

    // 撤回 from the list, after a confirmation
    await page.goto('/payTaxes/list');
    await page.getByTestId(`tax-withdraw-${bulkId}`).click();
    await page.getByText(/确定要撤回申请/).waitFor();
    await shot(page, 'tax-withdraw-confirm');
    await page.getByTestId('tax-withdraw-ok').click();
    await page.getByTestId('tax-filter-withdrawn').click();
    await page.locator('[data-status="withdrawn"]').first().waitFor();
  });
});

describe('tax service: 批量申请 by importing a list', () => {
  it('from 批量申请 to the import wizard: template, fill, upload, 确认导入 → an application 待核对', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await closeUrge(page);
    await page.goto('/payTaxes/bulkImport');
    await page.getByTestId('tax-bulk-import').click();
    await page.waitForURL('**/bulkImport/tax');
    await page.getByTestId('import-limits').waitFor({ timeout: 30_000 });
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('import-template').click()]);
    expect(dl.suggestedFilename()).toBe('完税申请批次导入模板.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await dl.path())!)) as unknown as ExcelJS.Buffer);
    const ws = book.getWorksheet('完税申请批次')!;
    ws.getRow(2).values = ['FFTAXDEMO0001', lastMonth()];
    await page.getByTestId('import-file').setInputFiles({
      name: '完税批次.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-summary').textContent()).toBe('共 1 条，校验通过 1 条，失败 0 条');
    await page.getByTestId('import-commit').click();
    await page.getByTestId('import-commit-confirm').click();
    await page.getByTestId('import-done').waitFor({ timeout: 60_000 });
    await shot(page, 'tax-import-done');
    await page.goto('/payTaxes/list');
    await page.getByTestId('tax-filter-checking').click();
    await page.locator('[data-status="checking"]').first().waitFor();
  });
});

describe('tax service: bank transfer with a voucher', () => {
  it('uploads the voucher through the upload engine, waits 已支付待确认, the operator confirms; the list search finds it', async () => {
    h.advanceClock(61_000);
    const { page, context } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await closeUrge(page);
    await page.goto('/payTaxes/add');
    const wang = page.getByTestId('tax-pick-people').locator('tr[data-name="王强"]');
    await wang.waitFor({ timeout: 30_000 });
    await wang.getByRole('checkbox').check();
    await page.getByTestId('tax-next').click();
    await page.waitForURL(/\/payTaxes\/check\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('tax-check-rows').waitFor();
    const applyNo = (await field(page, '申请编号').innerText()).trim();
    await page.getByText('我已核对以上信息无误').click();
    await page.getByTestId('tax-submit').click();
    await page.waitForURL(`**/payTaxes/order/${id}`);
    await page.getByTestId('tax-pay-bank').click();
    await page.getByText('571900000000000000').first().waitFor();
    await page.getByTestId('upload-field-input-tax-voucher').setInputFiles({ name: '转账凭证.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('upload-field-tax-voucher').getByText('已上传').waitFor({ timeout: 60_000 });
    await page.getByTestId('tax-voucher-submit').click();
    await page.getByTestId('tax-confirming').waitFor();
    await shot(page, 'tax-bank-confirming');

    // the list: 已支付待确认, no withdrawal any more; the breadcrumb search finds it by a person's name
    await page.goto(`/payTaxes/list?keywords=${encodeURIComponent('王强')}`);
    const line = page.locator(`tr[data-apply="${applyNo}"]`);
    await line.getByText('已支付待确认').waitFor();
    expect(await page.getByTestId(`tax-withdraw-${id}`).count()).toBe(0);

    const op = await context.newPage();
    await op.goto('/sandbox/');
    await op.locator(`tr[data-tax-apply="${applyNo}"]`).getByRole('button', { name: '确认到账' }).click();
    await op.getByText(/已确认到账/).waitFor();
    await page.goto(`/payTaxes/order/${id}`);
    await page.getByTestId('tax-paid').getByText('支付完成').waitFor();
    await page.goto('/payTaxes/list');
    await page.locator(`tr[data-apply="${applyNo}"]`).getByText('开具中').waitFor();
  });
});

describe('tax service: without the tax flag', () => {
  it('13800000002 sees no nav entry and is sent to / from every /payTaxes route', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000002');
    await page.getByTestId('top-nav').getByText('离职办理').waitFor();
    expect(await page.getByTestId('top-nav').getByText('完税服务').count()).toBe(0);
    for (const p of [
      '/payTaxes',
      '/payTaxes/list',
      '/payTaxes/auth',
      '/payTaxes/add',
      '/payTaxes/check/1',
      '/payTaxes/order/1',
      '/payTaxes/detail/1/TX2026',
      '/payTaxes/bulkImport',
    ]) {
      await page.goto(p);
      await page.waitForURL('**/index', { timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/index');
    }
    // where such a company learns how to apply: 账号设置 → 完税服务
    await page.goto('/account?id=tax');
    await page.getByTestId('tax-service-status').getByText('未开通').waitFor();
    await page.getByText('开通流程').waitFor();
    await shot(page, 'tax-no-flag-apply');
  });
});

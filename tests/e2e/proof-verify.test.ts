/**
 * Issue 30 in real Chromium against the real server: an import row with an evaluative word is
 * refused, and a record imported before the rule cannot be issued; an issued proof's QR opens the
 * public 验真 page on a phone (已出具), the PDF HR and the employee download matches, an altered one
 * does not; 加盖电子印章 → 验真 shows 电子印章 and matches the sealed PDF; a voided proof shows 已作废; the employee's page at 390×844 scrolls only down and its
 * title is one line; the 操作 column of the lists is in reach at 1440 and 1024.
 * Screenshots: tests/.artifacts/pv-*.png.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dimissionImport } from '../../src/contract/imports';
import { evaluativeWarning } from '../../src/contract/dimission-rules';
import { makeIdCard } from '../../src/server/db/seeds/dimission';
import { sealPii } from '../../src/server/lib/pii';
import { dimissionCells, makeXlsx } from '../../src/server/imports/fixtures';
import { call } from '../setup/server';
import { axeSerious } from './axe';
import { CONTEXT_DEFAULTS, ARTIFACTS, shot, startHarness, watchConsole, type Harness } from './harness';

let h: Harness;
let company = 0;
beforeAll(async () => {
  h = await startHarness();
  company = (await h.server.db.one<{ id: number }>("SELECT id FROM companies WHERE name = '杭州云帆智联科技有限公司'"))!.id;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function hrPage(width = 1440, height = 900): Promise<Page> {
  const { context, page } = await h.newPage();
  await page.setViewportSize({ width, height });
  await h.signIn(context, '13800000001');
  return page;
}
/** A phone: 390×844, touch, as the SMS link and the QR open on one. */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({
    ...CONTEXT_DEFAULTS,
    baseURL: h.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  watchConsole(page);
  return { context, page };
}
/** The page scrolls only down: nothing wider than the screen. */
async function noSideways(page: Page, what: string) {
  const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(w.scroll, `${what}: ${w.scroll} px wide in ${w.view}`).toBeLessThanOrEqual(w.view);
}
/** A heading on one line: one line box tall. */
async function oneLine(page: Page, testId: string) {
  const r = await page.getByTestId(testId).evaluate((el) => ({ h: el.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(el).lineHeight) }));
  expect(r.h, `${testId}: ${r.h} px for a ${r.lh} px line`).toBeLessThan(r.lh * 1.5);
}
async function hrApi(method: string, p: string, form?: Record<string, string>) {
  return call(h.url, method, `/ent/v3${p}`, { token: await h.server.tokenFor('13800000001'), form });
}
async function saved(page: Page, click: () => Promise<void>, name: string): Promise<Buffer> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  const file = path.join(ARTIFACTS, `pv-${name}-${d.suggestedFilename()}`);
  await d.saveAs(file);
  return readFile(file);
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('departure proofs anyone can verify (issue 30)', () => {
  it('import → 确认出具 is refused for evaluative words', async () => {
    const page = await hrPage();
    // an import row with 工作岗位 “销售代表（违纪解除）”: refused with the reason, nothing to import
    await page.goto('/bulkImport/dimission');
    await page.getByTestId('import-limits').waitFor({ timeout: 30_000 });
    const file = path.join(ARTIFACTS, 'pv-import.xlsx');
    await writeFile(file, await makeXlsx(dimissionImport, [{ ...dimissionCells(31), 工作岗位: '销售代表（违纪解除）' }, dimissionCells(32)]));
    await page.getByTestId('import-file').setInputFiles(file);
    await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-issue').first().textContent()).toContain(evaluativeWarning('违纪'));
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
    await shot(page, 'pv-01-import-refused');

    // a record imported before the rule: 出具证明 → 确认出具 is refused, the proof stays a draft
    const id = sealPii('id_card', makeIdCard('330106', '1992-09-09', 930));
    await h.server.db.query(
      `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, job_name, entry_date, leave_date,
         contract_start, contract_end, leave_type, legal_basis)
       VALUES ($1, 'import', '贺文博', $2, $3, $4, '销售代表（违纪解除）', '2021-07-01', '2026-10-31', '2021-07-01', '2026-12-31', 'mutual', 'mutual')`,
      [company, id.enc, id.bidx, id.mask],
    );
    await page.goto('/dimission?tab=records&keywords=' + encodeURIComponent('贺文博'));
    await page.getByTestId('record-row').first().getByTestId('record-make-proof').click();
    // the form says so first
    await page.getByTestId('pf-submit').click();
    await page.getByTestId('proof-form').getByText(evaluativeWarning('违纪')).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('dim-tab-proofs').click();
    await page.getByTestId('proof-row').filter({ hasText: '贺文博' }).getByTestId('proof-preview-open').click();
    await page.getByTestId('preview-issue').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText(evaluativeWarning('违纪'), { exact: true }).last().waitFor({ timeout: 15_000 });
    await shot(page, 'pv-02-issue-refused');
    expect((await h.server.db.one<{ status: string }>("SELECT status FROM departure_proofs WHERE name = '贺文博'"))!.status).toBe('draft');
  }, 180_000);

  it('issue → the QR opens 验真 (已出具); the PDF matches, an altered one does not; void shows 已作废; the phone pages fit', async () => {
    const mobile = '13955550930';
    const draft = await hrApi('POST', '/dimission/proofs/manual', {
      name: '宋雨桐',
      id_card: makeIdCard('330106', '1994-04-04', 931),
      mobile,
      dept_name: '市场部',
      leave_type: 'mutual',
      job_name: '品牌推广经理',
      entry_date: '2019-09-02',
      leave_date: '2026-11-20',
      contract_start: '2019-09-02',
      contract_end: '',
      contract_open_ended: '1',
      legal_basis: 'mutual',
      print_reason: '1',
      non_compete: '无竞业限制义务',
    });
    expect(draft.body.code).toBe(200);
    const page = await hrPage();
    await page.goto('/dimission?tab=proofs&keywords=' + encodeURIComponent('宋雨桐'));
    const row = page.getByTestId('proof-row').filter({ hasText: '宋雨桐' });
    await row.getByTestId('proof-preview-open').click();
    await page.getByTestId('preview-issue').click();
    await page.getByTestId('confirm-ok').click();
    const preview = page.getByTestId('proof-preview');
    await preview.getByTestId('proof-qr').locator('img').waitFor({ timeout: 15_000 });
    const url = (await preview.getByTestId('proof-qr').getAttribute('data-qr-value'))!;
    expect(url).toMatch(/\/m\/proof-check\/[0-9A-HJKMNP-TV-Z]{12}$/);
    await shot(page, 'pv-03-issued-preview');
    const pdf = await saved(page, () => page.getByTestId('preview-pdf').click(), 'hr');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // a new employer scans the QR on a phone
    const checker = await phone();
    await checker.page.goto(url);
    const result = checker.page.getByTestId('check-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await checker.page.getByTestId('check-status').textContent()).toBe('已出具');
    const text = (await result.textContent())!;
    for (const s of ['杭州云帆智联科技有限公司', '宋**', '劳动合同期限', '2019年9月2日起，无固定期限', '2026年11月20日', '品牌推广经理', '7年2个月'])
      expect(text).toContain(s);
    expect(text).not.toContain('宋雨桐');
    await noSideways(checker.page, '验真');
    expect(await axeSerious(checker.page, '验真 390')).toEqual([]);
    await shot(checker.page, 'pv-04-check-390');
    // the PDF HR downloaded: 一致; one byte changed: 不一致 (hashed in the browser, only the hash sent)
    await checker.page.getByTestId('check-file').setInputFiles({ name: '离职证明.pdf', mimeType: 'application/pdf', buffer: pdf });
    await checker.page.locator('[data-testid="check-file-result"][data-result="match"]').waitFor({ timeout: 30_000 });
    await shot(checker.page, 'pv-05-check-match');
    const altered = Buffer.from(pdf);
    altered.writeUInt8(altered.readUInt8(altered.length - 20) ^ 1, altered.length - 20);
    await checker.page.getByTestId('check-file').setInputFiles({ name: '离职证明（改）.pdf', mimeType: 'application/pdf', buffer: altered });
    await checker.page.locator('[data-testid="check-file-result"][data-result="mismatch"]').waitFor({ timeout: 30_000 });
    expect(await checker.page.getByTestId('check-file-result').textContent()).toContain('不一致');
    await shot(checker.page, 'pv-06-check-mismatch');

    // the employee's page from the SMS, on a phone: a card, no sideways scroll, the title on one line
    const sms = ((await (await fetch(`${h.url}/sandbox/dimission/sms?mobile=${mobile}`)).json()) as { list: { kind: string; body: string }[] }).list;
    const link = sms.find((m) => m.kind === 'proof')!.body.match(/https?:\/\/\S+\/m\/proof\/[\w-]+/)![0];
    const emp = await phone();
    await emp.page.goto(link);
    await emp.page.getByTestId('proof-facts').waitFor({ timeout: 30_000 });
    await noSideways(emp.page, "the employee's page");
    await oneLine(emp.page, 'proof-employee-title');
    expect(await emp.page.getByTestId('proof-facts').textContent()).toContain('7年2个月（2019年9月2日入职）');
    expect(await axeSerious(emp.page, "the employee's page 390")).toEqual([]);
    await shot(emp.page, 'pv-07-employee-390');
    await emp.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(emp.page, 'pv-07b-employee-390-end');
    // the A4 sheet: the page scaled to the screen, not squeezed into a column
    await emp.page.getByTestId('proof-a4').click();
    await emp.page.getByTestId('proof-a4-view').getByTestId('proof-paper').waitFor();
    await noSideways(emp.page, 'the A4 view');
    const title = await emp.page
      .getByTestId('proof-a4-view')
      .locator('article h1')
      .evaluate((el) => el.getClientRects().length);
    expect(title).toBe(1);
    expect(await axeSerious(emp.page, 'the A4 view 390')).toEqual([]);
    await shot(emp.page, 'pv-08-employee-a4-390');
    // the employee's PDF is the same file (the same hash)
    const own = await saved(emp.page, () => emp.page.getByTestId('proof-pdf').click(), 'employee');
    expect(sha(own)).toBe(sha(pdf));

    // 加盖电子印章: asked once more, then 电子印章 in the row; 验真 says so and matches the sealed file
    // (the employee's download is now that file); the file from before the seal is named as such
    await page.getByTestId('preview-close').click();
    await row.getByTestId('proof-seal').click();
    await shot(page, 'pv-08c-seal-confirm');
    await page.getByTestId('confirm-ok').click();
    await row.getByTestId('proof-sealed').waitFor({ timeout: 30_000 });
    await shot(page, 'pv-08d-sealed');
    const sealed = await saved(emp.page, () => emp.page.getByTestId('proof-pdf').click(), 'sealed');
    expect(sha(sealed)).not.toBe(sha(pdf));
    await checker.page.reload();
    await checker.page.getByTestId('check-seal').waitFor({ timeout: 30_000 });
    await checker.page.getByTestId('check-file').setInputFiles({ name: '离职证明_电子印章.pdf', mimeType: 'application/pdf', buffer: sealed });
    await checker.page.locator('[data-testid="check-file-result"][data-result="match"]').waitFor({ timeout: 30_000 });
    await shot(checker.page, 'pv-08e-check-sealed');
    await checker.page.getByTestId('check-file').setInputFiles({ name: '离职证明.pdf', mimeType: 'application/pdf', buffer: pdf });
    await checker.page.locator('[data-testid="check-file-result"][data-result="unsealed"]').waitFor({ timeout: 30_000 });

    // 作废: the same QR now says 已作废
    await row.getByTestId('proof-void').click();
    await page.getByTestId('reason-input').fill('合同期限有误');
    await page.getByTestId('reason-ok').click();
    await row.getByText('已作废').waitFor({ timeout: 15_000 });
    await checker.page.reload();
    await checker.page.getByTestId('check-result').waitFor();
    expect(await checker.page.getByTestId('check-status').textContent()).toBe('已作废');
    expect(await checker.page.getByTestId('check-result').getAttribute('data-status')).toBe('void');
    await shot(checker.page, 'pv-09-check-void');

    // a typed code on the bare page; a wrong one says so
    await checker.page.goto('/m/proof-check');
    await checker.page.getByTestId('check-code').fill('ZZZZ-ZZZZ-ZZZZ');
    await checker.page.getByTestId('check-query').click();
    await checker.page.getByTestId('check-failed').getByText('未找到该验真码对应的离职证明，请核对验真码').waitFor();
    await noSideways(checker.page, 'the bare 验真 page');
    await shot(checker.page, 'pv-10-check-unknown');
  }, 240_000);

  for (const width of [1440, 1024]) {
    it(`the 操作 column is in reach at ${width} px: 同意 and 退回 whole and on top`, async () => {
      const page = await hrPage(width, 900);
      await page.goto('/dimission?tab=requests&status=pending');
      const row = page.getByTestId('request-row').first();
      await row.waitFor({ timeout: 30_000 });
      for (const id of ['request-approve', 'request-reject']) {
        const b = row.getByTestId(id);
        const box = (await b.boundingBox())!;
        const scroller = (await page.locator('[data-table-scroll]').first().boundingBox())!;
        expect(box.x + box.width, `${id} ends inside the list`).toBeLessThanOrEqual(scroller.x + scroller.width + 0.5);
        // nothing covers it: the point at its centre is the button
        const top = await page.evaluate(({ x, y, tid }) => document.elementFromPoint(x, y)?.closest(`[data-testid="${tid}"]`) !== null, {
          x: box.x + box.width / 2,
          y: box.y + box.height / 2,
          tid: id,
        });
        expect(top, `${id} is on top`).toBe(true);
      }
      await shot(page, `pv-11-requests-${width}`);
      await page.getByTestId('dim-tab-proofs').click();
      await page.getByTestId('proof-row').first().waitFor();
      await shot(page, `pv-12-proofs-${width}`);
      await page.getByTestId('dim-tab-records').click();
      await page.getByTestId('record-row').first().waitFor();
      await shot(page, `pv-13-records-${width}`);
    }, 120_000);
  }
});

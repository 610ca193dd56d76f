/**
 * Issue 12 in a real Chromium against the real server: publish a task (its draft restored after a
 * reload), the operator approves it on the sandbox page, the agreement PDF goes through the upload
 * engine and previews in the browser, the task is set to named workers, people come in through
 * the workers import (批量导入人员: template → fill → upload → 确认导入) and are added with the picker, a
 * worker signs (on e签宝's H5 page: the demo's sandbox) and delivers on the phone page in a second
 * browser context, HR accepts (the evidence with the signed file),
 * and the preview shows the task as saved. Screenshots: tests/.artifacts/emp-*.png.
 */
import { mobileIndex } from '../../src/server/domain/users';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { autoAcceptDeliveries } from '../../src/server/jobs/acceptance';
import { batchAction, createBatch } from '../../src/server/domain/payouts/batch-edit';
import { sendBatchCode } from '../../src/server/domain/payouts/confirm';
import { createTopup } from '../../src/server/domain/payouts/account';
import { CONTEXT_DEFAULTS, loginAs, shot, smsCode, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const chinaDate = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).last().waitFor({ timeout: 15_000 });
async function pick(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
async function closeUrge(page: Page) {
  const urge = page.getByTestId('urge-notice');
  await urge.waitFor();
  await page.getByTestId('urge-notice-close').click();
  await urge.waitFor({ state: 'detached' });
}

/** A full load of a console page: the urge notice of company 1 shows again; close it. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await closeUrge(page);
}

const TASK = `品牌快闪店活动执行${Date.now() % 1000}`;
/** a 1×1 PNG: the delivery photo */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('employment: the task side of issue 12', () => {
  it('publish, review, agreement, named workers, sign and deliver, accept, preview', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await closeUrge(page);

    // --- the list from the top nav --------------------------------------------------------
    await page.getByRole('link', { name: '灵活用工' }).first().click();
    await page.getByTestId('task-table').waitFor();
    await page.getByTestId('task-tab-ongoing').click();
    await page.getByText('新品上市地推活动执行').waitFor();
    await shot(page, 'emp-01-list');
    // the breadcrumb search filters the list
    await page.getByTestId('task-tab-all').click();
    await page.getByTestId('search-box').fill('海报');
    await page.keyboard.press('Enter');
    await page.waitForURL(/keywords=/);
    await page.getByText('关键词：海报').waitFor();
    // the 全部 tab's unfiltered rows hold the same task too: wait for the filtered answer's one row
    await expect.poll(() => page.getByTestId('task-row').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('task-table').innerText()).toContain('门店促销海报设计');
    await page.getByRole('link', { name: '灵活用工' }).first().click();
    await page.waitForURL((u) => u.pathname === '/employment' && !u.search);

    // --- publish: the draft survives a reload ---------------------------------------------
    await page.getByTestId('task-publish').click();
    await page.waitForURL('**/employment/post');
    await page.getByTestId('task-submit').click();
    await toast(page, '请填写任务名称');
    await page.getByTestId('task-name').fill(TASK);
    await pick(page, page.getByTestId('task-category'), '*现代服务*市场推广服务');
    await page.getByTestId('task-description').fill('在商场中庭快闪店负责顾客引导、新品讲解与扫码登记，每日工作6小时。');
    await page.getByTestId('task-standard').fill('每日提交现场照片与扫码登记数据');
    await page.getByTestId('task-offline').click();
    await page.getByTestId('task-address').fill('杭州市上城区湖滨银泰in77 C区');
    await page.getByTestId('task-start_date').fill(chinaDate(1));
    await page.getByTestId('task-end_date').fill(chinaDate(10));
    await page.getByTestId('task-headcount').fill('3');
    await page.getByTestId('task-pay').fill('320.50');
    await pick(page, page.getByTestId('task-pay_unit'), '元/天');
    await pick(page, page.getByTestId('task-settle_mode'), '按日结算');
    await page.reload();
    await toast(page, '已恢复您上次未提交的内容');
    await closeUrge(page);
    expect(await page.getByTestId('task-name').inputValue()).toBe(TASK);
    expect(await page.getByTestId('task-pay').inputValue()).toBe('320.50');
    await shot(page, 'emp-02-form-restored');
    await page.getByTestId('task-submit').click();
    await toast(page, '已提交审核，平台审核通过后开始招募');
    await page.waitForURL('**/employment');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('taskDraft:')))).toEqual([]);
    const row = await h.server.db.one<{ id: number; status: string; pay_amount: number }>('SELECT id, status, pay_amount FROM flex_tasks WHERE name = $1', [
      TASK,
    ]);
    expect(row).toMatchObject({ status: 'review', pay_amount: 32050 });
    const id = row!.id;

    // --- the operator approves it on the sandbox page -------------------------------------
    const { page: op } = await h.newPage();
    await op.goto('/sandbox/');
    const opRow = op.locator(`tr[data-task="${id}"]`);
    await opRow.waitFor();
    await opRow.getByRole('button', { name: '通过' }).click();
    await op.getByText(`任务 ${id} 已通过`).waitFor();
    await page.getByTestId('task-tab-recruiting').click();
    await page.locator(`[data-task="${id}"]`).getByText('招募中').waitFor();
    await shot(page, 'emp-03-recruiting');

    // --- the agreement PDF through the upload engine; previewed in the browser ------------
    await page.locator(`[data-task="${id}"]`).getByTestId('task-protocol').click();
    await page.waitForURL(`**/employment/upload-protocol/${id}`);
    await page.getByTestId('upload-field-input-agreement').setInputFiles({ name: '灵活用工服务协议.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('upload-field-agreement').getByText('已上传').waitFor({ timeout: 30_000 });
    await page.getByTestId('protocol-save').click();
    await toast(page, '协议已上传');
    await page.getByTestId('protocol-row').getByText('当前生效').waitFor();
    await page.getByTestId('protocol-view').click();
    const frame = page.getByTestId('protocol-pdf');
    await frame.waitFor();
    const src = (await frame.getAttribute('src'))!;
    const pdf = await page.request.get(src);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await shot(page, 'emp-04-protocol');
    await page.getByRole('button', { name: '关闭' }).click();

    // --- settings: named workers ----------------------------------------------------------
    await go(page, `/employment/setting/${id}`);
    await page.getByTestId('setting-mode-named').click();
    await page.getByTestId('setting-save').click();
    await toast(page, '保存成功');
    expect((await h.server.db.one<{ signup_mode: string }>('SELECT signup_mode FROM flex_tasks WHERE id = $1', [id]))!.signup_mode).toBe('named');

    // --- people by import: 批量导入人员 from the task's page → /bulkImport/workers -------------
    await go(page, `/employment/task/${id}/${encodeURIComponent(TASK)}`);
    await page.getByTestId('manage-import').click();
    await page.waitForURL('**/bulkImport/workers');
    await page.getByTestId('import-limits').waitFor({ timeout: 30_000 });
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('import-template').click()]);
    expect(dl.suggestedFilename()).toBe('灵活用工人员导入模板.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await dl.path())!)) as unknown as ExcelJS.Buffer);
    const ws = book.getWorksheet('灵活用工人员')!;
    // 姓名 · 手机号 · 证件类型 · 证件号码 · 银行卡号 · 银行预留手机号 · 开户行; rows 2-3 replace the example
    ws.getRow(2).values = ['陈思远', '13966660001', '居民身份证', '310115199711204522', '6217001234567890122', '13966660001', '中国建设银行杭州分行'];
    ws.getRow(3).values = ['刘晓彤', '13966660002', '居民身份证', '33010219851212341X', '6228480402564890018', '', ''];
    await page.getByTestId('import-file').setInputFiles({
      name: '快闪店人员名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-summary').textContent()).toBe('共 2 条，校验通过 2 条，失败 0 条');
    await shot(page, 'emp-05a-import');
    await page.getByTestId('import-commit').click();
    await page.getByTestId('import-commit-confirm').click();
    await page.getByTestId('import-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-done').textContent()).toContain('导入成功，共导入 2 条数据');
    const imported = await h.server.db.query<{ name: string }>(
      "SELECT name FROM flex_workers WHERE import_batch_id IS NOT NULL AND name IN ('陈思远', '刘晓彤')",
    );
    expect(imported.map((r) => r.name).sort()).toEqual(['刘晓彤', '陈思远'].sort());

    // back to the task; the imported people are added with the picker
    await go(page, `/employment/task/${id}/${encodeURIComponent(TASK)}`);
    await page.getByTestId('manage-pick').click();
    await page.getByTestId('pick-search').fill('陈思远');
    await page.keyboard.press('Enter');
    const pr = page.locator('[data-testid="pick-row"][data-name="陈思远"]');
    await pr.waitFor();
    expect(await pr.innerText()).toContain('139****0001');
    await pr.getByRole('checkbox').check();
    await page.getByTestId('pick-submit').click();
    await toast(page, '已添加 1 人，已发送签约短信');
    const hrRow = page.locator('[data-testid="manage-row"][data-name="陈思远"]');
    await hrRow.getByText('待签署').waitFor();
    expect(await hrRow.innerText()).toContain('310115********4522');
    expect(await hrRow.innerText()).toContain('**** **** **** 0122');
    // not signed: no 验收; 催签 is offered
    expect(await hrRow.getByTestId('worker-accept').count()).toBe(0);
    await hrRow.getByTestId('worker-urge').click();
    await toast(page, '已发送催签短信');
    await shot(page, 'emp-05-manage');
    const invite = (await hrRow.getByTestId('manage-worker-page').getAttribute('href'))!;
    // a person typed in (指定人员), checked with the contract's GB 11643 rule first
    await page.getByTestId('manage-add').click();
    await page.getByTestId('add-name').fill('周明');
    await page.getByTestId('add-mobile').fill('13966660003');
    await page.getByTestId('add-cert_no').fill('320106199503151240');
    await page.getByTestId('add-submit').click();
    await toast(page, '证件号码校验位错误');
    await page.getByTestId('add-cert_no').fill('320106199503151249');
    await page.getByTestId('add-submit').click();
    await toast(page, '人员已添加，已发送签约短信');
    await page.locator('[data-testid="manage-row"][data-name="周明"]').getByText('320106********1249').waitFor();

    // --- the worker on their phone (a second browser context, 390×844) ----------------------
    expect(invite).toMatch(/^\/m\/flex\/w\/[\w-]+$/);
    const phoneCtx = await h.browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: h.url,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneCtx.newPage();
    await phone.goto(invite);
    await phone.getByTestId('flex-task-name').waitFor();
    expect(await phone.getByTestId('flex-task-name').innerText()).toBe(TASK);
    expect(await phone.getByTestId('flex-pay').innerText()).toBe('¥320.50/天');
    expect(await phone.getByTestId('flex-sign').innerText()).toBe('待签署');
    await shot(phone, 'emp-06a-phone-verify');
    await phone.getByTestId('flex-send').click();
    await toast(phone, '验证码已发送至139****0001');
    await phone.getByTestId('flex-code').fill(await smsCode(h.url, '13966660001'));
    await phone.getByTestId('flex-verify').click();
    // 实名认证: a wrong check digit is caught on the page; someone else's number by the server
    await phone.getByTestId('flex-idno').waitFor();
    await phone.getByTestId('flex-name').fill('陈思远');
    await phone.getByTestId('flex-idno').fill('310115199711204523');
    await phone.getByTestId('flex-realname').click();
    await phone.getByText('请输入正确的身份证号').waitFor();
    await phone.getByTestId('flex-idno').fill('33010219851212341X');
    await phone.getByTestId('flex-realname').click();
    await toast(phone, '姓名与身份证号不一致，认证失败');
    await phone.getByTestId('flex-idno').fill('310115199711204522');
    await phone.getByTestId('flex-realname').click();
    await phone.getByTestId('flex-agreement').waitFor();
    expect(await phone.getByTestId('flex-agreement-name').innerText()).toContain('第 1 版');
    const agreementPdf = await phone.request.get((await phone.getByTestId('flex-agreement').getAttribute('href'))!);
    expect(agreementPdf.headers()['content-type']).toContain('application/pdf');
    expect(await phone.getByTestId('flex-sign-btn').isDisabled()).toBe(true);
    await shot(phone, 'emp-06-phone-sign');
    await phone.getByTestId('flex-agree').click();
    // the intent code of signing, sent now to the verified mobile
    await phone.getByTestId('flex-sign-send').click();
    await toast(phone, '验证码已发送至139****0001');
    await phone.getByTestId('flex-sign-code').fill(await smsCode(h.url, '13966660001'));
    await phone.getByTestId('flex-sign-btn').click();
    // e签宝's signing page (the demo's sandbox): its own SMS code, then back to our page
    await phone.waitForURL(/\/sandbox\/esign\/h5\/sign\//, { timeout: 30_000 });
    await phone.getByTestId('esign-h5').waitFor();
    expect(await phone.getByTestId('esign-title').innerText()).toBe('灵活用工服务协议（第1版）');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'emp-06b-esign-h5');
    // back to our page without signing: 签署确认中 (readable at 360 px), and 继续签署 opens e签宝's page again
    await phone.goto(invite);
    await phone.getByTestId('flex-signing').waitFor();
    await phone.setViewportSize({ width: 360, height: 780 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(phone, 'emp-06e-phone-signing');
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.getByTestId('flex-sign-resume').click();
    await phone.waitForURL(/\/sandbox\/esign\/h5\/sign\//, { timeout: 30_000 });
    await phone.getByTestId('esign-h5').waitFor();
    await phone.getByTestId('esign-send').click();
    await phone.getByTestId('esign-notice').waitFor();
    const esignCode = ((await (await fetch(`${h.url}/sandbox/esign/sms?mobile=13966660001`)).json()) as { code: string }).code;
    await phone.getByTestId('esign-code').fill(esignCode);
    await shot(phone, 'emp-06c-esign-code');
    await phone.getByTestId('esign-sign').click();
    await phone.getByTestId('esign-done').waitFor();
    await shot(phone, 'emp-06d-esign-done');
    // e签宝 sends the phone back after its 3 s; the page shows the result once its callback came
    await phone.waitForURL((u) => u.pathname === invite, { timeout: 15_000 });
    await phone.getByTestId('flex-note').waitFor({ timeout: 20_000 });
    expect(await phone.getByTestId('flex-sign').innerText()).toBe('签署成功');
    // 提交交付 with a photo, through the upload engine with the invitation's own credentials
    await phone.getByTestId('flex-photo-input').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: PNG });
    await phone.locator('[data-testid="flex-photo-item"][data-state="done"]').waitFor({ timeout: 30_000 });
    await phone.getByTestId('flex-note').fill('3天快闪活动已完成，现场照片与登记数据已上传');
    await phone.getByTestId('flex-deliver').click();
    await phone.getByText('已交付，等待企业验收').waitFor();
    expect(await phone.getByTestId('flex-delivered-photo').count()).toBe(1);
    await phone.getByTestId('flex-records').getByText('暂无发放记录').waitFor();
    await shot(phone, 'emp-07-phone-delivered');
    // nothing wider than the phone
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // --- HR accepts ------------------------------------------------------------------------
    await page.reload();
    await closeUrge(page);
    await page.getByTestId('manage-tab-delivery').click();
    const delivered = page.locator('[data-testid="manage-row"][data-name="陈思远"]');
    await delivered.getByText('已交付').waitFor();
    await delivered.getByText('签署成功').waitFor();
    // HR sees the photo before 验收, and the signature's evidence, every check made again
    expect(await delivered.getByTestId('manage-photo').count()).toBe(1);
    await delivered.getByTestId('manage-evidence').click();
    for (const c of ['agreement_file', 'signed_file', 'record', 'timestamp'])
      expect(await page.getByTestId(`evidence-check-${c}`).getAttribute('data-ok', { timeout: 15_000 })).toBe('true');
    expect(await page.getByTestId('evidence-summary').getAttribute('data-failed')).toBe('0');
    // signed at e签宝: the flow and the signed file's hash (another than the agreement's), its download
    await page.getByTestId('evidence-flow').waitFor();
    expect(await page.getByTestId('evidence-signed-sha').getAttribute('data-value')).not.toBe(
      await page.getByTestId('evidence-agreement-sha').getAttribute('data-value'),
    );
    const [signedDl] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('evidence-signed-download').click()]);
    expect(signedDl.suggestedFilename()).toBe('灵活用工服务协议_已签署.pdf');
    await shot(page, 'emp-07c-evidence');
    await page.goBack();
    await page.getByTestId('manage-tab-delivery').click();
    await delivered.getByTestId('worker-accept').click();
    await toast(page, '验收通过');
    await delivered.getByText('已验收').waitFor();
    expect(await delivered.innerText()).toContain('¥320.50');
    expect(await delivered.getByTestId('manage-accepted-by').innerText()).toMatch(/^验收：\S+ \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // --- the worker sees the acceptance and, once the company pays, the payout ----------------
    const hr = (await h.server.db.one<{ id: number; company_id: number }>(
      `SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`,
    ))!;
    const by = { companyId: hr.company_id, userId: hr.id, actor: 'HR', ip: '127.0.0.1' };
    // money in the company account first: a bank top-up the platform's operator sees arrive
    const topup = await createTopup(h.server.db, by.companyId, by.userId, 100_000, new Date());
    expect((await fetch(`${h.url}/sandbox/payouts/topups/${topup.id}/confirm`, { method: 'POST' })).status).toBeLessThan(400);
    const batch = await createBatch(h.server.db, by, { task_id: id }, new Date());
    await batchAction(h.server.db, by, batch, 'submit', new Date());
    // 周婷 (财务) confirms with her code (four eyes), as her console does; the row goes to the
    // channel sandbox, which pays and calls back over HTTP
    const fin = (await h.server.db.one<{ id: number; mobile_enc: string }>(
      `SELECT id, mobile_enc FROM users WHERE mobile_bidx = '${mobileIndex('13905710007')}'`,
    ))!;
    await sendBatchCode(h.server.db, { companyId: by.companyId, batchId: batch, userId: fin.id, mobileEnc: fin.mobile_enc }, new Date(), { sandbox: true });
    const code = ((await (await fetch(`${h.url}/sandbox/payouts/sms?mobile=13905710007`)).json()) as { code: string }).code;
    const confirmed = await fetch(`${h.url}/ent/v3/payout/batch/${batch}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.server.tokenFor('13905710007')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code }),
    });
    expect(((await confirmed.json()) as { data: { status: string } }).data.status).toBe('paying');
    for (const r of await h.server.db.query<{ channel_no: string }>('SELECT channel_no FROM payout_rows WHERE batch_id = $1', [batch])) {
      const paid = await fetch(`${h.url}/sandbox/payout-channel/ops/orders/${r.channel_no}/result`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ result: 'success' }),
      });
      expect(paid.status).toBe(200);
    }
    await phone.reload();
    await phone.getByText('企业已验收，应发报酬 ¥320.50').waitFor();
    const payout = phone.getByTestId('flex-payout');
    await payout.getByText('发放成功').waitFor();
    expect(await payout.getByTestId('flex-receipt').innerText()).toMatch(/^电子回单号 HD\d{18}$/);
    await shot(phone, 'emp-07b-phone-paid');
    // 我的协议: the signed PDF e签宝 made, with its hash, for the worker to keep
    const signedCopy = phone.getByTestId('flex-signed-file');
    await signedCopy.scrollIntoViewIfNeeded();
    const download = phone.waitForEvent('download');
    await signedCopy.click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await shot(phone, 'emp-07d-phone-signed-copy');
    await phoneCtx.close();

    // 自动验收 (jobs/acceptance.ts): 周明 signed and delivered 8 days ago (the task's default: 7 days)
    await h.server.db.query(
      `UPDATE flex_task_workers SET sign_status = 'signed', signed_at = $2, work_status = 'delivered', delivered_at = $2, delivery_note = '已完成'
        WHERE task_id = $1 AND worker_id = (SELECT id FROM flex_workers WHERE name = '周明' AND company_id = flex_task_workers.company_id)`,
      [id, new Date(Date.now() - 8 * 86_400_000)],
    );
    expect((await autoAcceptDeliveries(h.server.db, new Date())).length).toBeGreaterThanOrEqual(1);
    await page.reload();
    await closeUrge(page);
    await page.getByTestId('manage-tab-delivery').click();
    const auto = page.locator('[data-testid="manage-row"][data-name="周明"]');
    await auto.getByText('已验收').waitFor();
    expect(await auto.getByTestId('manage-accepted-by').innerText()).toContain('验收：系统自动验收');
    expect(await auto.getByTestId('worker-reject').count()).toBe(0);
    await shot(page, 'emp-08-accepted');

    // --- the preview shows the task as saved -----------------------------------------------
    await go(page, `/employment/preview/${id}`);
    await page.getByTestId('task-phone').waitFor();
    expect(await page.getByTestId('preview-name').innerText()).toBe(TASK);
    expect(await page.getByTestId('preview-pay').innerText()).toContain('¥320.50');
    expect(await page.getByTestId('preview-pay').innerText()).toContain('元/天');
    expect(await page.getByTestId('preview-desc').innerText()).toBe('在商场中庭快闪店负责顾客引导、新品讲解与扫码登记，每日工作6小时。');
    await shot(page, 'emp-09-preview');

    // --- a company without membership gets the prompt, not the list -----------------------
    const { page: other } = await h.newPage();
    await loginAs(other, h.url, '13800000002');
    await other.goto('/employment');
    await other.getByTestId('gate-dialog').getByText('该功能为付费会员功能，开通会员后即可正常使用').waitFor();
    expect(await other.getByTestId('task-table').count()).toBe(0);
  }, 240_000);

  it('the public sign-up page on a phone: the same answer for a new and an already registered person, no link', async () => {
    const task = (await h.server.db.one<{ public_token: string; name: string }>(
      `SELECT public_token, name FROM flex_tasks WHERE task_no = 'RW20260002' AND signup_mode = 'public' AND status = 'recruiting'`,
    ))!;
    const ctx = await h.browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: h.url,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      isMobile: true,
      hasTouch: true,
    });
    const answers: string[] = [];
    for (const p of [
      { name: '苏晴', mobile: '13966661234', cert: '440305199307071278' },
      // 张伟 is in the company's 人员库 (the seed), with another mobile
      { name: '张伟', mobile: '13966665678', cert: '33010619900101123X' },
    ]) {
      const phone = await ctx.newPage();
      await phone.goto(`/m/flex/t/${task.public_token}`);
      await phone.getByTestId('flex-task-name').waitFor();
      expect(await phone.getByTestId('flex-task-name').innerText()).toBe(task.name);
      await phone.getByTestId('signup-submit').click();
      await phone.getByText('请填写姓名').waitFor();
      await phone.getByTestId('signup-name').fill(p.name);
      await phone.getByTestId('signup-mobile').fill(p.mobile);
      await phone.getByTestId('signup-cert').fill(p.cert);
      if (!answers.length) await shot(phone, 'emp-10-phone-signup');
      await phone.getByTestId('signup-submit').click();
      const done = phone.getByTestId('signup-done');
      await done.waitFor();
      answers.push(await done.innerText());
      if (answers.length === 1) await shot(phone, 'emp-11-phone-signed-up');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.close();
    }
    expect(answers[0]).toContain('报名成功，请留意短信通知');
    expect(answers[1]).toBe(answers[0]);
    await ctx.close();
  }, 60_000);
});

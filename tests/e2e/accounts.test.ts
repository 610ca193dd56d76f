/**
 * Accounts, company lifecycle and membership in a real Chromium against the real server:
 * a new user creates a company, the platform approves it on the sandbox operator page, the
 * approval notice shows, a gated action prompts for membership, the VIP dialog creates an order
 * and shows the WeChat Pay QR, a "phone" confirms on the sandbox pay page, 我已完成支付 opens the
 * invoice dialog (required-field order checked), the invoice is saved, and the membership and
 * CRC shown afterwards are right. Then the WeChat scan login with /bind, colleagues and the
 * public pages. Screenshots go to tests/.artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTEXT_DEFAULTS, animationsDone, loginAs, shot, smsCode, startHarness, type Harness } from './harness';
import { mobileIndex } from '../../src/server/domain/users';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const refocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
// a 1×1 PNG: the business licence
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A valid 统一社会信用代码 (GB 32100 check digit), from domain.md's test vectors. */
const USCC = '91230184MA1BUFLT44';

/** Today + n days in China time, `YYYY-MM-DD`. */
const chinaDate = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function expectText(page: Page, text: string) {
  await page.getByText(text).first().waitFor({ timeout: 10_000 });
}

describe('a new company from login to a paid membership', () => {
  it('create → review → approval notice → non-member prompt → VIP → QR → pay → invoice → membership and CRC', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13962188001');

    // --- create the company ------------------------------------------------------------------
    await page.goto('/position/post'); // an auth route: no company yet → /create
    await page.waitForURL('**/create');
    const form = page.getByTestId('company-form');
    await form.waitFor();
    await shot(page, 'accounts-create-empty');
    await page.getByRole('button', { name: '提交审核' }).click();
    await expectText(page, '请填写企业全称');
    await form.getByLabel('企业全称').fill('哈尔滨松江冰雪装备有限公司');
    await form.getByLabel('统一社会信用代码').fill('91230184MA1BUFLT45');
    await page.getByRole('button', { name: '提交审核' }).click();
    await expectText(page, '统一社会信用代码校验位不正确，请核对营业执照');
    await form.getByLabel('统一社会信用代码').fill(USCC.toLowerCase());
    await form.getByLabel('所属行业').selectOption('制造业');
    await form.getByLabel('企业规模').selectOption('100-499人');
    await form.getByLabel('法定代表人').fill('孙志远');
    await form.getByLabel('企业地址').fill('黑龙江省哈尔滨市松北区创新一路2588号');
    await page.getByRole('button', { name: '提交审核' }).click();
    await expectText(page, '请上传营业执照照片');
    // the licence goes through the upload engine (an ImageId); the server keeps a copy with the application
    await page.getByTestId('upload-field-input-license').setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('upload-field-license').getByText('已上传').waitFor({ timeout: 30_000 });
    await page.getByTestId('license-preview').waitFor({ timeout: 15_000 });
    await form.getByLabel('联系人姓名').fill('孙志远');
    expect(await form.getByLabel('联系人手机号').inputValue()).toBe('13962188001');
    await shot(page, 'accounts-create-filled');
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.waitForURL('**/inReview');
    await expect.poll(() => page.getByTestId('review-status').innerText()).toBe('审核中');
    await expectText(page, '预计1-3个工作日');
    await shot(page, 'accounts-in-review');

    // --- the platform approves it on the sandbox operator page -------------------------------------
    const operator = await h.newPage();
    await operator.page.goto('/sandbox/');
    const row = operator.page.locator('tr', { hasText: '哈尔滨松江冰雪装备有限公司' });
    await row.getByRole('button', { name: '通过' }).click();
    await operator.page.getByText('已通过').first().waitFor();

    await refocus(page);
    const notice = page.getByTestId('approval-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('恭喜，您的企业认证已通过审核');

    // --- non-member prompt → VIP dialog --------------------------------------------------------
    await page.goto('/index');
    await page.getByTestId('plan-trigger').click();
    await expectText(page, '该功能为付费会员功能，开通会员后即可正常使用');
    await page.getByRole('button', { name: '开通会员' }).click();
    const vip = page.getByTestId('vip-dialog');
    await vip.waitFor();
    await vip.getByText('年度会员').first().waitFor();
    // a click on the mask does not close it: once the click's effects have rendered and every
    // animation (a closing dialog's exit) has finished, the dialog is still there
    await page.mouse.click(5, 5);
    await animationsDone(page);
    expect(await vip.isVisible()).toBe(true);
    await vip.getByRole('radio', { name: /年度会员/ }).click();
    await vip.getByRole('button', { name: /立即支付/ }).click();
    const qr = vip.getByTestId('pay-qr');
    await vip.locator('[data-testid="pay-qr"][data-ready="true"]').waitFor();
    await expectText(page, '请使用微信扫码支付');
    const codeUrl = (await qr.getAttribute('data-qr-value'))!;
    expect(codeUrl).toMatch(/\/sandbox\/pay\/VIP\d{20}$/);
    const img = qr.locator('img');
    expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight, el.width, el.height])).toEqual([200, 200, 200, 200]);
    await shot(page, 'accounts-vip-qr');

    // not paid yet
    await vip.getByRole('button', { name: '我已完成支付' }).click();
    await vip.getByTestId('vip-not-paid').waitFor();
    expect(await vip.getByTestId('vip-not-paid').innerText()).toContain('暂未查询到支付结果，请完成支付后重试');

    // --- the phone pays on the sandbox page ------------------------------------------------------
    const phone = await h.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: { width: 390, height: 780 }, locale: 'zh-CN', isMobile: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(codeUrl);
    await phonePage.getByText('¥3980.00').waitFor();
    await phonePage.screenshot({ path: 'tests/.artifacts/accounts-sandbox-pay.png' });
    await phonePage.getByRole('button', { name: '确认支付' }).click();
    await phonePage.getByText('支付成功').waitFor();
    await phonePage.screenshot({ path: 'tests/.artifacts/accounts-sandbox-paid.png' });
    await phone.close();

    await vip.getByRole('button', { name: '我已完成支付' }).click();
    const invoice = page.getByTestId('invoice-dialog');
    await invoice.waitFor();
    await expect.poll(() => vip.isVisible()).toBe(false);
    await invoice.locator('[data-testid="invoice-form"][data-loaded="true"]').waitFor();
    await expectText(page, '支付成功，年度会员已开通');
    expect(await invoice.getByLabel('发票抬头').inputValue()).toBe('哈尔滨松江冰雪装备有限公司');
    await shot(page, 'accounts-invoice-dialog');

    // --- the invoice's required fields, in the SPEC's order --------------------------------------
    const submit = () => invoice.getByRole('button', { name: '提交申请' }).click();
    const says = async (msg: string) => {
      await invoice.getByText(msg).first().waitFor();
    };
    await invoice.getByLabel('发票抬头').fill('');
    await submit();
    await says('请填写企业发票抬头');
    await invoice.getByLabel('发票抬头').fill('哈尔滨松江冰雪装备有限公司');
    // a verified company's credit code comes filled in (issue 33); cleared, it is asked for
    expect(await invoice.getByLabel('税务登记号').inputValue()).toBe(USCC);
    await invoice.getByLabel('税务登记号').fill('');
    await submit();
    await says('请填写税务登记号');
    await invoice.getByLabel('税务登记号').fill(USCC);
    await submit();
    await says('请选择发票类型');
    await invoice.getByLabel('增值税专用发票').check();
    await submit();
    await says('请填写基本户账号');
    await invoice.getByLabel('基本户账号').fill('4510 0200 0600 1234 567');
    expect(await invoice.getByLabel('基本户账号').inputValue()).toBe('4510020006001234567');
    await submit();
    await says('请填写开户银行');
    await invoice.getByLabel('开户银行').fill('中国工商银行(哈尔滨)松北支行');
    expect(await invoice.getByLabel('开户银行').inputValue()).toBe('中国工商银行哈尔滨松北支行');
    await submit();
    await says('请填写注册场所地址');
    // switching the type clears the validation
    await invoice.getByLabel('增值税普通发票').check();
    await expect.poll(() => invoice.getByText('请填写注册场所地址').count()).toBe(0);
    await invoice.getByLabel('增值税专用发票').check();
    await invoice.getByLabel('注册场所地址').fill('黑龙江省哈尔滨市松北区创新一路2588号');
    await submit();
    await says('请填写注册固定电话');
    await invoice.getByLabel('注册固定电话').fill('0451-88776655');
    expect(await invoice.getByLabel('注册固定电话').inputValue()).toBe('045188776655');
    await invoice.getByLabel('邮寄纸质发票').check();
    await submit();
    await says('请填写收件人姓名');
    await invoice.getByLabel('收件人姓名').fill('孙志远');
    await submit();
    await says('请填写收件地址');
    await invoice.getByLabel('收件地址').fill('黑龙江省哈尔滨市松北区创新一路2588号财务部');
    await submit();
    await says('请填写收件人电话');
    await invoice.getByLabel('收件人电话').fill('1396218');
    await submit();
    await says('请填写正确的收件人电话');
    await shot(page, 'accounts-invoice-errors');
    await invoice.getByLabel('收件人电话').fill('13962188001');
    await submit();
    await expectText(page, '发票申请已提交，我们将在5个工作日内开具');
    await expect.poll(() => invoice.isVisible()).toBe(false);

    // --- membership and CRC shown afterwards -------------------------------------------------------
    const expire = chinaDate(364);
    await page.goto('/account?id=membership');
    const card = page.getByTestId('membership-card');
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('企业会员');
    expect(await card.innerText()).toContain(expire);
    await expect.poll(() => page.getByTestId('crc-balance').innerText()).toBe('600');
    const ledger = await page.getByTestId('crc-ledger').innerText();
    expect(ledger).toContain('开通年度会员赠送');
    expect(ledger).toContain('+500');
    expect(ledger).toContain('企业认证通过赠送');
    expect(ledger).toContain('+100');
    expect(await page.getByRole('table', { name: '订单记录' }).innerText()).toContain('开票中');
    await shot(page, 'accounts-membership');
    await operator.page.goto('/sandbox/');
    await operator.page.locator('tr', { hasText: '哈尔滨松江冰雪装备有限公司' }).filter({ hasText: '已支付' }).first().waitFor();
    await shot(operator.page, 'accounts-sandbox-operator');
    await page.goto('/index');
    await expect.poll(() => page.getByTestId('member-card').innerText()).toContain(expire);
    expect(await page.getByTestId('crc-card').innerText()).toContain('600');
    // the interview schedule is open now: the panel answers (no interviews yet), no prompt
    await page.getByTestId('plan-trigger').click();
    await page.getByTestId('plan-panel').getByText('暂无面试安排').waitFor();
    expect(await page.getByText('该功能为付费会员功能，开通会员后即可正常使用').count()).toBe(0);

    // the company's invoice details are kept for next time
    await page.goto('/account');
    await page.getByRole('button', { name: '发票信息' }).click();
    const again = page.getByTestId('invoice-dialog');
    await again.locator('[data-testid="invoice-form"][data-loaded="true"]').waitFor();
    expect(await again.getByLabel('开户银行').inputValue()).toBe('中国工商银行哈尔滨松北支行');
    expect(await again.getByLabel('增值税专用发票').isChecked()).toBe(true);
  });
});

describe('WeChat scan login and /bind', () => {
  it('first scan binds a mobile (a mobile bound to another account is refused); the next scan logs in at once', async () => {
    await h.server.db.query(`UPDATE users SET wechat_openid = 'wx_someone_else_01' WHERE mobile_bidx = '${mobileIndex('13800000002')}'`);
    const { page, context } = await h.newPage();
    // every API call the login page makes, to check where the QR's ticket travels
    const calls: { url: string; method: string; body: string }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ent/v3/')) calls.push({ url: r.url(), method: r.method(), body: r.postData() ?? '' });
    });
    await page.goto('/login');
    await page.getByRole('tab', { name: '微信扫码登录' }).click();
    const qr = page.locator('[data-testid="wechat-qr"][data-ready="true"]');
    await qr.waitFor();
    await expectText(page, '请使用微信扫一扫登录');
    await shot(page, 'accounts-wechat-qr');
    const qrUrl = (await qr.getAttribute('data-qr-value'))!;
    expect(qrUrl).toMatch(/\/sandbox\/wechat\/[\w-]+$/);

    // the phone (one WeChat identity per phone, kept in its cookie)
    const phone = await h.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: { width: 390, height: 780 }, locale: 'zh-CN', isMobile: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(qrUrl);
    await expectText(page, '扫码成功，请在手机上确认登录');
    await phonePage.getByLabel('微信昵称').fill('松江小孙');
    await phonePage.screenshot({ path: 'tests/.artifacts/accounts-sandbox-wechat.png' });
    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await phonePage.getByText('已确认登录').waitFor();

    await page.waitForURL('**/bind');
    // the login page polled with its poll secret in POST bodies; the ticket never left in a URL or body
    const ticket = qrUrl.split('/').pop()!;
    const polls = calls.filter((c) => c.url.includes('/login/wechat/status'));
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((c) => c.method === 'POST' && c.body.includes('poll_secret='))).toBe(true);
    expect(calls.some((c) => c.url.includes(ticket) || c.body.includes(ticket))).toBe(false);
    await expectText(page, '微信用户「松江小孙」，首次登录请绑定手机号，以后可直接扫码登录');
    await shot(page, 'accounts-bind');
    // a mobile bound to another WeChat account
    await page.getByRole('textbox', { name: '手机号' }).fill('13800000002');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /s后重新获取/ }).waitFor();
    await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(h.url, '13800000002'));
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await expectText(page, '该手机号已绑定其他微信账号，请更换手机号，或使用手机号验证码登录');
    expect(new URL(page.url()).pathname).toBe('/bind');

    await page.reload();
    await page.getByRole('textbox', { name: '手机号' }).fill('13962188002');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /s后重新获取/ }).waitFor();
    await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(h.url, '13962188002'));
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await page.waitForURL('**/index');
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(true);

    // log out; the same WeChat account scans again and is logged in without /bind
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('tab', { name: '微信扫码登录' }).click();
    await qr.waitFor();
    const second = (await qr.getAttribute('data-qr-value'))!;
    expect(second).not.toBe(qrUrl);
    await phonePage.goto(second);
    await phonePage.getByText('已绑定手机号 139****8002').waitFor();
    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await page.waitForURL('**/index');
    await phone.close();
  });
});

describe('colleagues, personal info and the public pages', () => {
  it('the admin approves a pending colleague; invite, profile, partners and the agreement', async () => {
    h.advanceClock(61_000);
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.goto('/account?id=colleagues');
    const list = page.getByTestId('colleagues');
    await list.getByText('赵磊').waitFor();
    await shot(page, 'accounts-colleagues-pending');
    await list.locator('tr', { hasText: '赵磊' }).getByRole('button', { name: '通过' }).click();
    await expectText(page, '已通过，该同事已加入企业');
    await list.getByRole('tab', { name: /全部同事/ }).click();
    await list.getByText('赵磊').waitFor();
    await shot(page, 'accounts-colleagues');

    await page.goto('/company/invite');
    const url = (await page.getByTestId('invite-url').inputValue()) as string;
    expect(url).toMatch(/\/company\/invite\?code=\w+$/);
    await page.locator('[data-testid="invite-qr"][data-ready="true"]').waitFor();
    await shot(page, 'accounts-company-invite');

    await page.goto('/account');
    await page.getByTestId('company-profile').getByText('杭州云帆智联科技有限公司').waitFor();
    await shot(page, 'accounts-company');
    await page.getByRole('tab', { name: '会员与积分' }).click();
    await page.getByTestId('crc-ledger').waitFor();
    await page.getByRole('button', { name: '积分规则' }).click();
    const rules = page.getByTestId('crc-rules-dialog');
    await rules.getByText('企业注册（认证通过赠送）').waitFor();
    await shot(page, 'accounts-crc-rules');
    await rules.getByRole('tab', { name: '部门CRC规则' }).click();
    await rules.getByText('礼品兑换').waitFor();
    await rules.getByRole('button', { name: '关闭' }).first().click();

    await page.goto('/account-info');
    await page.getByLabel('职务').fill('');
    await page.getByRole('button', { name: '保存' }).click();
    await expectText(page, '请填写职务');
    await page.getByLabel('职务').fill('人力资源总监');
    await page.getByRole('button', { name: '保存' }).click();
    await expectText(page, '保存成功');
    await shot(page, 'accounts-profile');

    await page.goto('/strategic');
    await page.getByTestId('partners').getByText('招商银行股份有限公司').waitFor();
    await shot(page, 'accounts-strategic');

    await page.goto('/invite');
    await page.getByTestId('friends-invite').waitFor();
    await shot(page, 'accounts-invite');

    // a colleague opens the link while logged out, logs in and applies
    const joiner = await h.newPage();
    await joiner.page.goto(url.replace(/^https?:\/\/[^/]+/, ''));
    await joiner.page.getByText('邀请您加入「杭州云帆智联科技有限公司」').waitFor();
    await joiner.page.getByRole('button', { name: '登录后加入' }).click();
    await joiner.page.waitForURL('**/login?redirect=**');
    await joiner.page.getByRole('textbox', { name: '手机号' }).fill('13962188003');
    await joiner.page.getByRole('button', { name: '获取验证码' }).click();
    await joiner.page.getByRole('button', { name: /s后重新获取/ }).waitFor();
    await joiner.page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(h.url, '13962188003'));
    await joiner.page.getByRole('button', { name: '登录', exact: true }).click();
    await joiner.page.waitForURL('**/company/invite?code=**');
    await joiner.page.getByLabel('姓名').fill('周晓');
    await joiner.page.getByLabel('部门').fill('市场部');
    await joiner.page.getByLabel('职务').fill('品牌经理');
    await joiner.page.getByRole('button', { name: '申请加入' }).click();
    await joiner.page.getByText('申请已提交，请等待企业管理员审核').first().waitFor();
    await page.goto('/account?id=colleagues');
    await page.getByTestId('colleagues').getByText('周晓').waitFor();

    // the agreement, linked from the login page
    const guest = await h.newPage();
    await guest.page.goto('/login');
    await guest.page.getByRole('link', { name: '《用户服务协议》' }).click();
    await guest.page.waitForURL('**/agreement');
    await guest.page.getByRole('heading', { name: '用户服务协议' }).waitFor();
    expect(await guest.page.getByText('四、企业会员与支付').count()).toBe(1);
    await shot(guest.page, 'accounts-agreement');
  });
});

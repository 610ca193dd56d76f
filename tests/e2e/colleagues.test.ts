/**
 * Security (issue 9) in a real Chromium: the admin removes a colleague from /account?id=colleagues
 * (移除 with a confirmation), and the colleague, logged in elsewhere, is logged out at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, shot, startHarness, type Harness } from './harness';
import { mobileIndex } from '../../src/server/domain/users';
import { decryptPii } from '../../src/server/lib/pii';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('removing a colleague', () => {
  it('移除 asks first; the removed colleague’s open console is logged out on its next call', async () => {
    const found = (await h.server.db.one<{ mobile_enc: string; realname: string }>(
      `SELECT u.mobile_enc, u.realname FROM users u JOIN users a ON a.company_id = u.company_id
        WHERE a.mobile_bidx = '${mobileIndex('13800000001')}' AND u.role = 'member' AND u.member_status = 'normal' ORDER BY u.id LIMIT 1`,
    ))!;
    const colleague = { realname: found.realname, mobile: decryptPii(found.mobile_enc) };
    // the colleague works in their own browser
    const other = await h.newPage();
    await loginAs(other.page, h.url, colleague.mobile);
    await other.page.goto('/account?id=colleagues');
    await other.page.getByTestId('colleagues').getByText(colleague.realname).first().waitFor();
    // a plain member sees no 移除
    expect(await other.page.getByRole('button', { name: '移除' }).count()).toBe(0);

    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await page.goto('/account?id=colleagues');
    const list = page.getByTestId('colleagues');
    await list.getByRole('tab', { name: /全部同事/ }).click();
    const row = list.locator('tr', { hasText: colleague.realname });
    await row.waitFor();
    // the admin's own row and other admins have no 移除
    expect(await list.locator('tr', { hasText: '（我）' }).getByRole('button', { name: '移除' }).count()).toBe(0);
    await shot(page, 'security-colleagues');

    // cancel first: nothing happens
    await row.getByRole('button', { name: '移除' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`确定将 ${colleague.realname} 移出企业吗？`, { exact: false }).waitFor();
    await shot(page, 'security-colleague-remove-confirm');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor();

    await row.getByRole('button', { name: '移除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定移除' }).click();
    await page.getByText('已移除该同事').first().waitFor({ timeout: 10_000 });
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    await shot(page, 'security-colleague-removed');

    // the colleague's console: the next call answers 410000 and sends them to log in again
    await other.page.goto('/account?id=colleagues');
    await other.page.waitForURL((u) => u.pathname.startsWith('/login'), { timeout: 20_000 });
  });
});

/**
 * Roles (issue 27) in a real Chromium: the admin opens /account?id=colleagues, 设置角色 on a colleague
 * (cancel changes nothing; 确认变更 spells out before → after), the row shows the new roles as Chinese
 * labels, the 权限变更记录 tab lists the change, and the colleague's next call follows the new roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the admin sets a colleague’s roles', () => {
  it('设置角色 with a confirmation; the row and the 权限变更记录 show it', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(context, '13800000001');
    await page.goto('/account?id=colleagues');
    const list = page.getByTestId('colleagues');
    await list.getByRole('tab', { name: /全部同事/ }).click();
    // 孙悦 (13905710010) holds only 成员
    const row = list.getByTestId('colleague-row').filter({ hasText: '孙悦' });
    await row.getByTestId('colleague-roles').getByText('成员').waitFor();
    await shot(page, 'roles-colleagues');

    // cancel first: nothing changes
    await row.getByTestId('set-roles').click();
    const dialog = page.getByTestId('role-dialog');
    await dialog.getByText('设置 孙悦 的角色').waitFor();
    expect(await dialog.getByTestId('role-ok').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByTestId('set-roles').click();
    await dialog.getByRole('checkbox', { name: '财务' }).check();
    await dialog.getByRole('checkbox', { name: '人事' }).check();
    await dialog.getByText('角色将由「成员」变更为「财务、人事、成员」，变更立即生效并记入权限变更记录。').waitFor();
    await shot(page, 'roles-dialog');
    await page.setViewportSize({ width: 820, height: 1180 });
    await shot(page, 'roles-dialog-tablet');
    await page.setViewportSize({ width: 1366, height: 860 });
    await dialog.getByTestId('role-ok').click();
    await page.getByText('角色已更新').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByTestId('colleague-roles').getByText('财务').waitFor();
    await row.getByTestId('colleague-roles').getByText('人事').waitFor();

    // the 权限变更记录
    await list.getByTestId('role-log-tab').click();
    const logRow = page.getByTestId('role-change-row').filter({ hasText: '孙悦' }).first();
    await logRow.waitFor();
    expect(await logRow.innerText()).toMatch(/王丽娟\s+孙悦\s+成员\s+财务、人事、成员/);
    await shot(page, 'roles-log');
    await page.setViewportSize({ width: 820, height: 1180 });
    await shot(page, 'roles-log-tablet');

    // the colleague's next call follows: their user info carries the new roles and permissions
    const info = (await (
      await fetch(`${h.url}/ent/v3/usercenter/info`, { headers: { authorization: `Bearer ${await h.server.tokenFor('13905710010')}` } })
    ).json()) as { data: { member: { roles: string[]; permissions: string[] } } };
    expect(info.data.member.roles).toEqual(['finance', 'hr', 'member']);
    expect(info.data.member.permissions).toContain('payout.approve');
  });

  it('a colleague who is not an admin sees neither 设置角色 nor the 权限变更记录', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(context, '13905710008');
    await page.goto('/account?id=colleagues');
    const list = page.getByTestId('colleagues');
    await list.getByTestId('colleague-row').first().waitFor();
    expect(await list.getByTestId('set-roles').count()).toBe(0);
    expect(await list.getByTestId('role-log-tab').count()).toBe(0);
  });
});

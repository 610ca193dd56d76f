/**
 * 保存期限 (issue 25 item 6) in a real Chromium against the real server: the company's admin reads
 * what is kept how long on /account?id=privacy, changes what happens to departure records past
 * their 2 years (匿名化 → 删除), is asked before it changes, and finds the choice kept after a
 * reload; a plain colleague is refused by the server. Desktop and tablet screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, shot, startHarness, type Harness } from './harness';
import { call } from '../setup/server';
import { mobileIndex } from '../../src/server/domain/users';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('retention setting', () => {
  it('the admin changes 离职记录到期后 from 匿名化 to 删除 after a confirmation; it stays after a reload', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(context, '13800000001');
    await page.goto('/account?id=privacy');
    const panel = page.getByTestId('retention');
    await panel.waitFor();
    await expect.poll(() => panel.getByRole('radio', { name: /匿名化/ }).isChecked()).toBe(true);
    const save = panel.getByTestId('retention-save');
    expect(await save.isDisabled()).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'retention-desktop');

    await panel.getByRole('radio', { name: '删除' }).check();
    await save.click();
    const dialog = page.getByTestId('retention-confirm');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('永久删除');
    await shot(page, 'retention-confirm');
    // cancel keeps the saved choice
    await dialog.getByRole('button', { name: '取消' }).click();
    await animationsDone(page);
    await save.click();
    await page.getByTestId('retention-confirm-ok').click();
    await page
      .getByText(/最近由 .* 修改/)
      .first()
      .waitFor();

    await page.reload();
    await page.getByTestId('retention').waitFor();
    await expect.poll(() => page.getByTestId('retention').getByRole('radio', { name: '删除' }).isChecked()).toBe(true);

    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByTestId('retention').scrollIntoViewIfNeeded();
    await shot(page, 'retention-tablet');

    // back to the default, for the other files sharing the seed's company
    await page
      .getByTestId('retention')
      .getByRole('radio', { name: /匿名化/ })
      .check();
    await page.getByTestId('retention-save').click();
    await page.getByTestId('retention-confirm-ok').click();
    await expect.poll(() => page.getByTestId('retention-save').isDisabled()).toBe(true);
  });

  it('an import whose original was purged says so in the batch list instead of offering the download', async () => {
    const admin = (await h.server.db.one<{ id: number; company_id: number }>(
      `SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`,
    ))!;
    const now = new Date();
    await h.server.db.query(
      `INSERT INTO import_batches (company_id, type, file_name, file_size, file_hash, file_enc, status, total, ok_count, imported_count, created_by, created_at, committed_at, file_purged_at)
       VALUES ($1, 'dimission', '离职员工名单-保存期限.xlsx', 20480, 'retention-e2e', NULL, 'success', 12, 12, 12, $2, $3, $3, $4)`,
      [admin.company_id, admin.id, new Date(now.getTime() - 9 * 86_400_000), now],
    );
    const { context, page } = await h.newPage();
    await h.signIn(context, '13800000001');
    await page.goto('/import-batch');
    const purged = page.getByTestId('batch-file-purged').first();
    await purged.waitFor();
    expect(await purged.innerText()).toBe('原文件已按保存期限删除');
    await shot(page, 'retention-import-purged-desktop');
    await page.setViewportSize({ width: 820, height: 1180 });
    await purged.scrollIntoViewIfNeeded();
    await shot(page, 'retention-import-purged-tablet');
  });

  it('a colleague who is not the admin is refused by the server, in Chinese', async () => {
    // 林雨桐, a plain member of the same company
    const token = await h.server.tokenFor('13905710002');
    const r = await call(h.server.url, 'POST', '/ent/v3/usercenter/retention', { token, form: { departure_action: 'purge' } });
    expect(r.body).toMatchObject({ code: 403, msg: '您没有该操作的权限，请联系企业管理员' });
  });
});

/**
 * The dialogs, menus and popovers the axe sweep (a11y.test.ts) opens, each on its route and for
 * the accounts that can open it: opened in the same visit as the route's own check, checked,
 * closed by Escape. A dialog a new screen adds gets one line here.
 */
import type { Locator, Page } from 'playwright-core';

export interface DialogCase {
  /** the route (its name in routes.ts) where the opener is */
  route: string;
  name: string;
  accounts: string[];
  open(page: Page): Promise<void>;
  close(page: Page): Promise<void>;
}

const MEMBER = ['13800000001'];
const NON_MEMBER = ['13800000002'];

/** What is open: a dialog, a menu, a popover or a listbox. */
const overlay = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-testid="plan-popover"]').last();

const escape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page
    .locator('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
};

/** Click something, wait for what it opens. */
const by =
  (target: (page: Page) => Locator, wait: (page: Page) => Locator = overlay) =>
  async (page: Page) => {
    await target(page).first().click({ timeout: 10_000 });
    await wait(page).waitFor({ timeout: 15_000 });
  };

/**
 * Click an action that may sit under a row's 更多 (shared/ui/RowActions, issue 33): shown, or in
 * the first row's menu that has it (each 更多 opened in turn), then wait for what it opens.
 */
const underMore = (selector: string) => async (page: Page) => {
  const item = page.locator(selector).first();
  const mores = page.getByTestId('row-more');
  for (let i = 0, n = await mores.count(); i < n && !(await item.isVisible()); i++) {
    await mores.nth(i).click({ timeout: 10_000 });
    await page.locator('[role="menu"]').first().waitFor({ timeout: 10_000 });
    if (!(await item.isVisible())) await page.keyboard.press('Escape');
  }
  await item.click({ timeout: 10_000 });
  await overlay(page).waitFor({ timeout: 15_000 });
};

const button = (name: string | RegExp) => by((p) => p.getByRole('button', { name }));
const testId = (id: string, wait?: string) => by((p) => p.getByTestId(id), wait ? (p) => p.getByTestId(wait) : overlay);

const c = (route: string, name: string, accounts: string[], open: (page: Page) => Promise<void>, close = escape): DialogCase => ({
  route,
  name,
  accounts,
  open,
  close,
});

export const DIALOGS: DialogCase[] = [
  // the shell (on /index: the same shell on every page)
  c('index', 'user-menu', MEMBER, testId('user-menu-trigger')),
  c('index', 'plan-popover', MEMBER, testId('plan-trigger', 'plan-popover')),
  c('index', 'gate-dialog', NON_MEMBER, testId('plan-trigger', 'gate-dialog')),
  c('index', 'vip-dialog', NON_MEMBER, async (p) => {
    await testId('plan-trigger', 'gate-dialog')(p);
    await p.getByRole('button', { name: '开通会员' }).click();
    await p.getByTestId('vip-dialog').getByText('年度会员').first().waitFor();
  }),
  // 人才大厅: the résumé, then the invitation
  c('hall', 'resume-dialog', MEMBER, testId('hall-view', 'resume-dialog')),
  c(
    'hall',
    'invite-dialog',
    MEMBER,
    by(
      (p) => p.locator('[data-testid="hall-invite"]:not([disabled])'),
      (p) => p.getByTestId('invite-dialog'),
    ),
  ),
  // 全职招聘: 下线 asks first
  c(
    'position',
    'position-close',
    MEMBER,
    by((p) => p.getByTestId('position-table').getByRole('button', { name: '下线', exact: true })),
  ),
  // 分享 (under 更多): the position's public link and QR code
  c('position', 'position-share', MEMBER, underMore('[data-testid="position-share"]')),
  // 离职办理: the QR code, a request's three dialogs, a proof's form, preview and void, a record's transfer
  c('dimission', 'dim-qr', MEMBER, testId('dim-qr')),
  // a non-member: the page asks 开通会员 on arrival (checked with the page); closed, the page's
  // own state (its 离职办理 button) is checked, and that button asks again
  c(
    'dimission',
    'dimission-gate-closed',
    NON_MEMBER,
    async (p) => {
      await p.getByTestId('gate-dialog').waitFor({ timeout: 15_000 });
      await escape(p);
      await p.getByTestId('gate-dialog').waitFor({ state: 'detached', timeout: 10_000 });
      await p.locator('main').getByRole('button', { name: '离职办理' }).waitFor();
      // the dialog has let go of the page: Fluent takes back the aria-hidden it put on the page's
      // parts while modal a moment after the dialog leaves the DOM (on a loaded machine axe could
      // run in between). If it never lets go, the check below reports it.
      await p
        .waitForFunction(
          () =>
            ![...document.querySelectorAll('[aria-hidden="true"]:not([data-tabster-dummy])')].some((e) =>
              e.querySelector('button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])'),
            ),
          null,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
    },
    async () => undefined,
  ),
  c(
    'dimission',
    'dimission-gate',
    NON_MEMBER,
    by(
      (p) => p.locator('main').getByRole('button', { name: '离职办理' }),
      (p) => p.getByTestId('gate-dialog'),
    ),
  ),
  c('dimission', 'request-approve', MEMBER, testId('request-approve')),
  c('dimission', 'request-reject', MEMBER, testId('request-reject')),
  c('dimission', 'request-handover', MEMBER, testId('request-handover')),
  c('dimission', 'proof-add', MEMBER, async (p) => {
    await p.getByTestId('dim-tab-proofs').click();
    await testId('proof-add')(p);
  }),
  c('dimission', 'proof-preview', MEMBER, testId('proof-preview-open')),
  c('dimission', 'proof-void', MEMBER, testId('proof-void')),
  c('dimission', 'record-transfer', MEMBER, async (p) => {
    await p.getByTestId('dim-tab-records').click();
    await testId('record-transfer')(p);
  }),
  // 灵活用工: a task's confirmation; a task's people: pick, add, remove
  c('employment', 'task-confirm', MEMBER, underMore('[data-testid="task-end"], [data-testid="task-cancel"], [data-testid="task-delete"]')),
  c('employmentTask', 'manage-pick', MEMBER, testId('manage-pick')),
  c('employmentTask', 'manage-add', MEMBER, testId('manage-add')),
  c('employmentTask', 'worker-remove', MEMBER, testId('worker-remove')),
  // 发放管理: the two top-ups, the quarterly export, a batch
  c('specialBatch', 'topup-bank', MEMBER, testId('pay-topup')),
  c('specialBatch', 'topup-wx', MEMBER, testId('pay-topup-wx')),
  c('specialBatch', 'quarter-dialog', MEMBER, testId('quarter-open', 'quarter-submit')),
  // the batch made from the task's accepted work (a11y.test.ts seeds it): 修改金额 and 撤销 while
  // 待提交, then 确认发放's code dialog of the batch a colleague submitted (an alert dialog: closed by
  // 取消, not Escape)
  c('specialBatch', 'batch-amount', MEMBER, async (p) => {
    await p.getByTestId('batch-create').click();
    await p.locator('[data-testid="batch-view"][data-status="draft"]').waitFor({ timeout: 15_000 });
    await testId('row-amount')(p);
  }),
  c('specialBatch', 'batch-close', MEMBER, testId('batch-close')),
  c(
    'specialBatch',
    'batch-confirm',
    MEMBER,
    async (p) => {
      // four eyes: the admin approves the batch 周婷 submitted (a11y.test.ts seeds it), not her own
      await p.getByRole('button', { name: '返回批次列表' }).click();
      await p.getByTestId('batch-open').nth(1).click();
      await p.locator('[data-testid="batch-view"][data-status="unpaid"]').waitFor({ timeout: 15_000 });
      await testId('batch-confirm')(p);
    },
    async (p) => {
      await p.getByRole('alertdialog').getByRole('button', { name: '取消' }).click();
      await p.getByRole('alertdialog').waitFor({ state: 'detached', timeout: 10_000 });
    },
  ),
  // 企业信息: the CRC rules, removing a colleague
  c(
    'account',
    'invoice-dialog',
    MEMBER,
    by(
      (p) => p.getByRole('button', { name: '发票信息' }),
      (p) => p.locator('[data-testid="invoice-form"][data-loaded="true"]'),
    ),
  ),
  c('account', 'crc-rules-dialog', MEMBER, async (p) => {
    await p.getByRole('tab', { name: '会员与积分' }).click();
    await button('积分规则')(p);
  }),
  c('account', 'colleague-remove', MEMBER, async (p) => {
    await p.getByRole('tab', { name: '同事', exact: true }).click();
    // the tab opens on 待审核 while a colleague waits for the check: 移除 is under 全部同事
    await p.getByRole('tab', { name: /^全部同事/ }).click();
    await button('移除')(p);
  }),
];

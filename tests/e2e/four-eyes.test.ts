/**
 * Money under four eyes (issue 27) in a real Chromium, each person in their own console:
 * 吴佳琪 (招聘) makes a batch from a task's accepted work and submits it; her 确认发放 is disabled
 * and says why; 周婷 (财务) asks for the code — it goes to her own mobile — and confirms, once. The
 * admin sets a 双人审批额度 (the dialog spells out before → after, the 设置变更记录 keeps it); a batch
 * above it is approved by 周婷 (nothing paid), she cannot approve it twice, and 何晓梅 (管理员) pays it.
 * Screenshots: tests/.artifacts/four-eyes-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { checkLedger, post } from '../../src/server/domain/payouts/ledger';
import { sealPii } from '../../src/server/lib/pii';
import { shot, startHarness, type Harness } from './harness';
import { mobileIndex } from '../../src/server/domain/users';

const RECRUITER = '13905710008';
const FINANCE = '13905710007';
const ADMIN2 = '13905710006';

let h: Harness;
let company: number;
beforeAll(async () => {
  h = await startHarness();
  company = (await h.server.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

let seq = 0;
/** A task of the company with one accepted, signed delivery of `amount` fen; the account topped up to pay it. */
async function taskPaying(name: string, amount: number): Promise<number> {
  const db = h.server.db;
  seq += 1;
  const t = await db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'RWFE' || floor(random()*1e6)::text, $2, 'ongoing', md5(random()::text)) RETURNING id`,
    [company, name],
  );
  const m = sealPii('mobile', `1391234800${seq}`);
  const c = sealPii('id_card', `11010119900307${String(4000 + seq)}`);
  const w = await db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     VALUES ($1,$2,$3,$4,$5,$6,$7 || md5(random()::text),$8) RETURNING id`,
    [company, `赵审批${'一二三'[seq % 3]}`, m.enc, m.bidx, m.mask, c.enc, c.bidx, c.mask],
  );
  await db.query(
    `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
     VALUES ($1,$2,$3,'named','accepted','signed',$4,md5(random()::text),now())`,
    [t!.id, company, w!.id, amount],
  );
  await db.tx((tx) => post(tx, company, 'topup', amount * 2, { remark: '测试充值' }, new Date()));
  return t!.id;
}

async function consoleOf(mobile: string): Promise<{ context: BrowserContext; page: Page }> {
  const c = await h.newPage();
  await h.signIn(c.context, mobile);
  return c;
}

async function closeUrgeIfShown(page: Page) {
  const urge = page.getByTestId('urge-notice');
  if (
    await urge.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    await page.getByTestId('urge-notice-close').click();
}

/** The newest batch of the task's 发放管理, opened. */
async function openBatch(page: Page, taskId: number, name: string) {
  await page.goto(`/special/batch/${taskId}/${encodeURIComponent(name)}`);
  await closeUrgeIfShown(page);
  await page.getByTestId('batch-open').first().click({ timeout: 30_000 });
  return page.getByTestId('batch-view');
}

/** 确认发放 (or 审批通过) with the code sent to `mobile`. */
async function approve(page: Page, mobile: string) {
  await page.getByTestId('batch-confirm').click();
  await page.getByTestId('confirm-send').click();
  await page.getByText(/验证码已发送至 139\*\*\*\*/).waitFor();
  const sms = (await (await fetch(`${h.url}/sandbox/payouts/sms?mobile=${mobile}`)).json()) as { code: string };
  await page.getByTestId('confirm-code').fill(sms.code);
  await page.getByTestId('confirm-ok').click();
}

describe('four eyes', () => {
  it('招聘 prepares and submits; she cannot approve her own batch; 财务 approves with the code on her own mobile', async () => {
    const name = `门店促销${Date.now() % 1000}`;
    const taskId = await taskPaying(name, 26_000);
    const rec = await consoleOf(RECRUITER);
    await rec.page.goto(`/special/batch/${taskId}/${encodeURIComponent(name)}`);
    await closeUrgeIfShown(rec.page);
    // 招聘 may not change the settings nor top up: the buttons say who may
    await expect.poll(() => rec.page.getByTestId('pay-rates').getAttribute('data-reason')).toBe('仅管理员可操作');
    expect(await rec.page.getByTestId('pay-topup').getAttribute('data-reason')).toBe('仅财务、管理员可操作');
    await rec.page.getByTestId('batch-create').click();
    const view = rec.page.getByTestId('batch-view');
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 15_000 }).toBe('draft');
    await rec.page.getByTestId('batch-submit').click();
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 15_000 }).toBe('unpaid');
    const own = rec.page.getByTestId('batch-confirm');
    // she holds payout.prepare only: 确认发放 is the approvers'
    await expect.poll(() => own.getAttribute('data-reason')).toBe('仅财务、管理员可操作');
    await rec.page
      .getByTestId('batch-approval')
      .getByText(/需一位审批人确认发放（提交人 吴佳琪 不能审批）/)
      .waitFor();
    await shot(rec.page, 'four-eyes-1-submitted');
    // and the server agrees, whatever the console shows: no code for her
    const token = await h.server.tokenFor(RECRUITER);
    const batchId = (await h.server.db.one<{ id: number }>('SELECT id FROM payout_batches WHERE task_id = $1', [taskId]))!.id;
    const r = await fetch(`${h.url}/ent/v3/payout/batch/${batchId}/code`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(((await r.json()) as { code: number }).code).toBe(403);

    const fin = await consoleOf(FINANCE);
    const fview = await openBatch(fin.page, taskId, name);
    await expect.poll(() => fview.getAttribute('data-status'), { timeout: 15_000 }).toBe('unpaid');
    await expect.poll(() => fin.page.getByTestId('batch-confirm').getAttribute('data-reason')).toBeNull();
    await approve(fin.page, FINANCE);
    await expect.poll(() => fview.getAttribute('data-status'), { timeout: 15_000 }).toBe('paying');
    await fin.page.getByTestId('batch-logs').getByText('周婷').first().waitFor();
    await shot(fin.page, 'four-eyes-2-approved');
    const debits = await h.server.db.query('SELECT id FROM payout_ledger WHERE batch_id = $1 AND amount < 0', [batchId]);
    expect(debits.length).toBe(3);
    expect(await checkLedger(h.server.db, company)).toEqual([]);
    await rec.context.close();
    await fin.context.close();
  }, 240_000);

  it('above the 双人审批额度 set by the admin: 财务 approves first (nothing paid), cannot approve twice; another admin pays', async () => {
    const admin = await consoleOf('13800000001');
    const name = `大额结算${Date.now() % 1000}`;
    const taskId = await taskPaying(name, 80_000);
    await admin.page.goto(`/special/batch/${taskId}/${encodeURIComponent(name)}`);
    await closeUrgeIfShown(admin.page);
    await admin.page.getByTestId('pay-rates').click();
    await admin.page.getByTestId('settings-threshold').fill('500');
    await admin.page.getByTestId('settings-save').click();
    const review = admin.page.getByTestId('settings-review');
    await review.getByText('双人审批额度：不需要 → ¥500.00').waitFor();
    await shot(admin.page, 'four-eyes-3-settings');
    await admin.page.getByTestId('settings-ok').click();
    await admin.page
      .getByTestId('pay-approval-rule')
      .getByText(/单批扣款超过 ¥500\.00 需两位审批人/)
      .waitFor();
    await admin.page.getByTestId('pay-settings-changes').click();
    await admin.page.getByTestId('settings-changes').getByText('双人审批额度：不需要 → ¥500.00').waitFor();
    await admin.page.keyboard.press('Escape');
    // the admin prepares and submits this one: she may not approve it either
    await admin.page.getByTestId('batch-create').click();
    const view = admin.page.getByTestId('batch-view');
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 15_000 }).toBe('draft');
    await admin.page.getByTestId('batch-submit').click();
    await expect.poll(() => admin.page.getByTestId('batch-confirm').getAttribute('data-reason')).toContain('提交人不能确认发放');

    const fin = await consoleOf(FINANCE);
    const fview = await openBatch(fin.page, taskId, name);
    await expect.poll(() => fin.page.getByTestId('batch-confirm').innerText()).toBe('审批通过');
    await fin.page.getByTestId('batch-confirm').click();
    await fin.page.getByTestId('confirm-first').waitFor();
    await fin.page.getByRole('button', { name: '取消' }).click();
    await approve(fin.page, FINANCE);
    await fin.page
      .getByTestId('batch-approval')
      .getByText(/第一审批人 周婷 已审批/)
      .waitFor({ timeout: 15_000 });
    expect(await fview.getAttribute('data-status')).toBe('unpaid');
    await expect.poll(() => fin.page.getByTestId('batch-confirm').getAttribute('data-reason')).toContain('您已审批过该批次');
    await shot(fin.page, 'four-eyes-4-first');

    const a2 = await consoleOf(ADMIN2);
    const a2view = await openBatch(a2.page, taskId, name);
    await approve(a2.page, ADMIN2);
    await expect.poll(() => a2view.getAttribute('data-status'), { timeout: 15_000 }).toBe('paying');
    const batchId = (await h.server.db.one<{ id: number }>('SELECT id FROM payout_batches WHERE task_id = $1', [taskId]))!.id;
    const logs = await h.server.db.query<{ action: string; operator: string }>('SELECT action, operator FROM payout_logs WHERE batch_id = $1 ORDER BY id', [
      batchId,
    ]);
    expect(logs.map((l) => `${l.action}:${l.operator}`)).toEqual(['创建:王丽娟', '提交:王丽娟', '审批:周婷', '确认发放:何晓梅']);
    expect(await checkLedger(h.server.db, company)).toEqual([]);
    // back to one approver for the other tests of this server
    await h.server.db.query('UPDATE payout_settings SET approval_threshold_fen = 0 WHERE company_id = $1', [company]);
    for (const c of [admin, fin, a2]) await c.context.close();
  }, 300_000);
});

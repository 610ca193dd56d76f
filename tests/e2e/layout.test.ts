/**
 * Issue 33: every route of the route table (src/app/routes.ts, imported: a route added there is
 * checked here without a line) at 768×1024, 1024×768 and 1440×900, as the member admin with real
 * objects of the demo data, fails on what a user sees as broken (layout-probe.ts): a button, link
 * or input out of reach, a table cell's text one character a line, form controls overlapping or
 * sticking out of their field, the page scrolling sideways, chart text under 12 px or over twice
 * the body's size. A few routes also open the state most of their content is in (a batch's rows).
 *
 * Kept short (CI time): one browser, one context per size, the three running side by side; the
 * routes reached by client-side navigation, each checked once it has settled.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createBatch } from '../../src/server/domain/payouts/batch-edit';
import { leaveQr } from '../../src/server/domain/dimission/scan-page';
import { sharePosition } from '../../src/server/domain/recruitment/job-link';
import type { Hr } from '../../src/server/domain/dimission/shared';
import { applyForTax } from '../../src/server/domain/tax/apply';
import { mobileIndex } from '../../src/server/domain/users';
import { CONTEXT_DEFAULTS, ARTIFACTS, countFetches, shot, startHarness, watchConsole, type Harness } from './harness';
import { layoutFindings } from './layout-probe';
import { payoutTask } from './payout-task';

const SIZES = [
  [768, 1024],
  [1024, 768],
  [1440, 900],
] as const;
const ADMIN = '13800000001';

/**
 * The route table's name and path of every route, read from its source (the test project cannot
 * compile the console's pages); a route written so this does not read it fails the first test.
 */
const SOURCE = readFileSync('src/app/routes.ts', 'utf8');
const routes = [...SOURCE.matchAll(/\b(?:main|blank)\(\{\s*name: '(\w+)',\s*path: '([^']+)'/g)].map((m) => ({ name: m[1]!, path: m[2]! }));

/** Routes this check does not visit, each with why; any other route without a path here fails. */
const NOT_VISITED: Record<string, string> = {
  // the candidate's phone page behind the token of an invitation's SMS (only its hash is stored);
  // recruitment.test.ts opens it from the SMS at 390 px
  interviewLink: 'a token only an invitation SMS carries',
};

let h: Harness;
let paths: Record<string, string>;
beforeAll(async () => {
  h = await startHarness();
  paths = await routePaths();
});
afterAll(async () => {
  await h?.close();
});

/** A path for every route: its own when it has no parameters, else one with real ids of 13800000001's company. */
async function routePaths(): Promise<Record<string, string>> {
  const db = h.server.db;
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.one<T>(sql, params)) ?? null;
  const company = (await one<{ id: number }>('SELECT company_id AS id FROM users WHERE mobile_bidx = $1', [mobileIndex(ADMIN)]))!.id;
  const q = <T>(sql: string) => one<T>(sql, [company]);
  const admin = (await q<{ id: number }>(`SELECT id FROM users WHERE company_id = $1 AND mobile_bidx = '${mobileIndex(ADMIN)}'`))!.id;
  const pos = await q<{ id: number; title: string }>('SELECT id, title FROM positions WHERE company_id = $1 ORDER BY id LIMIT 1');
  const task = await q<{ id: number; name: string }>('SELECT id, name FROM flex_tasks WHERE company_id = $1 ORDER BY id LIMIT 1');
  const paid = await q<{ id: number; batch_id: number; task_id: number }>(
    `SELECT r.id, r.batch_id, b.task_id FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id
     WHERE r.company_id = $1 AND r.status = 'success' AND b.task_id IS NOT NULL ORDER BY r.id LIMIT 1`,
  );
  // the demo company has paid rows but no tax application: one made of a paid row, as 完税服务 makes it
  const month = (await q<{ m: string; worker: number }>(
    `SELECT to_char(finished_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM') AS m, worker_id AS worker
       FROM payout_rows WHERE company_id = $1 AND status = 'success' AND finished_at IS NOT NULL ORDER BY id LIMIT 1`,
  ))!;
  const apply = {
    start: month.m,
    end: month.m,
    mode: 'people',
    ids: [month.worker],
    proof_type: 'table',
    receive: 'download',
    email: '',
    remark: '',
    draft: false,
    bulk: false,
  } as const;
  await applyForTax(db, company, admin, { ...apply, ids: [...apply.ids] }, new Date(), h.url);
  const tax = await q<{ id: number; apply_no: string }>('SELECT id, apply_no FROM tax_applications WHERE company_id = $1 ORDER BY id LIMIT 1');
  const proof = await q<{ id: number }>('SELECT id FROM departure_proofs WHERE company_id = $1 ORDER BY id LIMIT 1');
  // the scan-to-leave code, as /dimission's 扫码离职 makes it
  const qr = await leaveQr(db, { company: { id: company }, userId: admin } as Hr, false, h.url, new Date());
  // a position's 分享 link (/m/job), as the position list's 分享 makes it
  const openPos = await q<{ id: number }>("SELECT id FROM positions WHERE company_id = $1 AND status = 'open' ORDER BY id LIMIT 1");
  const invite = await q<{ token: string }>(
    `SELECT invite_token AS token FROM flex_task_workers WHERE company_id = $1 AND sign_status = 'pending' ORDER BY id LIMIT 1`,
  );
  const signed = await q<{ id: number }>(`SELECT id FROM flex_task_workers WHERE company_id = $1 AND sign_status = 'signed' ORDER BY id LIMIT 1`);
  const open = await q<{ token: string }>(
    `SELECT public_token AS token FROM flex_tasks WHERE company_id = $1 AND signup_mode = 'public' AND status IN ('recruiting', 'ongoing') ORDER BY id LIMIT 1`,
  );
  // a task with a 待提交 batch: its rows show 修改金额 (the batch view is opened below)
  const payTask = await payoutTask(h, ADMIN, '版式检查任务');
  await createBatch(db, { companyId: company, userId: admin, actor: '王丽娟', ip: '127.0.0.1' }, { task_id: payTask.id }, new Date());
  const need = <T>(what: string, v: T | null): T => {
    if (v === null) throw new Error(`the demo data has no ${what} for the layout check`);
    return v;
  };
  const p = need('position', pos);
  const tk = need('task', task);
  const row = need('paid payout row', paid);
  const tx = need('tax application', tax);
  const enc = encodeURIComponent;
  return {
    positionCollection: `/position/collection/${p.id}/${enc(p.title)}`,
    positionEntry: `/position/entry/${p.id}/${enc(p.title)}`,
    positionInvite: `/position/invite/${p.id}/${enc(p.title)}`,
    dimissionPrint: `/dimission/print/${need('departure proof', proof).id}`,
    bulkImport: '/bulkImport/dimission',
    employmentProtocol: `/employment/upload-protocol/${tk.id}`,
    employmentSetting: `/employment/setting/${tk.id}`,
    employmentPreview: `/employment/preview/${tk.id}`,
    employmentTask: `/employment/task/${tk.id}/${enc(tk.name)}`,
    employmentEvidence: `/employment/evidence/${need('signed worker', signed).id}`,
    specialBatch: `/special/batch/${payTask.id}/${enc(payTask.name)}`,
    employmentRunRecord: `/employment/runRecord/${row.task_id}/${row.batch_id}/0`,
    employmentPayList: `/employment/pay-list/${row.task_id}/${row.batch_id}/0`,
    specialReceipt: `/special/receipt/${row.batch_id}/${row.id}`,
    payTaxesCheck: `/payTaxes/check/${tx.id}`,
    payTaxesOrder: `/payTaxes/order/${tx.id}`,
    payTaxesDetail: `/payTaxes/detail/${tx.id}/${tx.apply_no}`,
    leave: `/m/leave/${qr.token}`,
    // a proof link that is not valid: its state (the valid page is proof-verify.test.ts's)
    proofView: '/m/proof/x',
    proofCheck: '/m/proof-check',
    workerInvite: `/m/flex/w/${need('pending invitation', invite).token}`,
    workerSignup: `/m/flex/t/${need('public task', open).token}`,
    job: new URL((await sharePosition(db, company, need('open position', openPos).id, false, h.url, new Date())).url).pathname,
  };
}

/**
 * After the route's own check, the states most of its content is in (opened by a click), checked
 * too, in order (these took over tablet.test.ts's pass over the payout and statistics pages).
 */
const THEN: Record<string, { name: string; open: (page: Page) => Promise<void> }[]> = {
  specialBatch: [
    {
      name: 'the top-up dialog',
      open: async (page) => {
        await page.getByTestId('pay-topup').click();
        await page.getByTestId('topup-amount').waitFor();
      },
    },
    {
      name: 'a 待提交 batch',
      open: async (page) => {
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.getByTestId('batch-open').first().click();
        await page.getByTestId('batch-rows').waitFor();
      },
    },
  ],
  statistics: [
    {
      name: 'a chart as its table',
      open: async (page) => {
        await page.locator('[data-testid^="toggle-"]').first().click();
        await page.locator('main table').first().waitFor();
      },
    },
  ],
};

/** Wait until no request is in flight, no spinner shows, no short animation runs, two frames drawn. */
async function settle(page: Page, timeout = 20_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        (window as unknown as { __inflight?: number }).__inflight === 0 &&
        !document.querySelector('.fui-Spinner, [role="status"][aria-label="加载中"]') &&
        !document.getAnimations().some((a) => {
          const t = a.effect?.getComputedTiming();
          return a.playState === 'running' && t?.iterations !== Infinity && Number(t?.duration) <= 1000;
        }),
      undefined,
      { polling: 50, timeout },
    )
    .catch(async (e: Error) => {
      const state = await page.evaluate(() => ({
        inflight: (window as unknown as { __inflight?: number }).__inflight,
        spinner: document.querySelector('.fui-Spinner, [role="status"][aria-label="加载中"]')?.outerHTML.slice(0, 120),
        animations: document
          .getAnimations()
          .map((a) => (a.effect as KeyframeEffect | null)?.target?.className ?? '')
          .slice(0, 3),
      }));
      throw new Error(`${page.url()} did not settle: ${JSON.stringify(state)} (${e.message})`);
    });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function sweep(width: number, height: number): Promise<string[]> {
  const context = await h.browser.newContext({
    ...CONTEXT_DEFAULTS,
    baseURL: h.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width, height },
  });
  await context.addCookies([{ name: 'token', value: await h.server.tokenFor(ADMIN), url: h.url }]);
  await countFetches(context);
  const page = await context.newPage();
  watchConsole(page);
  await page.goto('/index');
  // the first page of three contexts at once compiles the console three times: a longer wait
  await settle(page, 60_000);
  const found: string[] = [];
  const seen = new Set<string>();
  const check = async (where: string) => {
    for (const f of await page.evaluate(layoutFindings)) found.push(`${width} ${where}: ${f}`);
    if (process.env.LAYOUT_SHOTS) await shot(page, `layout-${width}-${where.replace(/\W+/g, '_')}`);
  };
  // the login page last: a signed-in user is sent away from it
  const order = [...routes.filter((r) => r.name !== 'login'), routes.find((r) => r.name === 'login')!];
  for (const r of order) {
    if (NOT_VISITED[r.name]) continue;
    const target = paths[r.name] ?? r.path;
    if (r.name === 'login') {
      await context.clearCookies();
      await page.goto(target);
    } else await page.evaluate((p) => history.pushState(null, '', p), target);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    if (seen.has(landed)) continue;
    seen.add(landed);
    await check(landed);
    for (const then of THEN[r.name] ?? []) {
      await then.open(page);
      await settle(page);
      await check(`${landed} with ${then.name}`);
    }
  }
  await context.close();
  return found;
}

describe('layout: every route at 768, 1024 and 1440', () => {
  it('has a path for every route of the route table, or says why not', () => {
    expect(routes.length).toBe([...SOURCE.matchAll(/\b(?:main|blank)\(\{/g)].length);
    const unplanned = routes.filter((r) => r.path.includes(':') && !/^[^:]*:\w+\?$/.test(r.path) && !paths[r.name] && !NOT_VISITED[r.name]);
    expect(unplanned.map((r) => r.path)).toEqual([]);
    expect(Object.keys(NOT_VISITED).filter((n) => !routes.some((r) => r.name === n))).toEqual([]);
  });

  it('nothing out of reach, no one-character lines, no overlapping controls, no sideways page, chart text 12 px to 2× body', async () => {
    const t0 = Date.now();
    const found = (await Promise.all(SIZES.map(([w, hh]) => sweep(w, hh)))).flat();
    console.log(`[layout] ${routes.length} routes × ${SIZES.length} sizes in ${Math.round((Date.now() - t0) / 1000)} s`);
    writeFileSync(path.join(ARTIFACTS, 'layout-findings.txt'), found.join('\n') + '\n');
    expect(found).toEqual([]);
  }, 300_000);
});

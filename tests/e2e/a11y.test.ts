/**
 * Issue 18, accessibility checked: axe-core on every route of src/app/routes.ts for each demo
 * account, and with the dialogs open — 0 serious or critical violations. The route list is read
 * from routes.ts itself, so pages other areas add are covered without a line here.
 *
 * Kept fast (CI time): one browser; one context per account, logged in by its cookie; the routes
 * visited by client-side navigation (no reload), axe injected once per page and run with the WCAG
 * A/AA and best-practice rules only; each route's dialogs opened in the same visit.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeSerious, injectAxe, type AxeFinding } from './axe';
import { DIALOGS } from './a11y-dialogs';
import { CONTEXT_DEFAULTS, countFetches, shot, startHarness, type Harness } from './harness';
import { batchSubmittedByColleague, payoutTask } from './payout-task';
import { mobileIndex } from '../../src/server/domain/users';

let h: Harness;
let ids: Record<string, string>;
beforeAll(async () => {
  h = await startHarness();
  ids = await params();
});
afterAll(async () => {
  await h?.close();
});

interface Route {
  name: string;
  path: string;
  /** the guard flags (auth, the tax flag by name, layout): routes alike are let in or sent away alike */
  guard: string;
}

/** name, path and guard flags of every route, read from the route table's source */
function routeTable(): Route[] {
  const src = readFileSync('src/app/routes.ts', 'utf8');
  return [...src.matchAll(/(main|blank)\(\{ name: '(\w+)', path: '([^']+)'([^\n]*)/g)].map((m) => ({
    name: m[2]!,
    path: m[3]!,
    guard: [m[1], /auth: true/.test(m[4]!), m[2]!.includes('Taxes'), /neverLogin/.test(m[4]!)].join('|'),
  }));
}

/** Real objects of the first company (13800000001's) for the routes' parameters. */
async function params(): Promise<Record<string, string>> {
  const db = h.server.db;
  const one = async <T>(sql: string) => (await db.one<T>(sql)) ?? null;
  const company = (await one<{ id: number }>(`SELECT company_id AS id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
  const pos = await one<{ id: number; title: string }>(`SELECT id, title FROM positions WHERE company_id = ${company} ORDER BY id LIMIT 1`);
  const task = await one<{ id: number; name: string }>(`SELECT id, name FROM flex_tasks WHERE company_id = ${company} ORDER BY id LIMIT 1`);
  const batch = await one<{ id: number; task_id: number }>(`SELECT id, task_id FROM payout_batches WHERE company_id = ${company} ORDER BY id LIMIT 1`);
  const tax = await one<{ id: number; apply_no: string }>(`SELECT id, apply_no FROM tax_applications WHERE company_id = ${company} ORDER BY id LIMIT 1`);
  const proof = await one<{ id: number }>(`SELECT id FROM departure_proofs WHERE company_id = ${company} ORDER BY id LIMIT 1`);
  const qr = await one<{ token: string }>(`SELECT token FROM dimission_qr WHERE company_id = ${company}`);
  // a worker's invitation waiting for the SMS check, and a task open to public sign-up
  const inviteToken = await one<{ token: string }>(
    `SELECT invite_token AS token FROM flex_task_workers WHERE company_id = ${company} AND sign_status = 'pending' ORDER BY id LIMIT 1`,
  );
  // a signed person of a task (签署证据: the demo's signatures predate the evidence, so its empty state)
  const signed = await one<{ id: number }>(`SELECT id FROM flex_task_workers WHERE company_id = ${company} AND sign_status = 'signed' ORDER BY id LIMIT 1`);
  const publicTask = await one<{ token: string }>(
    `SELECT public_token AS token FROM flex_tasks WHERE company_id = ${company} AND signup_mode = 'public' AND status IN ('recruiting', 'ongoing') ORDER BY id LIMIT 1`,
  );
  // a position's 分享 link (/m/job): the first open position's, made here as 分享 would
  const job = await one<{ token: string }>(
    `UPDATE positions SET share_token = 'a11yCheckJobLink0000000A', share_created_at = now()
      WHERE id = (SELECT id FROM positions WHERE company_id = ${company} AND status = 'open' ORDER BY id LIMIT 1) RETURNING share_token AS token`,
  );
  const payTask = await payoutTask(h, '13800000001', '无障碍检查任务');
  await batchSubmittedByColleague(h, payTask);
  const enc = encodeURIComponent;
  return {
    positionCollection: `/position/collection/${pos?.id ?? 1}/${enc(pos?.title ?? '职位')}`,
    positionEntry: `/position/entry/${pos?.id ?? 1}/${enc(pos?.title ?? '职位')}`,
    positionInvite: `/position/invite/${pos?.id ?? 1}/${enc(pos?.title ?? '职位')}`,
    dimissionPrint: `/dimission/print/${proof?.id ?? 1}`,
    bulkImport: '/bulkImport/dimission',
    employmentProtocol: `/employment/upload-protocol/${task?.id ?? 1}`,
    employmentSetting: `/employment/setting/${task?.id ?? 1}`,
    employmentPreview: `/employment/preview/${task?.id ?? 1}`,
    employmentTask: `/employment/task/${task?.id ?? 1}/${enc(task?.name ?? '任务')}`,
    employmentEvidence: `/employment/evidence/${signed?.id ?? 1}`,
    // a task with accepted work and no batch yet: the sweep makes its batch and opens its dialogs
    specialBatch: `/special/batch/${payTask.id}/${enc(payTask.name)}`,
    employmentRunRecord: `/employment/runRecord/${batch?.task_id ?? 1}/${batch?.id ?? 1}/0`,
    employmentPayList: `/employment/pay-list/${batch?.task_id ?? 1}/${batch?.id ?? 1}/0`,
    payTaxesCheck: `/payTaxes/check/${tax?.id ?? 1}`,
    payTaxesOrder: `/payTaxes/order/${tax?.id ?? 1}`,
    payTaxesDetail: `/payTaxes/detail/${tax?.id ?? 1}/${tax?.apply_no ?? '1'}`,
    // the public pages: a real scan-to-leave link, and a proof link that is not valid (its state)
    leave: `/m/leave/${qr?.token ?? 'x'}`,
    proofView: '/m/proof/x',
    // 验真 without a code: the page to type one in
    proofCheck: '/m/proof-check',
    workerInvite: `/m/flex/w/${inviteToken?.token ?? 'x'}`,
    workerSignup: `/m/flex/t/${publicTask?.token ?? 'x'}`,
    // a candidate's interview link that is not valid (its state)
    interviewLink: '/m/interview/x',
    job: `/m/job/${job?.token ?? 'x'}`,
  };
}

const pathOf = (r: Route) => ids[r.name] ?? r.path;

const LOADING = '加载中';

/** Client-side navigation (wouter listens to pushState), then wait until the page has settled. */
async function visit(page: Page, path: string): Promise<string> {
  await page.evaluate((p) => history.pushState(null, '', p), path);
  await settle(page);
  return new URL(page.url()).pathname;
}

/**
 * Settled: no request in flight, no spinner or logo loader, no motion running (a toast or dialog
 * fading in is measured by color-contrast at its half-transparent colours; a toast's timer, a long
 * CSS animation, is not waited for), two frames painted.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    (loading) =>
      (window as unknown as { __inflight?: number }).__inflight === 0 &&
      !document.querySelector(`.fui-Spinner, [role="status"][aria-label="${loading}"]`) &&
      !document.getAnimations().some((a) => {
        const t = a.effect?.getComputedTiming();
        return a.playState === 'running' && t?.iterations !== Infinity && Number(t?.duration) <= 1000;
      }),
    LOADING,
    { polling: 50, timeout: 20_000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * axe on a settled page; a finding must hold on a second look. A toast that starts fading in
 * after settle() (a guard's toast raised when its route's code arrives, which no fetch counts) is
 * measured by color-contrast at half opacity: seen once at load ~14. A real violation is still
 * there after the page settles again; a frame of an animation is not.
 */
async function axeStable(page: Page, where: string, skip: string[]): Promise<AxeFinding[]> {
  const first = await axeSerious(page, where, skip);
  if (!first.length) return first;
  await settle(page);
  return axeSerious(page, where, skip);
}

/** A page of its own context: in-flight requests counted (for settle), axe put in once. */
async function openPage(mobile: string | null, start: string): Promise<Page> {
  const context = await h.browser.newContext({
    ...CONTEXT_DEFAULTS,
    baseURL: h.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 860 },
  });
  if (mobile) await context.addCookies([{ name: 'token', value: await h.server.tokenFor(mobile), url: h.url }]);
  await countFetches(context);
  const page = await context.newPage();
  await page.goto(start);
  await settle(page);
  await injectAxe(page);
  return page;
}

/** The console's top bar and footer (main layout) and the slim header (blank layout). */
const SHELL = ['#root > div > div > header', '#root > div > div > footer'];
const layoutOf = (page: Page) => page.evaluate(() => (document.querySelector('#main') ? 'main' : 'blank'));

/** Every route once (by where it lands: a guard's redirect is checked once), then its dialogs. */
async function sweep(mobile: string | null, routes: Route[]): Promise<{ found: AxeFinding[]; landed: string[] }> {
  const who = mobile ?? 'guest';
  const page = await openPage(mobile, mobile ? '/index' : '/login');
  const shellSeen = new Set<string>();
  const seen = new Set<string>();
  // a guard that sent this account away from one route sends it away from the routes alike
  const sentAway = new Set<string>();
  const found: AxeFinding[] = [];
  const t0 = Date.now();
  let checks = 0;
  for (const r of routes) {
    if (sentAway.has(r.guard)) continue;
    const tv = Date.now();
    const landed = await visit(page, pathOf(r));
    const ta = Date.now();
    if (landed !== new URL(pathOf(r), h.url).pathname) sentAway.add(r.guard);
    if (seen.has(landed)) continue;
    seen.add(landed);
    checks++;
    // the top bar and the footer are the same on every page: checked in full on the first page of
    // each layout, then left out (the breadcrumb, notices and page are always checked)
    const shell = seen.size === 1 || !shellSeen.has(await layoutOf(page));
    if (shell) shellSeen.add(await layoutOf(page));
    found.push(...(await axeStable(page, `${who} ${r.path} → ${landed}`, shell ? [] : SHELL)));
    if (process.env.A11Y_TIMES) console.log(`[a11y] ${who} ${landed}: visit ${ta - tv} ms, axe ${Date.now() - ta} ms`);
    for (const d of DIALOGS.filter((x) => x.route === r.name && x.accounts.includes(who))) {
      const td = Date.now();
      await d.open(page);
      await settle(page);
      checks++;
      found.push(...(await axeStable(page, `${who} ${landed} with ${d.name}`, SHELL)));
      if (process.env.A11Y_SHOTS) await shot(page, `a11y-${who}-${d.name}`);
      await d.close(page);
      if (process.env.A11Y_TIMES) console.log(`[a11y] ${who} ${d.name}: ${Date.now() - td} ms`);
    }
  }
  await page.context().close();
  console.log(`[a11y] ${who}: ${checks} axe checks on ${seen.size} pages in ${Math.round((Date.now() - t0) / 1000)} s`);
  return { found, landed: [...seen] };
}

const PUBLIC = [
  'login',
  'bind',
  'agreement',
  'invite',
  'companyInvite',
  'leave',
  'proofView',
  'proofCheck',
  'workerInvite',
  'workerSignup',
  'job',
  'verifySigned',
  'notFound',
];
const ACCOUNTS = ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005'];

const all = routeTable();

describe('axe-core: 0 serious or critical violations, every route, with the dialogs open', () => {
  it('logged out: the public pages', async () => {
    const { found } = await sweep(
      null,
      all.filter((r) => PUBLIC.includes(r.name)),
    );
    expect(found).toEqual([]);
  }, 300_000);

  ACCOUNTS.forEach((mobile, i) => {
    it(`as ${mobile}`, async () => {
      // the public pages look the same to every account: checked logged out and as the first one
      const { found, landed } = await sweep(
        mobile,
        all.filter((r) => r.name !== 'login' && (i === 0 || !PUBLIC.includes(r.name))),
      );
      // the sweep reached the pages, not only the redirects: the member account lands on each of its routes
      if (i === 0) expect(landed.length).toBeGreaterThan(30);
      expect(found).toEqual([]);
    }, 600_000);
  });
});

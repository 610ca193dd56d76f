/**
 * Issue 6 in a real Chromium against the real server: publish a position, find a candidate in the
 * hall, preview the resume and a departure proof, open the invitation dialog, see the five checks
 * one by one in the SPEC's order, send, see the list refresh and the interview in the 面试安排
 * dropdown on its day. Screenshots go to tests/.artifacts/rec-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CONTEXT_DEFAULTS, loginAs, shot, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** `YYYY-MM-DD` in China time, `days` from now. */
function chinaDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return d.toISOString().slice(0, 10);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).last().waitFor({ timeout: 10_000 });
}

async function pick(page: Page, trigger: Locator, option: string): Promise<void> {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Company 1 has pending resignation requests: the urge notice shows after login; close it. */
async function closeUrge(page: Page): Promise<void> {
  const urge = page.getByTestId('urge-notice');
  await urge.waitFor();
  await page.getByTestId('urge-notice-close').click();
  await urge.waitFor({ state: 'detached' });
}

const JOB = `前端开发工程师（React）${Date.now() % 1000}`;

describe('recruitment: publish, hall, resume, certificate, invitation, schedule', () => {
  it('the whole flow of issue 6', async () => {
    const { page } = await h.newPage();
    await loginAs(page, h.url, '13800000001');
    await closeUrge(page);

    // --- publish a position -----------------------------------------------------------------
    await page.getByRole('link', { name: '全职招聘' }).first().click();
    await page.getByTestId('position-table').waitFor();
    await shot(page, 'rec-01-positions');
    await page.getByTestId('position-publish').click();
    await page.waitForURL('**/position/post');
    await page.getByTestId('position-submit').click();
    await toast(page, '请填写职位名称');
    await page.getByTestId('position-title').fill(JOB);
    await pick(page, page.getByTestId('position-category'), '技术研发');
    await pick(page, page.getByTestId('position-city'), '杭州');
    await pick(page, page.getByTestId('position-district'), '西湖区');
    await page.getByTestId('position-salary-min').fill('25');
    await page.getByTestId('position-salary-max').fill('15');
    await page.getByTestId('position-description').fill('负责企业服务控制台的前端开发，熟悉 React 与 TypeScript，有中后台经验优先。');
    await page.getByTestId('position-address').fill('浙江省杭州市西湖区文三路478号华星时代广场A座12层');
    await page.getByTestId('position-contact-name').fill('王丽娟');
    await page.getByTestId('position-contact-tel').fill('0571-88886666');
    await page.getByTestId('position-submit').click();
    await toast(page, '最低薪资不能高于最高薪资');
    await shot(page, 'rec-02-position-form-error');
    // the draft survives a reload (as it survives a prompt or an expired session)
    await page.reload();
    await toast(page, '已恢复您上次未提交的内容');
    await closeUrge(page);
    expect(await page.getByTestId('position-title').inputValue()).toBe(JOB);
    await page.getByTestId('position-salary-min').fill('12');
    await page.getByTestId('position-salary-max').fill('20');
    await page.getByTestId('position-submit').click();
    await toast(page, '职位发布成功');
    await page.waitForURL('**/position');
    await page.getByText(JOB).first().waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('positionDraft:')))).toEqual([]);

    // --- find a candidate in the hall with the breadcrumb search ----------------------------
    await page.getByRole('link', { name: '人才大厅' }).first().click();
    await page.waitForURL('**/hall');
    await page.getByTestId('hall-card').first().waitFor();
    await page.getByTestId('search-box').fill('前端');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/hall\?keywords=/);
    await page.getByText('关键词：前端').waitFor();
    await pick(page, page.getByTestId('hall-filter-city'), '杭州');
    await page.waitForURL(/city=/);
    await page.getByTestId('hall-total').waitFor();
    // the keyword is marked in the cards (issue 34)
    expect(await page.getByTestId('hall-card').locator('mark').first().innerText()).toBe('前端');
    await shot(page, 'rec-03-hall');

    // a candidate whose resume holds a departure proof and who has no invitation yet
    const cards = page.getByTestId('hall-card');
    let card: Locator | null = null;
    let realname = '';
    for (let i = 0; i < (await cards.count()); i++) {
      const c = cards.nth(i);
      if (await c.getByTestId('hall-invite').isDisabled()) continue;
      await c.getByTestId('hall-view').click();
      const dlg = page.getByTestId('resume-dialog');
      await dlg.getByTestId('resume-name').waitFor();
      if ((await dlg.getByRole('button', { name: '查看离职证明' }).count()) > 0) {
        card = c;
        realname = (await dlg.getByTestId('resume-name').innerText()).trim();
        break;
      }
      await dlg.getByRole('button', { name: '关闭' }).last().click();
      await dlg.waitFor({ state: 'detached' });
    }
    expect(card, 'a candidate with a departure proof').not.toBeNull();
    const resume = page.getByTestId('resume-dialog');
    expect(await resume.innerText()).toMatch(/工作经历[\s\S]*教育经历[\s\S]*自我评价/);
    // the mobile is masked until 查看联系方式; the cost shows before anything is spent
    expect(await resume.getByTestId('resume-mobile').innerText()).toMatch(/^1\d{2}\*{4}\d{4}$/);
    await resume.getByText('首次查看消耗 5 CRC积分').waitFor();
    await resume.getByTestId('resume-reveal').click();
    const ask = page.getByTestId('reveal-confirm');
    await ask.getByText('查看该人才联系方式将消耗 CRC积分 5 分，是否继续？').waitFor();
    await ask.getByText(/^当前 CRC积分余额：\d+ 分$/).waitFor();
    await shot(page, 'rec-04a-reveal-confirm');
    await ask.getByRole('button', { name: '确定查看' }).click();
    await expect.poll(() => resume.getByTestId('resume-mobile').innerText(), { timeout: 15_000 }).toMatch(/^1\d{10}$/);
    const mobile = (await resume.getByTestId('resume-mobile').innerText()).trim();
    await page.getByText('已消耗 5 CRC积分').first().waitFor();
    await shot(page, 'rec-04-resume');

    // --- the certificate on a canvas capped at 992×1402 -------------------------------------
    await resume.getByRole('button', { name: '查看离职证明' }).first().click();
    const cert = page.getByTestId('certificate-dialog');
    await cert.waitFor();
    const canvas = cert.getByTestId('certificate-canvas');
    await expect.poll(() => canvas.isVisible(), { timeout: 10_000 }).toBe(true);
    const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
    expect(size.w).toBeGreaterThan(0);
    expect(size.w).toBeLessThanOrEqual(992);
    expect(size.h).toBeLessThanOrEqual(1402);
    expect(size.h).toBe(1402); // the A4 proof is taller than the cap: scaled down to it
    await shot(page, 'rec-05-certificate');
    await cert.getByRole('button', { name: '关闭' }).last().click();
    await cert.waitFor({ state: 'detached' });
    await resume.getByRole('button', { name: '关闭' }).last().click();
    await resume.waitFor({ state: 'detached' });

    // --- the invitation dialog: the five checks in order ------------------------------------
    await card!.getByTestId('hall-invite').click();
    const dlg = page.getByTestId('invite-dialog');
    await dlg.getByText('发送面试邀请').waitFor();
    await dlg.getByRole('textbox', { name: '时间' }).waitFor();
    expect(await dlg.evaluate((e) => getComputedStyle(e).width)).toBe('660px');
    expect(await dlg.locator('input[readonly]').first().inputValue()).toBe(realname);
    expect(await dlg.getByPlaceholder('需要准备的资料等注意事项（选填）').count()).toBe(1);
    // the schedule table loads when shown
    await dlg.getByTestId('invite-schedule-toggle').click();
    await dlg
      .getByTestId('invite-schedule')
      .getByText(/面试安排/)
      .waitFor();
    await dlg.getByTestId('invite-schedule').locator('table, :text("当天暂无面试安排")').first().waitFor();
    await shot(page, 'rec-06-invite-schedule');
    await dlg.getByTestId('invite-schedule-toggle').click();

    const send = dlg.getByTestId('invite-send');
    await send.click();
    await toast(page, '请选择面试职位');
    await pick(page, dlg.getByTestId('invite-job'), JOB);
    await send.click();
    await toast(page, '请选择面试时间');
    // pick tomorrow without touching the time: 09:00:00
    const day = chinaDate(1);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    await dlg.getByTestId('invite-date').click();
    const yesterday = chinaDate(-1).split('-').map(Number) as [number, number, number];
    // the calendar labels a day `23, 十一月, 2026`; yesterday is disabled (earlier than one day ago)
    const MONTHS = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'];
    const cell = (yy: number, mm: number, dd: number) => page.locator(`[aria-label="${dd}, ${MONTHS[mm - 1]}, ${yy}"]`).first();
    const yCell = cell(...yesterday);
    if ((await yCell.count()) > 0)
      expect(
        await yCell.evaluate((e) => e.getAttribute('aria-disabled') === 'true' || (e as HTMLButtonElement).disabled || !!e.closest('[aria-disabled="true"]')),
      ).toBe(true);
    await cell(y, m, d).click();
    expect(await dlg.getByTestId('invite-time').inputValue()).toMatch(/^09:00(:00)?$/);
    await send.click();
    await toast(page, '请填写面试地点');
    await dlg.getByPlaceholder('请输入面试地点').fill('   ');
    await send.click();
    await toast(page, '请填写面试地点');
    await dlg.getByPlaceholder('请输入面试地点').fill('  浙江省杭州市西湖区文三路478号华星时代广场A座12层  ');
    await send.click();
    await toast(page, '请填写联系人姓名');
    await dlg.getByPlaceholder('请输入联系人姓名').fill('王丽娟');
    await send.click();
    await toast(page, '请填写联系方式');
    await dlg.getByPlaceholder('请输入手机号或座机号').fill('13800000001');
    await dlg.getByPlaceholder('需要准备的资料等注意事项（选填）').fill('请携带身份证和作品集');
    await shot(page, 'rec-07-invite-filled');
    await send.click();
    // the button holds its loading state about 0.9 s after the answer
    expect(await send.isDisabled()).toBe(true);
    await toast(page, '面试邀请已发送');
    await dlg.waitFor({ state: 'detached' });
    // the parent list refreshed: the card now says 已邀请
    await expect.poll(() => card!.getByTestId('hall-invite').innerText()).toBe('已邀请');

    const row = await h.server.db.one<{ address: string; pick: string; remark: string }>(
      `SELECT i.address, to_char(i.pick_time AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') AS pick, i.remark
         FROM interviews i JOIN candidates c ON c.id = i.candidate_id WHERE c.realname = $1 ORDER BY i.id DESC LIMIT 1`,
      [realname],
    );
    expect(row).toEqual({ address: '浙江省杭州市西湖区文三路478号华星时代广场A座12层', pick: `${day} 09:00:00`, remark: '请携带身份证和作品集' });

    // --- the interview in the 面试安排 dropdown on its day ----------------------------------
    await page.getByTestId('plan-trigger').click();
    const panel = page.getByTestId('plan-panel');
    await panel.getByTestId('plan-list').waitFor();
    await panel.getByTestId(`plan-day-${day}`).click();
    await panel.getByTestId('plan-list').getByText(realname).waitFor();
    const list = await panel.getByTestId('plan-list').innerText();
    expect(list).toMatch(/上午/);
    expect(list).toContain('09:00');
    expect(list).toContain(JOB);
    // more than 7 dates: the date list scrolls
    const scroll = await panel.getByTestId('plan-days').evaluate((e) => ({ sh: e.scrollHeight, ch: e.clientHeight }));
    expect(scroll.sh).toBeGreaterThan(scroll.ch);
    await shot(page, 'rec-08-plan');
    await page.keyboard.press('Escape');

    // --- the position's lists show the invitation ------------------------------------------
    await page.getByRole('link', { name: '全职招聘' }).first().click();
    const jobRow = page.getByTestId('position-row').filter({ hasText: JOB });
    await jobRow.waitFor();
    await jobRow.getByTestId('position-invites').click();
    await page.waitForURL('**/position/invite/**');
    await page.getByTestId('people-row').filter({ hasText: realname }).waitFor();
    await shot(page, 'rec-09-position-invited');

    // --- issue 32: the candidate confirms on the SMS link, HR reschedules, checks in, gives feedback, hires
    const sms = async () => ((await (await fetch(`${h.url}/sandbox/recruit/sms?mobile=${mobile}`)).json()) as { list: { body: string }[] }).list[0]!.body;
    const linkOf = (body: string) => /\/m\/interview\/[\w-]+/.exec(body)![0];
    const phone = await h.browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: h.url,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const cand = await phone.newPage();
    await cand.goto(linkOf(await sms()));
    await cand.getByTestId('interview-page-pending').waitFor();
    await shot(cand, 'rec-09a-candidate-link-390');
    await cand.getByTestId('interview-page-confirm').click();
    await cand.getByTestId('interview-page-accepted').waitFor();

    const interview = page.getByTestId('people-row').filter({ hasText: realname });
    await page.reload();
    await interview.and(page.locator('[data-state="accepted"]')).waitFor();
    // past the first two actions (签到, 改期) the rest sit under 更多; 改期's dialog checks its fields before sending
    await interview.getByTestId('interview-more').click();
    await page.getByRole('menuitem', { name: '取消面试' }).waitFor();
    await shot(page, 'rec-09b-more');
    await page.keyboard.press('Escape');
    await interview.getByTestId('interview-reschedule').click();
    const move = page.getByTestId('interview-dialog-reschedule');
    await move.getByTestId('move-ok').click();
    await move.getByTestId('move-error').getByText('请选择新的面试时间').waitFor();
    // today, late: 签到 needs the interview's day
    await move.getByTestId('reschedule-date').fill(chinaDate(0));
    await move.getByTestId('reschedule-time').fill('23:59');
    await move.getByTestId('move-ok').click();
    await move.getByTestId('move-error').getByText('请填写改期原因').waitFor();
    await move.getByTestId('move-reason').fill('面试官临时出差');
    await shot(page, 'rec-09c-reschedule');
    await move.getByTestId('move-ok').click();
    await toast(page, '已改期，并已短信通知候选人');
    await interview.and(page.locator('[data-state="pending"]')).waitFor();
    expect(await sms()).toContain(`改期至${chinaDate(0)} 23:59，地点：浙江省杭州市西湖区文三路478号华星时代广场A座12层，原因：面试官临时出差`);
    // the first link died with the 改期; the new one asks again
    await cand.reload();
    await cand.getByText('链接无效或已失效').waitFor();

    await interview.getByTestId('interview-check_in').click();
    await page.getByTestId('interview-dialog-check_in').getByTestId('move-ok').click();
    await toast(page, '已签到');
    await interview.and(page.locator('[data-state="done"]')).waitFor();

    await interview.getByTestId('interview-feedback').click();
    const fb = page.getByTestId('interview-dialog-feedback');
    await fb.getByTestId('score-2').waitFor();
    await fb.getByTestId('move-ok').click();
    await fb.getByTestId('move-error').getByText('请为每个评分项打分').waitFor();
    for (const [i, n] of [4, 5, 4].entries())
      await fb
        .getByTestId(`score-${i}`)
        .getByRole('radio', { name: String(n), exact: true })
        .check();
    await fb.getByTestId('verdict').getByRole('radio', { name: '通过', exact: true }).check();
    await fb.getByRole('textbox').fill('沟通清晰，项目经验匹配');
    await shot(page, 'rec-09d-feedback');
    await fb.getByTestId('move-ok').click();
    await toast(page, '面试反馈已提交');
    await interview.and(page.locator('[data-state="reviewed"]')).getByText('结论：通过').waitFor();

    await interview.getByTestId('interview-hire').click();
    await page.getByTestId('interview-dialog-hire').getByTestId('move-ok').click();
    await toast(page, '已录用');
    await interview.getByText('已录用').waitFor();
    await shot(page, 'rec-09e-hired');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot(page, 'rec-09f-interviews-768');
    await page.setViewportSize({ width: 1366, height: 860 });
    await phone.close();
  });

  it('applications: intention invitation with the position read-only, mark unsuitable; company info', async () => {
    const { page } = await h.newPage();
    h.advanceClock(61_000);
    await loginAs(page, h.url, '13800000001');
    await closeUrge(page);
    await page.getByRole('link', { name: '全职招聘' }).first().click();
    const row = page.getByTestId('position-row').filter({ hasText: 'Java开发工程师' });
    await row.waitFor();
    await row.getByTestId('position-applies').click();
    await page.waitForURL('**/position/collection/**');
    await page.getByTestId('people-row').first().waitFor();
    await shot(page, 'rec-10-applications');
    const target = page
      .getByTestId('people-row')
      .filter({ has: page.getByTestId('people-invite') })
      .first();
    await target.getByTestId('people-invite').click();
    const dlg = page.getByTestId('invite-dialog');
    await dlg.getByRole('textbox', { name: '时间' }).waitFor();
    // type intention: the position is read-only and check (1) does not apply
    expect(await dlg.getByTestId('invite-job').count()).toBe(0);
    expect(await dlg.locator('input[readonly]').nth(2).inputValue()).toBe('Java开发工程师');
    await dlg.getByTestId('invite-send').click();
    await toast(page, '请选择面试时间');
    await shot(page, 'rec-11-invite-intention');
    await dlg.getByRole('button', { name: '取消' }).click();

    const before = await page.getByTestId('people-row').count();
    // the demo seed holds pending applications for this position: one of them, by name
    const pending = page.getByTestId('people-row').filter({ hasText: '待处理' });
    expect(await pending.count()).toBeGreaterThan(0);
    // the first cell is the row's checkbox (issue 32), the name is the second
    const name = (await pending.first().locator('td').nth(1).innerText()).trim();
    expect(name).not.toBe('');
    const mine = page.getByTestId('people-row').filter({ hasText: name });
    await mine.getByRole('button', { name: '不合适' }).click();
    // 不合适 asks why (issue 32): a reason from the short list
    await page.getByTestId('unsuitable-dialog').getByRole('radio', { name: '经验不符' }).check();
    await page.getByTestId('unsuitable-ok').click();
    await toast(page, '已标记为不合适');
    // that applicant's row, and no other, changed: 不合适, no longer 待处理, still listed
    await mine.filter({ hasText: '不合适' }).waitFor();
    expect(await mine.filter({ hasText: '待处理' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('people-row').count()).toBe(before);

    // a resume whose past employer is on the platform opens the company info dialog
    const cand = (await h.server.db.one<{ id: number; realname: string; company_name: string }>(
      `SELECT w.candidate_id AS id, c.realname, w.company_name FROM candidate_work w JOIN candidates c ON c.id = w.candidate_id
        WHERE w.company_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.candidate_id = c.id) ORDER BY w.id LIMIT 1`,
    ))!;
    const job = (await h.server.db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM positions WHERE title = 'Java开发工程师'`))!;
    await h.server.db.query(`INSERT INTO applications (position_id, company_id, candidate_id, status, source) VALUES ($1, $2, $3, 'pending', '自主投递')`, [
      job.id,
      job.company_id,
      cand.id,
    ]);
    await page.getByRole('tab', { name: '待处理' }).click();
    const applicant = page.getByTestId('people-row').filter({ hasText: cand.realname });
    await applicant.getByRole('button', { name: '查看简历' }).click();
    const resume = page.getByTestId('resume-dialog');
    await resume.getByTestId('resume-name').waitFor();
    await resume.getByRole('button', { name: cand.company_name }).first().click();
    const company = page.getByTestId('company-dialog');
    await company.getByText('统一社会信用代码').waitFor();
    expect(await company.innerText()).toContain('陈建国');
    await shot(page, 'rec-12-company-info');
    await company.getByRole('button', { name: '关闭' }).last().click();
    // the applicant's status became 已查看 once the resume was opened
    await resume.getByRole('button', { name: '关闭' }).last().click();
    await page.getByRole('tab', { name: '已查看' }).click();
    await page.getByTestId('people-row').filter({ hasText: cand.realname }).waitFor();

    // --- issue 32: review in the résumé (上一份/下一份, the row updates in place), batch 不合适 of 5 ------
    const fresh = await h.server.db.query<{ id: number; realname: string }>(
      `SELECT c.id, c.realname FROM candidates c WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.candidate_id = c.id)
          AND (SELECT count(*) FROM candidates x WHERE x.realname = c.realname) = 1 ORDER BY c.id DESC LIMIT 5`,
    );
    for (const c of fresh) {
      await h.server.db.query(
        `INSERT INTO applications (position_id, company_id, candidate_id, status, source, created_at) VALUES ($1, $2, $3, 'pending', '自主投递', now())`,
        [job.id, job.company_id, c.id],
      );
    }
    await page.getByRole('tab', { name: '待处理' }).click();
    // newest first: the last inserted is the list's first row
    const five = [...fresh].reverse().map((c) => page.getByTestId('people-row').filter({ hasText: c.realname }));
    await five[0]!.waitFor();
    await five[0]!.getByRole('button', { name: '查看简历' }).click();
    await resume.getByTestId('resume-apply').waitFor();
    await five[0]!.filter({ hasText: '已查看' }).waitFor(); // in place, no reload
    await resume.getByTestId('resume-next').click();
    await resume.getByText('第 2 / ').waitFor();
    await page.keyboard.press('ArrowLeft');
    await resume.getByText('第 1 / ').waitFor();
    await resume.getByTestId('review-note-input').fill('沟通积极，可安排一面');
    await resume.getByTestId('review-note-add').click();
    await resume.getByText('沟通积极，可安排一面').waitFor();
    for (const [w, hgt, n] of [
      [1440, 900, 'rec-32a-resume-review-1440'],
      [768, 1024, 'rec-32b-resume-review-768'],
    ] as const) {
      await page.setViewportSize({ width: w, height: hgt });
      await shot(page, n);
    }
    await page.setViewportSize({ width: 1366, height: 860 });
    await resume.getByRole('button', { name: '关闭' }).last().click();
    for (const r of five) await r.getByTestId('people-check').click();
    await page.getByTestId('batch-unsuitable').click();
    const why = page.getByTestId('unsuitable-dialog');
    await why.getByText('确定将选中的 5 份简历标记为不合适？').waitFor();
    await why.getByRole('radio', { name: '已招满' }).check();
    await shot(page, 'rec-32c-batch-unsuitable');
    await page.getByTestId('unsuitable-ok').click();
    await toast(page, '已处理5份');
    for (const r of five) await r.filter({ hasText: '不合适' }).waitFor();
    const stored = await h.server.db.query<{ status: string; reject_reason: string }>(
      'SELECT status, reject_reason FROM applications WHERE position_id = $1 AND candidate_id = ANY($2)',
      [job.id, fresh.map((c) => c.id)],
    );
    expect(stored).toHaveLength(5);
    expect(stored.every((x) => x.status === 'unsuitable' && x.reject_reason === '已招满')).toBe(true);
  });

  it('hire from 收到的简历 into 已录用 (/position/entry); edit, close and reopen a position', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(context, '13800000001');
    await page.goto('/position');
    await closeUrge(page);
    const status = (row: Locator) => row.locator('[data-status]').first().getAttribute('data-status');

    // --- hiring: 录用 asks first, the applicant becomes 已录用 and is listed in 已录用 -------------
    const java = page.getByTestId('position-row').filter({ hasText: 'Java开发工程师' });
    await java.waitFor();
    const hiredBefore = Number(await java.getByTestId('position-hired').innerText());
    await java.getByTestId('position-applies').click();
    await page.waitForURL('**/position/collection/**');
    const hireable = page.getByTestId('people-row').filter({ has: page.getByRole('button', { name: '录用', exact: true }) });
    await hireable.first().waitFor();
    const name = (await hireable.first().locator('td').nth(1).innerText()).trim().split('\n').pop()!.trim();
    expect(name).not.toBe('');
    const person = page.getByTestId('people-row').filter({ hasText: name });
    expect(await person.count()).toBe(1);
    expect(await status(person)).not.toBe('hired');
    await person.getByRole('button', { name: '录用', exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定录用该候选人吗？' });
    await ask.waitFor();
    await ask.getByRole('button', { name: '确定' }).click();
    await toast(page, '已录用');
    await expect.poll(() => status(person), { timeout: 15_000 }).toBe('hired');
    expect(await person.getByRole('button', { name: '录用', exact: true }).count()).toBe(0);
    expect(await person.getByRole('button', { name: '不合适' }).count()).toBe(0);
    const stored = await h.server.db.one<{ status: string; day: string }>(
      `SELECT a.status, to_char(a.hired_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD') AS day
         FROM applications a JOIN candidates c ON c.id = a.candidate_id JOIN positions p ON p.id = a.position_id
        WHERE c.realname = $1 AND p.title = 'Java开发工程师'`,
      [name],
    );
    expect(stored).toEqual({ status: 'hired', day: chinaDate(0) });

    // the position's 已录用 count went up by one; its link opens /position/entry with the person
    await page.getByRole('button', { name: '返回职位列表' }).click();
    await page.waitForURL((u) => u.pathname === '/position');
    await expect.poll(async () => Number(await java.getByTestId('position-hired').innerText()), { timeout: 15_000 }).toBe(hiredBefore + 1);
    await java.getByTestId('position-hired').click();
    await page.waitForURL('**/position/entry/**');
    expect(await page.title()).toBe('已录用 - Java开发工程师 - 企业服务平台');
    const entry = page.getByTestId('people-row');
    await entry.filter({ hasText: name }).waitFor();
    expect(await entry.count()).toBe(hiredBefore + 1);
    expect(await entry.filter({ hasText: name }).innerText()).toContain(chinaDate(0));
    expect(await entry.locator('[data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(
      Array(hiredBefore + 1).fill('hired'),
    );
    await shot(page, 'rec-14-hired');

    // --- edit: the form opens filled, the change is saved and listed --------------------------
    await page.goto('/position');
    const ops = page.getByTestId('position-row').filter({ hasText: '新媒体运营' });
    await ops.waitFor();
    await ops.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/\/position\/post\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect.poll(() => page.getByTestId('position-title').inputValue(), { timeout: 15_000 }).toBe('新媒体运营');
    await page.getByTestId('position-title').fill('新媒体运营（短视频）');
    await page.getByTestId('position-submit').click();
    await toast(page, '职位已保存');
    await page.waitForURL((u) => u.pathname === '/position');
    const edited = page.getByTestId('position-row').filter({ hasText: '新媒体运营（短视频）' });
    await edited.waitFor();
    expect(await status(edited)).toBe('open');
    expect(await h.server.db.one(`SELECT title, status FROM positions WHERE id = $1`, [id])).toEqual({ title: '新媒体运营（短视频）', status: 'open' });

    // --- close (asks first, cancel keeps it), then reopen ---------------------------------------
    await edited.getByRole('button', { name: '下线' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要下线该职位吗？' });
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await status(edited)).toBe('open');
    await edited.getByRole('button', { name: '下线' }).click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast(page, '职位已下线');
    await expect.poll(() => status(edited), { timeout: 15_000 }).toBe('closed');
    expect(await edited.getByRole('button', { name: '下线' }).count()).toBe(0);
    expect((await h.server.db.one<{ status: string }>(`SELECT status FROM positions WHERE id = $1`, [id]))!.status).toBe('closed');
    await shot(page, 'rec-16-position-closed');
    await edited.getByRole('button', { name: '重新上线' }).click();
    await toast(page, '职位已重新上线');
    await expect.poll(() => status(edited), { timeout: 15_000 }).toBe('open');
    expect(await edited.getByRole('button', { name: '下线' }).count()).toBe(1);
    expect((await h.server.db.one<{ status: string }>(`SELECT status FROM positions WHERE id = $1`, [id]))!.status).toBe('open');
  });

  it('a non-member sees masked contacts and the membership prompt before inviting or publishing', async () => {
    const { page } = await h.newPage();
    h.advanceClock(61_000);
    await loginAs(page, h.url, '13800000002');
    // a non-member company gets no urge notice (issue 33: it could not act on the requests)
    await page.getByRole('link', { name: '人才大厅' }).first().click();
    const card = page.getByTestId('hall-card').first();
    await card.getByTestId('hall-invite').click();
    await page.getByText('该功能为付费会员功能，开通会员后即可正常使用').waitFor();
    expect(await page.getByTestId('invite-dialog').count()).toBe(0);
    await page.getByRole('button', { name: '暂不开通' }).click();
    await card.getByTestId('hall-view').click();
    const resume = page.getByTestId('resume-dialog');
    await resume.getByTestId('resume-name').waitFor();
    expect(await resume.getByTestId('resume-mobile').innerText()).toMatch(/^1\d{2}\*{4}\d{4}$/);
    await resume.getByText('开通会员后可查看完整联系方式').waitFor();
    await shot(page, 'rec-13-resume-non-member');
    await resume.getByRole('button', { name: '关闭' }).last().click();
    await page.getByRole('link', { name: '全职招聘' }).first().click();
    await page.getByTestId('position-publish').click();
    await page.getByText('该功能为付费会员功能，开通会员后即可正常使用').waitFor();
    expect(new URL(page.url()).pathname).toBe('/position');
  });

  it('a user without a company is sent to verify before the talent hall (the server refuses the list too)', async () => {
    const { page } = await h.newPage();
    h.advanceClock(61_000);
    await loginAs(page, h.url, '13800000004');
    await page.getByRole('link', { name: '人才大厅' }).first().click();
    await page.waitForURL('**/create');
    expect(await page.getByTestId('hall-card').count()).toBe(0);
  });

  it('the admin sees who opened whose contact details in the record of full views', async () => {
    const { page } = await h.newPage();
    h.advanceClock(61_000);
    await loginAs(page, h.url, '13800000001');
    await page.goto('/account');
    await page.getByRole('tab', { name: '信息查看记录' }).click();
    await page.waitForURL('**/account?id=privacy');
    const rows = page.getByTestId('pii-view-row');
    await rows.first().waitFor();
    // 查看人, 时间, 对象 (the candidate's name, 手机号 and the masked number), 记录, 用途/原因
    expect(await rows.first().innerText()).toMatch(/王丽娟[\s\S]*\d{2}:\d{2}[\s\S]*手机号[\s\S]*1\d{2}\*{4}\d{4}[\s\S]*人才简历[\s\S]*查看联系方式/);
    await shot(page, 'rec-15-pii-views');
  });
  it('重复人才: an administrator merges a seeded pair after its preview and the merge persists; a recruiter is told who may', async () => {
    const { context, page } = await h.newPage();
    h.advanceClock(61_000);
    await h.signIn(context, '13800000001');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/hall');
    await closeUrge(page);
    await page.getByTestId('hall-duplicates').click();
    const dialog = page.getByTestId('dup-dialog');
    const pairs = dialog.getByTestId('dup-pair');
    await pairs.first().waitFor();
    const before = await pairs.count();
    // why they match, with masked numbers only
    expect(await dialog.innerText()).not.toMatch(/1\d{10}|\d{17}[\dXx]/);
    const pair = pairs.filter({ hasText: '手机号相同' }).first();
    expect(await pair.innerText()).toMatch(/手机号 1\d{2}\*{4}\d{4}/);
    const ids = (await pair.getAttribute('data-ids'))!;
    const [a, b] = ids.split('-').map(Number) as [number, number];
    await shot(page, 'rec-16-duplicates-1440');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot(page, 'rec-16-duplicates-768');
    await page.setViewportSize({ width: 1440, height: 900 });

    // keep the second registration: its blank 期望城市 is filled from the first, the first's applications move
    await pair.getByTestId('dup-open').click();
    await dialog.getByTestId(`dup-keep-${b}`).click();
    const city = dialog.getByTestId('dup-fields').locator('tr', { hasText: '期望城市' });
    await city.getByText(`由 #${a} 补充`).waitFor();
    expect(await city.getAttribute('data-from')).toBe('drop');
    // the pair's 期望职位 in the hall: counted exactly (the whole pool is past the hall's count cap, 200+)
    const job = (await dialog.getByTestId('dup-fields').locator('tr', { hasText: '期望职位' }).locator('td').first().innerText()).trim();
    const total = async () => {
      const p = await context.newPage();
      await p.goto(`/hall?keywords=${encodeURIComponent(job)}`);
      const shown = await p.getByTestId('hall-total').innerText();
      await p.close();
      expect(shown).not.toContain('+');
      return Number(shown.replace(/\D/g, ''));
    };
    const pool = await total();
    expect(await dialog.getByTestId('dup-moves').innerText()).toMatch(/— 转入/);
    await shot(page, 'rec-17-merge-preview-1440');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot(page, 'rec-17-merge-preview-768');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByTestId('dup-merge').click();
    await dialog.getByTestId('dup-confirm').getByText(`确定将记录 #${a} 合并到 #${b}`).waitFor();
    await dialog.getByTestId('dup-confirm-ok').click();
    await dialog
      .getByTestId('dup-done')
      .getByText(/已合并为一条人才记录：转入 \d+ 份投递/)
      .waitFor();
    await shot(page, 'rec-18-merged');

    // after a reload the pair is gone for good
    await page.reload();
    await page.getByTestId('hall-duplicates').click();
    await page.getByTestId('dup-dialog').getByTestId('dup-intro').waitFor();
    await page.getByTestId('dup-dialog').locator(':is([data-testid="dup-list"], [data-testid="dup-empty"])').waitFor();
    expect(await page.locator(`[data-ids="${ids}"]`).count()).toBe(0);
    expect(await page.getByTestId('dup-pair').count()).toBe(before - 1);
    // one person, one record: the hall lists one fewer
    await page.getByTestId('dup-dialog').getByRole('button', { name: '关闭' }).click();
    expect(await total()).toBe(pool - 1);

    // a recruiter opening it is told who may, and nothing is asked of the server
    const r = await h.newPage();
    await h.signIn(r.context, '13905710008');
    await r.page.goto('/hall');
    let asked = false;
    r.page.on('request', (req) => (asked ||= req.url().includes('/talent/duplicates')));
    await r.page.getByTestId('hall-duplicates').click();
    await r.page.getByTestId('dup-dialog').getByTestId('no-access').getByText('仅管理员可查看').waitFor();
    expect(asked).toBe(false);
    await shot(r.page, 'rec-19-duplicates-no-access');
  });
});

/**
 * Issue 31 (statistics): every numbered item against the written definitions
 * (contract/statistics-defs, docs/statistics.md), on the demo company with the server's clock:
 * changes made through the product (人才大厅 invitation, 录用, 同意离职, 在职人数 set by an admin)
 * and the panel, the home page and the export moving by exactly that.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { HomeSummary } from '../../contract/home';
import { CrcStats, DepartureStats, FlexStats, RecruitStats, addDay } from '../../contract/statistics';
import { FIGURES, kpiValues, PANEL_KPIS } from '../../contract/statistics-defs';
import { makeIdCard } from '../db/seeds/dimission';
import { addDays, fmtDate } from '../lib/time';
import { demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { download } from '../../../tests/setup/exports';

const s = useTestServer();
const { get, post } = entCalls(s);
let member: string;
let c1: number;
beforeAll(async () => {
  ({ member, c1 } = await demoAccounts(s));
});

const ok = async <T>(path: string, parse: { parse: (x: unknown) => T }): Promise<T> => {
  const r = await get(path, member);
  expect(r.body.code, `${path}: ${r.body.msg}`).toBe(200);
  return parse.parse(r.body.data);
};
const panel = async (q: string) => ({
  rec: await ok(`/statistics/recruitment?${q}`, RecruitStats),
  dep: await ok(`/statistics/departure?${q}`, DepartureStats),
  flex: await ok(`/statistics/flex?${q}`, FlexStats),
  crc: await ok(`/statistics/crc?${q}`, CrcStats),
});
const home = async () => (await ok('/index/summary', HomeSummary)).overview;
const today = () => fmtDate(new Date());
const tomorrowAt = (hm: string) => `${fmtDate(addDays(new Date(), 1))} ${hm}:00`;
const invite = (candidate: number, job: number, hm: string) =>
  post(
    `/talent/invite/${candidate}`,
    { type: 'user', job_id: String(job), pick_time: tomorrowAt(hm), address: '文三路478号', contacts_name: '王丽娟', contacts_tel: '0571-88886666' },
    member,
  );
const freshCandidate = async () =>
  (await s.db.one<{ id: number }>(
    `SELECT c.id FROM candidates c WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.candidate_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = c.id) ORDER BY c.id DESC LIMIT 1`,
  ))!.id;
const openJob = async () =>
  (await s.db.one<{ id: number }>(`SELECT id FROM positions WHERE company_id = $1 AND status = 'open' ORDER BY id LIMIT 1`, [c1]))!.id;

describe('item 1: a 人才大厅 invitation is not a 投递', () => {
  it('adds an 邀约面试 event to the trend and nothing to 投递, the cohort, the position or the home page; equals a rebuild', async () => {
    const job = await openJob();
    const before = await panel('range=today');
    const h0 = await home();
    const r = await invite(await freshCandidate(), job, '15:30');
    expect(r.body.code, r.body.msg).toBe(200);
    const after = await panel('range=today');
    const h1 = await home();
    expect(after.rec.funnel).toEqual(before.rec.funnel);
    const pos = (d: RecruitStats) => d.positions.find((p) => p.id === job) ?? { applies: 0, invited: 0 };
    expect(pos(after.rec).applies).toBe(pos(before.rec).applies);
    expect(pos(after.rec).invited).toBe(pos(before.rec).invited + 1);
    expect(after.rec.trend[0]!.applies).toBe(before.rec.trend[0]!.applies);
    expect(after.rec.trend[0]!.interviews).toBe(before.rec.trend[0]!.interviews + 1);
    expect([h1.recruit.applies, h1.recruit.invited]).toEqual([h0.recruit.applies, h0.recruit.invited]);
    // the trigger-kept rows equal a rebuild from the source tables
    const rows = () =>
      s.db.query('SELECT day, applies, invited, hired, r_invited, r_hired FROM stats_company_daily WHERE company_id = $1 AND day >= $2 ORDER BY day', [
        c1,
        addDay(today(), -30),
      ]);
    const kept = await rows();
    await s.db.query('SELECT stats_rebuild()');
    expect(await rows()).toEqual(kept);
  });
});

describe('item 9 and 录用: the hall refuses a candidate already 录用 for the position', () => {
  it('录用 moves the cohort and the events by one; a hall invitation to that candidate is then refused', async () => {
    const app = await s.db.one<{ id: number; candidate_id: number; position_id: number; created: string }>(
      `SELECT a.id, a.candidate_id, a.position_id, to_char(a.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS created
         FROM applications a JOIN positions p ON p.id = a.position_id
        WHERE a.company_id = $1 AND a.status = 'pending' AND p.status = 'open' AND a.source <> '企业邀约'
          AND a.created_at > now() - interval '6 days'
          AND NOT EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = a.candidate_id AND i.position_id = a.position_id)
        ORDER BY a.created_at DESC LIMIT 1`,
      [c1],
    );
    expect(app).toBeDefined();
    const before = await panel('range=7d');
    const h0 = await home();
    const hired = await post(`/position/application/${app!.id}/hire`, {}, member);
    expect(hired.body.code, hired.body.msg).toBe(200);
    const after = await panel('range=7d');
    const h1 = await home();
    // the application (received this week) now reached 录用: every cohort step up to it +1
    expect(after.rec.funnel).toEqual({
      ...before.rec.funnel,
      invited: before.rec.funnel.invited + 1,
      attended: before.rec.funnel.attended + 1,
      hired: before.rec.funnel.hired + 1,
    });
    expect(after.rec.trend.at(-1)!.hires).toBe(before.rec.trend.at(-1)!.hires + 1);
    expect([h1.recruit.invited, h1.recruit.hired]).toEqual([h0.recruit.invited + 1, h0.recruit.hired + 1]);
    const refused = await invite(app!.candidate_id, app!.position_id, '10:00');
    expect(refused.body).toMatchObject({ code: 409, msg: '该候选人已录用，无需再邀请面试' });
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM interviews WHERE candidate_id = $1', [app!.candidate_id]))!.n).toBe(0);
  });
});

describe('item 2: 在职人数 is history', () => {
  it('a departure today leaves every 期初 alone and moves 期末 and 离职人数 by one; a 2019 range has no headcount', async () => {
    const pending = await s.db.one<{ id: number }>(`SELECT id FROM resignation_requests WHERE company_id = $1 AND status = 'pending' ORDER BY id LIMIT 1`, [
      c1,
    ]);
    expect(pending).toBeDefined();
    const t0 = await panel('range=today');
    const w0 = await panel('range=7d');
    const y0 = await panel('range=yesterday');
    const h0 = await home();
    const r = await post(
      `/dimission/requests/${pending!.id}/approve`,
      { last_day: today(), handover_name: '李娜', id_card: makeIdCard('330106', '1991-02-03', 7) },
      member,
    );
    expect(r.body.code, r.body.msg).toBe(200);
    const t1 = await panel('range=today');
    const w1 = await panel('range=7d');
    const y1 = await panel('range=yesterday');
    for (const [a, b] of [
      [t0, t1],
      [w0, w1],
    ] as const) {
      expect(b.dep.headcount_start).toBe(a.dep.headcount_start);
      expect(b.dep.headcount_end).toBe(a.dep.headcount_end! - 1);
      expect(b.dep.left).toBe(a.dep.left + 1);
    }
    expect(y1.dep).toEqual(y0.dep);
    expect((await home()).departure.month_left).toBe(h0.departure.month_left + 1);
    const old = await panel('range=custom&start=2019-01-01&end=2019-12-31');
    expect([old.dep.headcount_start, old.dep.headcount_end, old.dep.rate]).toEqual([null, null, null]);
  });

  it('an admin sets 在职人数 as of a day: later days follow it, earlier ones do not move; a future day is refused', async () => {
    const y0 = await panel('range=yesterday');
    const set = await post('/statistics/headcount', { as_of: today(), staff: '500' }, member);
    expect(set.body.code, set.body.msg).toBe(200);
    const y1 = await panel('range=yesterday');
    expect(y1.dep).toEqual(y0.dep);
    const t = await panel('range=today');
    expect(t.dep.headcount_end).toBe(500);
    const list = (await get('/statistics/headcount', member)).body.data.list as { department: string; as_of: string; staff: number }[];
    expect(list).toContainEqual(expect.objectContaining({ department: '', as_of: today(), staff: 500 }));
    const future = await post('/statistics/headcount', { as_of: addDay(today(), 1), staff: '1' }, member);
    expect(future.body).toMatchObject({ code: 400, msg: '生效日期不能晚于今天' });
    expect((await post('/statistics/headcount', { as_of: today(), staff: '-1' }, member)).body.code).toBe(400);
  });
});

describe('item 3: 新发布任务 counts tasks that passed review', () => {
  it('a task 审核中 or 已驳回 is not published; one that went live is', async () => {
    const before = (await panel('range=30d')).flex.tasks.published;
    const add = (no: string, status: string, reason = '') =>
      s.db.query(
        `INSERT INTO flex_tasks (company_id, task_no, name, status, reject_reason, public_token, submitted_at, reviewed_at)
         VALUES ($1, $2, '统计任务', $3, $4, $2, now() - interval '1 day', CASE WHEN $3 = 'review' THEN NULL ELSE now() END)`,
        [c1, no, status, reason],
      );
    await add('RW31STAT0001', 'review');
    await add('RW31STAT0002', 'rejected', '材料不全');
    await add('RW31STAT0003', 'recruiting');
    expect((await panel('range=30d')).flex.tasks.published).toBe(before + 1);
  });
});

describe('item 4: under a 部门 filter 离职率 is the department’s', () => {
  it("the department's leavers over the department's headcount; no department figure, no rate", async () => {
    const dept = '统计三一部';
    for (const [k, d] of [
      [1, addDay(today(), -3)],
      [2, addDay(today(), -1)],
    ] as const) {
      await s.db.query(
        `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, job_name, entry_date, leave_date, leave_type, dept_name)
         VALUES ($1, 'manual', $2, 'x', $3, '3301**', '工程师', '2020-01-01', $4, 'resign', $5)`,
        [c1, `部门员工${k}`, `bidx-dept31-${k}`, d, dept],
      );
    }
    const q = `range=7d&department=${encodeURIComponent(dept)}`;
    expect((await panel(q)).dep).toMatchObject({ left: 2, rate: null, headcount_start: null });
    const set = await post('/statistics/headcount', { as_of: addDay(today(), -20), staff: '20', department: dept }, member);
    expect(set.body.code, set.body.msg).toBe(200);
    const d = (await panel(q)).dep;
    // 期初 20 (nobody joined or left the department before the range), 期末 18: 2 / 19
    expect([d.left, d.headcount_start, d.headcount_end, d.rate]).toEqual([2, 20, 18, 10.5]);
  });
});

describe('items 5 and 6: the export and the home page equal the panel', () => {
  it('every figure the page shows is in the .xlsx with the same value, and every table', async () => {
    for (const q of ['range=30d', 'range=today', 'range=custom&start=2019-01-01&end=2019-12-31']) {
      const p = await panel(q);
      const r = await get(`/statistics/export?${q}`, member);
      expect(r.body.code, r.body.msg).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await download(s.url, member, r.body.data.ticket)).file! as unknown as ArrayBuffer);
      const rows = (name: string) =>
        wb
          .getWorksheet(name)!
          .getSheetValues()
          .slice(2)
          .map((x) => (x as unknown[]).slice(1));
      const kv = kpiValues(p.rec, p.dep, p.flex, p.crc);
      const sheet = new Map(rows('指标').map((x) => [x[1] as string, x[2]]));
      for (const id of PANEL_KPIS) expect(sheet.get(FIGURES[id].label), `${q} ${id}`).toEqual(kv[id] ?? '—');
      for (const label of ['处理离职申请', '平均处理时长', '当前余额']) expect(sheet.has(label), label).toBe(true);
      expect(sheet.get('期初人数')).toEqual(p.dep.headcount_start ?? '—');
      expect(rows('消耗用途')).toEqual(p.crc.uses.map((u) => [u.reason, u.spent]));
      expect(rows('离职类型')).toEqual(p.dep.types.map((t) => [t.label, t.count]));
      expect(rows('招聘趋势')).toEqual(p.rec.trend.map((t) => [t.date, t.applies, t.interviews, t.hires]));
      expect(rows('发放趋势')).toEqual(p.flex.trend.map((t) => [t.date, t.gross / 100, t.paid]));
      expect(rows('职位明细')).toEqual(p.rec.positions.map((x) => [x.title, x.views, x.applies, x.invited, x.hired, x.rate ?? '—']));
    }
  });

  it("the home page's 招聘概况 is the panel's 近7天 funnel, label for label", async () => {
    const p = await panel('range=7d');
    const h = await home();
    expect({ applies: h.recruit.applies, invited: h.recruit.invited, hired: h.recruit.hired }).toEqual({
      applies: p.rec.funnel.applies,
      invited: p.rec.funnel.invited,
      hired: p.rec.funnel.hired,
    });
    expect(h.flex.active_tasks).toBe(p.flex.tasks.active);
  });
});

describe('the other kinds of change: a payout paid, then bounced; a delivery accepted', () => {
  // the payout channel and the acceptance job are other areas' code: the rows change as their
  // writers change them (status and finish time; accepted_at), and the figures must follow
  const kpiSheet = async (q: string) => {
    const r = await get(`/statistics/export?${q}`, member);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(s.url, member, r.body.data.ticket)).file! as unknown as ArrayBuffer);
    const rows = wb.getWorksheet('指标')!.getSheetValues().slice(2) as unknown[][];
    return new Map(rows.map((x) => [x[2] as string, x[3]]));
  };
  it('the panel, the home page and the export move by exactly the change', async () => {
    const row = await s.db.one<{ id: number; amount: number }>(
      `SELECT id, amount FROM payout_rows WHERE company_id = $1 AND status IN ('pending', 'paying') ORDER BY id LIMIT 1`,
      [c1],
    );
    const worker = await s.db.one<{ id: number }>(`SELECT id FROM flex_task_workers WHERE company_id = $1 AND work_status = 'delivered' ORDER BY id LIMIT 1`, [
      c1,
    ]);
    expect(row, 'a payout row still to pay in the demo').toBeDefined();
    expect(worker, 'a delivery waiting for acceptance in the demo').toBeDefined();
    const p0 = await panel('range=today');
    const h0 = await home();
    const x0 = await kpiSheet('range=today');

    await s.db.query(`UPDATE payout_rows SET status = 'success', finished_at = now() WHERE id = $1`, [row!.id]);
    await s.db.query(`UPDATE flex_task_workers SET work_status = 'accepted', accepted_at = now() WHERE id = $1`, [worker!.id]);
    const p1 = await panel('range=today');
    const h1 = await home();
    const x1 = await kpiSheet('range=today');
    expect([p1.flex.paid, p1.flex.gross, p1.flex.failed, p1.flex.tasks.accepted]).toEqual([
      p0.flex.paid + 1,
      p0.flex.gross + row!.amount,
      p0.flex.failed,
      p0.flex.tasks.accepted + 1,
    ]);
    expect([h1.flex.month_count, h1.flex.month_amount]).toEqual([h0.flex.month_count + 1, h0.flex.month_amount + row!.amount]);
    expect([x1.get('发放人次'), x1.get('验收通过人次')]).toEqual([(x0.get('发放人次') as number) + 1, (x0.get('验收通过人次') as number) + 1]);

    // 退票: no longer paid, one more failed, the money back out of 发放总额
    await s.db.query(`UPDATE payout_rows SET status = 'bounced' WHERE id = $1`, [row!.id]);
    const p2 = await panel('range=today');
    const h2 = await home();
    const x2 = await kpiSheet('range=today');
    expect([p2.flex.paid, p2.flex.gross, p2.flex.failed]).toEqual([p0.flex.paid, p0.flex.gross, p0.flex.failed + 1]);
    expect([h2.flex.month_count, h2.flex.month_amount]).toEqual([h0.flex.month_count, h0.flex.month_amount]);
    expect([x2.get('发放人次'), x2.get('发放失败')]).toEqual([x0.get('发放人次'), (x0.get('发放失败') as number) + 1]);
  });
});

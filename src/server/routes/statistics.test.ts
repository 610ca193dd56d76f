/**
 * The data panel's aggregates over HTTP against hand-computed answers on a small fixture: a fresh
 * company made here with two positions, views, applications, interviews, hires, departures and a
 * proof at known China times, a fixed clock (2026-06-15 12:00 China time). Also an empty range,
 * the China-day boundary, the position filter, another company's data left out, bad input and the
 * members-only export.
 *
 * Why ~440 lines: one hand-computed fixture that every figure of the panel is checked against.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepartureStats, RecruitStats } from '../../contract/statistics';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { download } from '../../../tests/setup/exports';
import { mobileIndex } from '../domain/users';
import { insertUser } from '../../../tests/setup/users';

const NOW = new Date('2026-06-15T12:00:00+08:00');
let s: TestServer;
let token: string;
let demo: string;
let co = 0;
let p1 = 0;
let p2 = 0;
let demoPos = 0;
const at = (t: string) => new Date(`${t}+08:00`);

beforeAll(async () => {
  s = await startTestServer({ now: () => NOW });
  const db = s.db;
  co = (await db.one<{ id: number }>(
    "INSERT INTO companies (name, creditcode, status, staff_count) VALUES ('统计测试有限公司', '91330106STATS0001X', 'normal', 100) RETURNING id",
  ))!.id;
  // 在职人数 as history (057): 102 at the end of 05-31; nobody joined or left until 06-08
  await db.query("INSERT INTO headcount_figures (company_id, as_of, staff) VALUES ($1, '2026-05-31', 102)", [co]);
  const u = (await insertUser(db, '13955550001', { company_id: co, role: 'admin' }))!;
  token = await s.tokenFor('13955550001');
  demo = await s.tokenFor('13800000001');
  const pos = async (title: string) =>
    (await db.one<{ id: number }>(
      `INSERT INTO positions (company_id, title, category, city, district, salary_min, salary_max, description, created_by)
       VALUES ($1, $2, '技术研发', '杭州', '西湖区', 10, 20, '测试', $3) RETURNING id`,
      [co, title, u],
    ))!.id;
  p1 = await pos('统计岗A');
  p2 = await pos('统计岗B');
  const cands = (await db.query<{ id: number }>('SELECT id FROM candidates ORDER BY id LIMIT 6')).map((x) => x.id);
  for (const [p, d, v] of [
    [p1, '2026-06-10', 100],
    [p1, '2026-06-14', 50],
    [p2, '2026-06-14', 30],
    [p1, '2026-05-01', 999],
  ] as const) {
    await db.query('INSERT INTO position_views (company_id, position_id, day, views) VALUES ($1,$2,$3,$4)', [co, p, d, v]);
  }
  const app = async (p: number, cand: number, created: string, hired: string | null, onboard: string | null) =>
    (await db.one<{ id: number }>(
      `INSERT INTO applications (position_id, company_id, candidate_id, status, created_at, updated_at, hired_at, onboard_at)
       VALUES ($1,$2,$3,$4,$5,$5,$6,$7) RETURNING id`,
      [p, co, cand, hired ? 'hired' : 'pending', at(created), hired ? at(hired) : null, onboard ? at(onboard) : null],
    ))!.id;
  const a1 = await app(p1, cands[0]!, '2026-06-10T10:00:00', '2026-06-14T10:00:00', '2026-06-15T09:00:00');
  await app(p1, cands[1]!, '2026-06-14T23:30:00', null, null);
  await app(p2, cands[2]!, '2026-06-15T00:30:00', '2026-06-15T10:00:00', null); // China 06-15, UTC 06-14
  await app(p1, cands[3]!, '2026-05-01T10:00:00', '2026-05-03T10:00:00', '2026-05-10T09:00:00');
  const iv = async (p: number, cand: number, appId: number | null, created: string, pick: string, status: string) =>
    db.query(
      `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address, contacts_name, contacts_tel, status, created_at)
       VALUES ($1,$2,$3,$4,'intention',$5,'杭州','王','0571-1',$6,$7)`,
      [co, cand, p, appId, at(pick), status, at(created)],
    );
  await iv(p1, cands[0]!, a1, '2026-06-11T10:00:00', '2026-06-12T10:00:00', 'done');
  await iv(p2, cands[2]!, null, '2026-06-15T01:00:00', '2026-06-16T10:00:00', 'pending');
  await iv(p1, cands[4]!, null, '2026-06-12T10:00:00', '2026-06-13T10:00:00', 'canceled');
  // departures: three in the last 7 days, one before
  for (const [k, leave, type] of [
    [1, '2026-06-10', 'resign'],
    [2, '2026-06-12', 'resign'],
    [3, '2026-06-14', 'dismiss'],
    [4, '2026-05-01', 'other'],
  ] as const) {
    const r = await db.one<{ id: number }>(
      `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, job_name, entry_date, leave_date, leave_type)
       VALUES ($1, 'manual', $2, 'x', $3, '3301**', '工程师', '2020-01-01', $4, $5) RETURNING id`,
      [co, `员工${k}`, `bidx-stat-${k}`, leave, type],
    );
    if (k === 2) {
      await db.query(
        `INSERT INTO departure_proofs (company_id, record_id, status, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date,
           tenure_text, legal_basis, company_name, issued_at) VALUES ($1,$2,'issued','员工2','x','3301**','工程师','2020-01-01',$3,'','resign','统计测试有限公司',$4)`,
        [co, r!.id, leave, at('2026-06-13T10:00:00')],
      );
    }
  }
  await db.query(
    `INSERT INTO resignation_requests (company_id, employee_name, type, status, submitted_at, reviewed_at) VALUES ($1, '员工2', 'resign', 'approved', $2, $3)`,
    [co, at('2026-06-10T10:00:00'), at('2026-06-11T10:00:00')],
  );
  // the demo company gets an application inside the same week on its own position
  demoPos = (await db.one<{ id: number }>(
    `SELECT id FROM positions WHERE company_id = (SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}') ORDER BY id LIMIT 1`,
  ))!.id;
  await db.query(
    `INSERT INTO applications (position_id, company_id, candidate_id, status, created_at, updated_at, hired_at)
     SELECT $1, p.company_id, c.id, 'hired', $2, $2, $2 FROM positions p, candidates c WHERE p.id = $1
        AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.position_id = $1 AND a.candidate_id = c.id) LIMIT 1`,
    [demoPos, at('2026-06-12T10:00:00')],
  );
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const get = (path: string, tk = token) => call(s.url, 'GET', `/ent/v3${path}`, { token: tk });
const recruit = async (q: string, tk = token) => {
  const r = await get(`/statistics/recruitment?${q}`, tk);
  expect(r.body.code).toBe(200);
  return RecruitStats.parse(r.body.data);
};

describe('recruitment aggregates', () => {
  it('近7天: the funnel, positions, trend and average time to hire as computed by hand', async () => {
    const d = await recruit('range=7d');
    expect([d.start, d.end]).toEqual(['2026-06-09', '2026-06-15']);
    // a cohort: the week's 3 applications and how far each has got by now — 06-10 (interviewed, hired,
    // started), 06-14 (nothing yet), 06-15 (hired without a recorded interview: it counts as reached
    // 邀约 and 到场 too). As the week's events it read attended 1, hired 2: 录用 was 200 % of 到场.
    expect(d.funnel).toEqual({ views: 180, applies: 3, invited: 2, attended: 2, hired: 2, onboarded: 1 });
    const steps = [d.funnel.applies, d.funnel.invited, d.funnel.attended, d.funnel.hired, d.funnel.onboarded];
    for (let i = 1; i < steps.length; i++) expect(steps[i]!).toBeLessThanOrEqual(steps[i - 1]!);
    expect(d.avg_hire_days).toBe(2.2); // (4 + 0.4) / 2
    expect(d.positions).toEqual([
      { id: p1, title: '统计岗A', views: 150, applies: 2, invited: 1, hired: 1, rate: 50 },
      { id: p2, title: '统计岗B', views: 30, applies: 1, invited: 1, hired: 1, rate: 100 },
    ]);
    expect(d.trend.map((t) => t.date)).toEqual(['2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13', '2026-06-14', '2026-06-15']);
    const byDay = Object.fromEntries(d.trend.map((t) => [t.date, [t.applies, t.interviews, t.hires]]));
    expect(byDay).toEqual({
      '2026-06-09': [0, 0, 0],
      '2026-06-10': [1, 0, 0],
      '2026-06-11': [0, 1, 0],
      '2026-06-12': [0, 0, 0],
      '2026-06-13': [0, 0, 0],
      '2026-06-14': [1, 0, 1],
      '2026-06-15': [1, 1, 1],
    });
    expect(d.position_options.map((p) => p.id)).toEqual([p1, p2]);
  });

  it('今日 and 昨日 split at China midnight', async () => {
    const t = await recruit('range=today');
    expect(t.funnel).toEqual({ views: 0, applies: 1, invited: 1, attended: 1, hired: 1, onboarded: 0 });
    const y = await recruit('range=yesterday');
    expect([y.start, y.end]).toEqual(['2026-06-14', '2026-06-14']);
    expect(y.funnel).toEqual({ views: 80, applies: 1, invited: 0, attended: 0, hired: 0, onboarded: 0 });
  });

  it('近30天 and a custom range include the May events; the position filter narrows', async () => {
    const m = await recruit('range=30d');
    expect(m.funnel.applies).toBe(3); // 05-01 is before 05-17
    const c = await recruit('range=custom&start=2026-05-01&end=2026-06-15');
    expect(c.funnel).toEqual({ views: 1179, applies: 4, invited: 3, attended: 3, hired: 3, onboarded: 2 });
    expect(c.avg_hire_days).toBe(2.1); // (4 + 0.4 + 2) / 3 = 2.13
    const f = await recruit(`range=7d&position_id=${p2}`);
    expect(f.funnel).toEqual({ views: 30, applies: 1, invited: 1, attended: 1, hired: 1, onboarded: 0 });
    expect(f.positions.map((p) => p.id)).toEqual([p2]);
  });

  it('an empty range answers zeros, an all-zero trend, no position rows and no average', async () => {
    const e = await recruit('range=custom&start=2026-01-01&end=2026-01-31');
    expect(e.funnel).toEqual({ views: 0, applies: 0, invited: 0, attended: 0, hired: 0, onboarded: 0 });
    expect(e.trend).toHaveLength(31);
    expect(e.trend.every((t) => t.applies + t.interviews + t.hires === 0)).toBe(true);
    expect(e.positions).toEqual([]);
    expect(e.avg_hire_days).toBeNull();
  });

  it("another company's data stays out: the demo hire is counted for the demo company only", async () => {
    const mine = await recruit(`range=7d&position_id=${demoPos}`);
    expect(mine.funnel).toEqual({ views: 0, applies: 0, invited: 0, attended: 0, hired: 0, onboarded: 0 });
    expect(mine.positions).toEqual([]);
    const theirs = await recruit(`range=7d&position_id=${p1}`, demo);
    expect(theirs.funnel.applies + theirs.funnel.views + theirs.funnel.hired).toBe(0);
    expect(theirs.position_options.some((p) => p.id === p1)).toBe(false);
    const demoWeek = await recruit(`range=custom&start=2026-06-12&end=2026-06-12&position_id=${demoPos}`, demo);
    expect(demoWeek.funnel.hired).toBeGreaterThanOrEqual(1);
  });

  it("a position's 转化率 is a cohort: an earlier application hired in the range does not take it over 100 %", async () => {
    const db = s.db;
    const cand = (await db.one<{ id: number }>(
      'SELECT c.id FROM candidates c WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.position_id = $1 AND a.candidate_id = c.id) ORDER BY c.id LIMIT 1',
      [p2],
    ))!.id;
    // applied in May, hired on 06-13: a hire of the week, an application of May
    const late = (await db.one<{ id: number }>(
      `INSERT INTO applications (position_id, company_id, candidate_id, status, created_at, updated_at, hired_at)
       VALUES ($1, $2, $3, 'hired', $4, $4, $5) RETURNING id`,
      [p2, co, cand, at('2026-05-20T10:00:00'), at('2026-06-13T10:00:00')],
    ))!.id;
    try {
      const week = (await recruit('range=7d')).positions.find((p) => p.id === p2)!;
      // the week's hires were 2 for its 1 application (200 % as the range's events)
      expect(week).toMatchObject({ applies: 1, hired: 2, rate: 100 });
      // May as a whole month (the months' roll-up): its application, hired by now
      const may = (await recruit('range=custom&start=2026-05-01&end=2026-05-31')).positions.find((p) => p.id === p2)!;
      expect(may).toMatchObject({ applies: 1, hired: 0, rate: 100 });
      for (const q of ['range=7d', 'range=30d', 'range=custom&start=2026-05-01&end=2026-05-31', 'range=custom&start=2026-05-15&end=2026-06-15']) {
        for (const p of (await recruit(q)).positions) expect(p.rate ?? 0, `${q} ${p.title}`).toBeLessThanOrEqual(100);
      }
    } finally {
      await db.query('DELETE FROM applications WHERE id = $1', [late]);
    }
    expect((await recruit('range=7d')).positions.find((p) => p.id === p2)).toMatchObject({ applies: 1, hired: 1, rate: 100 });
    expect((await recruit('range=custom&start=2026-05-01&end=2026-05-31')).positions.find((p) => p.id === p2)).toBeUndefined();
  });

  it('refuses bad ranges with a clear message, never a 5xx', async () => {
    for (const q of [
      'range=custom',
      'range=custom&start=2026-02-30&end=2026-03-01',
      'range=custom&start=2026-06-10&end=2026-06-01',
      'range=custom&start=2024-01-01&end=2026-01-01',
      'range=week',
      'position_id=0',
      'position_id=99999999999',
      'start=%00',
    ]) {
      const r = await get(`/statistics/recruitment?${q}`);
      expect(r.status, q).toBeLessThan(500);
      expect(r.body.code, q).not.toBe(200);
      expect(typeof r.body.msg).toBe('string');
    }
    expect((await call(s.url, 'GET', '/ent/v3/statistics/recruitment')).body.code).not.toBe(200);
  });
});

describe('departure aggregates', () => {
  it('近7天: 离职人数, headcounts, 离职率, types, proofs and handling time', async () => {
    const r = await get('/statistics/departure?range=7d');
    const d = DepartureStats.parse(r.body.data);
    expect(d.left).toBe(3);
    // end of 06-08: 102 as set for 05-31; end of 06-15: 102 + 1 started − 3 left = 100
    expect([d.headcount_start, d.headcount_end]).toEqual([102, 100]);
    expect(d.rate).toBe(3); // 3 / 101 = 2.97 %
    expect(d.types).toEqual([
      { code: 'resign', label: '辞职(本人申请)', count: 2 },
      { code: 'dismiss', label: '辞退', count: 1 },
    ]);
    expect(d.proofs_issued).toBe(1);
    expect(d.requests_handled).toBe(1);
    expect(d.avg_handle_hours).toBe(24);
  });

  it('an empty range, and no 在职人数 gives no rate', async () => {
    const e = DepartureStats.parse((await get('/statistics/departure?range=custom&start=2026-01-01&end=2026-01-31')).body.data);
    expect([e.left, e.proofs_issued, e.types.length, e.avg_handle_hours]).toEqual([0, 0, 0, null]);
    await s.db.query("UPDATE headcount_figures SET as_of = '2026-06-10' WHERE company_id = $1", [co]);
    const n = DepartureStats.parse((await get('/statistics/departure?range=7d')).body.data);
    expect([n.left, n.rate, n.headcount_start]).toEqual([3, null, null]);
    await s.db.query("UPDATE headcount_figures SET as_of = '2026-05-31' WHERE company_id = $1", [co]);
  });
});

describe('export', () => {
  it('is for members only, and holds the same numbers as the panel', async () => {
    const refused = await get('/statistics/export?range=7d');
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.msg).toContain('会员');
    await s.db.query("UPDATE companies SET company_lv = 1, member_expire = '2026-12-31' WHERE id = $1", [co]);
    const r = await get('/statistics/export?range=7d');
    expect(r.body.code).toBe(200);
    expect(r.body.data.filename).toBe('数据面板_2026-06-09_2026-06-15.xlsx');
    const wb = new ExcelJS.Workbook();
    // a ticket, the file streamed from POST /export/file (issue 34)
    await wb.xlsx.load((await download(s.url, token, r.body.data.ticket)).file! as unknown as ArrayBuffer);
    const funnel = wb.getWorksheet('招聘漏斗')!;
    expect(funnel.getRow(2).values).toEqual([undefined, '浏览', 180, '—']);
    expect(funnel.getRow(3).values).toEqual([undefined, '投递', 3, 1.7]);
    const pos = wb.getWorksheet('职位明细')!;
    expect(pos.getRow(2).values).toEqual([undefined, '统计岗A', 150, 2, 1, 1, 50]);
    const kpis = wb.getWorksheet('指标')!;
    const rows = kpis
      .getSheetValues()
      .slice(2)
      .map((x) => (x as unknown[]).slice(2, 4));
    expect(rows).toContainEqual(['离职率', 3]);
    expect(rows).toContainEqual(['期初人数', 102]);
  });
});

describe('部门 roll-up (021): the department filter reads per-department days', () => {
  const zero = { views: 0, applies: 0, invited: 0, attended: 0, hired: 0, onboarded: 0 };
  const dep = (d: string, q = 'range=7d') => recruit(`${q}&department=${encodeURIComponent(d)}`);
  const days = (d: RecruitStats) =>
    Object.fromEntries(d.trend.filter((t) => t.applies + t.interviews + t.hires > 0).map((t) => [t.date, [t.applies, t.interviews, t.hires]]));

  it('a position put in a department, written to, moved, joined by another: the figures follow, as counted by hand', async () => {
    const db = s.db;
    expect((await dep('研发部')).funnel).toEqual(zero); // no position has a department yet
    await db.query("UPDATE positions SET department = '研发部' WHERE id = $1", [p1]);
    const a = await dep('研发部');
    // 统计岗A over 06-09..06-15: views 100 + 50; applied 06-10 and 06-14 (23:30); invited 06-11 (done 06-12;
    // the canceled one not); hired 06-14; started 06-15
    expect(a.funnel).toEqual({ views: 150, applies: 2, invited: 1, attended: 1, hired: 1, onboarded: 1 });
    expect(days(a)).toEqual({ '2026-06-10': [1, 0, 0], '2026-06-11': [0, 1, 0], '2026-06-14': [1, 0, 1] });
    expect(a.positions.map((p) => p.id)).toEqual([p1]);
    expect(a.department_options).toContain('研发部');

    // a new application today counts in its position's department in the same transaction
    const cand = (await db.one<{ id: number }>(
      'SELECT id FROM candidates c WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.position_id = $1 AND a.candidate_id = c.id) ORDER BY id LIMIT 1',
      [p1],
    ))!.id;
    await db.query("INSERT INTO applications (position_id, company_id, candidate_id, status, created_at, updated_at) VALUES ($1, $2, $3, 'pending', $4, $4)", [
      p1,
      co,
      cand,
      at('2026-06-15T08:00:00'),
    ]);
    expect((await dep('研发部')).funnel.applies).toBe(3);
    // May whole plus June to date (the month minus the days to come): + 999 views, one application hired 05-03, started 05-10
    expect((await dep('研发部', 'range=custom&start=2026-05-01&end=2026-06-15')).funnel).toEqual({
      views: 1149,
      applies: 4,
      invited: 2,
      attended: 2,
      hired: 2,
      onboarded: 2,
    });

    // moved: 研发部 empties, 产品部 holds its whole history
    await db.query("UPDATE positions SET department = '产品部' WHERE id = $1", [p1]);
    expect((await dep('研发部')).funnel).toEqual(zero);
    expect((await dep('产品部')).funnel).toEqual({ views: 150, applies: 3, invited: 1, attended: 1, hired: 1, onboarded: 1 });
    // 统计岗B joins 产品部: the department is now the whole company (its only two positions)
    await db.query("UPDATE positions SET department = '产品部' WHERE id = $1", [p2]);
    const both = await dep('产品部');
    const all = await recruit('range=7d');
    expect(both.funnel).toEqual(all.funnel);
    expect(both.trend).toEqual(all.trend);
    expect(both.positions).toEqual(all.positions);
    // a position outside the department asked for shows nothing
    const none = await recruit(`range=7d&position_id=${p1}&department=${encodeURIComponent('研发部')}`);
    expect(none.funnel).toEqual(zero);
    expect(none.positions).toEqual([]);
    // another company asking for a department of the same name counts only its own applications
    const theirs = await recruit(`range=7d&department=${encodeURIComponent('产品部')}`, demo);
    const own = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM applications a JOIN positions p ON p.id = a.position_id
        WHERE a.company_id = (SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}') AND p.department = '产品部'
          AND a.created_at >= $1 AND a.created_at < $2`,
      [at('2026-06-09T00:00:00'), at('2026-06-16T00:00:00')],
    );
    expect(theirs.funnel.applies).toBe(own!.n);
  });
});

describe('daily roll-ups (019): exact through inserts, updates and deletes', () => {
  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    for (const [t, cols] of [
      ['stats_recruit_daily', 'views, applies, invited, attended, hired, onboarded, hire_secs, r_invited, r_attended, r_hired, r_onboarded'],
      ['stats_recruit_monthly', 'views, applies, invited, hired, r_hired'],
      ['stats_company_daily', 'views, applies, invited, attended, hired, onboarded, hire_secs, left_count, r_invited, r_attended, r_hired, r_onboarded'],
      ['stats_dept_daily', 'views, applies, invited, attended, hired, onboarded, hire_secs, r_invited, r_attended, r_hired, r_onboarded'],
      ['stats_departure_daily', 'left_count, proofs, handled, handle_secs'],
      ['stats_departure_monthly', 'left_count, proofs, handled, handle_secs'],
      ['stats_flex_daily', 'gross, fee, tax, paid, failed'],
      ['stats_crc_daily', 'earned, spent'],
    ] as const) {
      // a row summing to nothing is the same as no row
      const rows = await s.db.query<Record<string, unknown>>(
        `SELECT * FROM ${t} WHERE (${cols
          .split(', ')
          .map((c) => `${c} <> 0`)
          .join(' OR ')}) ORDER BY 1, 2, 3, 4`,
      );
      // numeric sums: the same number whatever its scale (0 and 0.000000)
      out[t] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k.endsWith('_secs') ? Number(v) : v])));
    }
    return out;
  };

  it('a hire undone, an interview canceled, a department renamed, a payout bounced, rows deleted: the panel moves and equals a rebuild', async () => {
    const before = await recruit('range=7d');
    const db = s.db;
    // 统计岗A's hire of 06-14 is undone; the 06-11 interview (done) is canceled
    await db.query('UPDATE applications SET hired_at = NULL, onboard_at = NULL, status = $2 WHERE company_id = $1 AND hired_at = $3', [
      co,
      'viewed',
      at('2026-06-14T10:00:00'),
    ]);
    await db.query("UPDATE interviews SET status = 'canceled' WHERE company_id = $1 AND status = 'done'", [co]);
    const after = await recruit('range=7d');
    expect(after.funnel.hired).toBe(before.funnel.hired - 1);
    expect(after.funnel.invited).toBe(before.funnel.invited - 1);
    expect(after.funnel.attended).toBe(before.funnel.attended - 1);
    expect(after.funnel.onboarded).toBe(before.funnel.onboarded - 1);
    // the department of a departure with an issued proof changes; a departure is deleted
    await db.query("UPDATE departure_records SET dept_name = '研发部' WHERE company_id = $1 AND leave_date = '2026-06-12'", [co]);
    const dep = await get('/statistics/departure?range=7d&department=' + encodeURIComponent('研发部'));
    expect(dep.body.data.left).toBe(1);
    expect(dep.body.data.proofs_issued).toBe(1);
    await db.query("DELETE FROM departure_records WHERE company_id = $1 AND leave_date = '2026-05-01'", [co]);
    await db.query('DELETE FROM crc_ledger WHERE id = (SELECT max(id) FROM crc_ledger)');
    await db.query("UPDATE payout_rows SET status = 'bounced' WHERE id = (SELECT min(id) FROM payout_rows WHERE status = 'success')");
    await db.query("UPDATE applications SET created_at = created_at - interval '3 days' WHERE company_id = $1", [co]);
    await db.query('UPDATE position_views SET views = views + 5 WHERE company_id = $1 AND position_id = $2', [co, p2]);
    await db.query("DELETE FROM position_views WHERE company_id = $1 AND day = '2026-05-01'", [co]);
    const kept = await snapshot();
    await db.query('SELECT stats_rebuild()');
    expect(await snapshot()).toEqual(kept);
  });

  it("the funnel's cohort follows an application's interviews: invited, done, canceled, deleted; equals a rebuild", async () => {
    const db = s.db;
    const funnel = async () => (await recruit('range=7d')).funnel;
    const a = (await db.one<{ id: number; candidate_id: number; reach: number }>(
      'SELECT id, candidate_id, reach FROM applications WHERE company_id = $1 AND position_id = $2 AND hired_at IS NULL AND created_at >= $3 ORDER BY id LIMIT 1',
      [co, p1, at('2026-06-09T00:00:00')],
    ))!;
    expect(a.reach).toBe(0);
    const f0 = await funnel();
    const iv = (await db.one<{ id: number }>(
      `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address, contacts_name, contacts_tel, status, created_at)
       VALUES ($1, $2, $3, $4, 'intention', $5, '杭州', '王', '0571-1', 'pending', $5) RETURNING id`,
      [co, a.candidate_id, p1, a.id, at('2026-06-15T11:00:00')],
    ))!.id;
    expect(await funnel()).toEqual({ ...f0, invited: f0.invited + 1 });
    await db.query("UPDATE interviews SET status = 'done' WHERE id = $1", [iv]);
    expect(await funnel()).toEqual({ ...f0, invited: f0.invited + 1, attended: f0.attended + 1 });
    // a second, canceled interview of the same application changes nothing
    await db.query(
      `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address, contacts_name, contacts_tel, status, created_at)
       VALUES ($1, $2, $3, $4, 'intention', $5, '杭州', '王', '0571-1', 'canceled', $5)`,
      [co, a.candidate_id, p1, a.id, at('2026-06-15T11:30:00')],
    );
    const kept = await snapshot();
    await db.query('SELECT stats_rebuild()');
    expect(await snapshot()).toEqual(kept);
    await db.query('DELETE FROM interviews WHERE application_id = $1', [a.id]);
    expect(await funnel()).toEqual(f0);
  });
});

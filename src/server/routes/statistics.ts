/**
 * 数据面板 (issue 15): recruitment and departure aggregates of the caller's company over a range of
 * China days, and their .xlsx export (members only). Every query filters on company_id first and
 * reads the daily roll-ups of 019_statistics_rollups.sql. docs/decisions.md (statistics).
 */
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { endpoints } from '../../contract/endpoints';
import {
  addDay,
  pct,
  resolveRange,
  type CrcStats,
  type DepartureStats,
  type FlexStats,
  type RecruitStats,
  type StatsQuery,
} from '../../contract/statistics';
import { leaveTypeLabel, LEAVE_TYPES } from '../../contract/vocab';
import type { Db } from '../db/types';
import { addRoute } from '../http/route';
import { companyOf, memberCompanyOf } from '../domain/access';
import { inRanges, splitRange } from '../domain/statistics-range';
import { fmtDate } from '../lib/time';

const chinaMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);

export interface Range {
  start: string;
  end: string;
  from: Date;
  to: Date;
  /** today's China date: what splitRange reckons the days still to come from */
  today: string;
  position: number | null;
  department: string | null;
}

export function rangeOf(q: { range: StatsQuery['range']; start?: string; end?: string; position_id?: number; department?: string }, now: Date): Range {
  const today = fmtDate(now);
  const r = resolveRange(q.range ?? '7d', today, q.start, q.end);
  return { ...r, from: chinaMidnight(r.start), to: chinaMidnight(addDay(r.end, 1)), today, position: q.position_id ?? null, department: q.department || null };
}

/** every China day of a range */
function daysOf(r: { start: string; end: string }): string[] {
  const out: string[] = [];
  for (let d = r.start; d <= r.end; d = addDay(d, 1)) out.push(d);
  return out;
}

const n = (v: unknown) => Number(v ?? 0);

/**
 * SQL reading a range of days from a monthly and a daily roll-up (splitRange): the monthly rows
 * of whole months, the daily rows of the other days, and the daily rows of the days outside taken
 * off (`vals` negated). `where` narrows every part (alias `s`); its parameters are already in `args`.
 */
function rangeRows(r: Range, monthly: string, daily: string, keys: string[], vals: string[], where: string, args: unknown[]) {
  const split = splitRange(r.start, r.end, r.today);
  const part = (table: string, col: string, ranges: [string, string][], sign: string) =>
    ranges.length === 0
      ? []
      : [`SELECT ${[...keys.map((k) => `s.${k}`), ...vals.map((v) => `${sign}s.${v} AS ${v}`)].join(', ')} FROM ${table} s WHERE ${where} AND ${inRanges(`s.${col}`, ranges, args)}`];
  return [...part(monthly, 'month', split.months, ''), ...part(daily, 'day', split.days, ''), ...part(daily, 'day', split.minus, '-')].join('\n UNION ALL\n');
}

const SUMS =
  'sum(s.views) AS views, sum(s.applies) AS applies, sum(s.invited) AS invited, sum(s.attended) AS attended, sum(s.hired) AS hired, sum(s.onboarded) AS onboarded, sum(s.hire_secs) AS hire_secs, ' +
  'sum(s.r_invited) AS r_invited, sum(s.r_attended) AS r_attended, sum(s.r_hired) AS r_hired, sum(s.r_onboarded) AS r_onboarded';

/**
 * 招聘, in one statement: the days (funnel and trend) from the per-company days, the department's
 * days (021) or the position's days; every position of the company with its sums over the range
 * (whole months, days, days taken off); the departments positions and departures name.
 */
export async function recruitStats(db: Db, companyId: number, r: Range): Promise<RecruitStats> {
  const pos = r.position;
  const args: unknown[] = [companyId, r.start, r.end];
  let days: string;
  if (pos !== null) {
    args.push(pos);
    const dept = r.department === null ? '' : (args.push(r.department), `AND p.department = $${args.length}`);
    days = `SELECT s.day, ${SUMS} FROM stats_recruit_daily s JOIN positions p ON p.id = s.position_id
             WHERE p.id = $4 AND p.company_id = $1 ${dept} AND s.company_id = $1 AND s.day >= $2::date AND s.day <= $3::date GROUP BY s.day`;
  } else if (r.department !== null) {
    args.push(r.department);
    days = `SELECT s.day, ${SUMS} FROM stats_dept_daily s WHERE s.company_id = $1 AND s.department = $4 AND s.day >= $2::date AND s.day <= $3::date GROUP BY s.day`;
  } else {
    days = `SELECT s.day, ${SUMS} FROM stats_company_daily s WHERE s.company_id = $1 AND s.day >= $2::date AND s.day <= $3::date GROUP BY s.day`;
  }
  // the per-position sums: every position, or the filtered ones by their own index
  let narrow = 's.company_id = $1';
  if (pos !== null) narrow += ` AND s.position_id = $${args.push(pos)}`;
  if (r.department !== null) narrow += ` AND s.position_id IN (SELECT d.id FROM positions d WHERE d.company_id = $1 AND d.department = $${args.push(r.department)})`;
  const parts = rangeRows(r, 'stats_recruit_monthly', 'stats_recruit_daily', ['position_id'], ['views', 'applies', 'invited', 'hired', 'r_hired'], narrow, args);
  const sql = `WITH RECURSIVE
      days AS (${days}),
      sums AS (SELECT position_id, sum(views) AS views, sum(applies) AS applies, sum(invited) AS invited, sum(hired) AS hired, sum(r_hired) AS r_hired
                 FROM (${parts}) u GROUP BY position_id),
      pos AS (SELECT p.id, p.title, p.department, x.views, x.applies, x.invited, x.hired, x.r_hired
                FROM positions p LEFT JOIN sums x ON x.position_id = p.id WHERE p.company_id = $1),
      -- the departments departures name: a loose index scan (departure_records_company_dept_idx)
      dept AS (SELECT (SELECT min(dept_name) FROM departure_records WHERE company_id = $1 AND dept_name > '') AS d
               UNION ALL
               SELECT (SELECT min(dept_name) FROM departure_records WHERE company_id = $1 AND dept_name > dept.d) FROM dept WHERE dept.d IS NOT NULL)
    SELECT (SELECT coalesce(json_agg(json_build_object('d', to_char(day, 'YYYY-MM-DD'), 'views', views, 'applies', applies, 'invited', invited,
                     'attended', attended, 'hired', hired, 'onboarded', onboarded, 'hire_secs', hire_secs,
                     'r_invited', r_invited, 'r_attended', r_attended, 'r_hired', r_hired, 'r_onboarded', r_onboarded)), '[]') FROM days) AS days,
           (SELECT coalesce(json_agg(pos ORDER BY id), '[]') FROM pos) AS positions,
           (SELECT coalesce(array_agg(d), '{}') FROM dept WHERE d IS NOT NULL) AS depts`;
  type Day = {
    d: string;
    views: number;
    applies: number;
    invited: number;
    attended: number;
    hired: number;
    onboarded: number;
    hire_secs: number;
    r_invited: number;
    r_attended: number;
    r_hired: number;
    r_onboarded: number;
  };
  type Pos = { id: number; title: string; department: string | null; views: number | null; applies: number | null; invited: number | null; hired: number | null; r_hired: number | null };
  const row = (await db.one<{ days: Day[]; positions: Pos[]; depts: string[] }>(sql, args))!;
  const byDay = new Map(row.days.map((x) => [x.d, x]));
  const sum = (k: Exclude<keyof Day, 'd'>) => row.days.reduce((a, x) => a + n(x[k]), 0);
  const hired = sum('hired');
  const shown = row.positions.filter((p) => (pos === null || p.id === pos) && (r.department === null || p.department === r.department));
  const deptNames = new Set([...row.positions.flatMap((p) => (p.department ? [p.department] : [])), ...row.depts]);
  return {
    start: r.start,
    end: r.end,
    // a cohort (docs/decisions.md "Funnel: a cohort of the range's applications"): the range's
    // page views, then its applications and how many of them have reached at least each step
    funnel: { views: sum('views'), applies: sum('applies'), invited: sum('r_invited'), attended: sum('r_attended'), hired: sum('r_hired'), onboarded: sum('r_onboarded') },
    trend: daysOf(r).map((d) => ({ date: d, applies: n(byDay.get(d)?.applies), interviews: n(byDay.get(d)?.invited), hires: n(byDay.get(d)?.hired) })),
    positions: shown
      .map((p) => {
        const applies = n(p.applies);
        // 转化率: of the range's applications, the share hired by now (a cohort, as the funnel; the
        // range's hires over its applications passed 100 % when an earlier application was hired)
        return { id: p.id, title: p.title, views: n(p.views), applies, invited: n(p.invited), hired: n(p.hired), rate: pct(n(p.r_hired), applies) };
      })
      .filter((p) => pos !== null || p.views + p.applies + p.invited + p.hired > 0),
    avg_hire_days: hired === 0 ? null : Math.round((sum('hire_secs') / hired / 86400) * 10) / 10,
    position_options: row.positions.map((p) => ({ id: p.id, title: p.title })),
    department_options: [...deptNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}

/**
 * 离职, in two statements: the range's departures, proofs and handled requests by leave type
 * (months, days, days taken off; a department's rows only under the filter), and the headcount at
 * the start and the end (from 在职人数 today, the people who joined and left since).
 */
export async function departureStats(db: Db, companyId: number, r: Range): Promise<DepartureStats> {
  const args: unknown[] = [companyId];
  const where = r.department === null ? 's.company_id = $1' : `s.company_id = $1 AND s.dept_name = $${args.push(r.department)}`;
  const parts = rangeRows(r, 'stats_departure_monthly', 'stats_departure_daily', ['leave_type'], ['left_count', 'proofs', 'handled', 'handle_secs'], where, args);
  const rows = await db.query<{ t: string; c: unknown; proofs: unknown; handled: unknown; secs: unknown }>(
    `SELECT leave_type AS t, sum(left_count) AS c, sum(proofs) AS proofs, sum(handled) AS handled, sum(handle_secs) AS secs
       FROM (${parts}) x GROUP BY leave_type`,
    args,
  );
  const types = rows.filter((x) => x.t !== '' && n(x.c) > 0);
  const other = rows.find((x) => x.t === '');
  const left = types.reduce((s, t) => s + n(t.c), 0);
  // headcount at the end of day d = today's 在职人数 − people who started after d + people who left after d (to today)
  const h = (await db.one<{ staff: number | null; joined_s: unknown; gone_s: unknown; joined_e: unknown; gone_e: unknown }>(
    `SELECT (SELECT staff_count FROM companies WHERE id = $1) AS staff,
            coalesce(sum(onboarded), 0) AS joined_s, coalesce(sum(left_count) FILTER (WHERE day <= $4::date), 0) AS gone_s,
            coalesce(sum(onboarded) FILTER (WHERE day > $3::date), 0) AS joined_e,
            coalesce(sum(left_count) FILTER (WHERE day > $3::date AND day <= $4::date), 0) AS gone_e
       FROM stats_company_daily WHERE company_id = $1 AND day > $2::date`,
    [companyId, addDay(r.start, -1), r.end, r.today],
  ))!;
  const hStart = h.staff === null ? null : Math.max(0, h.staff - n(h.joined_s) + n(h.gone_s));
  const hEnd = h.staff === null ? null : Math.max(0, h.staff - n(h.joined_e) + n(h.gone_e));
  const handled = n(other?.handled);
  return {
    start: r.start,
    end: r.end,
    left,
    headcount_start: hStart,
    headcount_end: hEnd,
    rate: hStart === null || hEnd === null ? null : pct(left, (hStart + hEnd) / 2),
    types: LEAVE_TYPES.map((t): { code: string; label: string; count: number } => ({ code: t.code, label: t.label, count: n(types.find((y) => y.t === t.code)?.c) }))
      .concat(types.filter((y) => !LEAVE_TYPES.some((t) => t.code === y.t)).map((y) => ({ code: y.t, label: leaveTypeLabel(y.t), count: n(y.c) })))
      .filter((t) => t.count > 0),
    proofs_issued: n(other?.proofs),
    requests_handled: handled,
    avg_handle_hours: handled === 0 ? null : Math.round((n(other?.secs) / handled / 3600) * 10) / 10,
  };
}

export async function flexStats(db: Db, companyId: number, r: Range): Promise<FlexStats> {
  const byDay = await db.query<{ d: string; gross: unknown; fee: unknown; tax: unknown; paid: unknown; failed: unknown }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS d, gross, fee, tax, paid, failed FROM stats_flex_daily
      WHERE company_id = $1 AND day >= $2::date AND day <= $3::date`,
    [companyId, r.start, r.end],
  );
  const k = (await db.one<Record<string, unknown>>(
    `SELECT (SELECT count(*) FROM flex_tasks WHERE company_id = $1 AND submitted_at >= $2 AND submitted_at < $3 AND status <> 'draft') AS published,
            (SELECT count(*) FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing')) AS active,
            (SELECT count(*) FROM flex_task_workers WHERE company_id = $1 AND accepted_at >= $2 AND accepted_at < $3) AS accepted`,
    [companyId, r.from, r.to],
  ))!;
  const m = new Map(byDay.map((x) => [x.d, x]));
  const total = (f: 'gross' | 'fee' | 'tax' | 'paid' | 'failed') => byDay.reduce((a, x) => a + n(x[f]), 0);
  const paid = total('paid');
  const failed = total('failed');
  return {
    start: r.start,
    end: r.end,
    gross: total('gross'),
    fee: total('fee'),
    tax: total('tax'),
    paid,
    failed,
    success_rate: pct(paid, paid + failed),
    trend: daysOf(r).map((d) => ({ date: d, gross: n(m.get(d)?.gross), paid: n(m.get(d)?.paid) })),
    tasks: { published: n(k.published), active: n(k.active), accepted: n(k.accepted) },
  };
}

export async function crcStats(db: Db, companyId: number, r: Range): Promise<CrcStats> {
  const rows = await db.query<{ d: string | null; reason: string | null; earned: unknown; spent: unknown }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS d, reason, sum(earned) AS earned, sum(spent) AS spent FROM stats_crc_daily
      WHERE company_id = $1 AND day >= $2::date AND day <= $3::date
      GROUP BY GROUPING SETS ((day), (reason))`,
    [companyId, r.start, r.end],
  );
  const bal = await db.one<{ crc_balance: number }>('SELECT crc_balance FROM companies WHERE id = $1', [companyId]);
  const m = new Map(rows.filter((x) => x.d !== null).map((x) => [x.d!, x]));
  const trend = daysOf(r).map((d) => ({ date: d, earned: n(m.get(d)?.earned), spent: n(m.get(d)?.spent) }));
  const uses = rows
    .filter((x) => x.d === null && x.reason !== null && n(x.spent) > 0)
    .map((u) => ({ reason: u.reason!, spent: n(u.spent) }))
    .sort((a, b) => b.spent - a.spent || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
  return {
    start: r.start,
    end: r.end,
    earned: trend.reduce((a, x) => a + x.earned, 0),
    spent: trend.reduce((a, x) => a + x.spent, 0),
    balance: n(bal?.crc_balance),
    trend,
    uses,
  };
}

const STEP_LABELS = ['浏览', '投递', '邀约面试', '到场', '录用', '入职'] as const;

export function statisticsRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.statsRecruit, async ({ auth, db, query, now }) => {
    const c = companyOf(auth);
    return recruitStats(db, c.id, rangeOf(query, now));
  });

  addRoute(app, endpoints.statsDeparture, async ({ auth, db, query, now }) => {
    return departureStats(db, companyOf(auth).id, rangeOf(query, now));
  });

  addRoute(app, endpoints.statsFlex, async ({ auth, db, query, now }) => flexStats(db, companyOf(auth).id, rangeOf(query, now)));
  addRoute(app, endpoints.statsCrc, async ({ auth, db, query, now }) => crcStats(db, companyOf(auth).id, rangeOf(query, now)));

  /** .xlsx: one sheet per table the panel shows, the same numbers. */
  addRoute(app, endpoints.statsExport, async ({ auth, db, query, now }) => {
    const c = memberCompanyOf(auth, now);
    const r = rangeOf(query, now);
    const rec = await recruitStats(db, c.id, r);
    const dep = await departureStats(db, c.id, r);
    const wb = new ExcelJS.Workbook();
    wb.creator = 'HR Console';
    const sheet = (name: string, cols: [string, number][], rows: (string | number | null)[][]) => {
      const ws = wb.addWorksheet(name);
      ws.columns = cols.map(([header, width]) => ({ header, width }));
      ws.getRow(1).font = { bold: true };
      ws.views = [{ state: 'frozen', ySplit: 1 }];
      for (const row of rows) ws.addRow(row.map((v) => v ?? '—'));
    };
    const steps = [rec.funnel.views, rec.funnel.applies, rec.funnel.invited, rec.funnel.attended, rec.funnel.hired, rec.funnel.onboarded];
    sheet('招聘漏斗', [['环节', 12], ['人数', 10], ['较上一环节转化率(%)', 20]], STEP_LABELS.map((l, i) => [l, steps[i]!, i === 0 ? null : pct(steps[i]!, steps[i - 1]!)]));
    sheet('招聘趋势', [['日期', 12], ['投递', 8], ['面试', 8], ['录用', 8]], rec.trend.map((t) => [t.date, t.applies, t.interviews, t.hires]));
    sheet(
      '职位明细',
      [['职位', 24], ['浏览', 8], ['投递', 8], ['邀面', 8], ['录用', 8], ['转化率(%)', 12]],
      rec.positions.map((p) => [p.title, p.views, p.applies, p.invited, p.hired, p.rate]),
    );
    sheet('离职', [['指标', 20], ['数值', 12]], [
      ['统计区间', `${r.start} 至 ${r.end}`],
      ['平均录用周期(天)', rec.avg_hire_days],
      ['离职人数', dep.left],
      ['期初人数', dep.headcount_start],
      ['期末人数', dep.headcount_end],
      ['离职率(%)', dep.rate],
      ['出具离职证明', dep.proofs_issued],
      ...dep.types.map((t) => [`离职类型：${t.label}`, t.count]),
    ]);
    const flex = await flexStats(db, c.id, r);
    const crc = await crcStats(db, c.id, r);
    const yuan = (fen: number) => Math.round(fen) / 100;
    sheet('灵活用工', [['指标', 20], ['数值', 14]], [
      ['发放总额(元)', yuan(flex.gross)],
      ['服务费(元)', yuan(flex.fee)],
      ['代扣税费(元)', yuan(flex.tax)],
      ['发放人次', flex.paid],
      ['发放失败', flex.failed],
      ['成功率(%)', flex.success_rate],
      ['新发布任务', flex.tasks.published],
      ['进行中任务', flex.tasks.active],
      ['验收通过人次', flex.tasks.accepted],
    ]);
    sheet('发放趋势', [['日期', 12], ['发放金额(元)', 14], ['发放人次', 10]], flex.trend.map((t) => [t.date, yuan(t.gross), t.paid]));
    sheet('CRC积分', [['日期', 12], ['获得', 8], ['消耗', 8]], [...crc.trend.map((t) => [t.date, t.earned, t.spent]), ['合计', crc.earned, crc.spent]]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return { filename: `数据面板_${r.start}_${r.end}.xlsx`, content_base64: buf.toString('base64') };
  });
}

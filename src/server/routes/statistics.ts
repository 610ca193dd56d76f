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
import { companyOf, memberCompanyOf } from '../domain/recruitment';
import { fmtDate } from '../lib/time';

const chinaMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);

interface Range {
  start: string;
  end: string;
  from: Date;
  to: Date;
  position: number | null;
  department: string | null;
}

function rangeOf(q: { range: StatsQuery['range']; start?: string; end?: string; position_id?: number; department?: string }, now: Date): Range {
  const r = resolveRange(q.range ?? '7d', fmtDate(now), q.start, q.end);
  return { ...r, from: chinaMidnight(r.start), to: chinaMidnight(addDay(r.end, 1)), position: q.position_id ?? null, department: q.department || null };
}

/** every China day of a range */
function daysOf(r: { start: string; end: string }): string[] {
  const out: string[] = [];
  for (let d = r.start; d <= r.end; d = addDay(d, 1)) out.push(d);
  return out;
}

const n = (v: unknown) => Number(v ?? 0);

/** the positions a position / department filter keeps, as SQL over `col` ($1 company, $4 position, $5 department) */
const posFilter = (col: string) =>
  `($4::int IS NULL OR ${col} = $4::int)
   AND ($5::text IS NULL OR ${col} IN (SELECT d.id FROM positions d WHERE d.company_id = $1 AND d.department = $5::text))`;

/**
 * A range of days as the whole months inside it (read from the monthly roll-ups) and the days
 * before and after them (read from the daily ones). No whole month: every day is a day.
 */
export function splitMonths(start: string, end: string): { months: [string, string] | null; days: [string, string][] } {
  const first = start.slice(8) === '01' ? start : `${addDay(`${start.slice(0, 8)}28`, 7).slice(0, 8)}01`;
  const nextOfEnd = addDay(end, 1);
  const after = nextOfEnd.slice(8) === '01' ? nextOfEnd : `${end.slice(0, 8)}01`; // first day of the partial last month
  if (first >= after) return { months: null, days: [[start, end]] };
  const lastMonth = `${addDay(after, -1).slice(0, 8)}01`;
  const days: [string, string][] = [];
  if (start < first) days.push([start, addDay(first, -1)]);
  if (after <= end) days.push([after, end]);
  return { months: [first, lastMonth], days };
}

/** SQL: `day` of `alias` within the split's day ranges ($n.. are the bounds pushed onto `args`). */
function daysIn(alias: string, ranges: [string, string][], args: unknown[]) {
  if (ranges.length === 0) return 'false';
  return `(${ranges
    .map(([a, b]) => {
      args.push(a, b);
      return `(${alias}.day >= $${args.length - 1}::date AND ${alias}.day <= $${args.length}::date)`;
    })
    .join(' OR ')})`;
}

/**
 * Every figure is a sum over the roll-ups of 019_statistics_rollups.sql (kept exact by triggers):
 * the funnel and trend from the per-company days (per-position days under a filter), the
 * per-position table from whole months plus the days at the ends.
 */
export async function recruitStats(db: Db, companyId: number, r: Range): Promise<RecruitStats> {
  const pos = r.position;
  const filtered = pos !== null || r.department !== null;
  type Row = { d: string; views: unknown; applies: unknown; invited: unknown; attended: unknown; hired: unknown; onboarded: unknown; hire_secs: unknown };
  const cols = 'sum(s.views) AS views, sum(s.applies) AS applies, sum(s.invited) AS invited, sum(s.attended) AS attended, sum(s.hired) AS hired, sum(s.onboarded) AS onboarded, sum(s.hire_secs) AS hire_secs';
  const days = filtered
    ? await db.query<Row>(
        `SELECT to_char(s.day, 'YYYY-MM-DD') AS d, ${cols} FROM stats_recruit_daily s
          WHERE s.company_id = $1 AND s.day >= $2::date AND s.day <= $3::date AND ${posFilter('s.position_id')} GROUP BY s.day`,
        [companyId, r.start, r.end, pos, r.department],
      )
    : await db.query<Row>(
        `SELECT to_char(s.day, 'YYYY-MM-DD') AS d, ${cols} FROM stats_company_daily s
          WHERE s.company_id = $1 AND s.day >= $2::date AND s.day <= $3::date GROUP BY s.day`,
        [companyId, r.start, r.end],
      );
  const split = splitMonths(r.start, r.end);
  const args: unknown[] = [companyId, split.months?.[0] ?? null, split.months?.[1] ?? null, pos, r.department];
  const dayCond = daysIn('s', split.days, args);
  const byPosRows = await db.query<{ pid: number; views: unknown; applies: unknown; invited: unknown; hired: unknown }>(
    `SELECT pid, sum(views) AS views, sum(applies) AS applies, sum(invited) AS invited, sum(hired) AS hired FROM (
       SELECT s.position_id AS pid, s.views, s.applies, s.invited, s.hired FROM stats_recruit_monthly s
        WHERE s.company_id = $1 AND s.month >= $2::date AND s.month <= $3::date AND ${posFilter('s.position_id')}
       UNION ALL
       SELECT s.position_id, s.views, s.applies, s.invited, s.hired FROM stats_recruit_daily s
        WHERE s.company_id = $1 AND ${dayCond} AND ${posFilter('s.position_id')}
     ) x GROUP BY pid`,
    args,
  );
  const positions = await db.query<{ id: number; title: string; department: string | null }>(
    'SELECT id, title, department FROM positions WHERE company_id = $1 ORDER BY id',
    [companyId],
  );
  // the departments positions and departures name (a loose index scan over the departures' ones)
  const depts = await db.query<{ d: string }>(
    `WITH RECURSIVE x AS (
       SELECT (SELECT min(dept_name) FROM departure_records WHERE company_id = $1 AND dept_name > '') AS d
       UNION ALL
       SELECT (SELECT min(dept_name) FROM departure_records WHERE company_id = $1 AND dept_name > x.d) FROM x WHERE x.d IS NOT NULL)
     SELECT d FROM x WHERE d IS NOT NULL`,
    [companyId],
  );
  const byDay = new Map(days.map((x) => [x.d, x]));
  const byPos = new Map(byPosRows.map((x) => [x.pid, x]));
  const sum = (k: 'views' | 'applies' | 'invited' | 'attended' | 'hired' | 'onboarded' | 'hire_secs') => days.reduce((a, x) => a + n(x[k]), 0);
  const hired = sum('hired');
  const shown = positions.filter((p) => (pos === null || p.id === pos) && (r.department === null || p.department === r.department));
  const deptNames = new Set([...positions.flatMap((p) => (p.department ? [p.department] : [])), ...depts.map((d) => d.d)]);
  return {
    start: r.start,
    end: r.end,
    funnel: { views: sum('views'), applies: sum('applies'), invited: sum('invited'), attended: sum('attended'), hired, onboarded: sum('onboarded') },
    trend: daysOf(r).map((d) => ({ date: d, applies: n(byDay.get(d)?.applies), interviews: n(byDay.get(d)?.invited), hires: n(byDay.get(d)?.hired) })),
    positions: shown
      .map((p) => {
        const x = byPos.get(p.id);
        const applies = n(x?.applies);
        const h = n(x?.hired);
        return { id: p.id, title: p.title, views: n(x?.views), applies, invited: n(x?.invited), hired: h, rate: pct(h, applies) };
      })
      .filter((p) => pos !== null || p.views + p.applies + p.invited + p.hired > 0),
    avg_hire_days: hired === 0 ? null : Math.round((sum('hire_secs') / hired / 86400) * 10) / 10,
    position_options: positions.map((p) => ({ id: p.id, title: p.title })),
    department_options: [...deptNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}

export async function departureStats(db: Db, companyId: number, staffCount: number | null, r: Range, now: Date): Promise<DepartureStats> {
  const split = splitMonths(r.start, r.end);
  const args: unknown[] = [companyId, split.months?.[0] ?? null, split.months?.[1] ?? null, r.department];
  const dayCond = daysIn('s', split.days, args);
  const rows = await db.query<{ t: string; c: unknown; proofs: unknown; handled: unknown; secs: unknown }>(
    `SELECT leave_type AS t, sum(left_count) AS c, sum(proofs) AS proofs, sum(handled) AS handled, sum(handle_secs) AS secs FROM (
       SELECT s.leave_type, s.left_count, s.proofs, s.handled, s.handle_secs FROM stats_departure_monthly s
        WHERE s.company_id = $1 AND s.month >= $2::date AND s.month <= $3::date AND ($4::text IS NULL OR s.dept_name = $4::text)
       UNION ALL
       SELECT s.leave_type, s.left_count, s.proofs, s.handled, s.handle_secs FROM stats_departure_daily s
        WHERE s.company_id = $1 AND ${dayCond} AND ($4::text IS NULL OR s.dept_name = $4::text)
     ) x GROUP BY leave_type`,
    args,
  );
  const types = rows.filter((x) => x.t !== '' && n(x.c) > 0);
  const other = rows.find((x) => x.t === '');
  const left = types.reduce((s, t) => s + n(t.c), 0);
  let hStart: number | null = null;
  let hEnd: number | null = null;
  if (staffCount !== null) {
    // headcount at the end of a day = today's 在职人数 − people who started after it + people who left after it (to today)
    const today = fmtDate(now);
    const at = async (d: string) => {
      const h = await db.one<{ joined: unknown; gone: unknown }>(
        `SELECT coalesce(sum(onboarded), 0) AS joined, coalesce(sum(left_count) FILTER (WHERE day <= $3::date), 0) AS gone
           FROM stats_company_daily WHERE company_id = $1 AND day > $2::date`,
        [companyId, d, today],
      );
      return Math.max(0, staffCount - n(h!.joined) + n(h!.gone));
    };
    hStart = await at(addDay(r.start, -1));
    hEnd = await at(r.end);
  }
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
    const c = companyOf(auth);
    const staff = await db.one<{ staff_count: number | null }>('SELECT staff_count FROM companies WHERE id = $1', [c.id]);
    return departureStats(db, c.id, staff?.staff_count ?? null, rangeOf(query, now), now);
  });

  addRoute(app, endpoints.statsFlex, async ({ auth, db, query, now }) => flexStats(db, companyOf(auth).id, rangeOf(query, now)));
  addRoute(app, endpoints.statsCrc, async ({ auth, db, query, now }) => crcStats(db, companyOf(auth).id, rangeOf(query, now)));

  /** .xlsx: one sheet per table the panel shows, the same numbers. */
  addRoute(app, endpoints.statsExport, async ({ auth, db, query, now }) => {
    const c = memberCompanyOf(auth, now);
    const r = rangeOf(query, now);
    const rec = await recruitStats(db, c.id, r);
    const staff = await db.one<{ staff_count: number | null }>('SELECT staff_count FROM companies WHERE id = $1', [c.id]);
    const dep = await departureStats(db, c.id, staff?.staff_count ?? null, r, now);
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

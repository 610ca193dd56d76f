/**
 * 数据面板 (issue 15): recruitment and departure aggregates of the caller's company over a range of
 * China days, and their .xlsx export (members only). Every query filters on company_id first and
 * uses the (company_id, event time) indexes of 013_statistics.sql. docs/decisions.md (statistics).
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
/** the China day of a timestamptz column, as SQL */
const day = (col: string) => `((${col} AT TIME ZONE 'UTC') + interval '8 hours')::date`;

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

export async function recruitStats(db: Db, companyId: number, r: Range): Promise<RecruitStats> {
  const pos = r.position;
  const args = [companyId, r.from, r.to, pos, r.department];
  const pf = (alias: string) =>
    `($4::int IS NULL OR ${alias}.position_id = $4::int)
     AND ($5::text IS NULL OR ${alias}.position_id IN (SELECT d.id FROM positions d WHERE d.company_id = $1 AND d.department = $5::text))`;
  const f = await db.one<Record<string, unknown>>(
    `SELECT
       (SELECT coalesce(sum(v.views), 0) FROM position_views v WHERE v.company_id = $1 AND ${pf('v')}
          AND v.day >= ${day('$2::timestamptz')} AND v.day < ${day('$3::timestamptz')}) AS views,
       (SELECT count(*) FROM applications a WHERE a.company_id = $1 AND ${pf('a')} AND a.created_at >= $2 AND a.created_at < $3) AS applies,
       (SELECT count(*) FROM interviews i WHERE i.company_id = $1 AND ${pf('i')} AND i.created_at >= $2 AND i.created_at < $3
          AND i.status <> 'canceled') AS invited,
       (SELECT count(*) FROM interviews i WHERE i.company_id = $1 AND ${pf('i')} AND i.pick_time >= $2 AND i.pick_time < $3
          AND i.status = 'done') AS attended,
       (SELECT count(*) FROM applications a WHERE a.company_id = $1 AND ${pf('a')} AND a.hired_at >= $2 AND a.hired_at < $3) AS hired,
       (SELECT count(*) FROM applications a WHERE a.company_id = $1 AND ${pf('a')} AND a.onboard_at >= $2 AND a.onboard_at < $3) AS onboarded,
       (SELECT avg(extract(epoch FROM a.hired_at - a.created_at)) / 86400 FROM applications a
          WHERE a.company_id = $1 AND ${pf('a')} AND a.hired_at >= $2 AND a.hired_at < $3) AS avg_hire`,
    args,
  );
  const trendRows = await db.query<{ d: string; applies: unknown; interviews: unknown; hires: unknown }>(
    `WITH days AS (SELECT generate_series(${day('$2::timestamptz')}, ${day('$3::timestamptz')} - 1, interval '1 day')::date AS d)
     SELECT to_char(days.d, 'YYYY-MM-DD') AS d,
       (SELECT count(*) FROM applications a WHERE a.company_id = $1 AND ${pf('a')}
          AND a.created_at >= days.d - interval '8 hours' AND a.created_at < days.d + interval '16 hours') AS applies,
       (SELECT count(*) FROM interviews i WHERE i.company_id = $1 AND ${pf('i')} AND i.status <> 'canceled'
          AND i.created_at >= days.d - interval '8 hours' AND i.created_at < days.d + interval '16 hours') AS interviews,
       (SELECT count(*) FROM applications a WHERE a.company_id = $1 AND ${pf('a')}
          AND a.hired_at >= days.d - interval '8 hours' AND a.hired_at < days.d + interval '16 hours') AS hires
     FROM days ORDER BY days.d`,
    args,
  );
  const posRows = await db.query<{ id: number; title: string; views: unknown; applies: unknown; invited: unknown; hired: unknown }>(
    `SELECT p.id, p.title,
       (SELECT coalesce(sum(v.views), 0) FROM position_views v WHERE v.position_id = p.id
          AND v.day >= ${day('$2::timestamptz')} AND v.day < ${day('$3::timestamptz')}) AS views,
       (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.created_at >= $2 AND a.created_at < $3) AS applies,
       (SELECT count(*) FROM interviews i WHERE i.position_id = p.id AND i.created_at >= $2 AND i.created_at < $3
          AND i.status <> 'canceled') AS invited,
       (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.hired_at >= $2 AND a.hired_at < $3) AS hired
     FROM positions p WHERE p.company_id = $1 AND ($4::int IS NULL OR p.id = $4::int) AND ($5::text IS NULL OR p.department = $5::text)
     ORDER BY p.id`,
    args,
  );
  const options = await db.query<{ id: number; title: string }>('SELECT id, title FROM positions WHERE company_id = $1 ORDER BY id', [companyId]);
  const depts = await db.query<{ d: string }>(
    `SELECT DISTINCT d FROM (SELECT department AS d FROM positions WHERE company_id = $1 AND department IS NOT NULL
       UNION SELECT dept_name FROM departure_records WHERE company_id = $1 AND dept_name <> '') x ORDER BY d`,
    [companyId],
  );
  const avg = f!.avg_hire == null ? null : Math.round(Number(f!.avg_hire) * 10) / 10;
  return {
    start: r.start,
    end: r.end,
    funnel: {
      views: n(f!.views), applies: n(f!.applies), invited: n(f!.invited), attended: n(f!.attended), hired: n(f!.hired), onboarded: n(f!.onboarded),
    },
    trend: trendRows.map((t) => ({ date: t.d, applies: n(t.applies), interviews: n(t.interviews), hires: n(t.hires) })),
    positions: posRows
      .map((p) => ({ id: p.id, title: p.title, views: n(p.views), applies: n(p.applies), invited: n(p.invited), hired: n(p.hired), rate: pct(n(p.hired), n(p.applies)) }))
      .filter((p) => pos !== null || p.views + p.applies + p.invited + p.hired > 0),
    avg_hire_days: avg,
    position_options: options,
    department_options: depts.map((d) => d.d),
  };
}

export async function departureStats(db: Db, companyId: number, staffCount: number | null, r: Range, now: Date): Promise<DepartureStats> {
  const types = await db.query<{ leave_type: string; c: unknown }>(
    `SELECT leave_type, count(*) AS c FROM departure_records WHERE company_id = $1 AND leave_date >= $2::date AND leave_date <= $3::date
       AND ($4::text IS NULL OR dept_name = $4::text)
     GROUP BY leave_type`,
    [companyId, r.start, r.end, r.department],
  );
  const o = await db.one<Record<string, unknown>>(
    `SELECT
       (SELECT count(*) FROM departure_proofs p WHERE p.company_id = $1 AND p.issued_at >= $2 AND p.issued_at < $3
          AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM departure_records d WHERE d.id = p.record_id AND d.dept_name = $4::text))) AS proofs,
       (SELECT count(*) FROM resignation_requests WHERE company_id = $1 AND reviewed_at >= $2 AND reviewed_at < $3
          AND ($4::text IS NULL OR dept_name = $4::text)) AS handled,
       (SELECT avg(extract(epoch FROM reviewed_at - submitted_at)) / 3600 FROM resignation_requests
          WHERE company_id = $1 AND reviewed_at >= $2 AND reviewed_at < $3 AND ($4::text IS NULL OR dept_name = $4::text)) AS avg_hours`,
    [companyId, r.from, r.to, r.department],
  );
  const left = types.reduce((s, t) => s + n(t.c), 0);
  let hStart: number | null = null;
  let hEnd: number | null = null;
  if (staffCount !== null) {
    // headcount at the end of a day = today's 在职人数 − people who started after it + people who left after it
    const today = fmtDate(now);
    const at = async (d: string) => {
      const x = await db.one<{ joined: unknown; gone: unknown }>(
        `SELECT (SELECT count(*) FROM applications WHERE company_id = $1 AND onboard_at >= $2) AS joined,
                (SELECT count(*) FROM departure_records WHERE company_id = $1 AND leave_date > $3::date AND leave_date <= $4::date) AS gone`,
        [companyId, chinaMidnight(addDay(d, 1)), d, today],
      );
      return Math.max(0, staffCount - n(x!.joined) + n(x!.gone));
    };
    hStart = await at(addDay(r.start, -1));
    hEnd = await at(r.end);
  }
  const avgH = o!.avg_hours == null ? null : Math.round(Number(o!.avg_hours) * 10) / 10;
  return {
    start: r.start,
    end: r.end,
    left,
    headcount_start: hStart,
    headcount_end: hEnd,
    rate: hStart === null || hEnd === null ? null : pct(left, (hStart + hEnd) / 2),
    types: LEAVE_TYPES.map((t): { code: string; label: string; count: number } => ({ code: t.code, label: t.label, count: n(types.find((x) => x.leave_type === t.code)?.c) }))
      .concat(types.filter((x) => !LEAVE_TYPES.some((t) => t.code === x.leave_type)).map((x) => ({ code: x.leave_type, label: leaveTypeLabel(x.leave_type), count: n(x.c) })))
      .filter((t) => t.count > 0),
    proofs_issued: n(o!.proofs),
    requests_handled: n(o!.handled),
    avg_handle_hours: avgH,
  };
}

export async function flexStats(db: Db, companyId: number, r: Range): Promise<FlexStats> {
  const args = [companyId, r.from, r.to];
  const t = (await db.one<Record<string, unknown>>(
    `SELECT coalesce(sum(amount) FILTER (WHERE status = 'success'), 0) AS gross,
            coalesce(sum(fee) FILTER (WHERE status = 'success'), 0) AS fee,
            coalesce(sum(tax) FILTER (WHERE status = 'success'), 0) AS tax,
            count(*) FILTER (WHERE status = 'success') AS paid,
            count(*) FILTER (WHERE status IN ('failed', 'bounced')) AS failed
       FROM payout_rows WHERE company_id = $1 AND finished_at >= $2 AND finished_at < $3`,
    args,
  ))!;
  const byDay = await db.query<{ d: string; gross: unknown; paid: unknown }>(
    `SELECT to_char(${day('finished_at')}, 'YYYY-MM-DD') AS d, sum(amount) AS gross, count(*) AS paid
       FROM payout_rows WHERE company_id = $1 AND finished_at >= $2 AND finished_at < $3 AND status = 'success' GROUP BY 1`,
    args,
  );
  const k = (await db.one<Record<string, unknown>>(
    `SELECT (SELECT count(*) FROM flex_tasks WHERE company_id = $1 AND submitted_at >= $2 AND submitted_at < $3 AND status <> 'draft') AS published,
            (SELECT count(*) FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing')) AS active,
            (SELECT count(*) FROM flex_task_workers WHERE company_id = $1 AND accepted_at >= $2 AND accepted_at < $3) AS accepted`,
    args,
  ))!;
  const m = new Map(byDay.map((x) => [x.d, x]));
  const paid = n(t.paid);
  const failed = n(t.failed);
  return {
    start: r.start,
    end: r.end,
    gross: n(t.gross),
    fee: n(t.fee),
    tax: n(t.tax),
    paid,
    failed,
    success_rate: pct(paid, paid + failed),
    trend: daysOf(r).map((d) => ({ date: d, gross: n(m.get(d)?.gross), paid: n(m.get(d)?.paid) })),
    tasks: { published: n(k.published), active: n(k.active), accepted: n(k.accepted) },
  };
}

export async function crcStats(db: Db, companyId: number, r: Range): Promise<CrcStats> {
  const args = [companyId, r.from, r.to];
  const byDay = await db.query<{ d: string; earned: unknown; spent: unknown }>(
    `SELECT to_char(${day('created_at')}, 'YYYY-MM-DD') AS d,
            coalesce(sum(delta) FILTER (WHERE delta > 0), 0) AS earned, coalesce(-sum(delta) FILTER (WHERE delta < 0), 0) AS spent
       FROM crc_ledger WHERE company_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1`,
    args,
  );
  const uses = await db.query<{ reason: string; spent: unknown }>(
    `SELECT regexp_replace(reason, '[（(].*$', '') AS reason, -sum(delta) AS spent
       FROM crc_ledger WHERE company_id = $1 AND created_at >= $2 AND created_at < $3 AND delta < 0 GROUP BY 1 ORDER BY 2 DESC, 1`,
    args,
  );
  const bal = await db.one<{ crc_balance: number }>('SELECT crc_balance FROM companies WHERE id = $1', [companyId]);
  const m = new Map(byDay.map((x) => [x.d, x]));
  const trend = daysOf(r).map((d) => ({ date: d, earned: n(m.get(d)?.earned), spent: n(m.get(d)?.spent) }));
  return {
    start: r.start,
    end: r.end,
    earned: trend.reduce((a, x) => a + x.earned, 0),
    spent: trend.reduce((a, x) => a + x.spent, 0),
    balance: n(bal?.crc_balance),
    trend,
    uses: uses.map((u) => ({ reason: u.reason, spent: n(u.spent) })),
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

/**
 * 数据面板 · 招聘 (issue 15): the funnel (a cohort), the trend and the positions of a range, from the
 * daily roll-ups of 019/021. Every query filters on company_id first. docs/decisions.md (statistics).
 */
import { pct, type RecruitStats } from '../../../contract/statistics';
import type { Db } from '../../db/types';
import { daysOf, n, rangeRows, type Range } from './range';

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
  if (r.department !== null)
    narrow += ` AND s.position_id IN (SELECT d.id FROM positions d WHERE d.company_id = $1 AND d.department = $${args.push(r.department)})`;
  const parts = rangeRows(
    r,
    'stats_recruit_monthly',
    'stats_recruit_daily',
    ['position_id'],
    ['views', 'applies', 'invited', 'hired', 'r_hired'],
    narrow,
    args,
  );
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
  type Pos = {
    id: number;
    title: string;
    department: string | null;
    views: number | null;
    applies: number | null;
    invited: number | null;
    hired: number | null;
    r_hired: number | null;
  };
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
    funnel: {
      views: sum('views'),
      applies: sum('applies'),
      invited: sum('r_invited'),
      attended: sum('r_attended'),
      hired: sum('r_hired'),
      onboarded: sum('r_onboarded'),
    },
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

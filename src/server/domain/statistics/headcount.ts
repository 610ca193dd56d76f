/**
 * 在职人数 as history (issue 31, migration 057): the headcount at the end of a China day is the
 * latest figure an admin set as of that day or earlier (company-wide, or the department's), plus
 * the 入职 and minus the departures after the figure's day up to the day. Before the first figure
 * it is unknown (null). A period's 期初/期末 so never move when a figure is set later or someone
 * leaves after the period. docs/statistics.md (在职人数).
 */
import type { HeadcountFigure } from '../../../contract/statistics';
import type { Db } from '../../db/types';
import { badRequest } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { n } from './range';

/**
 * Headcounts at the end of each of `days` for the company (department null) or one department:
 * 入职 from the per-company / per-department days (the position's department), departures from
 * the departure days (the record's department).
 */
export async function headcountsAt(db: Db, companyId: number, department: string | null, days: string[]): Promise<(number | null)[]> {
  const dept = department ?? '';
  const figs = await db.query<{ as_of: string; staff: number }>(
    `SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of, staff FROM headcount_figures WHERE company_id = $1 AND department = $2 ORDER BY as_of`,
    [companyId, dept],
  );
  const out: (number | null)[] = [];
  for (const d of days) {
    const f = figs.filter((x) => x.as_of <= d).pop();
    if (!f) {
      out.push(null);
      continue;
    }
    const joined =
      department === null
        ? `SELECT coalesce(sum(onboarded), 0) AS v FROM stats_company_daily WHERE company_id = $1 AND day > $2::date AND day <= $3::date`
        : `SELECT coalesce(sum(onboarded), 0) AS v FROM stats_dept_daily WHERE company_id = $1 AND department = $4 AND day > $2::date AND day <= $3::date`;
    const left =
      department === null
        ? `SELECT coalesce(sum(left_count), 0) AS v FROM stats_company_daily WHERE company_id = $1 AND day > $2::date AND day <= $3::date`
        : `SELECT coalesce(sum(left_count), 0) AS v FROM stats_departure_daily WHERE company_id = $1 AND dept_name = $4 AND day > $2::date AND day <= $3::date`;
    const args = department === null ? [companyId, f.as_of, d] : [companyId, f.as_of, d, department];
    const row = (await db.one<{ j: unknown; l: unknown }>(`SELECT (${joined}) AS j, (${left}) AS l`, args))!;
    out.push(Math.max(0, f.staff + n(row.j) - n(row.l)));
  }
  return out;
}

export async function listHeadcountFigures(db: Db, companyId: number): Promise<HeadcountFigure[]> {
  return db.query<HeadcountFigure>(
    `SELECT department, to_char(as_of, 'YYYY-MM-DD') AS as_of, staff, to_char(set_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS set_at
       FROM headcount_figures WHERE company_id = $1 ORDER BY department, as_of DESC`,
    [companyId],
  );
}

/** An admin sets 在职人数 as of a day (not after today); the same day and department again replaces it. */
export async function setHeadcountFigure(
  db: Db,
  a: { companyId: number; userId: number },
  body: { as_of: string; staff: number; department?: string | undefined },
  now: Date,
): Promise<void> {
  if (body.as_of > fmtDate(now)) throw badRequest('生效日期不能晚于今天');
  await db.query(
    `INSERT INTO headcount_figures (company_id, department, as_of, staff, set_by, set_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (company_id, department, as_of) DO UPDATE SET staff = EXCLUDED.staff, set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at`,
    [a.companyId, body.department?.trim() ?? '', body.as_of, body.staff, a.userId, now],
  );
}

/** The talent hall (人才大厅): searching the candidates; names masked, contact details never listed. */
import type { z } from 'zod';
import type { HallQuery } from '../../../contract/recruitment';
import { EXPERIENCE, SALARY_BUCKETS, educationLabel, jobStatusLabel, salaryText } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { pageFields, pageSql } from '../../lib/page';
import { fmtDate } from '../../lib/time';
import { containsPattern } from '../../lib/search';
import { activeText, maskName, PERSON_SQL, workExpText, yearsSince, type PersonRow } from './texts';

/** The date `years` before today, `YYYY-MM-DD` (China time). */
function yearsAgo(now: Date, years: number): string {
  const [y, m, d] = fmtDate(now).split('-');
  return `${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`;
}

/** One page of the hall for the caller's company (`invited`: it has an open invitation to the person). */
export async function searchHall(db: Db, companyId: number, query: z.output<typeof HallQuery>, now: Date) {
  // a record merged into another (issue 32 item 3) is not listed: its person is the kept record
  const where: string[] = ['c.merged_into IS NULL'];
  const args: unknown[] = [];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  if (query.keywords) {
    const k = arg(containsPattern(query.keywords));
    where.push(`(c.expect_job ILIKE ${k} OR c.evaluation ILIKE ${k} OR array_to_string(c.labels, ',') ILIKE ${k}
      OR EXISTS (SELECT 1 FROM candidate_work w WHERE w.candidate_id = c.id AND (w.job_name ILIKE ${k} OR w.company_name ILIKE ${k})))`);
  }
  if (query.city) where.push(`c.expect_city = ${arg(query.city)}`);
  if (query.education) where.push(`c.education = ${arg(query.education)}`);
  if (query.job_status) where.push(`c.job_status = ${arg(query.job_status)}`);
  if (query.label) where.push(`${arg(query.label)} = ANY (c.labels)`);
  if (query.experience && query.experience !== 'any') {
    if (query.experience === 'fresh') where.push('c.work_start IS NULL');
    else {
      const b = EXPERIENCE.find((e) => e.code === query.experience)!;
      where.push(`c.work_start IS NOT NULL AND c.work_start <= ${arg(yearsAgo(now, b.min))} AND c.work_start > ${arg(yearsAgo(now, b.max))}`);
    }
  }
  if (query.salary) {
    const b = SALARY_BUCKETS.find((e) => e.code === query.salary)!;
    where.push(`c.expect_min < ${arg(b.max)} AND c.expect_max >= ${arg(b.min)}`);
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM candidates c ${w}`, args))!.n;
  const rows = await db.query<
    PersonRow & {
      verify_status: number;
      job_status: number;
      expect_city: string;
      expect_job: string;
      expect_min: number;
      expect_max: number;
      labels: string[];
      evaluation: string;
      active_at: Date;
      invited: boolean;
    }
  >(
    `SELECT ${PERSON_SQL}, c.verify_status, c.job_status, c.expect_city, c.expect_job, c.expect_min, c.expect_max,
            c.labels, c.evaluation, c.active_at,
            EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = c.id AND i.company_id = ${arg(companyId)}
                      AND i.status IN ('pending', 'accepted')) AS invited
       FROM candidates c ${w}
      ORDER BY c.active_at DESC, c.id DESC${pageSql(args, query)}`,
    args,
  );
  return {
    ...pageFields(query, total),
    list: rows.map((r) => ({
      id: r.user_id,
      realname: maskName(r.realname, r.gender),
      avatar: r.avatar,
      gender: r.gender,
      age: yearsSince(r.birth_date, now),
      work_exp: workExpText(r.work_start, now),
      education: educationLabel(r.education),
      job_status: jobStatusLabel(r.job_status),
      expect_city: r.expect_city,
      expect_job: r.expect_job,
      expect_salary: salaryText(r.expect_min, r.expect_max),
      labels: r.labels,
      evaluation: r.evaluation,
      last_company: r.last_company ?? '',
      last_job: r.last_job ?? '',
      active: activeText(r.active_at, now),
      verify_status: r.verify_status,
      invited: r.invited,
    })),
  };
}

/** The talent hall (人才大厅): searching the candidates; names masked, contact details never listed. */
import type { z } from 'zod';
import type { HallQuery } from '../../../contract/recruitment';
import { EXPERIENCE, SALARY_BUCKETS, educationLabel, jobStatusLabel, salaryText } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { decodeCursor, encodeCursor, pageFields, pageSql } from '../../lib/page';
import { badRequest } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { containsPattern } from '../../lib/search';
import { activeText, maskName, PERSON_SQL, workExpText, yearsSince, type PersonRow } from './texts';

/** The date `years` before today, `YYYY-MM-DD` (China time). */
function yearsAgo(now: Date, years: number): string {
  const [y, m, d] = fmtDate(now).split('-');
  return `${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`;
}

type HallRow = PersonRow & {
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
  k_rank: number;
  k_at: string;
};

/**
 * One page of the hall for the caller's company (`invited`: it has an open invitation to the person).
 * A keyword is found through the bigram index (migration 067) and kept only where
 * `search_text ILIKE '%keyword%'`: the same answer as ILIKE over each field. Matches in 期望职位 or a
 * job name come first, then the rest, each newest active first. `after` / `before` (a cursor of the
 * answer's `next` / `prev`) page by keyset; a page number alone pages by offset.
 */
export async function searchHall(db: Db, companyId: number, query: z.output<typeof HallQuery>, now: Date) {
  // a record merged into another (issue 32 item 3) is not listed: its person is the kept record;
  // nor one made by a 投递 on a position's page (its résumé went to that company only, migration 072)
  const where: string[] = ['c.merged_into IS NULL', 'c.in_hall'];
  const args: unknown[] = [];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  let rank = '0';
  if (query.keywords) {
    const k = arg(containsPattern(query.keywords));
    where.push(`c.search_grams @@ hall_gram_query(${arg(query.keywords)}) AND c.search_text ILIKE ${k}`);
    rank = `(CASE WHEN c.search_head ILIKE ${k} THEN 0 ELSE 1 END)`;
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
  const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM candidates c ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, args))!.n;
  const cursor = query.after ?? query.before;
  const back = !query.after && !!query.before;
  let paging: string;
  if (cursor) {
    const key = decodeCursor(cursor, ['int', 'time', 'int']);
    if (!key) throw badRequest('翻页位置已失效，请回到第一页');
    const [at, id] = [arg(String(key[1])), arg(Number(key[2]))];
    const past = `(c.active_at, c.id) ${back ? '>' : '<'} (${at}::timestamptz, ${id})`;
    if (query.keywords) {
      const r = arg(Number(key[0]));
      where.push(`(${rank} ${back ? '<' : '>'} ${r} OR (${rank} = ${r} AND ${past}))`);
    } else where.push(past);
    paging = ` LIMIT ${arg(query.page_size)}`;
  } else paging = pageSql(args, query);
  const first = query.keywords ? `${rank}${back ? ' DESC' : ''}, ` : '';
  const order = back ? `${first}c.active_at, c.id` : `${first}c.active_at DESC, c.id DESC`;
  // the page's ids first (index order, no per-row work for rows an OFFSET skips), then their columns
  const rows = await db.query<HallRow>(
    `SELECT ${PERSON_SQL}, c.verify_status, c.job_status, c.expect_city, c.expect_job, c.expect_min, c.expect_max,
            c.labels, c.evaluation, c.active_at, p.k_rank, p.k_at,
            EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = c.id AND i.company_id = ${arg(companyId)}
                      AND i.status IN ('pending', 'accepted')) AS invited
       FROM (SELECT c.id, ${rank} AS k_rank, c.active_at::text AS k_at FROM candidates c
              ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}${paging}) p
       JOIN candidates c ON c.id = p.id
      ORDER BY p.k_rank, c.active_at DESC, c.id DESC`,
    args,
  );
  const key = (r: HallRow | undefined) => (r ? encodeCursor([r.k_rank, r.k_at, r.user_id]) : '');
  return {
    ...pageFields(query, total),
    next: key(rows[rows.length - 1]),
    prev: key(rows[0]),
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

/** The talent hall (人才大厅): searching the candidates; names masked, contact details never listed. */
import type { z } from 'zod';
import type { HallQuery } from '../../../contract/recruitment';
import { EXPERIENCE, SALARY_BUCKETS, educationLabel, jobStatusLabel, salaryText } from '../../../contract/vocab';
import { PLAN_EACH_CALL, type Db } from '../../db/types';
import { cappedCount, decodeCursor, encodeCursor, offsetWithin, pageFields } from '../../lib/page';
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
 * The hall counts at most this many people (共找到 200+ 位人才 beyond, the pager's 下一页 stays on):
 * a common word's count reads rows until it has this many matches, ~6 µs a row (at a million
 * seekers 10,000 cost 0.4–1 s for a word in every fifth row, 1,000 of 开发 in 杭州 0.2 s; issue 34).
 */
export const HALL_COUNT_CAP = 200;
/** a keyword whose every bigram is in at least this share of the candidates is a common word */
const COMMON_SHARE = 0.05;

/** search_grams' most common bigrams and their shares, as ANALYZE last found them, per database */
const gramStats = new WeakMap<Db, { at: number; share: Map<string, number> }>();
/** how long they are kept: reading pg_stats costs tens of ms, the figures change when autovacuum analyzes */
const GRAM_STATS_MS = 10 * 60_000;

/**
 * The share of candidates holding the keyword's rarest bigram (for one character: its commonest
 * pair), by the statistics ANALYZE keeps of search_grams' most common elements; 0 when not among
 * them (rare) or not gathered yet.
 */
async function gramShare(db: Db, keyword: string) {
  let stats = gramStats.get(db);
  if (!stats || Date.now() - stats.at > GRAM_STATS_MS) {
    const rows = await db.query<{ e: string; f: number }>(
      `SELECT e, f FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(e, f)
        WHERE s.schemaname = current_schema() AND s.tablename = 'candidates' AND s.attname = 'search_grams' AND e IS NOT NULL`,
    );
    stats = { at: Date.now(), share: new Map(rows.map((r) => [r.e, r.f])) };
    gramStats.set(db, stats);
  }
  const chars = [...keyword.toLowerCase()];
  if (chars.length === 1) return Math.max(0, ...[...stats.share].filter(([e]) => e.startsWith(chars[0]!)).map(([, f]) => f));
  return Math.min(...chars.slice(0, -1).map((ch, i) => stats.share.get(ch + chars[i + 1]!) ?? 0));
}

/** A page's row as the hall's order keys it: its group (0: a match in a position), time and id. */
type Keyed = { id: number; k_rank: number; k_at: string };

/**
 * One page of the hall for the caller's company (`invited`: it has an open invitation to the person).
 * A keyword is found through the bigram indexes (migrations 067, 074) and kept only where
 * `search_text ILIKE '%keyword%'`: the same answer as ILIKE over each field. Matches in 期望职位 or a
 * job name (group 0) come first, then the rest (group 1), each newest active first. Each group is
 * read on its own, in the hall's index order and only as far as the page needs (the next group only
 * when the page is not full), so a word in every fourth row costs a page, not a sort of every match;
 * a keyword's statements are planned for the word (PLAN_EACH_CALL), which decides between walking
 * the active_at index and the bigram index. The total stops at HALL_COUNT_CAP (`total_more`).
 * `after` / `before` (a cursor of the answer's `next` / `prev`) page by keyset; a page number alone
 * pages by offset.
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
  /** the groups' conditions, in the order listed; without a keyword one group of every row */
  let groups = ['TRUE'];
  let any = 'TRUE';
  let [q, k] = ['', ''];
  if (query.keywords) {
    q = arg(query.keywords);
    k = arg(containsPattern(query.keywords));
    const head = `c.search_head_grams @@ hall_gram_query(${q}) AND c.search_head ILIKE ${k}`;
    any = `c.search_grams @@ hall_gram_query(${q}) AND c.search_text ILIKE ${k}`;
    groups = [head, `${any} AND c.search_head NOT ILIKE ${k}`];
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
  const plan = query.keywords ? PLAN_EACH_CALL : '';
  const filters = where.join(' AND ');
  // a common word is counted by reading rows until the cap: the bigram index would first gather
  // every match (tens of thousands), and the planner, seeing a LIMIT, picks it all the same
  // (the keyword's own argument stays in the statement, typed: an unused one has no type)
  const common = query.keywords && (await gramShare(db, query.keywords)) >= COMMON_SHARE;
  const counted = common ? `c.search_text ILIKE ${k} AND ${q}::text <> ''` : any;
  const count = await cappedCount(db, `${plan}SELECT 1 FROM candidates c WHERE ${filters} AND ${counted}`, args, HALL_COUNT_CAP);

  const cursor = query.after ?? query.before;
  const back = !query.after && !!query.before;
  // a page number only as far as the count goes (200+: 下一页 goes on by cursor)
  if (!cursor) offsetWithin(query, HALL_COUNT_CAP);
  let from = { rank: 0, at: '', id: 0 };
  if (cursor) {
    const key = decodeCursor(cursor, ['int', 'time', 'int']);
    if (!key || Number(key[0]) < 0 || Number(key[0]) >= groups.length) throw badRequest('翻页位置已失效，请回到第一页');
    from = { rank: Number(key[0]), at: String(key[1]), id: Number(key[2]) };
  }
  /** up to `limit` rows of group `rank` after skipping `skip`, in the hall's order (read backwards: the other way) */
  const read = (rank: number, limit: number, skip: number) => {
    const a = [...args];
    const past = cursor && rank === from.rank ? ` AND (c.active_at, c.id) ${back ? '>' : '<'} ($${a.push(from.at)}::timestamptz, $${a.push(from.id)})` : '';
    const dir = back ? '' : ' DESC';
    return db.query<Keyed>(
      `${plan}SELECT c.id, ${rank} AS k_rank, c.active_at::text AS k_at FROM candidates c
        WHERE ${filters} AND ${groups[rank]}${past} ORDER BY c.active_at${dir}, c.id${dir}
        LIMIT $${a.push(limit)}${skip ? ` OFFSET $${a.push(skip)}` : ''}`,
      a,
    );
  };
  const page: Keyed[] = [];
  let skip = cursor ? 0 : (query.page - 1) * query.page_size;
  for (let rank = from.rank; rank >= 0 && rank < groups.length; rank += back ? -1 : 1) {
    const rows = await read(rank, query.page_size - page.length, skip);
    page.push(...rows);
    if (page.length >= query.page_size) break;
    // the page starts in a later group: skip what this one holds (fewer rows than `skip`)
    if (skip > 0 && rows.length === 0)
      skip -= (await db.one<{ n: number }>(
        `${plan}SELECT count(*)::int AS n FROM (SELECT 1 FROM candidates c WHERE ${filters} AND ${groups[rank]} LIMIT ${skip}) x`,
        args,
      ))!.n;
    else skip = 0;
  }
  if (back) page.reverse();
  // the page's columns and `invited`, only for its rows
  const rows = await db.query<HallRow>(
    `SELECT ${PERSON_SQL}, c.verify_status, c.job_status, c.expect_city, c.expect_job, c.expect_min, c.expect_max,
            c.labels, c.evaluation, c.active_at, p.k_rank, p.k_at,
            EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = c.id AND i.company_id = $1
                      AND i.status IN ('pending', 'accepted')) AS invited
       FROM unnest($2::int[], $3::int[], $4::text[]) WITH ORDINALITY AS p(id, k_rank, k_at, n)
       JOIN candidates c ON c.id = p.id
      ORDER BY p.n`,
    [companyId, page.map((r) => r.id), page.map((r) => r.k_rank), page.map((r) => r.k_at)],
  );
  const key = (r: HallRow | undefined) => (r ? encodeCursor([r.k_rank, r.k_at, r.user_id]) : '');
  return {
    ...pageFields(query, count.total),
    total_more: count.total_more,
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

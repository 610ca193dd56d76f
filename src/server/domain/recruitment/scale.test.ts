/**
 * Data at scale (issue 34), on the migrated demo database: the hall's indexed keyword search gives
 * exactly what ILIKE over each field gives (a labelled set of keywords, also after edits and
 * deletions), ranks matches in a position first and pages by keyset both ways; the position list's
 * kept figures equal a recount after every kind of change.
 */
import { describe, expect, it } from 'vitest';
import { HallQuery } from '../../../contract/recruitment';
import { useTestDb } from '../../../../tests/setup/db';
import { demoActors } from '../../../../tests/setup/domain';
import { encodeCursor, MSG_PAGE_TOO_DEEP } from '../../lib/page';
import { containsPattern } from '../../lib/search';
import { hireApplication, markUnsuitable } from './applications';
import { HALL_COUNT_CAP, searchHall } from './hall';
import { listPositions } from './positions';

const db = useTestDb();
const { mine } = demoActors(db);
const now = new Date();

/** The old semantics: the keyword contained (ILIKE) in any one field; head = 期望职位 or a job name. */
async function reference(keyword: string) {
  const rows = await db.query<{ id: number; head: boolean }>(
    `SELECT c.id, (c.expect_job ILIKE $1 OR EXISTS (SELECT 1 FROM candidate_work w WHERE w.candidate_id = c.id AND w.job_name ILIKE $1)) AS head
       FROM candidates c
      WHERE c.expect_job ILIKE $1 OR c.evaluation ILIKE $1 OR array_to_string(c.labels, ',') ILIKE $1
         OR EXISTS (SELECT 1 FROM candidate_work w WHERE w.candidate_id = c.id AND (w.job_name ILIKE $1 OR w.company_name ILIKE $1))
         OR EXISTS (SELECT 1 FROM candidate_edu e WHERE e.candidate_id = c.id AND e.school_name ILIKE $1)`,
    [containsPattern(keyword)],
  );
  return { ids: rows.map((r) => r.id).sort((a, b) => a - b), head: new Set(rows.filter((r) => r.head).map((r) => r.id)) };
}

/** Every page of a search, walked forward by the answers' `next` cursors (past the count's cap too). */
async function walk(keywords: string, pageSize = 50) {
  const ids: number[] = [];
  let after: string | undefined;
  let first: { total: number; total_more: boolean } | undefined;
  for (let page = 1; page < 100; page++) {
    const r = await searchHall(db, mine.companyId, HallQuery.parse({ keywords, page, page_size: pageSize, after }), now);
    first ??= r;
    ids.push(...r.list.map((x) => x.id));
    if (r.list.length < pageSize) return { ids, total: first.total, more: first.total_more };
    after = r.next;
  }
  throw new Error('too many pages');
}

// common and rare words, a company, a school, Latin in another case, one character, ILIKE's own
// characters, a quote and a backslash, a mobile number, nothing
const KEYWORDS = [
  '前端',
  '销售',
  '工程师',
  '开发',
  'java',
  'JAVA',
  '浙江大学',
  '大学',
  '阿里',
  '有限公司',
  '杭',
  '会',
  '%',
  '_',
  "it's",
  '\\',
  '13800000001',
  '不存在的技能',
];

describe('the hall keyword search by index', () => {
  it('finds exactly what ILIKE over each field finds, matches in a position first', async () => {
    // a common word is counted without the bigram index; which words are common the statistics
    // say: none before ANALYZE, the demo's frequent pairs after it
    await db.query('ANALYZE candidates');
    const common = await db.query<{ e: string }>(
      `SELECT e FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(e, f)
        WHERE s.schemaname = current_schema() AND s.tablename = 'candidates' AND s.attname = 'search_grams' AND f >= 0.05`,
    );
    expect(common.map((r) => r.e)).toEqual(expect.arrayContaining(['大学']));
    let found = 0;
    for (const k of KEYWORDS) {
      const ref = await reference(k);
      const got = await walk(k);
      expect(
        [...got.ids].sort((a, b) => a - b),
        k,
      ).toEqual(ref.ids);
      expect([got.total, got.more], k).toEqual([Math.min(ref.ids.length, HALL_COUNT_CAP), ref.ids.length > HALL_COUNT_CAP]);
      // ranked: no body match before a head match
      const firstBody = got.ids.findIndex((id) => !ref.head.has(id));
      if (firstBody >= 0)
        expect(
          got.ids.slice(firstBody).some((id) => ref.head.has(id)),
          k,
        ).toBe(false);
      if (ref.ids.length) found++;
    }
    expect(found).toBeGreaterThanOrEqual(8);
  });

  it('follows edits and deletions of the resume rows', async () => {
    const c = (await db.one<{ id: number }>('SELECT candidate_id AS id FROM candidate_edu ORDER BY id LIMIT 1'))!;
    await db.query(`UPDATE candidate_work SET company_name = '量子纠缠科技有限公司' WHERE candidate_id = $1`, [c.id]);
    await db.query(
      `INSERT INTO candidate_edu (candidate_id, school_name, start_date, end_date, education) VALUES ($1, '蓬莱仙岛学院', '2010-09-01', '2014-07-01', 5)`,
      [c.id],
    );
    for (const k of ['量子纠缠', '蓬莱仙岛']) expect((await walk(k)).ids, k).toEqual([c.id]);
    await db.query(`DELETE FROM candidate_edu WHERE school_name = '蓬莱仙岛学院'`);
    await db.query(`UPDATE candidates SET expect_job = '星际导航员', labels = '{}' WHERE id = $1`, [c.id]);
    expect((await walk('蓬莱仙岛')).ids).toEqual([]);
    expect((await walk('星际导航')).ids).toEqual([c.id]);
    const hall = await searchHall(db, mine.companyId, HallQuery.parse({ keywords: '量子纠缠' }), now);
    expect(hall.list[0]!.last_company).toBe('量子纠缠科技有限公司');
    expect((await reference('量子纠缠')).ids).toEqual([c.id]);
    // a body match becomes a position match when the job is renamed, and drops out when deleted
    const body = await walk('有限公司');
    const ref = await reference('有限公司');
    const moved = body.ids.find((id) => !ref.head.has(id) && id !== c.id)!;
    await db.query(`UPDATE candidate_work SET job_name = '有限公司顾问' WHERE id = (SELECT min(id) FROM candidate_work WHERE candidate_id = $1)`, [moved]);
    const after = await walk('有限公司');
    expect(after.ids.indexOf(moved)).toBeLessThan(after.ids.findIndex((id) => !ref.head.has(id) && id !== moved));
    await db.query('DELETE FROM candidate_work WHERE candidate_id = $1', [moved]);
    const gone = await reference('有限公司');
    expect([...(await walk('有限公司')).ids].sort((a, b) => a - b)).toEqual(gone.ids);
  });

  it('pages by keyset forward and back, the same rows as by offset', async () => {
    const q = (p: Record<string, unknown>) => searchHall(db, mine.companyId, HallQuery.parse({ page_size: 7, ...p }), now);
    const [p1, p2, p3] = [await q({ page: 1 }), await q({ page: 2 }), await q({ page: 3 })];
    const n2 = await q({ page: 2, after: p1.next });
    const n3 = await q({ page: 3, after: n2.next });
    expect(n2.list.map((x) => x.id)).toEqual(p2.list.map((x) => x.id));
    expect(n3.list.map((x) => x.id)).toEqual(p3.list.map((x) => x.id));
    expect((await q({ page: 2, before: n3.prev })).list.map((x) => x.id)).toEqual(p2.list.map((x) => x.id));
    const k1 = await q({ keywords: '大学', page: 1 });
    const k2 = await q({ keywords: '大学', page: 2, after: k1.next });
    expect((await q({ keywords: '大学', page: 1, before: k2.prev })).list.map((x) => x.id)).toEqual(k1.list.map((x) => x.id));
    // both groups (a position's matches, then the rest) on one walk: offset pages, keyset forward
    // and back give the same rows at every page, across the page where the groups meet
    let mixed = 0;
    for (const keywords of ['开发', '大学', '杭', '会', '管理', '经理']) {
      const size = 5;
      const ref = await reference(keywords);
      // a page holding the last position match and the first other one
      if (ref.head.size > 0 && ref.head.size < ref.ids.length && ref.head.size % size !== 0) mixed++;
      const first = await q({ keywords, page: 1, page_size: size });
      expect([first.total, first.total_more], keywords).toEqual([Math.min(ref.ids.length, HALL_COUNT_CAP), ref.ids.length > HALL_COUNT_CAP]);
      const pages = Math.ceil(ref.ids.length / size);
      let after = first;
      const forward = [first.list.map((x) => x.id)];
      for (let page = 2; page <= pages; page++) {
        after = await q({ keywords, page, page_size: size, after: after.next });
        forward.push(after.list.map((x) => x.id));
        expect(forward[page - 1], `${keywords} page ${page}`).toEqual((await q({ keywords, page, page_size: size })).list.map((x) => x.id));
      }
      for (let page = pages - 1, at = after; page >= 1; page--) {
        at = await q({ keywords, page, page_size: size, before: at.prev });
        expect(
          at.list.map((x) => x.id),
          `${keywords} back to ${page}`,
        ).toEqual(forward[page - 1]);
      }
      expect(new Set(forward.flat()).size, keywords).toBe(ref.ids.length);
      expect((await q({ keywords, page: pages + 1, page_size: size })).list, keywords).toEqual([]);
    }
    expect(mixed).toBeGreaterThan(0);
    // past the count's cap: 200+ (total_more), and 下一页 still reaches every match
    await db.query(
      `INSERT INTO candidates (realname, gender, birth_date, mobile_enc, expect_job, active_at)
       SELECT '潜' || i, '男', date '1990-01-01', 'x', '深海潜水员', now() - i * interval '1 minute' FROM generate_series(1, $1) i`,
      [HALL_COUNT_CAP + 10],
    );
    let many = await q({ keywords: '深海潜水', page_size: 50 });
    expect([many.total, many.total_more]).toEqual([HALL_COUNT_CAP, true]);
    const all = many.list.map((x) => x.id);
    for (let page = 2; many.list.length; page++) {
      many = await q({ keywords: '深海潜水', page, page_size: 50, after: many.next });
      all.push(...many.list.map((x) => x.id));
    }
    expect(new Set(all).size).toBe(HALL_COUNT_CAP + 10);
    // a page number past the count is refused (its OFFSET would read every row it skips); the
    // same page by cursor is answered
    expect((await q({ keywords: '深海潜水', page: 4, page_size: 50 })).list).toHaveLength(50);
    await expect(q({ keywords: '深海潜水', page: 5, page_size: 50 })).rejects.toMatchObject({ message: MSG_PAGE_TOO_DEEP });
    await expect(q({ page: HALL_COUNT_CAP / 10 + 1, page_size: 10 })).rejects.toMatchObject({ message: MSG_PAGE_TOO_DEEP });
    expect((await q({ page: HALL_COUNT_CAP / 10, page_size: 10 })).list).toHaveLength(10);
    for (const bad of [encodeCursor([2, '2026-02-01 10:00:00+00', 1]), encodeCursor([1, '2026-02-01 10:00:00+00', 1])])
      await expect(q({ page: 2, after: bad })).rejects.toMatchObject({ message: '翻页位置已失效，请回到第一页' });
    for (const bad of ['bm90LWEtY3Vyc29y', encodeCursor([0, '2026-02-30 10:00:00+00', 1]), encodeCursor([0, 'now', 1]), encodeCursor(['x', 1])])
      await expect(q({ page: 2, after: bad })).rejects.toMatchObject({ message: '翻页位置已失效，请回到第一页' });
  });
});

describe('the position list figures', () => {
  const recount = () =>
    db.query(
      `SELECT p.id, p.apply_num, p.new_num, p.invite_num, p.hired_num,
              (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.company_id = p.company_id)::int AS r_apply,
              (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.company_id = p.company_id AND a.status = 'pending')::int AS r_new,
              (SELECT count(*) FROM interviews i WHERE i.position_id = p.id AND i.company_id = p.company_id AND i.status <> 'canceled')::int AS r_invite,
              (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.company_id = p.company_id AND a.status = 'hired')::int AS r_hired
         FROM positions p`,
    );
  const same = async (step: string) => {
    for (const r of await recount())
      expect([r.apply_num, r.new_num, r.invite_num, r.hired_num], `${step} #${String(r.id)}`).toEqual([r.r_apply, r.r_new, r.r_invite, r.r_hired]);
  };

  it('equal a recount after applying, inviting, hiring, rejecting, cancelling and deleting', async () => {
    await same('seeded');
    const pos = (await db.one<{ id: number }>(`SELECT id FROM positions WHERE company_id = $1 AND status = 'open' ORDER BY id LIMIT 1`, [mine.companyId]))!.id;
    const people = await db.query<{ id: number }>(
      'SELECT id FROM candidates WHERE id NOT IN (SELECT candidate_id FROM applications WHERE position_id = $1) ORDER BY id LIMIT 3',
      [pos],
    );
    const apps: number[] = [];
    for (const p of people)
      apps.push(
        (await db.one<{ id: number }>(`INSERT INTO applications (position_id, company_id, candidate_id) VALUES ($1, $2, $3) RETURNING id`, [
          pos,
          mine.companyId,
          p.id,
        ]))!.id,
      );
    await same('applied');
    const iv = (await db.one<{ id: number }>(
      `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address, contacts_name, contacts_tel)
       VALUES ($1, $2, $3, $4, 'intention', now() + interval '1 day', '网商路699号', '王丽娟', '0571-88886666') RETURNING id`,
      [mine.companyId, people[0]!.id, pos, apps[0]],
    ))!.id;
    await db.query(`UPDATE applications SET status = 'invited' WHERE id = $1`, [apps[0]]);
    await same('invited');
    await hireApplication(db, mine.companyId, apps[0]!, now);
    await markUnsuitable(db, mine.companyId, apps[1]!, now);
    await same('hired and rejected');
    await db.query(`UPDATE interviews SET status = 'canceled' WHERE id = $1`, [iv]);
    await same('canceled');
    await db.query('DELETE FROM interviews WHERE id = $1', [iv]);
    await db.query('DELETE FROM applications WHERE id = ANY ($1)', [apps]);
    await same('deleted');
    const listed = (await listPositions(db, mine.companyId, { status: 'all', keywords: '', page: 1, page_size: 50 }, now)).list;
    expect(listed.length).toBeGreaterThan(0);
    // a counter gone wrong (a bulk fix by hand) is put right by the rebuild
    await db.query('UPDATE positions SET apply_num = apply_num + 5, hired_num = 0');
    await db.query('SELECT position_counts_rebuild()');
    await same('rebuilt');
  });
});

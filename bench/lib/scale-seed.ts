/**
 * The scale bench's data, seeded by SQL on top of the demo (bench/scale.bench.ts): `seekers`
 * candidates (four in five with two jobs, each with a school), `positions` positions of the demo's
 * member company and one application per seeker (a tenth of them to one position). Per-row triggers
 * are off while it inserts; the kept columns (search text, bigrams, last job, position figures) are
 * then filled set-based by the same rules the triggers follow (migration 067), and the search
 * indexes (067, 074) built after.
 */
import type { Db } from '../../src/server/db';
import { mobileIndex } from '../../src/server/domain/users';

const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;
const SURNAMES = arr(['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高']);
const GIVEN = arr(['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞']);
const JOBS = arr([
  '销售代表',
  '销售经理',
  '前端开发工程师',
  'Java开发工程师',
  '会计',
  '出纳',
  '行政专员',
  '人事专员',
  '客服专员',
  '仓库管理员',
  '司机',
  '普工',
  '产品经理',
  '测试工程师',
  '运营专员',
  '店长',
  '收银员',
  '厨师',
  '保安',
  '电工',
]);
const FIRMS = arr([
  '网易',
  '阿里巴巴',
  '海康威视',
  '吉利汽车',
  '娃哈哈',
  '顺丰速运',
  '美团',
  '京东物流',
  '盒马鲜生',
  '银泰百货',
  '杭州云帆科技有限公司',
  '宁波港通物流有限公司',
  '温州鹿城鞋业有限公司',
  '绍兴纺织印染有限公司',
  '嘉兴智造电子有限公司',
]);
const SCHOOLS = arr([
  '浙江大学',
  '杭州电子科技大学',
  '浙江工业大学',
  '宁波大学',
  '浙江财经大学',
  '温州医科大学',
  '杭州职业技术学院',
  '金华职业技术学院',
  '南京大学',
  '东南大学',
]);
const CITIES = arr(['杭州', '宁波', '温州', '绍兴', '嘉兴', '金华', '台州', '湖州']);
const LABELS = arr(['沟通能力强', '吃苦耐劳', '有驾照', '英语六级', '熟悉Excel', '团队管理', '抗压能力强', '可立即到岗']);
const EVALS = arr([
  '工作认真负责，执行力强，能适应加班。',
  '五年以上行业经验，熟悉门店运营和团队管理。',
  '性格开朗，善于沟通，有丰富的客户服务经验。',
  '熟练使用办公软件，做事细致，条理清晰。',
  '有大型连锁企业工作经历，抗压能力强。',
]);
const TRIGGERED = ['candidates', 'candidate_work', 'candidate_edu', 'applications'];

export async function seedScale(db: Db, opts: { seekers: number; positions: number }) {
  const n = opts.seekers;
  const company = (await db.one<{ id: number }>('SELECT company_id AS id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))!.id;
  const base = (await db.one<{ m: number }>('SELECT coalesce(max(id), 0)::int AS m FROM candidates'))!.m;
  const steps: Record<string, number> = {};
  const step = async (name: string, sql: string, args: unknown[] = []) => {
    const t = performance.now();
    await db.query(sql, args);
    steps[name] = Math.round(performance.now() - t);
  };
  const started = performance.now();
  for (const t of TRIGGERED) await db.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
  await db.query('DROP INDEX candidates_search_idx');
  await db.query('DROP INDEX candidates_search_head_idx');
  await step(
    'candidates',
    `INSERT INTO candidates (realname, gender, birth_date, mobile_enc, mobile_mask, education, work_start, job_status, expect_city,
                             expect_job, expect_min, expect_max, labels, evaluation, active_at)
     SELECT (${SURNAMES})[1 + i % 20] || (${GIVEN})[1 + (i / 20) % 20], CASE WHEN i % 2 = 0 THEN '男' ELSE '女' END,
            date '1970-01-01' + (i * 7 % 12000), 'bench', '139****' || lpad((i % 10000)::text, 4, '0'), 1 + i % 7,
            CASE WHEN i % 5 = 0 THEN NULL ELSE date '2005-01-01' + (i * 13 % 6500) END, 1 + i % 4, (${CITIES})[1 + i % 8],
            CASE WHEN i % 997 = 0 THEN '区块链工程师' ELSE (${JOBS})[1 + (i * 31) % 20] END, 3 + i % 10, 13 + i % 20,
            ARRAY[(${LABELS})[1 + i % 8], (${LABELS})[1 + (i / 8) % 8]], (${EVALS})[1 + (i * 3) % 5],
            now() - (i::bigint * 7919 % $1) * interval '13 seconds'
       FROM generate_series(1, $1) i`,
    [n],
  );
  await step(
    'work',
    `INSERT INTO candidate_work (candidate_id, company_name, job_name, start_date, end_date)
     SELECT c.id, (${FIRMS})[1 + (c.id * 7 + j) % 15], (${JOBS})[1 + (c.id * 11 + j) % 20],
            date '2008-01-01' + (c.id % 3000) + j * 700, CASE WHEN j = 1 THEN date '2008-01-01' + (c.id % 3000) + 650 END
       FROM candidates c, generate_series(1, 2) j WHERE c.id > $1 AND c.id % 5 <> 0`,
    [base],
  );
  await step(
    'education',
    `INSERT INTO candidate_edu (candidate_id, school_name, major, start_date, end_date, education)
     SELECT c.id, (${SCHOOLS})[1 + (c.id * 3) % 10], '', date '2000-09-01' + (c.id % 3000), date '2004-07-01' + (c.id % 3000), 5
       FROM candidates c WHERE c.id > $1`,
    [base],
  );
  await step(
    'search_columns',
    `UPDATE candidates c SET search_head = x.head, search_text = x.txt, search_grams = hall_grams(x.txt),
                            search_head_grams = hall_grams(x.head || E'\\n'), last_company = x.lc, last_job = x.lj
       FROM (SELECT c.id, c.expect_job || E'\\n' || coalesce(w.jobs, '') AS head,
                    c.expect_job || E'\\n' || coalesce(w.jobs, '') || E'\\n' || array_to_string(c.labels, ',') || E'\\n' || c.evaluation || E'\\n'
                      || coalesce(w.firms, '') || E'\\n' || coalesce(e.schools, '') || E'\\n' AS txt, w.lc, w.lj
               FROM candidates c
               LEFT JOIN (SELECT candidate_id, string_agg(job_name, E'\\n' ORDER BY id) AS jobs, string_agg(company_name, E'\\n' ORDER BY id) AS firms,
                                 (array_agg(company_name ORDER BY start_date DESC, id))[1] AS lc, (array_agg(job_name ORDER BY start_date DESC, id))[1] AS lj
                            FROM candidate_work GROUP BY candidate_id) w ON w.candidate_id = c.id
               LEFT JOIN (SELECT candidate_id, string_agg(school_name, E'\\n' ORDER BY id) AS schools FROM candidate_edu GROUP BY candidate_id) e ON e.candidate_id = c.id
              WHERE c.id > $1) x
      WHERE c.id = x.id`,
    [base],
  );
  await step('search_index', 'CREATE INDEX candidates_search_idx ON candidates USING gin (search_grams)');
  await step('search_head_index', 'CREATE INDEX candidates_search_head_idx ON candidates USING gin (search_head_grams)');
  await step(
    'positions',
    `INSERT INTO positions (company_id, title, category, city, district, salary_min, salary_max, description, status, created_at, updated_at)
     SELECT $1, (${JOBS})[1 + i % 20] || '（' || i || '）', '其他', (${CITIES})[1 + i % 8], '', 5, 10, '岗位职责：按公司要求完成工作。',
            CASE WHEN i % 10 = 0 THEN 'closed' ELSE 'open' END, now() - i * interval '1 hour', now() - i * interval '1 hour'
       FROM generate_series(1, $2) i`,
    [company, opts.positions],
  );
  const first = (await db.one<{ id: number }>('SELECT max(id) - $1 + 1 AS id FROM positions', [opts.positions]))!.id;
  await step(
    'applications',
    `INSERT INTO applications (position_id, company_id, candidate_id, status, created_at, updated_at, hired_at)
     SELECT CASE WHEN i % 10 = 0 THEN $3 ELSE $3 + i % $4 END, $1, $2 + i,
            CASE WHEN i % 50 = 0 THEN 'hired' WHEN i % 10 < 6 THEN 'pending' WHEN i % 10 = 7 THEN 'viewed' WHEN i % 10 = 8 THEN 'invited' ELSE 'unsuitable' END,
            now() - (i::bigint * 104729 % $5) * interval '31 seconds', now(), CASE WHEN i % 50 = 0 THEN now() END
       FROM generate_series(1, $5) i`,
    [company, base, first, opts.positions, n],
  );
  await step('position_counts', 'SELECT position_counts_rebuild()');
  for (const t of TRIGGERED) await db.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
  await step('analyze', 'ANALYZE');
  return { company_id: company, big_position_id: first, seed_s: +((performance.now() - started) / 1000).toFixed(1), seed_steps_ms: steps };
}

/**
 * Recruitment demo data: ~320 candidates with resumes (work experience with departure proofs,
 * education), positions of the demo companies, applications, hires and interviews spread over
 * several days (the 面试安排 dropdown shows more than 7 dates for company 1).
 * Deterministic: a fixed-seed PRNG, so every demo database holds the same people.
 *
 * Why ~620 lines: demo data (names, résumés, positions) is a table to read top to bottom, not logic.
 */
import type { Db } from '../types';
import { mobileIndex } from '../../domain/users';
import { insertRows } from './rows';
import type { SeedStep } from '../seed';
import { sealPii } from '../../lib/pii';
import { addDays, dateAfter } from '../../lib/time';
import { CITIES, TALENT_LABELS } from '../../../contract/vocab';

/** mulberry32: small, fast, good enough for demo data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    some: <T>(xs: readonly T[], n: number): T[] => {
      const c = [...xs];
      const out: T[] = [];
      while (out.length < n && c.length) out.push(c.splice(Math.floor(next() * c.length), 1)[0]!);
      return out;
    },
  };
}

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const MALE = [
  '伟',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '杰',
  '涛',
  '明',
  '超',
  '浩然',
  '子轩',
  '宇航',
  '志远',
  '俊杰',
  '文博',
  '天佑',
  '建华',
  '鹏飞',
  '晓东',
  '振宇',
  '嘉豪',
  '思远',
  '一鸣',
  '国栋',
  '海峰',
];
const FEMALE = [
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '艳',
  '婷',
  '雪',
  '琳',
  '颖',
  '欣怡',
  '梓涵',
  '雨桐',
  '诗琪',
  '佳怡',
  '思雨',
  '晓燕',
  '慧敏',
  '婉清',
  '可馨',
  '梦瑶',
  '雅琴',
  '丹丹',
  '若曦',
  '书瑶',
  '紫萱',
];
const NATIONS = ['汉族', '汉族', '汉族', '汉族', '汉族', '汉族', '回族', '满族', '壮族', '土家族', '苗族'];
const PROVINCES = [
  '浙江杭州',
  '浙江温州',
  '江苏南京',
  '江苏徐州',
  '安徽合肥',
  '安徽阜阳',
  '河南周口',
  '河南南阳',
  '湖北黄冈',
  '湖南邵阳',
  '四川南充',
  '江西赣州',
  '山东临沂',
  '河北邯郸',
  '广东湛江',
  '陕西渭南',
];

interface Track {
  jobs: string[];
  labels: string[];
  majors: string[];
  salary: [number, number];
}
const TRACKS: Track[] = [
  { jobs: ['Java开发工程师', '后端开发工程师', '高级Java工程师'], labels: ['Java', '团队管理'], majors: ['计算机科学与技术', '软件工程'], salary: [12, 35] },
  { jobs: ['前端开发工程师', 'Web前端工程师', '高级前端工程师'], labels: ['前端'], majors: ['计算机科学与技术', '数字媒体技术'], salary: [10, 30] },
  {
    jobs: ['Python开发工程师', '数据分析师', '数据工程师'],
    labels: ['Python', '数据分析'],
    majors: ['统计学', '数学与应用数学', '计算机科学与技术'],
    salary: [10, 30],
  },
  { jobs: ['软件测试工程师', '测试开发工程师'], labels: ['测试'], majors: ['软件工程', '电子信息工程'], salary: [8, 20] },
  { jobs: ['产品经理', '产品助理', '高级产品经理'], labels: ['产品设计'], majors: ['工商管理', '信息管理与信息系统'], salary: [12, 35] },
  { jobs: ['UI设计师', '视觉设计师', '交互设计师'], labels: ['UI设计'], majors: ['视觉传达设计', '数字媒体艺术'], salary: [8, 22] },
  { jobs: ['新媒体运营', '内容运营', '用户运营'], labels: ['新媒体运营'], majors: ['汉语言文学', '新闻学', '市场营销'], salary: [6, 15] },
  { jobs: ['电商运营', '天猫店铺运营', '电商运营主管'], labels: ['电商运营'], majors: ['电子商务', '市场营销'], salary: [6, 18] },
  { jobs: ['销售代表', '大客户经理', '销售主管'], labels: ['大客户销售', '普通话标准'], majors: ['市场营销', '国际经济与贸易'], salary: [6, 25] },
  { jobs: ['会计', '出纳', '财务主管'], labels: ['财务核算'], majors: ['会计学', '财务管理'], salary: [5, 15] },
  { jobs: ['招聘专员', 'HRBP', '人事专员'], labels: ['招聘'], majors: ['人力资源管理', '心理学'], salary: [5, 15] },
  { jobs: ['行政专员', '前台', '行政主管'], labels: ['行政管理'], majors: ['行政管理', '文秘'], salary: [4, 10] },
  { jobs: ['仓库管理员', '物流专员', '仓储主管'], labels: ['仓储管理', '驾驶证C1'], majors: ['物流管理', '工商管理'], salary: [4, 10] },
  { jobs: ['客服专员', '客服主管'], labels: ['普通话标准'], majors: ['市场营销', '汉语言文学'], salary: [4, 9] },
];
const EMPLOYERS = [
  '杭州网易云音乐科技有限公司',
  '阿里巴巴（中国）有限公司',
  '浙江大华技术股份有限公司',
  '上海拉扎斯信息科技有限公司',
  '南京苏宁易购电子商务有限公司',
  '成都完美时空网络技术有限公司',
  '深圳市腾讯计算机系统有限公司',
  '北京字节跳动科技有限公司',
  '武汉斗鱼网络科技有限公司',
  '苏州同程网络科技股份有限公司',
  '西安三星电子研究所有限公司',
  '广州唯品会电子商务有限公司',
  '杭州海康威视数字技术股份有限公司',
  '上海携程商务有限公司',
  '北京京东世纪贸易有限公司',
  '杭州有赞科技有限公司',
  '宁波银行股份有限公司杭州分行',
  '顺丰速运有限公司',
  '美团点评（北京）有限公司',
  '小米科技有限责任公司',
];
const SCHOOLS: [string, number][] = [
  ['浙江大学', 5],
  ['杭州电子科技大学', 5],
  ['浙江工业大学', 5],
  ['南京大学', 5],
  ['东南大学', 5],
  ['四川大学', 5],
  ['武汉理工大学', 5],
  ['西安电子科技大学', 5],
  ['浙江工商大学', 5],
  ['苏州大学', 5],
  ['华中科技大学', 6],
  ['上海交通大学', 6],
  ['浙江金融职业学院', 4],
  ['杭州职业技术学院', 4],
  ['南京工业职业技术大学', 4],
  ['成都职业技术学院', 4],
  ['浙江经贸职业技术学院', 4],
  ['温州市职业中等专业学校', 2],
  ['合肥市第一中学', 3],
];
const CAUSES = ['个人职业发展', '薪资待遇', '通勤距离较远', '家庭原因', '公司业务调整', '合同到期', '希望进入更大平台', '回老家发展'];
const EVALS = [
  '工作认真负责，沟通能力强，具备良好的团队协作精神，能够承受一定的工作压力。',
  '熟悉行业业务流程，执行力强，善于总结复盘，曾多次获得季度优秀员工。',
  '性格开朗，学习能力强，对新技术保持热情，希望在稳定的平台长期发展。',
  '有完整的项目经验，能独立负责模块的设计与落地，注重细节与交付质量。',
  '服务意识强，做事踏实细致，能吃苦耐劳，可接受轮班。',
  '具备带团队经验，擅长跨部门协作与目标管理，结果导向。',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The demo companies are found through their admins' mobiles (ARCHITECTURE §2). */
const DEMO_ADMIN_1 = '13800000001';
const DEMO_ADMIN_2 = '13800000002';
async function cid(db: Db, adminMobile: string): Promise<number> {
  const r = await db.one<{ company_id: number | null }>('SELECT company_id FROM users WHERE mobile_bidx = $1', [mobileIndex(adminMobile)]);
  if (!r?.company_id) throw new Error(`seed: company of ${adminMobile} missing`);
  return r.company_id;
}

const candidates: SeedStep = {
  name: '004_recruitment_candidates',
  async run(db, now) {
    const r = prng(20241108);
    const c1 = await cid(db, DEMO_ADMIN_1);
    const c2 = await cid(db, DEMO_ADMIN_2);
    const year = Number(dateAfter(now, 0).slice(0, 4));
    const cities = Object.keys(CITIES);
    const usedMobiles = new Set<string>();
    // work and education rows written together at the end (insertRows), in the order made
    const works: unknown[][] = [];
    const edus: unknown[][] = [];
    for (let i = 0; i < 320; i++) {
      const male = r.next() < 0.55;
      const surname = r.pick([...SURNAMES]);
      const name = surname + r.pick(male ? MALE : FEMALE);
      const age = r.int(20, 45);
      const birth = `${year - age}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
      let mobile: string;
      do mobile = `1${r.pick(['35', '36', '37', '38', '39', '50', '52', '58', '59', '77', '86', '88'])}${String(r.int(0, 99_999_999)).padStart(8, '0')}`;
      while (usedMobiles.has(mobile));
      usedMobiles.add(mobile);
      // sealed (docs/pii.md): the plain mobile is never stored
      const sealed = sealPii('mobile', mobile);
      const track = r.pick(TRACKS);
      const years = Math.max(0, Math.min(age - 21, r.int(0, 14)));
      const edu = years === 0 && age < 23 ? r.pick([4, 5, 5]) : r.pick([2, 3, 4, 4, 5, 5, 5, 6]);
      const city = r.pick(cities);
      const district = r.pick(CITIES[city]!);
      const senior = Math.min(1, years / 10);
      const lo = Math.round(track.salary[0] + (track.salary[1] - track.salary[0]) * senior * 0.7);
      const expectMin = Math.max(3, lo);
      const expectMax = expectMin + r.int(2, Math.max(3, Math.round(expectMin * 0.5)));
      const labels = [...new Set([...track.labels, ...r.some(TALENT_LABELS, r.int(0, 2))])].slice(0, 4);
      const activeAgo = r.next() < 0.3 ? r.next() : r.int(1, 40) + r.next();
      const workStart = years > 0 ? `${year - years}-07-01` : null;
      const row = await db.one<{ id: number }>(
        `INSERT INTO candidates (realname, gender, birth_date, mobile_enc, mobile_mask, verify_status, nation, current_addr, jnplace,
           education, work_start, job_status, expect_city, expect_job, expect_min, expect_max, labels, resign_cause,
           evaluation, active_at, updated_at, mobile_bidx)
         VALUES ($1,$2,$3,$4,$20,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$19,$21) RETURNING id`,
        [
          name,
          male ? '男' : '女',
          birth,
          sealed.enc,
          r.next() < 0.8 ? 1 : 0,
          r.pick(NATIONS),
          `${city}市${district}`,
          r.pick(PROVINCES),
          edu,
          workStart,
          r.pick([1, 1, 2, 3, 3, 4]),
          city,
          track.jobs[0],
          expectMin,
          expectMax,
          labels,
          years > 0 ? r.some(CAUSES, r.int(1, 2)) : [],
          r.pick(EVALS),
          addDays(now, -activeAgo),
          sealed.mask,
          sealed.bidx,
        ],
      );
      const id = row!.id;
      // work history, newest first: the last job ends within the last year (or is current)
      let end: Date | null = r.next() < 0.35 ? null : addDays(now, -r.int(10, 300));
      let left = years * 12;
      for (let k = 0; k < 4 && left >= 6; k++) {
        const months = k === 3 ? left : Math.min(left, r.int(10, 48));
        left -= months;
        const endAt = end ?? now;
        const start = addDays(endAt, -Math.round(months * 30.4));
        // a few worked for the demo companies: their departures are platform records with proofs
        const own = i % 23 === 0 && k === 0 && end ? c1 : i % 41 === 0 && k === 0 && end ? c2 : null;
        const employer = own === c1 ? '杭州云帆智联科技有限公司' : own === c2 ? '南京禾木餐饮管理有限公司' : r.pick(EMPLOYERS);
        const job = track.jobs[Math.min(track.jobs.length - 1, Math.max(0, 2 - k - (years < 4 ? 1 : 0)))]!;
        works.push([
          id,
          own,
          employer,
          job,
          dateAfter(start, 0),
          end ? dateAfter(end, 0) : null,
          own ? 10_000 + id * 10 + k : 0,
          own ? 'in' : 'other',
          end !== null && (own !== null || r.next() < 0.6),
        ]);
        end = addDays(start, -r.int(5, 60));
      }
      // education: the highest degree, and for masters the bachelor before it
      const school = r.pick(SCHOOLS.filter(([, lv]) => lv === Math.min(edu, 6)).length ? SCHOOLS.filter(([, lv]) => lv === Math.min(edu, 6)) : SCHOOLS);
      const gradYear = year - years - (years === 0 ? r.int(0, 1) : 0);
      const span = edu >= 6 ? 3 : edu === 5 ? 4 : 3;
      edus.push([id, school[0], edu <= 3 ? '' : r.pick(track.majors), `${gradYear - span}-09-01`, `${gradYear}-06-30`, edu]);
      if (edu >= 6) {
        edus.push([id, r.pick(SCHOOLS.filter(([, lv]) => lv === 5))[0], r.pick(track.majors), `${gradYear - span - 4}-09-01`, `${gradYear - span}-06-30`, 5]);
      }
    }
    await insertRows(
      db,
      'INSERT INTO candidate_work (candidate_id, company_id, company_name, job_name, start_date, end_date, resign_id, resign_type, has_proof)',
      works,
    );
    await insertRows(db, 'INSERT INTO candidate_edu (candidate_id, school_name, major, start_date, end_date, education)', edus);
  },
};

type P = [string, string, string, string, number, number, number, string, number, number, string[], string, 'open' | 'review' | 'rejected' | 'closed', number];
const POSITIONS_1: P[] = [
  // title, category, city, district, min, max, months, experience, education, headcount, welfare, description, status, updated days ago
  [
    'Java开发工程师',
    '技术研发',
    '杭州',
    '西湖区',
    15,
    25,
    14,
    '3-5',
    5,
    3,
    ['五险一金', '双休', '年终奖', '弹性工作'],
    '负责公司人力资源SaaS平台后端服务的设计与开发；参与核心业务模块（招聘、离职、薪资发放）的架构演进；要求熟悉Spring Boot、MySQL、Redis，有高并发系统经验者优先。',
    'open',
    1,
  ],
  [
    '前端开发工程师',
    '技术研发',
    '杭州',
    '西湖区',
    12,
    22,
    14,
    '1-3',
    5,
    2,
    ['五险一金', '双休', '餐补', '技术培训'],
    '负责企业服务控制台与小程序的前端开发；熟悉React或Vue，理解前端工程化；有B端中后台经验优先。',
    'open',
    2,
  ],
  [
    '招聘专员',
    '人力资源',
    '杭州',
    '滨江区',
    6,
    9,
    13,
    '1-3',
    4,
    2,
    ['五险一金', '双休', '全勤奖', '节日福利'],
    '负责技术与销售岗位的招聘全流程：需求沟通、渠道发布、简历筛选、面试安排与入职跟进；有互联网招聘经验优先。',
    'open',
    3,
  ],
  [
    '大客户销售经理',
    '销售',
    '上海',
    '浦东新区',
    10,
    20,
    12,
    '3-5',
    4,
    5,
    ['五险一金', '交通方便', '团建旅游'],
    '负责华东区域中大型企业客户的开拓与维护，推广企业人事服务解决方案；完成季度销售目标；有SaaS或人力资源服务销售经验优先。',
    'open',
    4,
  ],
  [
    '新媒体运营',
    '运营',
    '杭州',
    '西湖区',
    7,
    12,
    13,
    '1-3',
    5,
    1,
    ['五险一金', '双休', '弹性工作'],
    '负责公司公众号、视频号与小红书的内容策划和日常运营；分析数据并持续优化内容；文字功底扎实。',
    'open',
    6,
  ],
  [
    '财务会计',
    '财务',
    '杭州',
    '西湖区',
    7,
    10,
    13,
    '3-5',
    5,
    1,
    ['五险一金', '双休', '带薪年假'],
    '负责日常账务处理、凭证审核、纳税申报与报表编制；持有初级会计职称，熟练使用用友或金蝶。',
    'review',
    0,
  ],
  [
    '客服专员',
    '客服',
    '成都',
    '高新区',
    5,
    7,
    12,
    '0-1',
    4,
    6,
    ['五险一金', '餐补', '全勤奖'],
    '通过电话与在线渠道解答企业用户的产品咨询，记录并跟进问题；普通话标准，接受排班。押金需入职时缴纳。',
    'rejected',
    8,
  ],
  [
    '仓储主管',
    '物流仓储',
    '杭州',
    '萧山区',
    8,
    12,
    12,
    '5-10',
    4,
    1,
    ['五险一金', '包食宿'],
    '负责仓库日常管理、出入库与盘点、人员排班；有电商仓储管理经验。',
    'closed',
    30,
  ],
  [
    '产品经理（招聘方向）',
    '产品',
    '杭州',
    '西湖区',
    18,
    30,
    14,
    '3-5',
    5,
    1,
    ['五险一金', '双休', '年终奖', '股票期权'],
    '负责招聘与人才大厅产品线的规划与迭代；深入理解企业HR的招聘流程，输出需求文档并推动落地。',
    'open',
    5,
  ],
  [
    '测试开发工程师',
    '技术研发',
    '杭州',
    '滨江区',
    13,
    20,
    14,
    '3-5',
    5,
    1,
    ['五险一金', '双休', '年终奖'],
    '负责核心系统的自动化测试体系建设与质量保障；熟悉Python或Java，有接口与UI自动化经验。',
    'closed',
    45,
  ],
];
const POSITIONS_2: P[] = [
  [
    '门店店长',
    '餐饮服务',
    '南京',
    '鼓楼区',
    8,
    12,
    12,
    '3-5',
    4,
    2,
    ['五险一金', '包食宿', '节日福利'],
    '负责门店日常经营管理、人员排班与培训、成本控制；有连锁餐饮店长经验优先。',
    'open',
    2,
  ],
  [
    '服务员',
    '餐饮服务',
    '南京',
    '玄武区',
    4,
    6,
    12,
    'any',
    0,
    8,
    ['包食宿', '全勤奖'],
    '负责门店接待、点餐与餐台服务；形象良好，服务意识强，接受轮班。',
    'open',
    3,
  ],
];

const positionsAndFlow: SeedStep = {
  name: '004_recruitment_positions',
  async run(db, now) {
    const r = prng(77031);
    const c1 = await cid(db, DEMO_ADMIN_1);
    const c2 = await cid(db, DEMO_ADMIN_2);
    const hr1 = (await db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))!.id;
    const hr2 = (await db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000002')]))!.id;
    const ids: { id: number; company: number; hr: number; status: string; title: string }[] = [];
    for (const [company, hr, list, contact, tel, address] of [
      [c1, hr1, POSITIONS_1, '王丽娟', '0571-88886666', '浙江省杭州市西湖区文三路478号华星时代广场A座12层'],
      [c2, hr2, POSITIONS_2, '朱琳', '025-83332211', '江苏省南京市鼓楼区中山北路88号3栋2层'],
    ] as const) {
      for (const p of list) {
        const [title, category, city, district, min, max, months, exp, edu, head, welfare, desc, status, ago] = p;
        const at = addDays(now, -ago - 0.2);
        const row = await db.one<{ id: number }>(
          `INSERT INTO positions (company_id, title, category, city, district, salary_min, salary_max, salary_months,
             experience, education, headcount, welfare, description, address, contact_name, contact_tel, status,
             reject_reason, created_by, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20) RETURNING id`,
          [
            company,
            title,
            category,
            city,
            district,
            min,
            max,
            months,
            exp,
            edu,
            head,
            welfare,
            desc,
            address,
            contact,
            tel,
            status,
            status === 'rejected' ? '职位描述含有向求职者收取押金的内容，请修改后重新提交' : '',
            hr,
            at,
          ],
        );
        ids.push({ id: row!.id, company, hr, status, title });
      }
    }
    // applications: open and closed positions receive some; a few were hired
    const cands = (await db.query<{ id: number }>('SELECT id FROM candidates ORDER BY id')).map((x) => x.id);
    for (const p of ids) {
      if (p.status === 'review' || p.status === 'rejected') continue;
      const n = p.company === c1 ? r.int(4, 12) : r.int(2, 5);
      for (const cand of r.some(cands, n)) {
        const ago = r.int(0, 20) + r.next();
        const status = r.pick(['pending', 'pending', 'pending', 'viewed', 'viewed', 'unsuitable', 'hired'] as const);
        const created = addDays(now, -ago);
        await db.query(
          `INSERT INTO applications (position_id, company_id, candidate_id, status, source, created_at, updated_at, hired_at)
           VALUES ($1,$2,$3,$4,$5,$6,$6,$7)`,
          [p.id, p.company, cand, status, r.next() < 0.8 ? '自主投递' : '人才推荐', created, status === 'hired' ? addDays(created, 3) : null],
        );
      }
    }
    // interviews of company 1 on 9 days from today (the dropdown scrolls after 7 dates), some past ones
    const open1 = ids.filter((p) => p.company === c1 && p.status === 'open');
    const days = [0, 0, 0, 1, 1, 2, 3, 3, 4, 6, 7, 7, 9, 10, 12, -1, -3, -5];
    const hours = ['09:30', '10:00', '10:30', '11:00', '14:00', '14:30', '15:30', '16:00', '19:00'];
    for (const [k, d] of days.entries()) {
      const p = open1[k % open1.length]!;
      const cand = cands[(k * 37 + 11) % cands.length]!;
      const pick = `${dateAfter(now, d)} ${hours[(k * 5) % hours.length]}:00+08`;
      await db.query(
        `INSERT INTO interviews (company_id, candidate_id, position_id, type, pick_time, address, contacts_name, contacts_tel,
           remark, status, created_by, created_at)
         VALUES ($1,$2,$3,'user',$4,$5,'王丽娟','0571-88886666',$6,$7,$8,$9)`,
        [
          c1,
          cand,
          p.id,
          pick,
          '浙江省杭州市西湖区文三路478号华星时代广场A座12层',
          k % 3 === 0 ? '请携带身份证与学历证书原件' : '',
          d < 0 ? 'done' : k % 4 === 1 ? 'accepted' : 'pending',
          hr1,
          addDays(now, Math.min(d, 0) - 2),
        ],
      );
    }
    // company 2 has two upcoming interviews
    const open2 = ids.filter((p) => p.company === c2 && p.status === 'open');
    for (const [k, d] of [1, 2].entries()) {
      await db.query(
        `INSERT INTO interviews (company_id, candidate_id, position_id, type, pick_time, address, contacts_name, contacts_tel,
           status, created_by, created_at)
         VALUES ($1,$2,$3,'user',$4,'江苏省南京市鼓楼区中山北路88号3栋2层','朱琳','025-83332211','pending',$5,$6)`,
        [c2, cands[(k * 53 + 7) % cands.length]!, open2[k % open2.length]!.id, `${dateAfter(now, d)} 10:00:00+08`, hr2, addDays(now, -1)],
      );
    }
  },
};

export const recruitmentSeed: SeedStep[] = [candidates, positionsAndFlow];

import type { Db } from './types';
import { makeUscc } from '../lib/uscc';
import { addDays, dateAfter } from '../lib/time';
import { recruitmentSeed } from './seeds/recruitment';
import { accountSeedSteps } from './seeds/accounts';
import { dimissionSeed } from './seeds/dimission';
import { sealPii } from '../lib/pii';
import { mobileIndex } from '../domain/users';
import { employmentSeedSteps } from './seeds/employment';
import { statisticsSeed } from './seeds/statistics';
import { taxSeed } from './seeds/tax';
import { duplicatesSeed } from './seeds/duplicates';
import { messagesReadSeed } from './seeds/messages-read';

/**
 * Demo data (ARCHITECTURE §2 demo accounts) as named steps recorded in `seed_runs`.
 *
 * Only a database that was empty when first opened becomes a demo database (app_meta
 * db_mode=demo); a database that already held users is marked `real` and never seeded.
 * Each step runs once per demo database, so later issues append steps (positions,
 * candidates, tasks…) and they also run on existing demo databases at the next start.
 * Steps find earlier rows by natural keys (credit code, mobile), never by id.
 */
export interface SeedStep {
  name: string;
  run(db: Db, now: Date): Promise<void>;
}

const SEED_LOCK = 72_011_002;

// --- the three demo companies -------------------------------------------------------------

/** 杭州云帆智联: verified member with the tax flag (demo accounts 13800000001, …05). */
export const DEMO_CODE_1 = makeUscc('330106', 'MA27WQ3D');
/** 南京禾木餐饮: verified, not a member (13800000002). */
export const DEMO_CODE_2 = makeUscc('320106', 'MA1N8R2K');
/** 成都蜀道通达物流: under review (13800000003). */
export const DEMO_CODE_3 = makeUscc('510107', 'MA6CT5J9');

interface SeedCompany {
  creditcode: string;
  name: string;
  short_name: string;
  industry: string;
  staff_num_range: string;
  address: string;
  represent: string;
  registered: string;
  busniss_expire: string;
  business_scope: string;
  website_link: string;
  status: 'apply' | 'normal';
  is_pay_taxe: boolean;
  company_lv: number;
  /** membership end, days from now; null = not a member */
  member_days: number | null;
  /** days before now the company was created / submitted / reviewed */
  age_days: number;
}

const COMPANIES: SeedCompany[] = [
  {
    creditcode: DEMO_CODE_1,
    name: '杭州云帆智联科技有限公司',
    short_name: '云帆智联',
    industry: '信息传输、软件和信息技术服务业',
    staff_num_range: '100-499人',
    address: '浙江省杭州市西湖区文三路478号华星时代广场A座12层',
    represent: '陈建国',
    registered: '1000万元人民币',
    busniss_expire: '2016-03-18 至 无固定期限',
    business_scope:
      '一般项目：技术服务、技术开发、技术咨询、技术交流、技术转让、技术推广；软件开发；人力资源服务（不含职业中介活动、劳务派遣服务）；企业管理咨询。',
    website_link: 'https://yunfan.example',
    status: 'normal',
    is_pay_taxe: true,
    company_lv: 1,
    member_days: 360,
    age_days: 420,
  },
  {
    creditcode: DEMO_CODE_2,
    name: '南京禾木餐饮管理有限公司',
    short_name: '禾木餐饮',
    industry: '住宿和餐饮业',
    staff_num_range: '20-99人',
    address: '江苏省南京市鼓楼区中山北路88号3栋2层',
    represent: '刘志强',
    registered: '200万元人民币',
    busniss_expire: '2019-07-02 至 2039-07-01',
    business_scope: '许可项目：餐饮服务；食品销售。一般项目：餐饮管理；企业管理咨询；会议及展览服务。',
    website_link: '',
    status: 'normal',
    is_pay_taxe: false,
    company_lv: 0,
    member_days: null,
    age_days: 150,
  },
  {
    creditcode: DEMO_CODE_3,
    name: '成都蜀道通达物流有限公司',
    short_name: '蜀道通达',
    industry: '交通运输、仓储和邮政业',
    staff_num_range: '100-499人',
    address: '四川省成都市武侯区武科西一路66号',
    represent: '周建华',
    registered: '500万元人民币',
    busniss_expire: '2018-11-20 至 无固定期限',
    business_scope: '道路货物运输（不含危险货物）；普通货物仓储服务（不含危险化学品等需许可审批的项目）；国内货物运输代理；供应链管理服务。',
    website_link: '',
    status: 'apply',
    is_pay_taxe: false,
    company_lv: 0,
    member_days: null,
    age_days: 1,
  },
];

interface SeedUser {
  mobile: string;
  realname: string;
  verify_status: number;
  company: string | null; // credit code
  dept_name: string;
  job_name: string;
  role: 'admin' | 'member';
  member_status: 'pending' | 'normal';
}

const u = (
  mobile: string,
  realname: string,
  company: string | null,
  dept_name = '',
  job_name = '',
  role: 'admin' | 'member' = 'member',
  member_status: 'pending' | 'normal' = 'normal',
  verify_status = 1,
): SeedUser => ({ mobile, realname, company, dept_name, job_name, role, member_status, verify_status });

const USERS: SeedUser[] = [
  // demo accounts
  u('13800000001', '王丽娟', DEMO_CODE_1, '人力资源部', '人力资源总监', 'admin'),
  u('13800000002', '刘志强', DEMO_CODE_2, '总经办', '总经理', 'admin'),
  // applied for company 3: waits for the platform's review
  u('13800000003', '张敏', DEMO_CODE_3, '综合管理部', '人事经理', 'admin', 'pending'),
  u('13800000004', '李晓燕', null, '', '', 'member', 'normal', 0),
  // a colleague waiting for the admin's check
  u('13800000005', '赵磊', DEMO_CODE_1, '人力资源部', '招聘专员', 'member', 'pending', 0),
  // colleagues of company 1
  u('13905710001', '陈浩然', DEMO_CODE_1, '技术研发部', '技术总监'),
  u('13905710002', '林雨桐', DEMO_CODE_1, '技术研发部', '前端开发工程师'),
  u('13905710003', '黄志伟', DEMO_CODE_1, '市场部', '市场经理'),
  u('13905710004', '徐佳怡', DEMO_CODE_1, '财务部', '财务主管'),
  u('13905710005', '马俊', DEMO_CODE_1, '运营部', '运营专员'),
  u('13905710006', '何晓梅', DEMO_CODE_1, '行政部', '行政专员', 'admin'),
  // colleagues of company 2
  u('13925100001', '杨帆', DEMO_CODE_2, '门店运营部', '店长'),
  u('13925100002', '朱琳', DEMO_CODE_2, '人事行政部', '人事专员'),
];

async function companyId(db: Db, creditcode: string): Promise<number> {
  const row = await db.one<{ id: number }>('SELECT id FROM companies WHERE creditcode = $1', [creditcode]);
  if (!row) throw new Error(`seed: company ${creditcode} missing`);
  return row.id;
}

async function userId(db: Db, mobile: string): Promise<number | null> {
  const row = await db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]);
  return row?.id ?? null;
}

const companiesAndUsers: SeedStep = {
  name: '001_companies_users',
  async run(db, now) {
    for (const c of COMPANIES) {
      const created = addDays(now, -c.age_days);
      await db.query(
        `INSERT INTO companies (name, short_name, creditcode, industry, staff_num_range, address, represent,
           registered, reg_status, busniss_expire, business_scope, website_link, status, is_pay_taxe,
           company_lv, member_expire, submitted_at, reviewed_at, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'存续',$9,$10,$11,$12,$13,$14,$15,$16,$17,$16)`,
        [
          c.name,
          c.short_name,
          c.creditcode,
          c.industry,
          c.staff_num_range,
          c.address,
          c.represent,
          c.registered,
          c.busniss_expire,
          c.business_scope,
          c.website_link,
          c.status,
          c.is_pay_taxe,
          c.company_lv,
          c.member_days === null ? null : dateAfter(now, c.member_days),
          created,
          c.status === 'normal' ? addDays(created, 1) : null,
        ],
      );
    }
    for (const [i, x] of USERS.entries()) {
      const cid = x.company ? await companyId(db, x.company) : null;
      const created = addDays(now, -(200 - i * 7));
      // the login mobile sealed (042, docs/pii.md): found again by its blind index
      const m = sealPii('mobile', x.mobile);
      await db.query(
        `INSERT INTO users (mobile_enc, mobile_bidx, mobile_mask, realname, verify_status, company_id, dept_name, job_name, role,
           member_status, joined_at, created_at, roles)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
        [
          m.enc,
          m.bidx,
          m.mask,
          x.realname,
          x.verify_status,
          cid,
          x.dept_name,
          x.job_name,
          x.role,
          x.member_status,
          cid && x.member_status === 'normal' ? created : null,
          created,
          // as migration 036 gave the colleagues of existing companies (docs/decisions.md); admins get 管理员 from role
          cid && x.member_status === 'normal' && x.role === 'member' ? ['recruiter', 'hr', 'member'] : ['member'],
        ],
      );
    }
    // who applied for each company's verification
    for (const [code, mobile] of [
      [DEMO_CODE_1, '13800000001'],
      [DEMO_CODE_2, '13800000002'],
      [DEMO_CODE_3, '13800000003'],
    ] as const) {
      await db.query('UPDATE companies SET submitted_by = $1 WHERE creditcode = $2', [await userId(db, mobile), code]);
    }
  },
};

/** CRC history; the balance is the last balance_after. */
const crcLedger: SeedStep = {
  name: '002_crc_ledger',
  async run(db, now) {
    const rows: [string, number, string, string, number][] = [
      // company, delta, reason, ref, days ago
      [DEMO_CODE_1, 100, '企业认证通过赠送', '', 419],
      [DEMO_CODE_1, 500, '开通年度会员赠送', 'YF2024110800012', 5],
      [DEMO_CODE_1, -5, '查看人才信息（孙**）', '', 4],
      [DEMO_CODE_1, 10, '员工离职记录（郑雪）', '', 3],
      [DEMO_CODE_1, -2, '办理离职（郑雪）', '', 3],
      [DEMO_CODE_1, -5, '查看人才信息（唐**）', '', 1],
      [DEMO_CODE_2, 100, '企业认证通过赠送', '', 149],
      [DEMO_CODE_2, -5, '查看人才信息（曹**）', '', 20],
    ];
    for (const [code, delta, reason, ref, ago] of rows) {
      const cid = await companyId(db, code);
      const row = await db.one<{ crc_balance: number }>('UPDATE companies SET crc_balance = crc_balance + $1 WHERE id = $2 RETURNING crc_balance', [
        delta,
        cid,
      ]);
      await db.query(
        `INSERT INTO crc_ledger (company_id, delta, balance_after, reason, ref, created_at)
         VALUES ($1,$2,$3,$4,$5,$6)`,
        [cid, delta, row!.crc_balance, reason, ref, addDays(now, -ago)],
      );
    }
  },
};

/** Resignation requests: company 1 has 3 pending (the urge count), company 2 has 1. */
const resignations: SeedStep = {
  name: '003_resignation_requests',
  async run(db, now) {
    type R = [string, string, string, string, string, string, number, string, string, string, number];
    const rows: R[] = [
      // company, name, mobile, dept, job, join date, last day (days from now), type, reason, status, submitted (days ago)
      [DEMO_CODE_1, '孙浩', '13705712231', '技术研发部', '后端开发工程师', '2021-04-12', 20, 'resign', '个人职业发展规划调整', 'pending', 2],
      [DEMO_CODE_1, '周婷', '13705712232', '市场部', '市场专员', '2022-08-01', 30, 'resign', '家庭原因，需回老家工作', 'pending', 1],
      [DEMO_CODE_1, '吴俊杰', '13705712233', '运营部', '运营主管', '2020-03-16', 15, 'mutual', '双方协商一致解除劳动合同', 'pending', 0.1],
      [DEMO_CODE_1, '郑雪', '13705712234', '财务部', '会计', '2019-09-02', -3, 'resign', '继续深造', 'approved', 33],
      [DEMO_CODE_1, '钱坤', '13705712235', '技术研发部', '测试工程师', '2023-02-20', 25, 'resign', '个人原因', 'withdrawn', 6],
      [DEMO_CODE_2, '韩梅', '13625109981', '门店运营部', '服务员', '2023-06-05', 14, 'resign', '返校继续学业', 'pending', 1],
    ];
    for (const [code, name, mobile, dept, job, join, lastIn, type, reason, status, ago] of rows) {
      const submitted = addDays(now, -ago);
      // mobiles sealed (010_dimission: the plain column is gone)
      const m = sealPii('mobile', mobile);
      await db.query(
        `INSERT INTO resignation_requests (company_id, employee_name, mobile_enc, mobile_bidx, mobile_mask, dept_name, job_name,
           join_date, last_day, type, reason, status, submitted_at, reviewed_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
        [
          await companyId(db, code),
          name,
          m.enc,
          m.bidx,
          m.mask,
          dept,
          job,
          join,
          dateAfter(now, lastIn),
          type,
          reason,
          status,
          submitted,
          status === 'pending' || status === 'withdrawn' ? null : addDays(submitted, 1),
        ],
      );
    }
  },
};

export const seedSteps: SeedStep[] = [
  companiesAndUsers,
  crcLedger,
  resignations,
  ...recruitmentSeed,
  ...accountSeedSteps,
  ...dimissionSeed,
  ...employmentSeedSteps,
  ...statisticsSeed,
  ...taxSeed,
  duplicatesSeed,
  // last: what every step above left in the 消息中心
  messagesReadSeed,
];

/**
 * Seeding waits its turn as long as it takes (servers or test files seeding at once share one
 * lock), and a step may write many rows: no lock or statement limit.
 */
const SEED_TX = { lockMs: 0, statementMs: 0, idleMs: 60_000 };

/** Decides once whether this is a demo database (it was empty when first opened). */
async function dbMode(db: Db): Promise<string> {
  return db.tx(async (t) => {
    await t.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const row = await t.one<{ value: string }>("SELECT value FROM app_meta WHERE key = 'db_mode'");
    if (row) return row.value;
    const used = await t.one('SELECT 1 FROM users LIMIT 1');
    const mode = used ? 'real' : 'demo';
    await t.query("INSERT INTO app_meta (key, value) VALUES ('db_mode', $1)", [mode]);
    return mode;
  }, SEED_TX);
}

/** Runs the steps a demo database has not run yet; returns their names. */
export async function seed(db: Db, opts: { now?: Date; steps?: SeedStep[] } = {}): Promise<string[]> {
  if ((await dbMode(db)) !== 'demo') return [];
  const now = opts.now ?? new Date();
  const ran: string[] = [];
  for (const step of opts.steps ?? seedSteps) {
    await db.tx(async (t) => {
      await t.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
      if (await t.one('SELECT 1 FROM seed_runs WHERE step = $1', [step.name])) return;
      await step.run(t, now);
      await t.query('INSERT INTO seed_runs (step) VALUES ($1)', [step.name]);
      ran.push(step.name);
    }, SEED_TX);
  }
  return ran;
}

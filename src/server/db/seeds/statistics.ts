/**
 * A year of recruitment and departure history for 杭州云帆智联 (13800000001), so every chart of the
 * data panel has a shape: daily position views, applications with interviews, hires and start
 * dates, departures of every leave type with proofs, and the company's 在职人数.
 */
import { mobileIndex } from '../../domain/users';
import type { SeedStep } from '../seed';
import { sealPii } from '../../lib/pii';
import { addDays, dateAfter } from '../../lib/time';
import { makeIdCard } from './dimission';
import { tenureText } from '../../../contract/dimission-rules';
import { seedPayoutHistory } from './payouts-history';
import { insertRows } from './rows';

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['张伟', '李娜', '王芳', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周婷', '吴杰', '徐丽', '孙浩', '马超', '朱琳', '胡军', '郭燕'];
const JOBS = ['Java开发工程师', '前端开发工程师', '招聘专员', '大客户销售经理', '客服专员', '仓储专员'];
const BASIS: Record<string, string> = { resign: 'resign', mutual: 'mutual', expire: 'expire', dismiss: 'employer40', retire: 'retire' };
const TYPES = ['resign', 'resign', 'resign', 'resign', 'mutual', 'expire', 'dismiss', 'retire', 'absent', 'other'];

const history: SeedStep = {
  name: '013_statistics_history',
  async run(db, now) {
    const rnd = prng(150015);
    const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
    const c1 = (await db.one<{ company_id: number }>('SELECT company_id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))?.company_id;
    if (!c1) return;
    await db.query('UPDATE companies SET staff_count = 260 WHERE id = $1', [c1]);
    // 在职人数 as history (057): the figure a year and a day ago, so every range of the seeded year has a rate
    await db.query(`INSERT INTO headcount_figures (company_id, department, as_of, staff) VALUES ($1, '', $2, 260) ON CONFLICT DO NOTHING`, [
      c1,
      dateAfter(now, -366),
    ]);
    const positions = await db.query<{ id: number }>("SELECT id FROM positions WHERE company_id = $1 AND status IN ('open', 'closed') ORDER BY id", [c1]);
    const cands = (await db.query<{ id: number }>('SELECT id FROM candidates ORDER BY id')).map((x) => x.id);
    if (!positions.length || !cands.length) return;
    // views: every day of the past year, more on weekdays and in spring (金三银四) and autumn
    const views: unknown[][] = [];
    for (const [k, p] of positions.entries()) {
      for (let d = 365; d >= 0; d--) {
        const at = addDays(now, -d);
        const month = Number(dateAfter(at, 0).slice(5, 7));
        const season = month === 3 || month === 4 || month === 9 || month === 10 ? 1.6 : 1;
        const weekday = new Date(at.getTime() + 8 * 3_600_000).getUTCDay();
        const base = (weekday === 0 || weekday === 6 ? 6 : 14) * season * (1 + (k % 3) * 0.4);
        views.push([c1, p.id, dateAfter(at, 0), Math.round(base * (0.6 + rnd() * 0.8))]);
      }
    }
    await insertRows(db, 'INSERT INTO position_views (company_id, position_id, day, views)', views, 'ON CONFLICT DO NOTHING');
    // applications 21–365 days ago (the recruitment seed holds the last three weeks)
    const apps: unknown[][] = [];
    for (const [k, p] of positions.entries()) {
      const pool = [...cands].sort(() => rnd() - 0.5).slice(0, 30 + (k % 4) * 8);
      for (const cand of pool) {
        const created = addDays(now, -int(21, 365) - rnd());
        const roll = rnd();
        const status = roll < 0.14 ? 'hired' : roll < 0.38 ? 'invited' : roll < 0.7 ? 'unsuitable' : 'viewed';
        const hired = status === 'hired' ? addDays(created, int(5, 30) + rnd()) : null;
        const onboard = hired && rnd() < 0.85 ? addDays(hired, int(3, 20)) : null;
        apps.push([p.id, c1, cand, status, rnd() < 0.8 ? '自主投递' : '人才推荐', created, created, hired, onboard && onboard < now ? onboard : null]);
      }
    }
    await insertRows(
      db,
      'INSERT INTO applications (position_id, company_id, candidate_id, status, source, created_at, updated_at, hired_at, onboard_at)',
      apps,
      'ON CONFLICT (position_id, candidate_id) DO NOTHING',
    );
    // each invited or hired application had an interview 1–6 days after it; most came
    await db.query(
      `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address, contacts_name,
         contacts_tel, status, created_at)
       SELECT a.company_id, a.candidate_id, a.position_id, a.id, 'intention', a.created_at + interval '3 days',
              '浙江省杭州市西湖区文三路478号华星时代广场A座12层', '王丽娟', '0571-88886666',
              CASE WHEN a.status = 'hired' OR a.id % 5 <> 0 THEN 'done' ELSE 'declined' END,
              a.created_at + (1 + a.id % 2) * interval '1 day'
         FROM applications a
        WHERE a.company_id = $1 AND a.status IN ('invited', 'hired') AND a.created_at < $2`,
      [c1, addDays(now, -20)],
    );
    // departures of the past year, every leave type; most with an issued proof
    const company = (await db.one<{ name: string }>('SELECT name FROM companies WHERE id = $1', [c1]))!.name;
    for (let i = 0; i < 48; i++) {
      const leave = dateAfter(now, -int(2, 360));
      const entry = `${Number(leave.slice(0, 4)) - int(1, 6)}${leave.slice(4, 8)}01`;
      const idCard = sealPii('id_card', makeIdCard('330106', `${int(1975, 2001)}-0${int(1, 9)}-1${int(0, 9)}`, 5000 + i));
      const type = TYPES[i % TYPES.length]!;
      const rec = await db.one<{ id: number }>(
        `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, job_name, entry_date, leave_date,
           leave_type, legal_basis, created_at, transfer_done_at)
         VALUES ($1, 'manual', $2, $3, $4, $5, $6, $7, $8, $9, $11, $10, $8::date + 10)
         ON CONFLICT (company_id, id_card_bidx, leave_date) DO NOTHING RETURNING id`,
        [
          c1,
          NAMES[i % NAMES.length]!,
          idCard.enc,
          idCard.bidx,
          idCard.mask,
          JOBS[i % JOBS.length]!,
          entry,
          leave,
          type,
          new Date(`${leave}T18:00:00+08:00`),
          BASIS[type] ?? 'other',
        ],
      );
      if (!rec || i % 4 === 3) continue;
      const issued = new Date(`${leave}T10:00:00+08:00`);
      await db.query(
        `INSERT INTO departure_proofs (company_id, record_id, status, serial, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date,
           tenure_text, legal_basis, company_name, issue_date, issued_at, created_at, updated_at)
         SELECT $1, $2, 'issued', $3, r.name, r.id_card_enc, r.id_card_mask, r.job_name, r.entry_date, r.leave_date, $6, r.legal_basis, $4,
                r.leave_date, $5, $5, $5
           FROM departure_records r WHERE r.id = $2`,
        [c1, rec.id, `STAT${leave.replaceAll('-', '')}${String(rec.id).padStart(5, '0')}`, company, issued, tenureText(entry, leave)],
      );
    }
  },
};

const DEPARTMENTS: Record<string, string> = {
  技术研发: '技术部',
  人力资源: '人力资源部',
  销售: '销售部',
  运营: '运营部',
  财务: '财务部',
  客服: '客服部',
  物流仓储: '仓储物流部',
  产品: '产品部',
};
const JOB_DEPT: Record<string, string> = {
  Java开发工程师: '技术部',
  前端开发工程师: '技术部',
  招聘专员: '人力资源部',
  大客户销售经理: '销售部',
  客服专员: '客服部',
  仓储专员: '仓储物流部',
};
const ANNOUNCEMENTS: [string, string, boolean, number][] = [
  ['关于春节期间平台服务安排的通知', '春节假期期间平台正常提供服务，灵活用工发放与对公充值到账确认顺延至节后第一个工作日处理。', true, 20],
  ['离职证明电子签章功能上线', '企业出具的离职证明现已支持电子签章，员工扫码即可查看、下载，证明真伪可在线核验。', false, 9],
  ['灵活用工发放新增失败重发', '发放批次中失败的明细可一键生成重发批次，退回金额自动返还至灵活用工账户。', false, 4],
];

/**
 * 016 (issue 15): the departments of the demo positions and departures (the panel's 部门 filter),
 * a year of 灵活用工 tasks and payouts paid through the product's path (payouts-history.ts, issue 33), a
 * year of CRC earned and spent that nets to zero (the balance the demo shows stays as it was) and
 * the platform announcements.
 */
const homeAndPanel: SeedStep = {
  name: '016_home_statistics',
  async run(db, now) {
    const rnd = prng(160016);
    const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
    for (const [title, body, pinned, ago] of ANNOUNCEMENTS) {
      await db.query('INSERT INTO announcements (title, body, pinned, published_at, created_at) VALUES ($1, $2, $3, $4, $4)', [
        title,
        body,
        pinned,
        addDays(now, -ago),
      ]);
    }
    const c1 = (await db.one<{ company_id: number }>('SELECT company_id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))?.company_id;
    if (!c1) return;
    for (const [cat, dept] of Object.entries(DEPARTMENTS)) {
      await db.query('UPDATE positions SET department = $3 WHERE company_id = $1 AND category = $2 AND department IS NULL', [c1, cat, dept]);
    }
    for (const [job, dept] of Object.entries(JOB_DEPT)) {
      await db.query("UPDATE departure_records SET dept_name = $3 WHERE company_id = $1 AND job_name = $2 AND dept_name = ''", [c1, job, dept]);
    }
    // CRC: pairs of +10 (员工离职记录) and two −5 (查看人才信息) a few days later, 14–400 days ago
    const crc: unknown[][] = [];
    for (let i = 0; i < 40; i++) {
      const earned = addDays(now, -int(20, 400) - rnd());
      crc.push([c1, 10, `员工离职记录（${NAMES[i % NAMES.length]}）`, earned]);
      crc.push([c1, -5, `查看人才信息（${NAMES[(i + 3) % NAMES.length]!.slice(0, 1)}**）`, addDays(earned, 1 + rnd() * 3)]);
      crc.push([c1, -5, `查看人才信息（${NAMES[(i + 7) % NAMES.length]!.slice(0, 1)}**）`, addDays(earned, 4 + rnd() * 8)]);
    }
    await insertRows(
      db,
      'INSERT INTO crc_ledger (company_id, delta, reason, created_at, balance_after)',
      crc.map((r) => [...r, 0]),
    );
    await db.query(
      `UPDATE crc_ledger l SET balance_after = s.run FROM
         (SELECT id, sum(delta) OVER (ORDER BY created_at, id) AS run FROM crc_ledger WHERE company_id = $1) s
       WHERE l.id = s.id`,
      [c1],
    );
    // 灵活用工: a year of tasks and batches paid through the product's path (payouts-history.ts)
    await seedPayoutHistory(db, c1, now, rnd);
  },
};

export const statisticsSeed: SeedStep[] = [history, homeAndPanel];

/** Demo data of the accounts area: company 1's paid order and its invoice, strategic partners. */
import type { Db } from '../types';
import type { SeedStep } from '../seed';
import { decryptPii, sealPii } from '../../lib/pii';
import { mobileIndex } from '../../domain/users';
import { addDays, dateAfter } from '../../lib/time';
import { makeUscc } from '../../lib/uscc';

const CODE_1 = makeUscc('330106', 'MA27WQ3D');

async function companyId(db: Db, creditcode: string): Promise<number | null> {
  return (await db.one<{ id: number }>('SELECT id FROM companies WHERE creditcode = $1', [creditcode]))?.id ?? null;
}

const orders: SeedStep = {
  name: 'accounts_001_orders_invoices',
  async run(db, now) {
    const cid = await companyId(db, CODE_1);
    const admin = await db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]);
    if (!cid || !admin) return;
    // the year membership paid 5 days ago (its CRC gift is in the ledger with this order number)
    const paid = addDays(now, -5);
    await db.query(
      `INSERT INTO member_orders (order_id, company_id, user_id, pack, name, amount, days, num, lv, status, created_at, paid_at, expire_to)
       VALUES ('YF2024110800012', $1, $2, 'year', '年度会员', 398000, 365, 500, 1, 'paid', $3, $3, $4)`,
      [cid, admin.id, paid, dateAfter(now, 360)],
    );
    // an order started and left unpaid a month ago
    await db.query(
      `INSERT INTO member_orders (order_id, company_id, user_id, pack, name, amount, days, num, lv, status, created_at)
       VALUES ('YF2024100900007', $1, $2, 'quarter', '季度会员', 128000, 90, 120, 1, 'closed', $3)`,
      [cid, admin.id, addDays(now, -40)],
    );
    // the recipient's phone sealed (042, docs/pii.md)
    const phone = sealPii('mobile', '13800000001');
    const invoice = [
      '杭州云帆智联科技有限公司',
      CODE_1,
      1,
      '招商银行杭州文三支行',
      '571908765410201',
      '浙江省杭州市西湖区文三路478号华星时代广场A座12层',
      '057188765432',
      '王丽娟',
      phone.enc,
      phone.mask,
      '浙江省杭州市西湖区文三路478号华星时代广场A座12层前台',
    ];
    await db.query(
      `INSERT INTO company_invoices (company_id, company_name, creditcode, invoice_type, bank_name, bank_account, address, phone,
         ship_name, ship_phone_enc, ship_phone_mask, ship_address, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [cid, ...invoice, paid],
    );
    await db.query(
      `INSERT INTO order_invoices (order_id, company_name, creditcode, invoice_type, bank_name, bank_account, address, phone,
         ship_name, ship_phone_enc, ship_phone_mask, ship_address, status, created_at, updated_at)
       VALUES ('YF2024110800012',$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,'issued',$12,$12)`,
      [...invoice, paid],
    );
  },
};

const PARTNERS: [string, string, string, string, string][] = [
  [
    '中国平安财产保险股份有限公司',
    '雇主责任险与团体意外险',
    '为平台企业提供雇主责任险、灵活用工人员团体意外险，支持按天投保、线上理赔。',
    'https://www.pingan.com',
    '2019年',
  ],
  ['招商银行股份有限公司', '企业结算与代发薪资', '为灵活用工任务提供资金存管与批量代发服务，资金流向清晰可查。', 'https://www.cmbchina.com', '2020年'],
  ['北京大学人力资源开发与管理研究中心', 'HR研究与培训', '联合发布行业薪酬与用工趋势报告，为会员企业HR提供专业课程与认证培训。', '', '2020年'],
  ['学信网合作认证机构', '学历核验', '人才大厅候选人学历信息在线核验，核验结果实时返回。', '', '2021年'],
  ['全国人力资源服务产业园（杭州）', '人力资源服务生态', '为入驻企业提供政策咨询、社保公积金代办、人才引进补贴申报等一站式服务。', '', '2021年'],
  ['顺丰速运有限公司', '发票与证明邮寄', '离职证明、完税证明与纸质发票的加急寄送，全国大部分地区次日达。', 'https://www.sf-express.com', '2020年'],
  ['上海法大大网络科技有限公司', '电子合同与电子签章', '劳动合同、灵活用工协议与离职证明在线签署，具备法律效力并可出证。', 'https://www.fadada.com', '2021年'],
  ['中智关爱通（上海）科技股份有限公司', '员工福利', '企业福利采购与节日礼品兑换，部门CRC积分可在福利商城按面值抵扣。', '', '2021年'],
];

const partners: SeedStep = {
  name: 'accounts_002_strategic_partners',
  async run(db) {
    for (const [i, [name, category, intro, website, since]] of PARTNERS.entries()) {
      await db.query('INSERT INTO strategic_partners (name, category, intro, website, since, sort) VALUES ($1,$2,$3,$4,$5,$6)', [
        name,
        category,
        intro,
        website,
        since,
        i + 1,
      ]);
    }
  },
};

/** Who the platform talks to about each demo company, and when the waiting colleague applied. */
const contacts: SeedStep = {
  name: 'accounts_003_contacts',
  async run(db, now) {
    const rows = await db.query<{ id: number; realname: string; mobile_enc: string }>(
      `SELECT c.id, u.realname, u.mobile_enc FROM companies c JOIN users u ON u.id = c.submitted_by WHERE c.contact_name = ''`,
    );
    for (const r of rows) {
      // the contact's mobile sealed (docs/pii.md): the applicant's own, sealed anew
      const s = sealPii('mobile', decryptPii(r.mobile_enc));
      await db.query('UPDATE companies SET contact_name = $2, contact_mobile_enc = $3, contact_mobile_mask = $4 WHERE id = $1', [
        r.id,
        r.realname,
        s.enc,
        s.mask,
      ]);
    }
    await db.query(`UPDATE users SET joined_at = $1 WHERE mobile_bidx = $2 AND member_status = 'pending' AND joined_at IS NULL`, [
      addDays(now, -2),
      mobileIndex('13800000005'),
    ]);
  },
};

/** One colleague per role in 杭州云帆智联 (issue 27), so every role can be tried from the README. */
const ROLE_COLLEAGUES: [string, string, string, string, string[]][] = [
  ['13905710007', '周婷', '财务部', '会计', ['finance', 'member']],
  ['13905710008', '吴佳琪', '人力资源部', '招聘专员', ['recruiter', 'member']],
  ['13905710009', '郑凯', '人力资源部', '人事专员', ['hr', 'member']],
  ['13905710010', '孙悦', '行政部', '行政助理', ['member']],
];

const roleColleagues: SeedStep = {
  name: 'accounts_004_role_colleagues',
  async run(db, now) {
    const cid = await companyId(db, CODE_1);
    if (!cid) return;
    for (const [i, [mobile, realname, dept, job, roles]] of ROLE_COLLEAGUES.entries()) {
      const joined = addDays(now, -(30 - i));
      const m = sealPii('mobile', mobile);
      await db.query(
        `INSERT INTO users (mobile_enc, mobile_bidx, mobile_mask, realname, verify_status, company_id, dept_name, job_name, role, roles, member_status, joined_at, created_at)
         VALUES ($1, $2, $3, $4, 1, $5, $6, $7, 'member', $8, 'normal', $9, $9) ON CONFLICT (mobile_bidx) DO NOTHING`,
        [m.enc, m.bidx, m.mask, realname, cid, dept, job, roles, joined],
      );
    }
  },
};

export const accountSeedSteps: SeedStep[] = [orders, partners, contacts, roleColleagues];

/**
 * A year of 灵活用工 for 杭州云帆智联 (issues 15, 14 and 33): a past task every month, each with
 * its people's accepted deliveries paid by one batch (a 失败重发 batch after a failed row), the
 * three batches the tax demo names (FFTAXDEMO0001–3, last month and the month before), and one
 * batch 待确认发放 for the home page. All paid through the product's path (pay.ts), in time
 * order, from one top-up of exactly what they cost: the account ends at ¥0 (the payouts tests
 * and a fresh demo start from an empty balance), and the ledger's balances read in time order.
 */
import { precalcRow } from '../../../contract/payouts-rules';
import { newToken, taskById } from '../../domain/employment';
import { settingsOf } from '../../domain/payouts/ledger';
import { addDays, dateAfter, fmtDate } from '../../lib/time';
import type { Db } from '../types';
import { acceptedDelivery, payTask, payerOf, seedTopup } from './pay';

/** `back` months before now's month, on day `day`, 10:00 China time. */
export function monthDay(now: Date, back: number, day: number): Date {
  const [y, m] = fmtDate(now).split('-').map(Number) as [number, number];
  const idx = y * 12 + (m - 1) - back;
  const mm = (idx % 12) + 1;
  return new Date(`${Math.floor(idx / 12)}-${String(mm).padStart(2, '0')}-${String(day).padStart(2, '0')}T10:00:00+08:00`);
}

interface Plan {
  at: Date;
  name: string;
  no: string;
  people: { name: string; amount: number; fail?: string }[];
  batchNo?: string;
  unpaid?: boolean;
}

const KINDS = ['门店周末促销', '社区地推拉新', '仓库盘点协助', '展会现场引导', '新品试吃推广'];

/** The tax demo's batches (tax.test.ts and the e2e name them and their people's incomes). */
const TAX: { no: string; name: string; back: number; day: number; rows: [string, number][] }[] = [
  {
    no: 'FFTAXDEMO0001',
    name: '双十一仓储分拣支援',
    back: 1,
    day: 10,
    rows: [
      ['张伟', 300000],
      ['李娜', 200000],
    ],
  },
  {
    no: 'FFTAXDEMO0002',
    name: '门店开业活动执行',
    back: 1,
    day: 18,
    rows: [
      ['王强', 150000],
      ['张伟', 80000],
    ],
  },
  {
    no: 'FFTAXDEMO0003',
    name: '秋季展会现场服务',
    back: 2,
    day: 12,
    rows: [
      ['李娜', 120000],
      ['王强', 90000],
    ],
  },
];

/** ¥20,000 left in the 灵活用工账户 after the seeded year, not a bare 0.00 (payouts.test.ts needs a batch of ¥65,000 to find the balance short). */
const RESERVE_FEN = 2_000_000;

export async function seedPayoutHistory(db: Db, companyId: number, now: Date, rnd: () => number): Promise<void> {
  const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
  const workers = await db.query<{ id: number; name: string }>('SELECT id, name FROM flex_workers WHERE company_id = $1 ORDER BY id LIMIT 3', [companyId]);
  const prep = await payerOf(db, '13800000001');
  const appr = await payerOf(db, '13905710007');
  if (!workers.length || !prep || !appr) return;
  const plans: Plan[] = [];
  // one a month, ~333 to 1–3 days ago (every month has some, and the data panel's default 近7天 shows
  // one in 发放趋势; each batch costs ~60 queries through the product's path, so the year is monthly
  // rather than weekly to keep the seed fast)
  for (let k = 0; k < 12; k++) {
    const people: Plan['people'] = workers.slice(0, int(1, workers.length)).map((w) => ({ name: w.name, amount: int(20, 300) * 1000 }));
    // now and then the channel refuses a row; its 失败重发 pays it the next day
    const fail = k < 11 && rnd() < 0.2 ? people[people.length - 1] : undefined;
    if (fail) fail.fail = '收款账户户名不符';
    plans.push({ at: addDays(now, -(333 - k * 30 - int(0, 2)) - 0.3), name: `${KINDS[k % KINDS.length]}（第${k + 1}期）`, no: `RWH${1001 + k}`, people });
  }
  for (const [i, t] of TAX.entries())
    plans.push({
      at: monthDay(now, t.back, t.day),
      name: t.name,
      no: `RWTAX${i + 1}`,
      batchNo: t.no,
      people: t.rows.map(([name, amount]) => ({ name, amount })),
    });
  // the home page's 待确认发放批次: made and submitted this morning, waiting for 周婷
  plans.push({ at: addDays(now, -0.2), name: `${KINDS[0]}（第13期）`, no: 'RWH1013', unpaid: true, people: [{ name: workers[0]!.name, amount: 50_000 }] });
  plans.sort((a, b) => a.at.getTime() - b.at.getTime());

  const s = await settingsOf(db, companyId);
  const cost = plans
    .filter((p) => !p.unpaid)
    .flatMap((p) => p.people)
    .reduce((n, x) => n + x.amount + precalcRow(x.amount, s.fee_rate_bp, s.tax_rate_bp).fee, 0);
  // what the year cost plus a working reserve: the batch waiting for 周婷 (and the next ones) can be paid
  await seedTopup(db, prep, cost + RESERVE_FEN, addDays(plans[0]!.at, -10));

  const byName = new Map(workers.map((w) => [w.name, w.id]));
  for (const p of plans) {
    const start = addDays(p.at, -6);
    const ended = addDays(p.at, -1);
    const task = await db.one<{ id: number }>(
      `INSERT INTO flex_tasks (company_id, task_no, name, category, description, standard, work_mode, address, start_date, end_date, signup_deadline,
         headcount, pay_amount, pay_unit, settle_mode, need_sign, status, signup_mode, public_token, created_by, created_at, updated_at, submitted_at,
         reviewed_at, ended_at)
       VALUES ($1,$2,$3,'*现代服务*市场推广服务',$4,'按日提交工作照片与工作记录，企业核对无误后验收。','offline','浙江省杭州市西湖区文三路478号',$5,$6,$5,$7,$8,
               'project','on_finish',true,'ended','named',$9,$10,$11,$11,$11,$12,$13) RETURNING id`,
      [
        companyId,
        p.no,
        p.name,
        `${p.name}：按企业安排完成相应工作，服从现场管理，按时提交工作记录。`,
        dateAfter(start, 0),
        dateAfter(ended, 0),
        p.people.length,
        p.people[0]!.amount,
        newToken(),
        prep.userId,
        addDays(start, -5),
        addDays(start, -4.8),
        ended,
      ],
    );
    const row = (await taskById(db, task!.id))!;
    for (const x of p.people) await acceptedDelivery(db, row, byName.get(x.name)!, x.amount, prep, addDays(p.at, -0.1));
    const fails = new Map(p.people.filter((x) => x.fail).map((x) => [byName.get(x.name)!, x.fail!]));
    await payTask(db, prep, appr, { taskId: task!.id, at: p.at, fails, batchNo: p.batchNo, unpaid: p.unpaid });
  }
}

/**
 * 完税服务 demo data (issue 14) for 杭州云帆智联 (13800000001, tax flag on): the approved service
 * opening, and paid payout batches (发放成功, with their ledger: a confirmed top-up, then the
 * debits of each batch) so that a tax proof can be applied for: two batches paid last month and
 * one the month before. The payouts seed of issue 13 makes no paid rows; these rows are real
 * payout rows (read by the tax service, never changed by it).
 */
import type { SeedStep } from '../seed';
import type { Db } from '../types';
import { mobileIndex } from '../../domain/users';
import { post } from '../../domain/payouts/ledger';
import { sealPii } from '../../lib/pii';
import { fmtDate } from '../../lib/time';
import { cnMonth, LOOKBACK_MONTHS } from '../../../contract/tax-rules';

const CODE_1_NAME = '杭州云帆智联科技有限公司';
const TAX_BP = 150;
const FEE_BP = 600;

/** `YYYY-MM-DD` China time, `back` months before now's month, on day `day`, 10:00. */
function monthDay(now: Date, back: number, day: number): Date {
  const [y, m] = fmtDate(now).split('-').map(Number) as [number, number];
  const idx = y * 12 + (m - 1) - back;
  const yy = Math.floor(idx / 12);
  const mm = (idx % 12) + 1;
  return new Date(`${yy}-${String(mm).padStart(2, '0')}-${String(day).padStart(2, '0')}T10:00:00+08:00`);
}

const BATCHES: { no: string; task: string; back: number; day: number; rows: [string, number][] }[] = [
  {
    no: 'FFTAXDEMO0001',
    task: 'RW20260006',
    back: 1,
    day: 10,
    rows: [
      ['张伟', 300000],
      ['李娜', 200000],
    ],
  },
  {
    no: 'FFTAXDEMO0002',
    task: 'RW20260001',
    back: 1,
    day: 18,
    rows: [
      ['王强', 150000],
      ['张伟', 80000],
    ],
  },
  {
    no: 'FFTAXDEMO0003',
    task: 'RW20260001',
    back: 2,
    day: 12,
    rows: [
      ['李娜', 120000],
      ['王强', 90000],
    ],
  },
];

async function run(db: Db, now: Date) {
  const c = await db.one<{ id: number }>('SELECT id FROM companies WHERE name = $1', [CODE_1_NAME]);
  const admin = await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = $1`, [mobileIndex('13800000001')]);
  if (!c || !admin) return;
  const phone = sealPii('mobile', '13800000001');
  await db.query(
    `INSERT INTO tax_services (company_id, status, tax_office, contact_name, contact_phone_enc, contact_phone_mask, applied_by, applied_at, decided_at)
     VALUES ($1, 'approved', '国家税务总局杭州市西湖区税务局', '王丽娟', $2, $3, $4, $5, $5) ON CONFLICT (company_id) DO NOTHING`,
    [c.id, phone.enc, phone.mask, admin.id, monthDay(now, 6, 5)],
  );
  const workers = await db.query<{ id: number; name: string }>('SELECT id, name FROM flex_workers WHERE company_id = $1', [c.id]);
  const byName = new Map(workers.map((w) => [w.name, w.id]));
  const plan = BATCHES.map((b) => ({
    ...b,
    rows: b.rows
      .filter(([n]) => byName.has(n))
      .map(([name, amount]) => {
        const tax = Math.round((amount * TAX_BP) / 10000);
        const fee = Math.round((amount * FEE_BP) / 10000);
        return { name, worker: byName.get(name)!, amount, tax, fee, net: amount - tax };
      }),
  })).filter((b) => b.rows.length > 0);
  if (plan.length === 0) return;
  const total = plan.reduce((n, b) => n + b.rows.reduce((m, r) => m + r.amount + r.fee, 0), 0);
  const topAt = monthDay(now, 3, 1);
  const top = await db.one<{ id: number }>(
    `INSERT INTO payout_topups (company_id, order_no, amount, status, created_by, created_at, confirmed_at)
     VALUES ($1, 'CZTAXDEMO0001', $2, 'confirmed', $3, $4, $4) RETURNING id`,
    [c.id, total, admin.id, topAt],
  );
  await post(db, c.id, 'topup', total, { topup_id: top!.id, ref_no: 'CZTAXDEMO0001', remark: '对公转账充值' }, topAt);
  for (const b of plan) {
    const paidAt = monthDay(now, b.back, b.day);
    const task = await db.one<{ id: number }>('SELECT id FROM flex_tasks WHERE task_no = $1', [b.task]);
    const s = (k: 'amount' | 'tax' | 'fee' | 'net') => b.rows.reduce((n, r) => n + r[k], 0);
    const batch = await db.one<{ id: number }>(
      `INSERT INTO payout_batches (company_id, batch_no, task_id, status, head_count, gross, fee, tax, net, fee_rate_bp, tax_rate_bp,
         created_by, created_at, submitted_at, confirmed_at, confirmed_by, finished_at)
       VALUES ($1,$2,$3,'done',$4,$5,$6,$7,$8,$9,$10,$11,$12,$12,$12,$11,$12) RETURNING id`,
      [c.id, b.no, task?.id ?? null, b.rows.length, s('amount'), s('fee'), s('tax'), s('net'), FEE_BP, TAX_BP, admin.id, paidAt],
    );
    for (const r of b.rows) {
      await db.query(
        `INSERT INTO payout_rows (batch_id, company_id, worker_id, name, amount, tax, fee, net, status, channel_no, finished_at, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'success',$9,$10,$10)`,
        [batch!.id, c.id, r.worker, r.name, r.amount, r.tax, r.fee, r.net, `PO${b.no}${r.worker}`, paidAt],
      );
    }
    const ref = { batch_id: batch!.id, ref_no: b.no };
    await post(db, c.id, 'payout', -s('net'), { ...ref, remark: '批次发放' }, paidAt);
    await post(db, c.id, 'fee', -s('fee'), { ...ref, remark: '服务费' }, paidAt);
    await post(db, c.id, 'tax', -s('tax'), { ...ref, remark: '代扣个税' }, paidAt);
  }
}

/**
 * 税款入库 of the last 36 finished months: the platform declares a month's withheld tax in the next
 * one; the demo says it reached the treasury on the 10th of that month (today, if that is later).
 */
async function remittances(db: Db, now: Date) {
  const today = fmtDate(now);
  for (let back = 1; back <= LOOKBACK_MONTHS; back++) {
    const day = fmtDate(monthDay(now, back - 1, 10));
    await db.query(`INSERT INTO tax_remittances (period, treasury_date, voucher_no, recorded_at) VALUES ($1, $2, $3, $4) ON CONFLICT (period) DO NOTHING`, [
      cnMonth(now, back),
      day < today ? day : today,
      `333016${cnMonth(now, back).replace('-', '')}0000${String(back).padStart(4, '0')}`,
      now,
    ]);
  }
}

export const taxSeed: SeedStep[] = [
  { name: 'tax_001_service_and_paid_payouts', run },
  { name: 'tax_002_remittances', run: remittances },
];

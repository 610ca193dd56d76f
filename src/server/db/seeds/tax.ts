/**
 * 完税服务 demo data (issue 14) for 杭州云帆智联 (13800000001, tax flag on): the approved service
 * opening. The paid batches a tax proof is applied for (FFTAXDEMO0001–3: two paid last month,
 * one the month before) are paid with the rest of the year's payouts, in time order, through the
 * product's path (payouts-history.ts, issue 33); the tax service reads them and never changes them.
 */
import type { SeedStep } from '../seed';
import type { Db } from '../types';
import { mobileIndex } from '../../domain/users';
import { sealPii } from '../../lib/pii';
import { fmtDate } from '../../lib/time';
import { cnMonth, LOOKBACK_MONTHS } from '../../../contract/tax-rules';
import { monthDay } from './payouts-history';

const CODE_1_NAME = '杭州云帆智联科技有限公司';

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

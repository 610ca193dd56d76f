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

export const taxSeed: SeedStep[] = [{ name: 'tax_001_service_and_paid_payouts', run }];

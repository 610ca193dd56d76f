/**
 * The company's steps of a tax application called directly on a migrated, seeded database (no
 * Fastify): the 批量申请 rules, the check step refusing missing invoice details with nothing
 * written, the move to 待支付 with its order, the payment confirmed once, a withdrawal freeing the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/setup/db';
import type { Db } from '../../db/types';
import { Refusal } from '../../lib/refusal';
import { actOnApplication, applyForTax, submitChecked } from './apply';
import type { CreateInput } from './applications';
import { confirmTaxPayment, orderRow } from './orders';
import { eligibleOf } from './paid-rows';
import { DEMO_TAX_SELLER } from './seller';
import { mobileIndex } from '../users';

let db: Db;
let companyId = 0;
let userId = 0;
const origin = 'http://console.test';
const now = new Date();

/** `back` months before this China month, as YYYY-MM. */
function month(back: number): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  const idx = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}
const input = (ids: number[], more: Partial<CreateInput> = {}): CreateInput => ({
  start: month(2),
  end: month(1),
  mode: 'batches',
  ids,
  proof_type: 'table',
  receive: 'download',
  email: '',
  remark: '',
  draft: false,
  bulk: false,
  ...more,
});
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof Refusal ? { code: e.code, msg: e.message } : Promise.reject(e)),
  );
const status = async (id: number) => (await db.one<{ status: string }>('SELECT status FROM tax_applications WHERE id = $1', [id]))!.status;

let batchIds: number[] = [];
beforeAll(async () => {
  db = await openTestDb();
  const u = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
  companyId = u.company_id;
  userId = u.id;
  const e = await eligibleOf(db, { id: companyId, name: '' }, month(2), month(1), now);
  batchIds = e.batches.filter((b) => b.batch_no.startsWith('FFTAXDEMO')).map((b) => b.id);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('tax applications (domain)', () => {
  it('refuses a 批量申请 of people or of one batch, writing nothing', async () => {
    const before = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM tax_applications');
    expect(await refusal(applyForTax(db, companyId, userId, input(batchIds, { mode: 'people', bulk: true }), now, origin))).toEqual({
      code: 400,
      msg: '批量申请须选择同一税款所属期的发放批次',
    });
    expect(await refusal(applyForTax(db, companyId, userId, input(batchIds.slice(0, 1), { start: month(1), bulk: true }), now, origin))).toEqual({
      code: 400,
      msg: '批量申请请至少选择两个发放批次',
    });
    expect(await refusal(applyForTax(db, companyId, userId, input(batchIds, { start: month(1), end: month(2) }), now, origin))).toEqual({
      code: 400,
      msg: '结束月份不能早于起始月份',
    });
    expect(await db.one<{ n: number }>('SELECT count(*)::int AS n FROM tax_applications')).toEqual(before);
  });

  it('the check step refuses missing invoice details and rolls back; then 待支付 with its order, paid once', async () => {
    expect(batchIds.length).toBeGreaterThan(0);
    const d = await applyForTax(db, companyId, userId, input(batchIds), now, origin);
    expect(d.status).toBe('checking');
    // 提交核对 is for drafts only
    expect(await refusal(actOnApplication(db, companyId, d.id, 'prepare', now, origin))).toEqual({ code: 409, msg: '当前状态的申请不能执行该操作' });

    const saved = await db.query('SELECT * FROM company_invoices WHERE company_id = $1', [companyId]);
    await db.query('DELETE FROM company_invoices WHERE company_id = $1', [companyId]);
    try {
      expect(await refusal(submitChecked(db, companyId, d.id, now, origin, DEMO_TAX_SELLER))).toEqual({ code: 400, msg: '请先填写开票信息' });
    } finally {
      for (const row of saved) {
        const cols = Object.keys(row);
        await db.query(`INSERT INTO company_invoices (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
      }
    }
    expect(await status(d.id)).toBe('checking');
    expect(await orderRow(db, d.id)).toBeUndefined();

    const s = await submitChecked(db, companyId, d.id, now, origin, DEMO_TAX_SELLER);
    expect(s).toMatchObject({ status: 'unpaid', order: { status: 'unpaid', method: '' }, invoice: { status: 'pending' } });
    expect(await refusal(submitChecked(db, companyId, d.id, now, origin, DEMO_TAX_SELLER))).toEqual({ code: 409, msg: '当前状态的申请不能提交核对' });
    // another company's id: the same 404 as a missing one
    expect(await refusal(submitChecked(db, companyId + 1000, d.id, now, origin, DEMO_TAX_SELLER))).toEqual({ code: 404, msg: '申请不存在' });

    const orderId = s.order!.order_id;
    expect(await confirmTaxPayment(db, orderId, now)).toEqual({ order_id: orderId, paid_now: true });
    expect(await confirmTaxPayment(db, orderId, now)).toEqual({ order_id: orderId, paid_now: false });
    expect(await status(d.id)).toBe('issuing');
    // paid: no withdrawal
    expect(await refusal(actOnApplication(db, companyId, d.id, 'withdraw', now, origin))).toEqual({ code: 409, msg: '当前状态的申请不能执行该操作' });
  });

  it('a withdrawal frees the rows for a new application', async () => {
    const free = await eligibleOf(db, { id: companyId, name: '' }, month(2), month(1), now);
    const d = await applyForTax(db, companyId, userId, input([free.people[0]!.worker_id], { mode: 'people', draft: true }), now, origin);
    expect(d.status).toBe('draft');
    expect((await eligibleOf(db, { id: companyId, name: '' }, month(2), month(1), now)).people.map((p) => p.worker_id)).not.toContain(
      free.people[0]!.worker_id,
    );
    expect((await actOnApplication(db, companyId, d.id, 'withdraw', now, origin)).status).toBe('withdrawn');
    expect((await eligibleOf(db, { id: companyId, name: '' }, month(2), month(1), now)).people.map((p) => p.worker_id)).toContain(free.people[0]!.worker_id);
  });
});

/**
 * 确认发放 as a domain function on a real database (PGlite, or PostgreSQL with DATABASE_URL), no
 * HTTP: a refusal that does not depend on the code (balance, monthly cap) keeps the code usable; a
 * wrong code counts its attempt; a second confirm pays nothing more; the ledger stays consistent.
 * 13800000001 (管理员) prepares and submits, 周婷 (财务, 13905710007) approves: four eyes, approval.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/setup/db';
import { submittedBatch } from '../../../../tests/setup/payout-batch';
import { batchAction } from './batch-edit';
import type { Db } from '../../db/types';
import { batchDetail, type Actor } from './batches';
import { confirmBatch, sendBatchCode } from './confirm';
import { balanceOf, checkLedger, post, settingsOf } from './ledger';
import { saveSettings } from './settings';
import { mobileIndex } from '../users';

let db: Db;
let by: Actor;
/** the approver, 周婷 (财务) */
let fin: Actor;
/** the approver's own mobile, sealed (users.mobile_enc) */
let mobileEnc: string;

beforeAll(async () => {
  db = await openTestDb();
  const u = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
  by = { companyId: u.company_id, userId: u.id, actor: '测试', ip: '127.0.0.1' };
  const f = (await db.one<{ id: number; mobile_enc: string }>(`SELECT id, mobile_enc FROM users WHERE mobile_bidx = '${mobileIndex('13905710007')}'`))!;
  fin = { companyId: u.company_id, userId: f.id, actor: '周婷', ip: '127.0.0.1' };
  mobileEnc = f.mobile_enc;
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** a submitted (待支付) batch paying one new worker `amount` fen */
const readyBatch = (amount: number) =>
  submittedBatch(db, by, amount, { task: '确认发放测试', worker: '王确认', mobile: '13912345678', certNo: '11010519491231002X' });

const codeRow = (batchId: number) =>
  db.one<{ attempts: number; consumed_at: Date | null }>('SELECT attempts, consumed_at FROM payout_codes WHERE batch_id = $1 ORDER BY id DESC LIMIT 1', [
    batchId,
  ]);
const debits = async (batchId: number) => (await db.query('SELECT id FROM payout_ledger WHERE batch_id = $1 AND amount < 0', [batchId])).length;

describe('confirmBatch', () => {
  it('neither a short balance nor the monthly cap spends the code; a wrong code counts; a repeat pays nothing more', async () => {
    const was = await settingsOf(db, by.companyId);
    // more than the balance, so the first confirm finds the account short
    const amount = (await balanceOf(db, by.companyId)) + 30_000;
    const cap = Math.max(was.monthly_cap_fen, amount);
    await saveSettings(db, by, { ...was, monthly_cap_fen: cap }, new Date());
    try {
      const id = await readyBatch(amount);
      const { debit, batch_no } = await batchDetail(db, id, by.companyId, fin.userId);
      await sendBatchCode(db, { companyId: by.companyId, batchId: id, userId: fin.userId, mobileEnc }, new Date(), { sandbox: true });
      const code = (await db.one<{ code: string }>('SELECT code FROM sandbox_payout_sms_outbox WHERE batch_no = $1 ORDER BY id DESC LIMIT 1', [batch_no]))!
        .code;
      const confirm = (c: string) => confirmBatch(db, { ...fin, batchId: id, code: c, mobileEnc }, new Date());

      // not enough money: refused before the code is looked at
      await expect(confirm(code)).rejects.toMatchObject({ code: 409, message: expect.stringMatching(/账户余额不足/) });
      expect(await codeRow(id)).toEqual({ attempts: 0, consumed_at: null });
      await db.tx(async (t) => post(t, by.companyId, 'topup', debit - (await balanceOf(t, by.companyId)), { remark: '测试充值' }, new Date()));

      // the cap lowered below this batch after it was made: refused at confirm, the code kept
      await saveSettings(db, by, { ...was, monthly_cap_fen: amount - 1 }, new Date());
      await expect(confirm(code)).rejects.toMatchObject({ code: 400, message: expect.stringMatching(/本月发放金额将超过每人每月上限/) });
      expect(await codeRow(id)).toEqual({ attempts: 0, consumed_at: null });
      expect(await debits(id)).toBe(0);

      // a wrong code is refused and its attempt stays counted (committed with the refusal)
      await saveSettings(db, by, { ...was, monthly_cap_fen: cap }, new Date());
      await expect(confirm(code === '000000' ? '111111' : '000000')).rejects.toMatchObject({ code: 400, message: '验证码错误' });
      expect(await codeRow(id)).toEqual({ attempts: 1, consumed_at: null });

      // the same code, now that the cap allows it, confirms once
      expect(await confirm(code)).toEqual({ status: 'paying', duplicate: false, first_approval: false });
      expect((await codeRow(id))!.consumed_at).not.toBeNull();
      expect(await balanceOf(db, by.companyId)).toBe(0);
      expect(await debits(id)).toBe(3);

      // a second confirm answers the batch's state and pays nothing more
      expect(await confirm(code)).toEqual({ status: 'paying', duplicate: true, first_approval: false });
      expect(await balanceOf(db, by.companyId)).toBe(0);
      expect(await debits(id)).toBe(3);
      expect(await checkLedger(db, by.companyId)).toEqual([]);
    } finally {
      await saveSettings(db, by, was, new Date());
    }
  });

  it('refuses a closed batch, and sends no code for it', async () => {
    const id = await readyBatch(1_000);
    await batchAction(db, by, id, 'close', new Date());
    await expect(confirmBatch(db, { ...fin, batchId: id, code: '123456', mobileEnc }, new Date())).rejects.toMatchObject({
      code: 409,
      message: '该批次已关闭',
    });
    await expect(
      sendBatchCode(db, { companyId: by.companyId, batchId: id, userId: fin.userId, mobileEnc }, new Date(), { sandbox: true }),
    ).rejects.toMatchObject({
      code: 409,
    });
  });
});

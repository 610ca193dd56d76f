/**
 * Four eyes (issue 27) as domain functions on a real database: the submitter never gets a code for,
 * nor confirms, their own batch; above the 双人审批额度 the first approver's confirm pays nothing and
 * the same person cannot give the second approval; 单人审批 only in a company of one member; every
 * settings change is logged before → after, append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/setup/db';
import { submittedBatch } from '../../../../tests/setup/payout-batch';
import type { Db } from '../../db/types';
import { MSG_OWN_BATCH, MSG_SECOND_APPROVER, approvalStep } from './approval';
import { batchDetail, type Actor } from './batches';
import { confirmBatch, sendBatchCode } from './confirm';
import { balanceOf, checkLedger, post, settingsOf } from './ledger';
import { MSG_SOLO_ONLY, saveSettings, settingsChanges } from './settings';
import { mobileIndex } from '../users';

let db: Db;
/** 13800000001 (管理员, submits), 周婷 (财务), 何晓梅 (管理员) */
let maker: Actor & { mobile: string; mobileEnc: string };
let fin: Actor & { mobile: string; mobileEnc: string };
let admin2: Actor & { mobile: string; mobileEnc: string };

const actor = async (mobile: string) => {
  const u = (await db.one<{ id: number; company_id: number; realname: string; mobile_enc: string }>(
    'SELECT id, company_id, realname, mobile_enc FROM users WHERE mobile_bidx = $1',
    [mobileIndex(mobile)],
  ))!;
  return { companyId: u.company_id, userId: u.id, actor: u.realname, ip: '127.0.0.1', mobile, mobileEnc: u.mobile_enc };
};

beforeAll(async () => {
  db = await openTestDb();
  maker = await actor('13800000001');
  fin = await actor('13905710007');
  admin2 = await actor('13905710006');
}, 60_000);
afterAll(async () => {
  await db?.close();
});

async function readyBatch(amount: number): Promise<number> {
  const id = await submittedBatch(db, maker, amount, { task: '审批测试', worker: '李审批', mobile: '13912345670', certNo: '110105194912310030' });
  const { debit } = await batchDetail(db, id, maker.companyId, maker.userId);
  await db.tx(async (t) => post(t, maker.companyId, 'topup', debit, { remark: '测试充值' }, new Date()));
  return id;
}

async function codeFor(who: typeof fin, id: number): Promise<string> {
  await sendBatchCode(db, { companyId: who.companyId, batchId: id, userId: who.userId, mobileEnc: who.mobileEnc }, new Date(), { sandbox: true });
  return (await db.one<{ code: string }>('SELECT code FROM sandbox_payout_sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 1', [who.mobile]))!.code;
}
const confirm = (who: typeof fin, id: number, code: string) => confirmBatch(db, { ...who, batchId: id, code }, new Date());
const codes = async (id: number) => (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM payout_codes WHERE batch_id = $1', [id]))!.n;
const status = async (id: number) => (await db.one<{ status: string }>('SELECT status FROM payout_batches WHERE id = $1', [id]))!.status;

describe('four eyes', () => {
  it('the submitter gets no code and cannot confirm; another approver can, with a code on their own mobile', async () => {
    const id = await readyBatch(12_000);
    expect((await batchDetail(db, id, maker.companyId, maker.userId)).approval).toEqual({
      submitter: '王丽娟',
      first_approver: '',
      needed: 1,
      blocked: MSG_OWN_BATCH,
    });
    await expect(codeFor(maker, id)).rejects.toMatchObject({ code: 403, message: MSG_OWN_BATCH });
    expect(await codes(id)).toBe(0);
    // a code the approver received does not let the submitter confirm either
    const code = await codeFor(fin, id);
    await expect(confirm(maker, id, code)).rejects.toMatchObject({ code: 403, message: MSG_OWN_BATCH });
    expect(await status(id)).toBe('unpaid');
    expect((await batchDetail(db, id, maker.companyId, fin.userId)).approval.blocked).toBe('');
    expect(await confirm(fin, id, code)).toEqual({ status: 'paying', duplicate: false, first_approval: false });
    expect(await checkLedger(db, maker.companyId)).toEqual([]);
  });

  it('above the threshold: the first approval pays nothing, the same person cannot approve twice, a second approver pays once', async () => {
    const was = await settingsOf(db, maker.companyId);
    await saveSettings(db, maker, { ...was, approval_threshold_fen: 10_000 }, new Date());
    try {
      const small = await readyBatch(5_000);
      expect((await batchDetail(db, small, maker.companyId, fin.userId)).approval.needed).toBe(1);
      const id = await readyBatch(20_000);
      expect((await batchDetail(db, id, maker.companyId, fin.userId)).approval.needed).toBe(2);
      const before = await balanceOf(db, maker.companyId);
      expect(await confirm(fin, id, await codeFor(fin, id))).toEqual({ status: 'unpaid', duplicate: false, first_approval: true });
      expect(await balanceOf(db, maker.companyId)).toBe(before);
      expect(await status(id)).toBe('unpaid');
      const seen = (await batchDetail(db, id, maker.companyId, fin.userId)).approval;
      expect(seen).toMatchObject({ first_approver: '周婷', blocked: MSG_SECOND_APPROVER });
      await expect(codeFor(fin, id)).rejects.toMatchObject({ code: 403, message: MSG_SECOND_APPROVER });
      expect(await confirm(admin2, id, await codeFor(admin2, id))).toEqual({ status: 'paying', duplicate: false, first_approval: false });
      expect(await balanceOf(db, maker.companyId)).toBeLessThan(before);
      const logs = await db.query<{ action: string }>('SELECT action FROM payout_logs WHERE batch_id = $1 ORDER BY id', [id]);
      expect(logs.map((l) => l.action)).toEqual(['创建', '提交', '审批', '确认发放']);
      expect(await checkLedger(db, maker.companyId)).toEqual([]);
    } finally {
      await saveSettings(db, maker, was, new Date());
    }
  });

  it('单人审批 only in a company of one member; every change is logged before → after and cannot be rewritten', async () => {
    const was = await settingsOf(db, maker.companyId);
    await expect(saveSettings(db, maker, { ...was, self_approval: true }, new Date())).rejects.toMatchObject({ code: 409, message: MSG_SOLO_ONLY });
    expect((await settingsOf(db, maker.companyId)).self_approval).toBe(false);
    const n0 = (await settingsChanges(db, maker.companyId, { page: 1, page_size: 50 })).total;
    await saveSettings(db, maker, was, new Date()); // no change: no entry
    await saveSettings(db, maker, { ...was, fee_rate_bp: was.fee_rate_bp + 1 }, new Date());
    await saveSettings(db, maker, was, new Date());
    const changes = await settingsChanges(db, maker.companyId, { page: 1, page_size: 50 });
    expect(changes.total).toBe(n0 + 2);
    expect(changes.list[1]).toMatchObject({ operator: '王丽娟', before: was, after: { ...was, fee_rate_bp: was.fee_rate_bp + 1 } });
    await expect(db.query('UPDATE payout_settings_changes SET after = before')).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM payout_settings_changes')).rejects.toThrow(/append-only/);

    // a company of one: 王丽娟's colleagues leave it for a moment (in a transaction rolled back)
    await db
      .tx(async (t) => {
        await t.query(`UPDATE users SET member_status = 'pending' WHERE company_id = $1 AND id <> $2`, [maker.companyId, maker.userId]);
        await saveSettings(t, maker, { ...was, self_approval: true }, new Date());
        const solo = await t.one<{ self_approval: boolean }>('SELECT self_approval FROM payout_settings WHERE company_id = $1', [maker.companyId]);
        expect(solo!.self_approval).toBe(true);
        const own = { submitted_by: maker.userId, first_approved_by: null, debit: 1 };
        expect(await approvalStep(t, maker.companyId, own, maker.userId)).toBe('final');
        // a colleague admitted again: 单人审批 no longer holds, whatever the setting says
        await t.query(`UPDATE users SET member_status = 'normal' WHERE id = $1`, [fin.userId]);
        expect(await approvalStep(t, maker.companyId, own, maker.userId)).toMatchObject({ code: 403, message: MSG_OWN_BATCH });
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
  });
});

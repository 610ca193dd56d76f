/**
 * Rules of the accounts area called directly on a real database (no Fastify): a wrong SMS code on
 * the WeChat binding is refused and stays counted (commitThenRefuse), the right one binds once; a
 * friend invitation only for new accounts; an order's invoice only for the company's paid,
 * not yet issued orders; the admin is never removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../contract/codes';
import { openTestDb } from '../../../../tests/setup/db';
import { refusal } from '../../../../tests/setup/domain';
import type { Db } from '../../db/types';
import { sha256hex } from '../../lib/crypto';
import { DEFAULT_LOGIN_LIMITS } from '../../lib/limits';
import { Refusal } from '../../lib/refusal';
import { addDays } from '../../lib/time';
import { issueSmsCode } from '../sms-codes';
import { removeColleague } from './colleagues';
import { companyInvoice, saveOrderInvoice } from './invoices';
import { acceptInvite, myInvites } from './personal';
import { bindWechatMobile, createWechatQr } from './wechat-login';
import { mobileIndex } from '../users';
import { insertUser } from '../../../../tests/setup/users';

let db: Db;
const now = new Date();
const userId = async (mobile: string) =>
  (await db.one<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

describe('binding a mobile to a confirmed WeChat user', () => {
  const mobile = '13912340001';

  it('a wrong code is refused and its try stays counted; the right one signs in, once', async () => {
    const qr = await createWechatQr(db, 'http://console.test', now);
    // the phone confirmed (the sandbox's part): a WeChat user without a mobile yet
    await db.query(`UPDATE wechat_logins SET status = 'confirmed', openid = 'wx_bind_test_1', nickname = '微信用户', confirmed_at = $2 WHERE poll_hash = $1`, [
      sha256hex(qr.poll_secret),
      now,
    ]);
    expect(await db.tx((t) => issueSmsCode(t, mobile, { ip: '127.0.0.1', purpose: 'login' }, now, DEFAULT_LOGIN_LIMITS, true))).toBeNull();
    const code = (await db.one<{ code: string }>('SELECT code FROM sandbox_sms_outbox WHERE mobile = $1', [mobile]))!.code;
    const wrong = code === '000000' ? '111111' : '000000';

    const bind = (c: string) => bindWechatMobile(db, { pollSecret: qr.poll_secret, mobile, code: c }, now, DEFAULT_LOGIN_LIMITS);
    await expect(bind(wrong)).rejects.toEqual(refusal(Code.BAD_REQUEST, '验证码错误'));
    // committed before the refusal: the try counts, nothing else changed
    expect(await db.one('SELECT attempts FROM sms_codes WHERE mobile_bidx = $1', [mobileIndex(mobile)])).toEqual({ attempts: 1 });
    expect(await db.one('SELECT 1 FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)])).toBeUndefined();

    const out = await bind(code);
    expect(out).toMatchObject({ status: 'confirmed', user: { mobile, company_status: 'no_apply' } });
    expect(out.token).toMatch(/\S{20,}/);
    expect(await db.one('SELECT wechat_openid FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)])).toEqual({ wechat_openid: 'wx_bind_test_1' });
    await expect(bind(code)).rejects.toEqual(refusal(Code.CONFLICT, '绑定已失效，请重新扫码登录'));
  });
});

describe('friend invitations', () => {
  it('only an account registered within 7 days accepts one, and not its own', async () => {
    const inviter = await userId('13800000001');
    const { code } = await myInvites(db, inviter.id);
    await expect(acceptInvite(db, inviter.id, code, now)).rejects.toEqual(refusal(Code.CONFLICT, '不能接受自己的邀请'));
    const old = { id: (await insertUser(db, '13912340002', { created_at: addDays(now, -8) }))! };
    await expect(acceptInvite(db, old.id, code, now)).rejects.toEqual(refusal(Code.CONFLICT, '仅新注册的用户可以接受邀请'));
    await expect(acceptInvite(db, old.id, 'NoSuchCode1', now)).rejects.toEqual(refusal(Code.NOT_FOUND, '邀请链接无效或已失效'));
    expect(await db.one('SELECT invited_by FROM users WHERE id = $1', [old.id])).toEqual({ invited_by: null });
  });
});

describe("an order's invoice", () => {
  it('only for a paid order of the company whose invoice is not issued yet', async () => {
    const { company_id: c1 } = await userId('13800000001');
    const { company_id: c2 } = await userId('13800000002');
    const form = (await companyInvoice(db, c1, true))!;
    // the demo seed: a closed order, and a paid one whose invoice is issued
    await expect(saveOrderInvoice(db, c1, 'YF2024100900007', form, now)).rejects.toEqual(refusal(Code.CONFLICT, '订单尚未支付，支付完成后再申请发票'));
    await expect(saveOrderInvoice(db, c1, 'YF2024110800012', form, now)).rejects.toEqual(refusal(Code.CONFLICT, '该订单的发票已开具，不能修改'));
    await expect(saveOrderInvoice(db, c2, 'YF2024110800012', form, now)).rejects.toEqual(refusal(Code.NOT_FOUND, '订单不存在'));
    // the SPEC §5 rules before anything is read
    await expect(saveOrderInvoice(db, c1, 'YF2024110800012', { ...form, bank_account: '' }, now)).rejects.toBeInstanceOf(Refusal);
  });
});

describe('removing a colleague', () => {
  it('never oneself, never the administrator', async () => {
    const admin = await userId('13800000001');
    await expect(removeColleague(db, { companyId: admin.company_id, adminId: admin.id, userId: admin.id }, now)).rejects.toEqual(
      refusal(Code.BAD_REQUEST, '不能移除自己'),
    );
    // the demo seed's second administrator of company 1
    const other = await userId('13905710006');
    await expect(removeColleague(db, { companyId: admin.company_id, adminId: admin.id, userId: other.id }, now)).rejects.toEqual(
      refusal(Code.FORBIDDEN, '不能移除企业管理员'),
    );
    expect(await db.one('SELECT company_id FROM users WHERE id = $1', [other.id])).toEqual({ company_id: admin.company_id });
  });
});

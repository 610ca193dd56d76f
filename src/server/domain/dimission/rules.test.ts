/**
 * The departure area's rules called directly on a migrated, seeded database (no Fastify): a
 * resignation request's status transitions (同意 then 交接完成, each only from its status; another
 * company's id answers like a missing one), and the scan-to-leave page — a wrong SMS code is
 * refused but stays counted (commitThenRefuse), a verified mobile submits and withdraws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/setup/db';
import { refusal } from '../../../../tests/setup/domain';
import { Code } from '../../../contract/codes';
import { makeIdCard } from '../../db/seeds/dimission';
import type { Db } from '../../db/types';
import { DEFAULT_LOGIN_LIMITS } from '../../lib/limits';
import { Refusal } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { loadCompany } from '../users';
import { approveRequest, confirmHandover, urgeHandover } from './handover';
import { leaveQr, sendLeaveCode, submitLeave, verifyLeaveMobile, withdrawLeave } from './scan-page';
import type { Hr } from './shared';
import { mobileIndex } from '../users';

let db: Db;
let hr: Hr;
let stranger: Hr;
const now = new Date();
const today = fmtDate(now);

/** An HR caller of the company of the user with `mobile`. */
async function hrOfMobile(mobile: string): Promise<Hr> {
  const u = (await db.one<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!;
  return { company: (await loadCompany(db, u.company_id))!, userId: u.id };
}

beforeAll(async () => {
  db = await openTestDb();
  hr = await hrOfMobile('13800000001');
  stranger = await hrOfMobile('13800000002');
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('a resignation request under review', () => {
  it('is agreed only while pending, handed over only once agreed; another company cannot see it', async () => {
    const { id } = (await db.one<{ id: number }>("SELECT id FROM resignation_requests WHERE company_id = $1 AND status = 'pending' ORDER BY id LIMIT 1", [
      hr.company.id,
    ]))!;
    const approve = { last_day: today, handover_name: '李娜', id_card: makeIdCard('330106', '1990-01-01', 7), join_date: '2020-01-01' };

    await expect(confirmHandover(db, hr, id, now)).rejects.toEqual(refusal(Code.CONFLICT, '只有已同意的申请可以确认交接完成'));
    await expect(urgeHandover(db, hr, id, now)).rejects.toEqual(refusal(Code.CONFLICT, '只有待交接（已同意）的申请可以催办'));
    await expect(approveRequest(db, stranger, id, approve, now)).rejects.toEqual(refusal(Code.NOT_FOUND, '离职申请不存在'));

    const agreed = await approveRequest(db, hr, id, approve, now);
    expect(agreed).toMatchObject({ id, status: 'approved', last_day: today, handover_name: '李娜' });
    // the record and its draft proof came with it
    const proof = await db.one<{ status: string }>('SELECT status FROM departure_proofs WHERE record_id = $1', [agreed.record_id]);
    expect(proof?.status).toBe('draft');
    await expect(approveRequest(db, hr, id, approve, now)).rejects.toBeInstanceOf(Refusal);

    expect((await confirmHandover(db, hr, id, now)).status).toBe('left');
    await expect(confirmHandover(db, hr, id, now)).rejects.toEqual(refusal(Code.CONFLICT, '只有已同意的申请可以确认交接完成'));
  });
});

describe('the scan-to-leave page', () => {
  const mobile = '13955550001';
  const sentCode = async () =>
    (await db.one<{ code: string }>('SELECT code FROM sandbox_sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 1', [mobile]))!.code;

  it('refuses a wrong code and keeps the try counted; the right one gives a ticket to submit and withdraw with', async () => {
    const { token } = await leaveQr(db, hr, false, 'https://hr.example', now);
    await sendLeaveCode(db, token, mobile, '127.0.0.1', now, DEFAULT_LOGIN_LIMITS, true);
    const code = await sentCode();
    const wrong = code === '000000' ? '111111' : '000000';

    await expect(verifyLeaveMobile(db, token, mobile, wrong, now, DEFAULT_LOGIN_LIMITS)).rejects.toEqual(refusal(Code.BAD_REQUEST, '验证码错误'));
    const row = await db.one<{ attempts: number; consumed_at: Date | null }>(
      'SELECT attempts, consumed_at FROM sms_codes WHERE mobile_bidx = $1 ORDER BY id DESC LIMIT 1',
      [mobileIndex(mobile)],
    );
    expect(row).toEqual({ attempts: 1, consumed_at: null });
    expect(await db.one('SELECT 1 FROM dimission_leave_tickets WHERE mobile_mask = $1', ['139****0001'])).toBeUndefined();

    const verified = await verifyLeaveMobile(db, token, mobile, code, now, DEFAULT_LOGIN_LIMITS);
    expect(verified).toMatchObject({ mobile_mask: '139****0001', request: null });

    const form = {
      ticket: verified.ticket,
      employee_name: '钱多',
      id_card: makeIdCard('330106', '1992-02-02', 8),
      dept_name: '',
      job_name: '出纳',
      join_date: '2021-03-01',
      last_day: today,
      type: 'resign' as const,
      reason: '',
    };
    expect((await submitLeave(db, token, form, now)).request.status).toBe('pending');
    await expect(submitLeave(db, token, form, now)).rejects.toEqual(refusal(Code.CONFLICT, '您已有待处理的离职申请，请耐心等待HR处理'));
    expect((await withdrawLeave(db, token, verified.ticket, now)).request.status).toBe('withdrawn');
    await expect(withdrawLeave(db, token, verified.ticket, now)).rejects.toEqual(refusal(Code.CONFLICT, '没有可撤回的离职申请'));
  });
});

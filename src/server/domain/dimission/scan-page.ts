/**
 * Scan to leave (扫码离职): the company's QR link, and the employee's page behind it — the SMS
 * check of their mobile (the SMS-code service's codes and limits, domain/sms-codes.ts), a
 * half-hour ticket, then submitting, correcting (退回 → 待处理 again) or withdrawing their request.
 */
import type { z } from 'zod';
import type { LeaveSubmitBody } from '../../../contract/dimission';
import { addDaysTo, isDate } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { sha256hex } from '../../lib/crypto';
import type { LoginLimits } from '../../lib/limits';
import { sealPii } from '../../lib/pii';
import { badRequest, commitThenRefuse, conflict, notFound } from '../../lib/refusal';
import { addSeconds, fmtDate, fmtDateTime } from '../../lib/time';
import { consumeSmsCode, issueSmsCode } from '../sms-codes';
import { ownRequestRow, REQ_COLS, type RequestRow } from './requests';
import { type Hr, idCardOf, newLinkToken } from './shared';
import { resignationSubmitted } from '../messages/events';

const LEAVE_TICKET_S = 30 * 60;

/** What the employee's page shows of their own request. */
const ownRequest = (r: RequestRow) => ({
  id: r.id,
  status: r.status,
  employee_name: r.employee_name,
  dept_name: r.dept_name,
  job_name: r.job_name,
  join_date: r.join_date,
  last_day: r.last_day,
  type: r.type,
  reason: r.reason,
  reject_reason: r.reject_reason,
  submitted_at: fmtDateTime(r.submitted_at),
});

/** The company's scan-to-leave link (at `origin`): the current one, or a new one when `rotate` (the old stops working). */
export async function leaveQr(db: Db, hr: Hr, rotate: boolean, origin: string, now: Date): Promise<{ token: string; url: string; created_at: string }> {
  const row = await db.tx(async (t) => {
    const cur = await t.one<{ token: string; created_at: Date }>('SELECT token, created_at FROM dimission_qr WHERE company_id = $1 FOR UPDATE', [
      hr.company.id,
    ]);
    if (cur && !rotate) return cur;
    return (await t.one<{ token: string; created_at: Date }>(
      `INSERT INTO dimission_qr (company_id, token, created_by, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id) DO UPDATE SET token = EXCLUDED.token, created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at
       RETURNING token, created_at`,
      [hr.company.id, newLinkToken(), hr.userId, now],
    ))!;
  });
  return { token: row.token, url: `${origin}/m/leave/${row.token}`, created_at: fmtDateTime(row.created_at) };
}

/** The company behind a QR token (a normal company), else the refusal. */
async function qrCompany(db: Db, token: string): Promise<{ id: number; name: string }> {
  const c = await db.one<{ id: number; name: string }>(
    `SELECT c.id, c.name FROM dimission_qr q JOIN companies c ON c.id = q.company_id WHERE q.token = $1 AND c.status = 'normal'`,
    [token],
  );
  if (!c) throw notFound('二维码已失效，请联系HR重新获取');
  return c;
}

/** The page's heading: whose scan-to-leave link this is. */
export async function leavePage(db: Db, token: string): Promise<{ company_name: string }> {
  return { company_name: (await qrCompany(db, token)).name };
}

/**
 * The SMS check of the employee's mobile (the login's code table and limits, counted also against
 * the QR token: it hangs on a wall, anyone may read it).
 */
export async function sendLeaveCode(db: Db, token: string, mobile: string, ip: string, now: Date, limits: LoginLimits, sandbox: boolean): Promise<void> {
  await qrCompany(db, token);
  await commitThenRefuse(db, (t) => issueSmsCode(t, mobile, { ip, token, purpose: 'leave' }, now, limits, sandbox));
}

/** The employee's open request in this company (the latest pending, returned or agreed one). */
const openOwn = (db: Db, companyId: number, bidx: string) =>
  db.one<RequestRow>(
    `SELECT ${REQ_COLS} FROM resignation_requests WHERE company_id = $1 AND mobile_bidx = $2 AND status IN ('pending', 'rejected', 'approved')
      ORDER BY submitted_at DESC, id DESC LIMIT 1`,
    [companyId, bidx],
  );

/**
 * The code checked: a ticket for the next half hour and the employee's open request. A wrong
 * code is refused after the commit, so the try stays counted.
 */
export async function verifyLeaveMobile(db: Db, token: string, mobile: string, code: string, now: Date, limits: LoginLimits) {
  const c = await qrCompany(db, token);
  const ticket = newLinkToken();
  const seal = sealPii('mobile', mobile);
  await commitThenRefuse(db, async (t) => {
    const wrong = await consumeSmsCode(t, mobile, code, 'leave', now, limits);
    if (wrong) return wrong;
    await t.query('DELETE FROM dimission_leave_tickets WHERE expires_at < $1', [now]);
    await t.query(
      'INSERT INTO dimission_leave_tickets (ticket_hash, company_id, mobile_enc, mobile_bidx, mobile_mask, expires_at) VALUES ($1,$2,$3,$4,$5,$6)',
      [sha256hex(ticket), c.id, seal.enc, seal.bidx, seal.mask, addSeconds(now, LEAVE_TICKET_S)],
    );
    return null;
  });
  const own = await openOwn(db, c.id, seal.bidx);
  return { ticket, mobile_mask: seal.mask, request: own ? ownRequest(own) : null };
}

/** The company and the verified mobile of a live ticket, else the refusal. */
async function ticketOf(db: Db, token: string, ticket: string, now: Date) {
  const c = await qrCompany(db, token);
  const t = await db.one<{ mobile_enc: string; mobile_bidx: string; mobile_mask: string }>(
    'SELECT mobile_enc, mobile_bidx, mobile_mask FROM dimission_leave_tickets WHERE ticket_hash = $1 AND company_id = $2 AND expires_at > $3',
    [sha256hex(ticket), c.id, now],
  );
  if (!t) throw badRequest('验证已过期，请重新验证手机号');
  return { c, t };
}

/** A new request, or the correction of a returned one (退回 → 待处理 again). */
export async function submitLeave(db: Db, token: string, body: z.output<typeof LeaveSubmitBody>, now: Date) {
  const { c, t: tk } = await ticketOf(db, token, body.ticket, now);
  const idCard = sealPii('id_card', idCardOf(body.id_card, now));
  if (!isDate(body.join_date) || !isDate(body.last_day)) throw badRequest('请选择正确的日期');
  if (body.last_day < body.join_date) throw badRequest('最后工作日不能早于入职日期');
  if (body.last_day > addDaysTo(fmtDate(now), 366)) throw badRequest('最后工作日不能晚于一年以后');
  const id = await db.tx(async (t) => {
    await t.query("SELECT pg_advisory_xact_lock(hashtext('leave:' || $1))", [tk.mobile_bidx]);
    const open = await openOwn(t, c.id, tk.mobile_bidx);
    if (open?.status === 'pending') throw conflict('您已有待处理的离职申请，请耐心等待HR处理');
    if (open?.status === 'approved') throw conflict('您的离职申请已同意，无需重复提交');
    const vals = [
      body.employee_name,
      idCard.enc,
      idCard.bidx,
      idCard.mask,
      body.dept_name,
      body.job_name,
      body.join_date,
      body.last_day,
      body.type,
      body.reason,
      now,
    ];
    if (open?.status === 'rejected') {
      await t.query(
        `UPDATE resignation_requests SET employee_name = $2, id_card_enc = $3, id_card_bidx = $4, id_card_mask = $5, dept_name = $6,
           job_name = $7, join_date = $8, last_day = $9, type = $10, reason = $11, submitted_at = $12, updated_at = $12,
           status = 'pending', reviewed_at = NULL, reviewed_by = NULL WHERE id = $1`,
        [open.id, ...vals],
      );
      await resignationSubmitted(t, c.id, open.id, body.employee_name, true, now);
      return open.id;
    }
    const made = (await t.one<{ id: number }>(
      `INSERT INTO resignation_requests (company_id, mobile_enc, mobile_bidx, mobile_mask, employee_name, id_card_enc, id_card_bidx,
         id_card_mask, dept_name, job_name, join_date, last_day, type, reason, submitted_at, status)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,'pending') RETURNING id`,
      [c.id, tk.mobile_enc, tk.mobile_bidx, tk.mobile_mask, ...vals],
    ))!.id;
    // 人事 hears of it in the console's 消息中心 (issue 32 item 4)
    await resignationSubmitted(t, c.id, made, body.employee_name, false, now);
    return made;
  });
  return { request: ownRequest(await ownRequestRow(db, id, c.id)) };
}

/** 撤回 by the employee: a pending or returned request. */
export async function withdrawLeave(db: Db, token: string, ticket: string, now: Date) {
  const { c, t: tk } = await ticketOf(db, token, ticket, now);
  const id = await db.tx(async (t) => {
    const open = await openOwn(t, c.id, tk.mobile_bidx);
    if (!open || (open.status !== 'pending' && open.status !== 'rejected')) throw conflict('没有可撤回的离职申请');
    await t.query(`UPDATE resignation_requests SET status = 'withdrawn', updated_at = $2 WHERE id = $1`, [open.id, now]);
    return open.id;
  });
  return { request: ownRequest(await ownRequestRow(db, id, c.id)) };
}

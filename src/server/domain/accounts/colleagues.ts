/**
 * Colleagues (issue 5): the company's people, the admin's check of those who ask to join and the
 * removal of a colleague, and the colleague invitation link (its code, its preview, joining with it).
 * The route asks access.ts first (a verified company; the admin for checks and removals).
 */
import type { z } from 'zod';
import type { Colleague, CompanyJoinBody } from '../../../contract/account';
import { normalRoles } from '../../../contract/roles';
import type { Db } from '../../db/types';
import { randomAlnum } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/refusal';
import { ownMobile, type AuthInfo } from '../users';
import { dt } from './dates';

interface ColleagueRow {
  id: number;
  realname: string;
  mobile_enc: string;
  mobile_mask: string;
  dept_name: string;
  job_name: string;
  role: 'admin' | 'member';
  roles: string[];
  member_status: 'pending' | 'normal';
  joined_at: Date | null;
}

function colleagueOf(r: ColleagueRow, me: AuthInfo): Colleague {
  return {
    id: r.id,
    realname: r.realname,
    // colleagues' numbers masked, the admin's view included; one's own number whole (docs/pii.md)
    mobile: r.id === me.user.id ? ownMobile(r) : r.mobile_mask,
    dept_name: r.dept_name,
    job_name: r.job_name,
    role: r.role,
    roles: normalRoles(r.roles),
    status: r.member_status,
    joined_at: r.member_status === 'normal' ? dt(r.joined_at) : null,
    applied_at: r.member_status === 'pending' ? dt(r.joined_at) : null,
    is_me: r.id === me.user.id,
  };
}

/** The company's members, admins first; only administrators see (and check) who waits to join. */
export async function listColleagues(db: Db, companyId: number, me: AuthInfo): Promise<{ list: Colleague[]; pending: Colleague[] }> {
  const rows = await db.query<ColleagueRow>(
    `SELECT id, realname, mobile_enc, mobile_mask, dept_name, job_name, role, roles, member_status, joined_at FROM users
      WHERE company_id = $1 ORDER BY role = 'admin' DESC, joined_at NULLS LAST, id`,
    [companyId],
  );
  const all = rows.map((r) => colleagueOf(r, me));
  return {
    list: all.filter((x) => x.status === 'normal'),
    pending: me.user.role === 'admin' ? all.filter((x) => x.status === 'pending' && x.role === 'member') : [],
  };
}

/** The user leaves the company (a rejected joiner, a removed colleague) and keeps the account. */
const leaveCompany = (t: Db, userId: number) =>
  t.query(
    `UPDATE users SET company_id = NULL, member_status = 'normal', role = 'member', dept_name = '', job_name = '', joined_at = NULL
      WHERE id = $1`,
    [userId],
  );

/** The admin's answer to a colleague asking to join: admitted, or sent away. */
export async function checkColleague(db: Db, companyId: number, userId: number, result: 'pass' | 'reject', now: Date): Promise<void> {
  await db.tx(async (t) => {
    const u = await t.one<{ company_id: number | null; member_status: string; role: string }>(
      'SELECT company_id, member_status, role FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    // someone of another company answers like a missing one
    if (!u || u.company_id !== companyId) throw notFound('同事不存在');
    if (u.member_status !== 'pending' || u.role !== 'member') throw conflict('该同事已审核，请刷新后查看');
    if (result === 'pass') await t.query(`UPDATE users SET member_status = 'normal', joined_at = $2 WHERE id = $1`, [userId, now]);
    else await leaveCompany(t, userId);
  });
}

/**
 * The admin removes a colleague (a member, normal or pending) from the company: the user keeps
 * the account but leaves the company, and every session of theirs is revoked at once (their
 * next call answers 410000). Another company's user answers the same 404 as a missing one.
 */
export async function removeColleague(db: Db, o: { companyId: number; adminId: number; userId: number }, now: Date): Promise<void> {
  if (o.userId === o.adminId) throw badRequest('不能移除自己');
  await db.tx(async (t) => {
    const u = await t.one<{ company_id: number | null; role: string }>('SELECT company_id, role FROM users WHERE id = $1 FOR UPDATE', [o.userId]);
    if (!u || u.company_id !== o.companyId) throw notFound('同事不存在');
    if (u.role === 'admin') throw forbidden('不能移除企业管理员');
    await leaveCompany(t, o.userId);
    await t.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [o.userId, now]);
  });
}

/** The colleague invitation link's code (made on first use). */
export async function companyInviteCode(db: Db, company: { id: number; name: string }): Promise<{ code: string; company_name: string }> {
  let row = await db.one<{ invite_code: string | null }>('SELECT invite_code FROM companies WHERE id = $1', [company.id]);
  if (!row?.invite_code) {
    row = await db.one<{ invite_code: string }>('UPDATE companies SET invite_code = COALESCE(invite_code, $2) WHERE id = $1 RETURNING invite_code', [
      company.id,
      randomAlnum(10),
    ]);
  }
  return { code: row!.invite_code!, company_name: company.name };
}

/** A colleague or friend invitation link that leads nowhere (anymore). */
export const MSG_INVITE_GONE = '邀请链接无效或已失效';

/** What the invitation link shows before joining: a verified company's name. */
export async function companyInvitePreview(db: Db, code: string): Promise<{ company_name: string; inviter: string }> {
  const c = await db.one<{ name: string; status: string }>('SELECT name, status FROM companies WHERE invite_code = $1', [code]);
  if (!c || c.status !== 'normal') throw notFound(MSG_INVITE_GONE);
  return { company_name: c.name, inviter: '' };
}

export type CompanyJoinForm = z.output<typeof CompanyJoinBody>;

/** Asks to join the company of the invitation: the caller waits for the admin's check. */
export async function joinCompany(db: Db, userId: number, b: CompanyJoinForm, now: Date): Promise<void> {
  await db.tx(async (t) => {
    const c = await t.one<{ id: number; status: string }>('SELECT id, status FROM companies WHERE invite_code = $1', [b.code]);
    if (!c || c.status !== 'normal') throw notFound(MSG_INVITE_GONE);
    const me = await t.one<{ company_id: number | null; member_status: string }>('SELECT company_id, member_status FROM users WHERE id = $1 FOR UPDATE', [
      userId,
    ]);
    if (me!.company_id === c.id) {
      throw conflict(me!.member_status === 'pending' ? '您已提交加入申请，请等待企业管理员审核' : '您已是该企业的成员');
    }
    if (me!.company_id !== null) throw conflict('您已加入其他企业，不能重复加入');
    await t.query(
      `UPDATE users SET company_id = $2, role = 'member', member_status = 'pending', realname = $3, dept_name = $4,
         job_name = $5, joined_at = $6 WHERE id = $1`,
      [userId, c.id, b.realname, b.dept_name, b.job_name, now],
    );
  });
}

import type { Db } from '../db/types';
import type { CompanyStatus, Member, User } from '../../contract/usercenter';
import { fmtDate } from '../lib/time';
import { normalRoles, permissionsOf } from '../../contract/roles';
import { normalizeDigits } from '../../contract/person';
import { blindIndex, decryptPii } from '../lib/pii';

export interface UserRow {
  id: number;
  /** the login mobile sealed (migration 042, docs/pii.md): whole only to its owner (ownMobile) */
  mobile_enc: string;
  /** what colleagues, lists and logs show: 138****0001 */
  mobile_mask: string;
  realname: string;
  avatar: string;
  verify_status: number;
  company_id: number | null;
  dept_name: string;
  job_name: string;
  /** 'admin' exactly when roles holds 管理员 (kept so by the database, migration 036) */
  role: 'admin' | 'member';
  /** the roles in the company (src/contract/roles.ts); 成员 always among them */
  roles: string[];
  member_status: 'pending' | 'normal';
}

export interface CompanyRow {
  id: number;
  name: string;
  short_name: string;
  status: 'apply' | 'normal' | 'reject';
  reject_reason: string;
  is_pay_taxe: boolean;
  company_lv: number;
  member_expire: string | null;
  crc_balance: number;
  submitted_by: number | null;
}

export const USER_COLUMNS = 'id, mobile_enc, mobile_mask, realname, avatar, verify_status, company_id, dept_name, job_name, role, roles, member_status';
export const COMPANY_COLUMNS = 'id, name, short_name, status, reject_reason, is_pay_taxe, company_lv, member_expire, crc_balance, submitted_by';

/** The blind index a user is found by (login, binding, seeds): `users.mobile_bidx`. */
export const mobileIndex = (mobile: string) => blindIndex('mobile', normalizeDigits(mobile));

/** The user's own whole mobile, for what truly needs it: their own answers, an SMS to them. */
export const ownMobile = (user: Pick<UserRow, 'mobile_enc'>) => decryptPii(user.mobile_enc);

export async function loadCompany(db: Db, id: number | null): Promise<CompanyRow | null> {
  if (id === null) return null;
  return (await db.one<CompanyRow>(`SELECT ${COMPANY_COLUMNS} FROM companies WHERE id = $1`, [id])) ?? null;
}

/**
 * The user's company_status (SPEC §4):
 * - no company → `no_apply`;
 * - the company is under review (`apply`) or was rejected (`reject`: the user must fix and
 *   resubmit, which the console shows on /inReview), or the user's own membership is still
 *   pending (a colleague waiting for the admin's check) → `apply`;
 * - the company is verified and the user is a full member → `normal`.
 */
export function companyStatus(user: UserRow, company: CompanyRow | null): CompanyStatus {
  if (!company) return 'no_apply';
  if (company.status !== 'normal' || user.member_status !== 'normal') return 'apply';
  return 'normal';
}

/** True when the user is a full member of a verified company: only they see company data. */
export const isActiveMember = (user: UserRow, company: CompanyRow | null): company is CompanyRow => companyStatus(user, company) === 'normal';

export function toApiUser(user: UserRow, company: CompanyRow | null): User {
  return {
    id: user.id,
    realname: user.realname,
    avatar: user.avatar,
    verify_status: user.verify_status,
    // the user's own number, to the user
    mobile: ownMobile(user),
    company_status: companyStatus(user, company),
  };
}

/** A membership counts until the end of its last day (China time). */
export function activeLevel(company: CompanyRow, now: Date): number {
  return company.company_lv > 0 && company.member_expire !== null && company.member_expire >= fmtDate(now) ? company.company_lv : 0;
}

/**
 * The caller's place in their company; null without one. `pending`: the check_num already counted
 * (the auth lookup does, http/auth.ts), else it is counted here.
 */
export async function toApiMember(db: Db, user: UserRow, company: CompanyRow | null, now: Date, pending?: number): Promise<Member | null> {
  if (!company) return null;
  const active = isActiveMember(user, company);
  const admin = user.role === 'admin';
  let checkNum = 0;
  if (active && admin && pending !== undefined) checkNum = pending;
  else if (active && admin) {
    // colleagues who asked to join and wait for an admin (not the company's own applicant)
    const row = await db.one<{ n: number }>(`SELECT count(*) AS n FROM users WHERE company_id = $1 AND member_status = 'pending' AND role = 'member'`, [
      company.id,
    ]);
    checkNum = row?.n ?? 0;
  }
  const lv = activeLevel(company, now);
  return {
    company_id: company.id,
    company_name: company.name,
    dept_name: user.dept_name,
    job_name: user.job_name,
    name: user.realname,
    is_pay_taxe: company.is_pay_taxe ? 1 : 0,
    company_lv: lv,
    member_expire: lv > 0 ? company.member_expire! : '',
    check_num: checkNum,
    is_admin: admin ? 1 : 0,
    // what the caller may do (issue 27), so the console can hide the rest; none before admission
    roles: active ? normalRoles(user.roles) : ['member'],
    permissions: active ? permissionsOf(user.roles) : [],
    // the balance is company data: a user not yet admitted does not see it
    crc: active ? company.crc_balance : 0,
  };
}

/** Who calls an authenticated endpoint, loaded fresh for every request. */
export interface AuthInfo {
  user: UserRow;
  /** the user's company (any status), null without one */
  company: CompanyRow | null;
  tokenHash: string;
  /** colleagues waiting for an admin's check (check_num), counted only for active admins, else 0 */
  pendingMembers: number;
}

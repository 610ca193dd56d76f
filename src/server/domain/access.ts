/**
 * Who may do what, for every area: the caller's company and standing (verified, member, admin,
 * the tax service). A route asks here before it calls its domain function; the refusals are the
 * SPEC's words (messages.md). Roles and approvals (issue 27) grow here.
 */
import { Code } from '../../contract/codes';
import { grants, MSG_NO_PERMISSION, type PermRule } from '../../contract/roles';
import { forbidden, Refusal } from '../lib/refusal';
import { activeLevel, companyStatus, isActiveMember, type AuthInfo, type CompanyRow } from './users';

export const MSG_NO_COMPANY = '该操作需要企业认证，是否继续？';
export const MSG_IN_REVIEW = '企业信息审核中，是否查看审核进度？';
export const MSG_NON_MEMBER = '该功能为付费会员功能，开通会员后即可正常使用';
export const MSG_NO_TAX = '贵公司尚未开通完税服务，请先申请开通';

/** The caller must be a full member of a verified company (company data); answers the company. */
export function companyOf(auth: AuthInfo): CompanyRow {
  const st = companyStatus(auth.user, auth.company);
  if (st === 'no_apply') throw new Refusal(Code.FORBIDDEN, MSG_NO_COMPANY);
  if (st === 'apply') throw new Refusal(Code.FORBIDDEN, MSG_IN_REVIEW);
  return auth.company!;
}

/** Paid features (publishing, inviting, the interview schedule, contact details): members only. */
export function memberCompanyOf(auth: AuthInfo, now: Date): CompanyRow {
  const company = companyOf(auth);
  if (activeLevel(company, now) <= 0) throw new Refusal(Code.FORBIDDEN, MSG_NON_MEMBER);
  return company;
}

export const isPaid = (company: CompanyRow, now: Date) => activeLevel(company, now) > 0;

/** The caller's verified company, for actions on company data; refuses the others clearly. */
export function activeCompany(auth: AuthInfo): CompanyRow {
  const status = companyStatus(auth.user, auth.company);
  if (status === 'no_apply') throw forbidden('请先完成企业认证');
  if (status === 'apply') {
    throw forbidden(
      auth.user.member_status === 'pending' && auth.company?.status === 'normal' ? '您的加入申请正在等待企业管理员审核' : '企业信息审核中，暂不能使用该功能',
    );
  }
  return auth.company!;
}

/** Like activeCompany, and the caller must be one of the company's administrators. */
export function adminCompany(auth: AuthInfo, what: string): CompanyRow {
  const c = activeCompany(auth);
  if (auth.user.role !== 'admin') throw forbidden(`仅企业管理员可${what}`);
  return c;
}

/** A member company with the tax flag on (SPEC §5/§6), else a refusal — not only the route guard. */
export function taxCompany(auth: AuthInfo, now: Date): CompanyRow {
  const c = memberCompanyOf(auth, now);
  if (!c.is_pay_taxe) throw new Refusal(Code.FORBIDDEN, MSG_NO_TAX);
  return c;
}

/** The name the logs show for the caller: the real name, or the masked mobile. */
export const operatorOf = (auth: AuthInfo) => auth.user.realname || auth.user.mobile_mask;

/**
 * The endpoint's permission (its `perm` in the endpoint table), asked by addRoute before any
 * handler runs: a full member of a verified company whose roles do not grant it is refused with
 * nothing written. Callers not yet admitted (no company, in review, waiting for the admin) pass on
 * to the handler, whose own gates answer them as before (e.g. 请先完成企业认证).
 */
export function requirePermission(auth: AuthInfo, rule: PermRule): void {
  if (!isActiveMember(auth.user, auth.company)) return;
  if (!grants(auth.user.roles, rule)) throw forbidden(MSG_NO_PERMISSION);
}

/**
 * What the signed-in user may do (issue 27): the permissions of their roles come with the user info
 * (`member.permissions`); the server enforces every endpoint's `perm`, the console only hides or
 * disables what would be refused and says who may do it.
 *
 * `useCan` is the plain question. `lacks` is the one the console hides and disables by: the user is an
 * admitted member (verified company, membership checked) and their roles do not grant the rule.
 * Users not yet admitted hold no permission at all; their pages keep their own gates (请先完成企业认证
 * …), as the server answers them by the handler's gates, not by the permission.
 */
import { useSnapshot } from 'valtio';
import { ROLE_LABELS, ROLES, rolesGranting, type PermRule, type Permission } from '../../../contract/roles';
import { t } from '../i18n/zh-CN';
import type { User } from '../../../contract/usercenter';
import { session } from './store';

/** Whether the user's roles grant a permission; re-renders the component when the roles change. */
export function useCan(): (perm: Permission) => boolean {
  const snap = useSnapshot(session);
  const have = snap.member?.permissions ?? [];
  return (perm) => have.includes(perm);
}

const ruleList = (rule: PermRule): readonly Permission[] => (typeof rule === 'string' ? [rule] : rule);

/** `lacks` of a given session state (a valtio snapshot, so the caller re-renders with it). */
export function lacksIn(
  s: { readonly user: Pick<User, 'company_status'> | null; readonly member: { readonly permissions: readonly Permission[] } | null },
  rule: PermRule,
): boolean {
  if (s.user?.company_status !== 'normal' || !s.member) return false;
  const have = s.member.permissions;
  return !ruleList(rule).some((p) => have.includes(p));
}

/** True when an admitted member's roles do not grant the rule (read once, outside React). */
export function lacks(rule: PermRule): boolean {
  return lacksIn(session, rule);
}

/** A `lacks` that re-renders the component when the user's roles change. */
export function useLacks(): (rule: PermRule) => boolean {
  const snap = useSnapshot(session);
  return (rule) => lacksIn(snap, rule);
}

/** The labels of the roles that grant the rule (any one of its permissions), 管理员 last. */
function labelsFor(rule: PermRule): string[] {
  const roles = new Set(ruleList(rule).flatMap(rolesGranting));
  return [...ROLES.filter((r) => r !== 'admin' && roles.has(r)), 'admin' as const].map((r) => ROLE_LABELS[r]);
}

/** Why an action is disabled: `仅财务、管理员可操作`. */
export function onlyRolesText(rule: PermRule): string {
  return t.onlyRoles(labelsFor(rule));
}

/** Why a page or a list is not shown: `仅人事、管理员可查看`. */
export function onlyRolesSeeText(rule: PermRule): string {
  return t.onlyRolesSee(labelsFor(rule));
}

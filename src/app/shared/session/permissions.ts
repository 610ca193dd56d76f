/**
 * What the signed-in user may do (issue 27): the permissions of their roles come with the user info
 * (`member.permissions`); the server enforces every endpoint's `perm`, the console only hides or
 * disables what would be refused and says who may do it.
 */
import { useSnapshot } from 'valtio';
import { ROLE_LABELS, rolesGranting, type Permission } from '../../../contract/roles';
import { t } from '../i18n/zh-CN';
import { session } from './store';

/** True when the user's roles grant the permission (read once, outside React). */
export function can(perm: Permission): boolean {
  return !!session.member?.permissions.includes(perm);
}

/** A `can` that re-renders the component when the user's roles change. */
export function useCan(): (perm: Permission) => boolean {
  const snap = useSnapshot(session);
  const have = snap.member?.permissions ?? [];
  return (perm) => have.includes(perm);
}

/** Why an action is disabled: `仅财务、管理员可操作`. */
export function onlyRolesText(perm: Permission): string {
  return t.onlyRoles(rolesGranting(perm).map((r) => ROLE_LABELS[r]));
}

/** Whether the user's roles are known yet (the user info has arrived): deny nothing before that. */
export function useRolesKnown(): boolean {
  return !!useSnapshot(session).member;
}

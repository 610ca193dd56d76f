/**
 * Roles and permissions (issue 27): which role of a company grants which permission, as data shared
 * by the server (http/route.ts enforces every endpoint's `perm` before its handler runs) and the
 * console (the caller's permissions come with the user info, to hide what they may not do).
 * docs/roles.md is the table in prose. No zod here: the i18n catalog imports the labels, and pages
 * outside the console (/invite, /agreement) must not pull the schema library in (PWA byte budget).
 */
/** A person's roles in their company; several at once. 成员 (member) is held by everyone in a company. */
export const ROLES = ['admin', 'finance', 'recruiter', 'hr', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: '管理员',
  finance: '财务',
  recruiter: '招聘',
  hr: '人事',
  member: '成员',
};

export const PERMISSIONS = ['recruit', 'hr', 'payout.prepare', 'payout.approve', 'payout.settings', 'finance', 'pii.full', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Which permissions each role grants; 管理员 holds them all (existing admins keep everything). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  finance: ['payout.prepare', 'payout.approve', 'finance'],
  recruiter: ['recruit', 'payout.prepare'],
  hr: ['hr', 'payout.prepare', 'pii.full'],
  member: [],
};

/**
 * What an endpoint of the table needs (`perm` next to `auth`): one permission, or any one of a
 * list (the import batches, whose type — payout list, departures, workers, tax — is known only
 * from the stored batch; the domain checks the type's own permission, IMPORT_TYPE_PERMS).
 */
export type PermRule = Permission | readonly Permission[];

/** The permissions a set of roles grants, in the table's order. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const held = new Set(roles.flatMap((r) => ((ROLES as readonly string[]).includes(r) ? ROLE_PERMISSIONS[r as Role] : [])));
  return PERMISSIONS.filter((p) => held.has(p));
}

/** True when the roles grant the rule (one of its permissions). */
export function grants(roles: readonly string[], rule: PermRule): boolean {
  const have = permissionsOf(roles);
  return (typeof rule === 'string' ? [rule] : rule).some((p) => have.includes(p));
}

/** Roles in the table's order, without repeats; 成员 always among them. */
export function normalRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((r) => r === 'member' || roles.includes(r));
}

/**
 * The response header of every authenticated answer with the caller's roles as the user info
 * states them, comma separated (`admin,member`); the console refreshes the user info when it differs.
 */
export const ROLES_HEADER = 'x-roles';

/** The refusal of a call the caller's roles do not allow (messages.md). */
export const MSG_NO_PERMISSION = '您没有该操作的权限，请联系企业管理员';

/** The roles that grant a permission (管理员 last), for saying who may do what the caller may not. */
export function rolesGranting(perm: Permission): Role[] {
  const roles = ROLES.filter((r) => r !== 'admin' && ROLE_PERMISSIONS[r].includes(perm));
  return [...roles, 'admin'];
}

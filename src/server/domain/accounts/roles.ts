/**
 * Roles of the company's colleagues (issue 27): the admin sets a colleague's roles, never leaving the
 * company without an admin, and every change is written to the append-only 权限变更记录
 * (role_changes, migration 036) with the roles before and after. What each role allows: src/contract/roles.ts.
 */
import type { RoleChangeRow } from '../../../contract/account';
import { normalRoles, type Role } from '../../../contract/roles';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../lib/refusal';
import { dt } from './dates';

export const MSG_LAST_ADMIN = '企业至少需要保留一位管理员';

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Sets a colleague's roles (the whole set). The company's admins are locked first, in id order, so
 * two admins demoting each other at once cannot both succeed. An unchanged set writes nothing.
 */
export async function setColleagueRoles(
  db: Db,
  o: { companyId: number; adminId: number; userId: number; roles: readonly string[] },
  now: Date,
): Promise<{ roles: Role[]; changed: boolean }> {
  const after = normalRoles(o.roles);
  return db.tx(async (t) => {
    const admins = await t.query<{ id: number }>(
      `SELECT id FROM users WHERE company_id = $1 AND role = 'admin' AND member_status = 'normal' ORDER BY id FOR UPDATE`,
      [o.companyId],
    );
    const u = await t.one<{ company_id: number | null; member_status: string; roles: string[] }>(
      'SELECT company_id, member_status, roles FROM users WHERE id = $1 FOR UPDATE',
      [o.userId],
    );
    // someone of another company answers like a missing one
    if (!u || u.company_id !== o.companyId) throw notFound('同事不存在');
    if (u.member_status !== 'normal') throw conflict('该同事尚未加入企业，请先审核');
    const before = normalRoles(u.roles);
    if (sameRoles(before, after)) return { roles: after, changed: false };
    if (before.includes('admin') && !after.includes('admin') && !admins.some((a) => a.id !== o.userId)) throw conflict(MSG_LAST_ADMIN);
    await t.query('UPDATE users SET roles = $2 WHERE id = $1', [o.userId, after]);
    await t.query('INSERT INTO role_changes (company_id, user_id, changed_by, before, after, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      o.companyId,
      o.userId,
      o.adminId,
      before,
      after,
      now,
    ]);
    return { roles: after, changed: true };
  });
}

export const ROLE_CHANGES_PAGE = 20;

/** 权限变更记录, newest first: who changed whose roles, before → after, when. */
export async function roleChangeList(
  db: Db,
  companyId: number,
  page: number,
): Promise<{ list: RoleChangeRow[]; total: number; page: number; page_size: number }> {
  const rows = await db.query<{
    id: number;
    target_name: string;
    target_mask: string;
    by_name: string;
    by_mask: string;
    before: string[];
    after: string[];
    created_at: Date;
    total: number;
  }>(
    `SELECT rc.id, t.realname AS target_name, t.mobile_mask AS target_mask, b.realname AS by_name, b.mobile_mask AS by_mask,
            rc.before, rc.after, rc.created_at, count(*) OVER () AS total
       FROM role_changes rc JOIN users t ON t.id = rc.user_id JOIN users b ON b.id = rc.changed_by
      WHERE rc.company_id = $1
      ORDER BY rc.id DESC LIMIT $2 OFFSET $3`,
    [companyId, ROLE_CHANGES_PAGE, (page - 1) * ROLE_CHANGES_PAGE],
  );
  const total = rows[0] ? Number(rows[0].total) : (await db.one<{ n: number }>('SELECT count(*) AS n FROM role_changes WHERE company_id = $1', [companyId]))!.n;
  return {
    list: rows.map((r) => ({
      id: r.id,
      target: r.target_name || r.target_mask,
      changed_by: r.by_name || r.by_mask,
      before: normalRoles(r.before),
      after: normalRoles(r.after),
      created_at: dt(r.created_at)!,
    })),
    total: Number(total),
    page,
    page_size: ROLE_CHANGES_PAGE,
  };
}

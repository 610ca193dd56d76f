/**
 * The user's own (issue 5): personal info, and the friend invitation — the user's link, whom it
 * brought, and a new account recording who invited it.
 */
import type { z } from 'zod';
import type { ProfileBody } from '../../../contract/account';
import type { Db } from '../../db/types';
import { randomAlnum } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/refusal';
import { MSG_INVITE_GONE } from './colleagues';
import { dt } from './dates';

/** A new account may accept an invitation this long after it was created. */
const INVITE_ACCEPT_MS = 7 * 86_400_000;

export type ProfileForm = z.output<typeof ProfileBody>;

export async function saveProfile(db: Db, userId: number, b: ProfileForm): Promise<void> {
  await db.query('UPDATE users SET realname = $2, dept_name = $3, job_name = $4 WHERE id = $1', [userId, b.realname, b.dept_name, b.job_name]);
}

/** The user's invitation code (made on first use) and the latest 200 people it brought. */
export async function myInvites(db: Db, userId: number) {
  let code = (await db.one<{ invite_code: string | null }>('SELECT invite_code FROM users WHERE id = $1', [userId]))?.invite_code;
  if (!code) {
    const row = await db.one<{ invite_code: string }>('UPDATE users SET invite_code = COALESCE(invite_code, $2) WHERE id = $1 RETURNING invite_code', [
      userId,
      randomAlnum(8),
    ]);
    code = row!.invite_code;
  }
  const rows = await db.query<{
    realname: string;
    mobile_mask: string;
    invited_at: Date;
    company_id: number | null;
    status: string | null;
    member_status: string;
  }>(
    `SELECT u.realname, u.mobile_mask, u.invited_at, u.company_id, c.status, u.member_status
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.invited_by = $1 ORDER BY u.invited_at DESC LIMIT 200`,
    [userId],
  );
  return {
    code,
    list: rows.map((r) => ({
      realname: r.realname,
      mobile: r.mobile_mask,
      invited_at: dt(r.invited_at)!,
      company_status: r.company_id === null ? 'no_apply' : r.status === 'normal' && r.member_status === 'normal' ? 'normal' : 'apply',
    })),
  };
}

/** Who invites, as the link shows it: 王** or a masked mobile. */
export async function inviterOf(db: Db, code: string): Promise<string> {
  const u = await db.one<{ realname: string; mobile_mask: string }>('SELECT realname, mobile_mask FROM users WHERE invite_code = $1', [code]);
  if (!u) throw notFound(MSG_INVITE_GONE);
  return u.realname ? `${u.realname.slice(0, 1)}**` : u.mobile_mask;
}

/** A new account (registered within 7 days) records who invited it, once. */
export async function acceptInvite(db: Db, userId: number, code: string, now: Date): Promise<void> {
  await db.tx(async (t) => {
    const inviter = await t.one<{ id: number }>('SELECT id FROM users WHERE invite_code = $1', [code]);
    if (!inviter) throw notFound(MSG_INVITE_GONE);
    if (inviter.id === userId) throw conflict('不能接受自己的邀请');
    const me = await t.one<{ invited_by: number | null; created_at: Date }>('SELECT invited_by, created_at FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (me!.invited_by !== null) throw conflict('您已接受过好友邀请');
    if (now.getTime() - me!.created_at.getTime() > INVITE_ACCEPT_MS) throw conflict('仅新注册的用户可以接受邀请');
    await t.query('UPDATE users SET invited_by = $2, invited_at = $3 WHERE id = $1', [userId, inviter.id, now]);
  });
}

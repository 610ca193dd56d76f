/**
 * The caller's roles in `X-Roles` (issue 27): every authenticated answer states them as the user
 * info does, read from the database with that request, so an admin's change shows on the
 * colleague's very next call (a refusal's 403 too) and the open console refreshes at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { mobileIndex } from '../domain/users';

const s = useTestServer();
const { get, post } = entCalls(s);
const RECRUITER = '13905710008';
let admin: string, noCompany: string, inReview: string;
beforeAll(async () => {
  ({ member: admin, noCompany, inReview } = await demoAccounts(s));
});

describe('X-Roles', () => {
  it('follows a role change on the colleague’s next call, the 403 of a refusal included', async () => {
    const token = await s.tokenFor(RECRUITER);
    const first = await get('/usercenter/info', token);
    expect(first.headers.get('x-roles')).toBe('recruiter,member');
    expect(first.body.data.member.roles).toEqual(['recruiter', 'member']);
    // a call the roles do not grant: refused, and the header says why
    const refused = await get('/dimission/records', token);
    expect(refused.body.code).toBe(403);
    expect(refused.headers.get('x-roles')).toBe('recruiter,member');

    const { id } = (await s.db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex(RECRUITER)]))!;
    expect((await post(`/usercenter/colleagues/${id}/roles`, { roles: 'hr,recruiter' }, admin)).body.code).toBe(200);
    // the same token, no new login: the next answer carries the new roles
    const after = await get('/dimission/records', token);
    expect(after.body.code).toBe(200);
    expect(after.headers.get('x-roles')).toBe('recruiter,hr,member');
    expect((await get('/usercenter/info', token)).body.data.member.roles).toEqual(['recruiter', 'hr', 'member']);
  });

  it('is absent without a company or a login, and 成员 alone before admission', async () => {
    expect((await get('/usercenter/info', noCompany)).headers.get('x-roles')).toBeNull();
    expect((await get('/index/announcements')).headers.get('x-roles')).toBeNull();
    const pending = await get('/usercenter/info', inReview);
    expect(pending.headers.get('x-roles')).toBe(pending.body.data.member ? pending.body.data.member.roles.join(',') : null);
  });
});

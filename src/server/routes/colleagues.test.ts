/** Removing a colleague (issue 9 item 8): admin only, not oneself, sessions revoked at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColleaguesData } from '../../contract/account';
import { call, startTestServer, type Env, type TestServer } from '../../../tests/setup/server';
import { mobileIndex } from '../domain/users';
import { insertUser } from '../../../tests/setup/users';
import { issueToken } from '../domain/sessions';

let s: TestServer;
let admin1: string;
let admin2: string;
beforeAll(async () => {
  s = await startTestServer();
  admin1 = await s.tokenFor('13800000001');
  admin2 = await s.tokenFor('13800000002');
});
afterAll(async () => {
  await s?.close();
});

const api = (method: string, path: string, token: string) => call<Env>(s.url, method, `/ent/v3${path}`, { token });

describe('removing a colleague', () => {
  it('only the admin, never oneself, never another company’s user; the removed colleague is logged out at once', async () => {
    const list = ColleaguesData.parse((await api('GET', '/usercenter/colleagues', admin1)).body.data);
    const me = list.list.find((c) => c.is_me)!;
    const victim = list.list.find((c) => !c.is_me && c.role === 'member')!;
    const other = list.list.find((c) => !c.is_me && c.role === 'member' && c.id !== victim.id)!;
    expect(victim && other).toBeTruthy();
    // colleagues' mobiles are masked for the admin too; one's own is whole (docs/pii.md)
    expect(victim.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(me.mobile).toBe('13800000001');
    const victimToken = (await issueToken(s.db, victim.id, new Date())).token;
    const victimToken2 = (await issueToken(s.db, victim.id, new Date())).token;
    expect((await api('GET', '/usercenter/info', victimToken)).body.code).toBe(200);

    // a plain member may not remove anyone
    expect((await api('POST', `/usercenter/colleagues/${other.id}/remove`, victimToken)).body).toMatchObject({
      code: 403,
      msg: '您没有该操作的权限，请联系企业管理员',
    });
    // not oneself
    expect((await api('POST', `/usercenter/colleagues/${me.id}/remove`, admin1)).body).toMatchObject({ code: 400, msg: '不能移除自己' });
    // another company's admin: the same 404 as a missing user
    expect((await api('POST', `/usercenter/colleagues/${victim.id}/remove`, admin2)).body).toMatchObject({ code: 404, msg: '同事不存在' });
    expect((await api('POST', `/usercenter/colleagues/${me.id}/remove`, admin2)).body).toMatchObject({ code: 404, msg: '同事不存在' });
    expect((await api('POST', '/usercenter/colleagues/2147483647/remove', admin1)).body).toMatchObject({ code: 404, msg: '同事不存在' });
    expect((await api('POST', '/usercenter/colleagues/2147483648/remove', admin1)).body.code).toBe(400);
    expect((await api('GET', '/usercenter/info', victimToken)).body.code).toBe(200);

    const done = await api('POST', `/usercenter/colleagues/${victim.id}/remove`, admin1);
    expect(done.body).toEqual({ code: 200, msg: '已移除该同事', data: null });
    // every session of the removed colleague ends at once
    expect((await api('GET', '/usercenter/info', victimToken)).body.code).toBe(410000);
    expect((await api('GET', '/position/list', victimToken2)).body.code).toBe(410000);
    const after = ColleaguesData.parse((await api('GET', '/usercenter/colleagues', admin1)).body.data);
    expect(after.list.some((c) => c.id === victim.id)).toBe(false);
    const row = await s.db.one<{ company_id: number | null; role: string }>('SELECT company_id, role FROM users WHERE id = $1', [victim.id]);
    expect(row).toEqual({ company_id: null, role: 'member' });
    // they may log in again, without a company
    const fresh = (await issueToken(s.db, victim.id, new Date())).token;
    expect((await api('GET', '/usercenter/info', fresh)).body.data.user.company_status).toBe('no_apply');
    // a second removal: gone
    expect((await api('POST', `/usercenter/colleagues/${victim.id}/remove`, admin1)).body.code).toBe(404);
  });

  it('an administrator cannot be removed', async () => {
    const c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
    const u = {
      id: (await insertUser(s.db, '13900009999', { realname: '副管理员', company_id: c1, role: 'admin', member_status: 'normal', joined_at: new Date() }))!,
    };
    expect((await api('POST', `/usercenter/colleagues/${u.id}/remove`, admin1)).body).toMatchObject({ code: 403, msg: '不能移除企业管理员' });
  });
});

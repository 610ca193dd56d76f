import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { UserCenterInfoData } from '../../contract/usercenter';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { fmtDate } from '../lib/time';
import { mobileIndex } from '../domain/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const infoOf = async (mobile: string) => {
  const r = await call(s.url, 'GET', '/ent/v3/usercenter/info', { token: await s.tokenFor(mobile) });
  expect(r.status).toBe(200);
  return envelope(UserCenterInfoData).parse(r.body);
};

describe('GET /ent/v3/usercenter/info', () => {
  it('13800000001: admin of a verified member company with the tax flag', async () => {
    const { code, data } = await infoOf('13800000001');
    expect(code).toBe(200);
    expect(data.user).toMatchObject({ mobile: '13800000001', realname: '王丽娟', verify_status: 1, company_status: 'normal' });
    const m = data.member!;
    expect(m).toMatchObject({
      company_name: '杭州云帆智联科技有限公司',
      dept_name: '人力资源部',
      job_name: '人力资源总监',
      name: '王丽娟',
      is_pay_taxe: 1,
      company_lv: 1,
      is_admin: 1,
      check_num: 1,
      crc: 598,
    });
    expect(m.member_expire > fmtDate(new Date(Date.now() + 300 * 86_400_000))).toBe(true);
  });

  it('13800000002: admin of a verified company that is not a member', async () => {
    const { data } = await infoOf('13800000002');
    expect(data.user.company_status).toBe('normal');
    expect(data.member).toMatchObject({
      company_name: '南京禾木餐饮管理有限公司',
      company_lv: 0,
      member_expire: '',
      is_pay_taxe: 0,
      is_admin: 1,
      check_num: 0,
      crc: 95,
    });
  });

  it('13800000003: company under review → apply', async () => {
    const { data } = await infoOf('13800000003');
    expect(data.user).toMatchObject({ realname: '张敏', company_status: 'apply' });
    expect(data.member).toMatchObject({ company_name: '成都蜀道通达物流有限公司', company_lv: 0, check_num: 0 });
  });

  it('13800000004: no company → no_apply, member null', async () => {
    const { data } = await infoOf('13800000004');
    expect(data.user.company_status).toBe('no_apply');
    expect(data.member).toBeNull();
  });

  it('13800000005: colleague pending the admin check → apply, sees no company balance', async () => {
    const { data } = await infoOf('13800000005');
    expect(data.user.company_status).toBe('apply');
    expect(data.member).toMatchObject({ company_name: '杭州云帆智联科技有限公司', is_admin: 0, check_num: 0, crc: 0 });
  });

  it('a normal colleague who is not admin sees check_num 0', async () => {
    const { data } = await infoOf('13905710001');
    expect(data.member).toMatchObject({ is_admin: 0, check_num: 0, crc: 598 });
  });

  it('an expired membership reads as non-member', async () => {
    const id = (await s.db.one<{ id: number }>(`SELECT company_id AS id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    const before = await s.db.one<{ d: string }>('SELECT member_expire AS d FROM companies WHERE id = $1', [id]);
    await s.db.query("UPDATE companies SET member_expire = '2020-01-01' WHERE id = $1", [id]);
    const { data } = await infoOf('13800000001');
    expect(data.member).toMatchObject({ company_lv: 0, member_expire: '' });
    await s.db.query('UPDATE companies SET member_expire = $2 WHERE id = $1', [id, before!.d]);
  });

  it('ignores query parameters such as cache busters', async () => {
    const r = await call(s.url, 'GET', '/ent/v3/usercenter/info?_t=123', { token: await s.tokenFor('13800000004') });
    expect(r.body).toMatchObject({ code: 200 });
  });
});

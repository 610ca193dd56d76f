import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { SettingData } from '../../contract/home';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('GET /ent/v3/index/setting', () => {
  it('answers the CRC values and the packs sorted, amounts in fen', async () => {
    const r = await call(s.url, 'GET', '/ent/v3/index/setting', { token: await s.tokenFor('13800000004') });
    const { code, data } = envelope(SettingData).parse(r.body);
    expect(code).toBe(200);
    expect(data.setting.configure).toEqual({
      company_reg: 100,
      company_staff_leave_1: 10,
      company_staff_leave_2: 20,
      check_info: 5,
      job_switch: 10,
      op_leave: 2,
    });
    // by duration, shortest first (issue 33: 年度/两年/季度 read out of order)
    expect(data.company_order.map((p) => p.pack)).toEqual(['quarter', 'year', 'two_year']);
    expect(data.company_order[1]).toEqual({ pack: 'year', name: '年度会员', amount: 398000, days: 365, num: 500 });
  });

  it('leaves out a disabled pack', async () => {
    await s.db.query("UPDATE member_packs SET enabled = false WHERE pack = 'quarter'");
    const r = await call(s.url, 'GET', '/ent/v3/index/setting', { token: await s.tokenFor('13800000001') });
    expect(r.body.data.company_order.map((p: { pack: string }) => p.pack)).toEqual(['year', 'two_year']);
  });
});

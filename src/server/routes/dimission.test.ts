import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { UrgeData } from '../../contract/dimission';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const urge = async (mobile: string) => {
  const r = await call(s.url, 'GET', '/ent/v3/dimission/urge', { token: await s.tokenFor(mobile) });
  return envelope(UrgeData).parse(r.body);
};

describe('GET /ent/v3/dimission/urge', () => {
  it('counts the pending resignation requests of the caller’s company only', async () => {
    expect(await urge('13800000001')).toEqual({ code: 200, msg: 'ok', data: { count: 3 } });
    expect((await urge('13905710003')).data.count).toBe(3);
    expect((await urge('13800000002')).data.count).toBe(1);
  });

  it('is 0 without a company, under review, or while pending', async () => {
    expect((await urge('13800000004')).data.count).toBe(0);
    expect((await urge('13800000003')).data.count).toBe(0);
    expect((await urge('13800000005')).data.count).toBe(0);
  });

  it('follows the data: a new request of company 2 does not change company 1', async () => {
    const c2 = (await s.db.one<{ id: number }>("SELECT company_id AS id FROM users WHERE mobile = '13800000002'"))!.id;
    await s.db.query(
      `INSERT INTO resignation_requests (company_id, employee_name, dept_name, job_name, status)
       VALUES ($1, '曹雪', '门店运营部', '收银员', 'pending')`,
      [c2],
    );
    expect((await urge('13800000002')).data.count).toBe(2);
    expect((await urge('13800000001')).data.count).toBe(3);
  });
});

/**
 * 实名认证 through the e-sign provider (issue 29 item 3), over real HTTP against PGlite: the check
 * digit and the person on file still come first (no provider call for them), then e签宝's 个人2要素
 * through the sandbox of the same server (signature verified there): 一致 → verified and recorded;
 * 不一致 → refused and recorded; the provider down → a 503-coded refusal and nothing written; with
 * ESIGN_REALNAME_TELECOM3, 运营商3要素 with the mobile on file follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoAccounts, startTestServer, useTestServer, type TestServer } from '../../../tests/setup/server';
import { workerInvites } from '../../../tests/setup/worker-invite';
import { makeIdCard } from '../db/seeds/dimission';
import { MSG_REALNAME_DOWN, MSG_REALNAME_MISMATCH, MSG_REALNAME_MOBILE_MISMATCH } from '../domain/employment/realname';
import { ESIGN_SANDBOX_PREFIX } from '../sandbox/esign';

const s = useTestServer();
let member = '';
let c1 = 0;
beforeAll(async () => {
  ({ member, c1 } = await demoAccounts(s));
}, 60_000);
const w = workerInvites(
  s,
  () => member,
  () => c1,
);

const checksOf = (db: TestServer['db'], rowId: number) =>
  db.query<{ provider: string; method: string; result: string; provider_code: number; verify_id: string; checked_at: Date }>(
    'SELECT provider, method, result, provider_code, verify_id, checked_at FROM realname_checks WHERE task_worker_id = $1 ORDER BY id',
    [rowId],
  );
const providerAsked = async (url: string) => (await call<{ list: unknown[] }>(url, 'GET', `${ESIGN_SANDBOX_PREFIX}/checks`)).body.list.length;
const authority = (url: string, form: Record<string, string>) => call(url, 'POST', `${ESIGN_SANDBOX_PREFIX}/identities`, { form });
const verified = async (db: TestServer['db'], rowId: number) =>
  (await db.one<{ v: boolean }>('SELECT w.realname_verified AS v FROM flex_task_workers tw JOIN flex_workers w ON w.id = tw.worker_id WHERE tw.id = $1', [
    rowId,
  ]))!.v;

describe('实名认证 through e签宝 (sandbox)', () => {
  it('一致: verified, and the check is recorded (provider, method, result, time, the provider’s verifyId)', async () => {
    const taskId = await w.recruitingTask();
    const id = makeIdCard('330106', '1992-03-04', 511);
    const { token, rowId } = await w.invite(taskId, { name: '林知夏', mobile: '13966101001', cert_no: id });
    const p = await w.verifiedPhone(token, '13966101001');
    const before = await providerAsked(s.url);
    // the free filters first: a bad check digit, another person's number — the provider is not asked
    expect((await p.post('/realname', { name: '林知夏', id_no: id.slice(0, 17) + (id.endsWith('0') ? '1' : '0') })).body.msg).toBe('请输入正确的身份证号');
    expect((await p.post('/realname', { name: '林知秋', id_no: id })).body.msg).toBe(MSG_REALNAME_MISMATCH);
    expect(await providerAsked(s.url)).toBe(before);
    expect(await checksOf(s.db, rowId)).toEqual([]);

    const t0 = Date.now();
    const r = await p.post('/realname', { name: '林知夏', id_no: id });
    expect(r.body).toMatchObject({ code: 200, msg: '实名认证成功', data: { step: 'sign' } });
    expect(await providerAsked(s.url)).toBe(before + 1);
    const checks = await checksOf(s.db, rowId);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ provider: 'esign', method: 'base2', result: 'consistent', provider_code: 0 });
    expect(checks[0]!.verify_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(checks[0]!.checked_at.getTime()).toBeGreaterThanOrEqual(t0 - 1000);
    expect(await verified(s.db, rowId)).toBe(true);
    // evidence is append-only
    await expect(s.db.query('DELETE FROM realname_checks WHERE task_worker_id = $1', [rowId])).rejects.toThrow(/append-only/);
  });

  it('不一致 at the provider: refused with 姓名与身份证号不一致，认证失败, recorded, not verified', async () => {
    const taskId = await w.recruitingTask();
    const id = makeIdCard('330106', '1990-07-21', 622);
    // the authority knows this number under another name: HR's record and the typed name agree, the provider does not
    expect((await authority(s.url, { id_no: id, name: '周晓鸣' })).status).toBe(200);
    const { token, rowId } = await w.invite(taskId, { name: '周晓明', mobile: '13966101002', cert_no: id });
    const p = await w.verifiedPhone(token, '13966101002');
    const r = await p.post('/realname', { name: '周晓明', id_no: id });
    expect(r.body).toMatchObject({ code: 400, msg: MSG_REALNAME_MISMATCH });
    expect(await checksOf(s.db, rowId)).toMatchObject([{ method: 'base2', result: 'inconsistent', provider_code: 30504001 }]);
    expect(await verified(s.db, rowId)).toBe(false);
    expect((await p.view()).step).toBe('realname');
    // signing stays closed
    expect((await p.post('/sign', { agreement_id: '1', agree: '1', code: '123456' })).body.code).not.toBe(200);
  });

  it('the provider down: 实名认证服务暂不可用，请稍后再试 (code 503), nothing written; the next try passes', async () => {
    const taskId = await w.recruitingTask();
    const id = makeIdCard('330106', '1989-11-30', 733);
    const { token, rowId } = await w.invite(taskId, { name: '许清禾', mobile: '13966101003', cert_no: id });
    const p = await w.verifiedPhone(token, '13966101003');
    expect((await call(s.url, 'POST', `${ESIGN_SANDBOX_PREFIX}/faults`, { form: { unavailable: '1' } })).status).toBe(200);
    const down = await p.post('/realname', { name: '许清禾', id_no: id });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ code: 503, msg: MSG_REALNAME_DOWN, data: null });
    expect(await checksOf(s.db, rowId)).toEqual([]);
    expect(await verified(s.db, rowId)).toBe(false);
    expect((await p.post('/realname', { name: '许清禾', id_no: id })).body.code).toBe(200);
    expect(await checksOf(s.db, rowId)).toMatchObject([{ result: 'consistent' }]);
  });
});

describe('with ESIGN_REALNAME_TELECOM3: 运营商3要素 with the mobile on file after 二要素', () => {
  let t: TestServer;
  let tMember = '';
  let tC1 = 0;
  beforeAll(async () => {
    t = await startTestServer({ realnameTelecom3: true });
    ({ member: tMember, c1: tC1 } = await demoAccounts(t));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('both recorded when consistent; a mobile registered to someone else is refused', async () => {
    const tw = workerInvites(
      t,
      () => tMember,
      () => tC1,
    );
    const taskId = await tw.recruitingTask();
    const id1 = makeIdCard('330106', '1995-05-05', 101);
    const a = await tw.invite(taskId, { name: '顾南星', mobile: '13966201001', cert_no: id1 });
    const p1 = await tw.verifiedPhone(a.token, '13966201001');
    expect((await p1.post('/realname', { name: '顾南星', id_no: id1 })).body.code).toBe(200);
    expect(await checksOf(t.db, a.rowId)).toMatchObject([
      { method: 'base2', result: 'consistent' },
      { method: 'telecom3', result: 'consistent' },
    ]);

    const id2 = makeIdCard('330106', '1996-06-06', 202);
    expect((await authority(t.url, { id_no: id2, name: '陆远舟', mobile: '13966209999' })).status).toBe(200);
    const b = await tw.invite(taskId, { name: '陆远舟', mobile: '13966201002', cert_no: id2 });
    const p2 = await tw.verifiedPhone(b.token, '13966201002');
    expect((await p2.post('/realname', { name: '陆远舟', id_no: id2 })).body).toMatchObject({ code: 400, msg: MSG_REALNAME_MOBILE_MISMATCH });
    expect(await checksOf(t.db, b.rowId)).toMatchObject([
      { method: 'base2', result: 'consistent' },
      { method: 'telecom3', result: 'inconsistent', provider_code: 30501010 },
    ]);
    expect(await verified(t.db, b.rowId)).toBe(false);
  });
});

/**
 * An SMS code opens only what it was sent for (issue 29 item 6; domain/sms-codes.ts): a code sent
 * by a public page (scan to leave, the employee's proof page, a worker page) never logs into the
 * console — before, the latest code of a mobile did, whichever page had asked for it — and a
 * console login code opens no public page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { blindIndex, decryptPii } from '../lib/pii';

let s: TestServer;
const clock = new Date('2026-11-23T02:00:05Z').getTime();
let leave = '';

beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(clock) });
  const hr = await s.tokenFor('13800000001');
  leave = (await call(s.url, 'POST', '/ent/v3/dimission/qrcode', { token: hr, form: {} })).body.data.token;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const post = (path: string, form: Record<string, string>) => call(s.url, 'POST', `/ent/v3${path}`, { form });
const code = async (mobile: string) => ((await (await fetch(`${s.url}/sandbox/sms?mobile=${mobile}`)).json()) as { code: string }).code;

describe('what a code opens', () => {
  it('a scan-to-leave code does not log into the console; it still opens the leave page', async () => {
    const m = '13956470001';
    expect((await post(`/dimission/leave/${leave}/code`, { mobile: m })).body.code).toBe(200);
    const c = await code(m);
    expect((await post('/login', { mobile: m, code: c })).body).toMatchObject({ code: 400, msg: '请先获取验证码' });
    // and no console account was made for the mobile
    expect(await s.db.one('SELECT 1 FROM users WHERE mobile_bidx = $1', [blindIndex('mobile', m)])).toBeUndefined();
    expect((await post(`/dimission/leave/${leave}/verify`, { mobile: m, code: c })).body.code).toBe(200);
  });

  it('a console login code does not open the leave page; it still logs in', async () => {
    const m = '13956470002';
    expect((await post('/login/code', { mobile: m })).body.code).toBe(200);
    const c = await code(m);
    expect((await post(`/dimission/leave/${leave}/verify`, { mobile: m, code: c })).body).toMatchObject({ code: 400, msg: '请先获取验证码' });
    expect((await post('/login', { mobile: m, code: c })).body.code).toBe(200);
  });

  it('a worker page code does not log into the console; it opens the worker page', async () => {
    const w = (await s.db.one<{ invite_token: string; mobile_enc: string }>(
      `SELECT tw.invite_token, w.mobile_enc FROM flex_task_workers tw JOIN flex_workers w ON w.id = tw.worker_id ORDER BY tw.id LIMIT 1`,
    ))!;
    const m = decryptPii(w.mobile_enc);
    expect((await post(`/worker/invite/${w.invite_token}/code`, {})).body.code).toBe(200);
    const c = await code(m);
    expect((await post('/login', { mobile: m, code: c })).body).toMatchObject({ code: 400, msg: '请先获取验证码' });
    expect((await post(`/worker/invite/${w.invite_token}/verify`, { code: c })).body.code).toBe(200);
  });

  it('codes for different pages do not wait for each other’s minute', async () => {
    const m = '13956470003';
    expect((await post('/login/code', { mobile: m })).body.code).toBe(200);
    expect((await post(`/dimission/leave/${leave}/code`, { mobile: m })).body.code).toBe(200);
    expect((await post('/login/code', { mobile: m })).body.code).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { LoginCodeData, LoginData } from '../../contract/auth';
import { UserCenterInfoData } from '../../contract/usercenter';
import { call, loginWithSms, startTestServer, type Env, type TestServer } from '../../../tests/setup/server';
import { sha256hex } from '../lib/crypto';
import { mobileIndex } from '../domain/users';

const TOKEN_MSG = '登录已失效，请重新登录';

let s: TestServer;
/** the server's clock = real time + offset (moved to test expiry and the 60 s rule) */
let offset = 0;
const advance = (ms: number) => {
  offset += ms;
};

beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(Date.now() + offset) });
});
afterAll(async () => {
  await s?.close();
});

const sendCode = (mobile: string) => call(s.url, 'POST', '/ent/v3/login/code', { form: { mobile } });
const login = (mobile: string, code: string) => call(s.url, 'POST', '/ent/v3/login', { form: { mobile, code } });
const inbox = async (mobile: string) => (await call<{ code: string }>(s.url, 'GET', `/sandbox/sms?mobile=${mobile}`)).body.code;
const info = (token?: string, headers?: Record<string, string>) =>
  call(s.url, 'GET', '/ent/v3/usercenter/info', { ...(token ? { token } : {}), ...(headers ? { headers } : {}) });
/** a code that is surely not the one sent */
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /ent/v3/login/code', () => {
  it('sends a 6-digit code to the sandbox inbox', async () => {
    const r = await sendCode('13800000001');
    expect(r.status).toBe(200);
    expect(envelope(LoginCodeData).parse(r.body)).toEqual({ code: 200, msg: '验证码已发送', data: { retry_after: 60 } });
    const sms = await call<{ code: string; sent_at: string }>(s.url, 'GET', '/sandbox/sms?mobile=13800000001');
    expect(sms.status).toBe(200);
    expect(sms.body.code).toMatch(/^\d{6}$/);
    expect(new Date(sms.body.sent_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sends at most one code a minute per mobile, and says how long to wait', async () => {
    await sendCode('13911110001');
    advance(20_000);
    const r = await sendCode('13911110001');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(429);
    expect(r.body.msg).toMatch(/^验证码发送过于频繁，请(39|40)秒后再试$/);
    // another mobile is not affected
    expect((await sendCode('13911110002')).body.code).toBe(200);
    advance(41_000);
    expect((await sendCode('13911110001')).body.code).toBe(200);
  });

  it('sends one code for two simultaneous requests', async () => {
    const [a, b] = await Promise.all([sendCode('13911110003'), sendCode('13911110003')]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 429]);
  });

  it('refuses an invalid mobile in Chinese', async () => {
    for (const mobile of ['12345678901', '1380000000', 'abc', '138000000011']) {
      const r = await sendCode(mobile);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: 400, msg: '请输入正确的手机号', data: null });
    }
    const missing = await call(s.url, 'POST', '/ent/v3/login/code', { form: {} });
    expect(missing.body).toMatchObject({ code: 400, msg: '缺少参数：手机号' });
  });
});

describe('POST /ent/v3/login', () => {
  it('logs a demo user in and the token works', async () => {
    advance(61_000);
    await sendCode('13800000002');
    const code = await inbox('13800000002');
    const r = await login('13800000002', code);
    const body = envelope(LoginData).parse(r.body);
    expect(body.code).toBe(200);
    expect(body.msg).toBe('登录成功');
    expect(body.data.user).toMatchObject({ mobile: '13800000002', realname: '刘志强', company_status: 'normal' });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // 15 days
    const days = (new Date(body.data.expires_at).getTime() - (Date.now() + offset)) / 86_400_000;
    expect(days).toBeGreaterThan(14.99);
    expect(days).toBeLessThanOrEqual(15);
    // only the hash is stored
    const stored = await s.db.one<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE token_hash = $1', [sha256hex(body.data.token)]);
    expect(stored).toBeDefined();
    expect(await s.db.one('SELECT 1 FROM sessions WHERE token_hash = $1', [body.data.token])).toBeUndefined();
    const me = await info(body.data.token);
    expect(envelope(UserCenterInfoData).parse(me.body).data.user.mobile).toBe('13800000002');
    // last login recorded
    const u = await s.db.one<{ last_login_at: Date | null }>(`SELECT last_login_at FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}'`);
    expect(u?.last_login_at).toBeInstanceOf(Date);
  });

  it('consumes the code: the same code does not work twice', async () => {
    advance(61_000);
    await sendCode('13800000001');
    const code = await inbox('13800000001');
    expect((await login('13800000001', code)).body.code).toBe(200);
    expect((await login('13800000001', code)).body).toEqual({ code: 400, msg: '请先获取验证码', data: null });
  });

  it('creates an account without company for a new mobile', async () => {
    const { data } = await loginWithSms(s.url, '13722223333');
    expect(data.user).toMatchObject({ mobile: '13722223333', realname: '', company_status: 'no_apply', verify_status: 0 });
    const me = await info(data.token);
    expect(me.body.data.member).toBeNull();
  });

  it('asks for a code first when none was sent', async () => {
    expect((await login('13733334444', '123456')).body).toEqual({ code: 400, msg: '请先获取验证码', data: null });
  });

  it('counts wrong codes and burns the code at the fifth', async () => {
    const mobile = '13744445555';
    await sendCode(mobile);
    const code = await inbox(mobile);
    for (let i = 1; i <= 4; i++) {
      expect((await login(mobile, wrong(code))).body).toEqual({ code: 400, msg: '验证码错误', data: null });
    }
    expect((await login(mobile, wrong(code))).body).toEqual({ code: 429, msg: '验证码错误次数过多，请重新获取', data: null });
    // burned: even the right code fails now
    expect((await login(mobile, code)).body.msg).toBe('验证码错误次数过多，请重新获取');
    const row = await s.db.one<{ attempts: number }>('SELECT attempts FROM sms_codes WHERE mobile_bidx = $1', [mobileIndex(mobile)]);
    expect(row?.attempts).toBe(5);
    // a new code (after the minute) works
    advance(61_000);
    await sendCode(mobile);
    expect((await login(mobile, await inbox(mobile))).body.code).toBe(200);
  });

  it('refuses an expired code (5 minutes)', async () => {
    const mobile = '13755556666';
    await sendCode(mobile);
    const code = await inbox(mobile);
    advance(5 * 60_000 + 1000);
    expect((await login(mobile, code)).body).toEqual({ code: 400, msg: '验证码已过期，请重新获取', data: null });
  });

  it('only the latest code counts', async () => {
    const mobile = '13766667777';
    await sendCode(mobile);
    const first = await inbox(mobile);
    advance(61_000);
    await sendCode(mobile);
    const second = await inbox(mobile);
    if (first !== second) expect((await login(mobile, first)).body.msg).toBe('验证码错误');
    expect((await login(mobile, second)).body.code).toBe(200);
  });

  it('validates the form in Chinese', async () => {
    const bad = async (form: Record<string, string | string[]>) => (await call(s.url, 'POST', '/ent/v3/login', { form })).body;
    expect(await bad({ mobile: '13800000001' })).toEqual({ code: 400, msg: '缺少参数：验证码', data: null });
    expect(await bad({ code: '123456' })).toEqual({ code: 400, msg: '缺少参数：手机号', data: null });
    expect(await bad({ mobile: '13800000001', code: '12ab56' })).toMatchObject({ code: 400, msg: '请输入6位数字验证码' });
    expect(await bad({ mobile: '13800000001', code: '123456', foo: '1' })).toMatchObject({
      code: 400,
      msg: '不支持的参数：foo',
    });
    expect(await bad({ mobile: ['13800000001', '13800000002'], code: '123456' })).toMatchObject({
      code: 400,
      msg: '参数格式错误：手机号',
    });
  });
});

describe('bearer token: 410000', () => {
  const expect410 = (r: { status: number; body: unknown }) => {
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 410000, msg: TOKEN_MSG, data: null });
  };

  it('without header, with garbage, with another scheme', async () => {
    expect410(await info());
    expect410(await info('garbage'));
    expect410(await info('x'.repeat(43)));
    expect410(await info(undefined, { authorization: 'Bearer' }));
    expect410(await info(undefined, { authorization: `Basic ${btoa('a:b')}` }));
    expect410(await info('a'.repeat(5000)));
    for (const path of ['/ent/v3/dimission/urge', '/ent/v3/index/setting', '/ent/v3/upload/sts']) {
      expect410(await call(s.url, 'GET', path));
    }
    expect410(await call(s.url, 'POST', '/ent/v3/logout'));
  });

  it('after logout (revoked)', async () => {
    const token = await s.tokenFor('13800000001');
    expect((await info(token)).body.code).toBe(200);
    const out = await call(s.url, 'POST', '/ent/v3/logout', { token });
    expect(out.body).toEqual({ code: 200, msg: '已退出登录', data: null });
    expect410(await info(token));
    expect410(await call(s.url, 'POST', '/ent/v3/logout', { token }));
  });

  it('after 15 days (expired), by the clock', async () => {
    const token = await s.tokenFor('13800000001');
    advance(14 * 86_400_000);
    expect((await info(token)).body.code).toBe(200);
    advance(1 * 86_400_000 + 1000);
    expect410(await info(token));
    advance(-15 * 86_400_000 - 1000);
    expect((await info(token)).body.code).toBe(200);
  });

  it('after expires_at passed in the database', async () => {
    const token = await s.tokenFor('13800000002');
    await s.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [sha256hex(token)]);
    expect410(await info(token));
  });

  it('a logout only ends its own session', async () => {
    const a = await s.tokenFor('13800000001');
    const b = await s.tokenFor('13800000001');
    await call(s.url, 'POST', '/ent/v3/logout', { token: a });
    expect((await info(b)).body.code).toBe(200);
  });

  it('a body on logout is ignored', async () => {
    const token = await s.tokenFor('13800000001');
    const r = await call<Env>(s.url, 'POST', '/ent/v3/logout', { token, form: { anything: '1' } });
    expect(r.body.code).toBe(200);
  });
});

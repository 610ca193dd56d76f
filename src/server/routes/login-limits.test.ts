/**
 * Login abuse (issue 9 item 4): daily caps per mobile, the lockout after wrong codes, per-IP
 * limits, SMS codes stored as HMACs, and the token issued in the code's own transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { MSG_DAILY_CODES, MSG_LOCKED } from '../domain/sms-codes';
import { MSG_IP_LIMIT } from '../lib/limits';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let offset = 0;
const advance = (ms: number) => {
  offset += ms;
};
// a fixed start at 10:00 China time, so that a run near midnight does not cross into tomorrow
const START = new Date('2026-11-23T02:00:00Z').getTime();

beforeAll(async () => {
  // generous per-IP limits here (every request comes from 127.0.0.1); the per-IP test has its own server
  s = await startTestServer({ now: () => new Date(START + offset), loginLimits: { ipPerMinute: 10_000 } });
});
afterAll(async () => {
  await s?.close();
});

const sendCode = (url: string, mobile: string) => call(url, 'POST', '/ent/v3/login/code', { form: { mobile } });
const login = (url: string, mobile: string, code: string) => call(url, 'POST', '/ent/v3/login', { form: { mobile, code } });
const inbox = async (mobile: string) => (await call<{ code: string }>(s.url, 'GET', `/sandbox/sms?mobile=${mobile}`)).body.code;
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('per mobile and day', () => {
  it('sends at most 10 codes a day to one mobile; tomorrow it sends again', async () => {
    const mobile = '13922220001';
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(s.url, mobile)).body.code).toBe(200);
      advance(61_000);
    }
    expect((await sendCode(s.url, mobile)).body).toEqual({ code: 429, msg: MSG_DAILY_CODES, data: null });
    // another mobile is not affected
    expect((await sendCode(s.url, '13922220002')).body.code).toBe(200);
    advance(24 * 3_600_000);
    expect((await sendCode(s.url, mobile)).body.code).toBe(200);
  });

  it('a new code does not reset the day: 10 wrong codes lock the mobile until tomorrow', async () => {
    const mobile = '13922220003';
    await sendCode(s.url, mobile);
    let code = await inbox(mobile);
    for (let i = 0; i < 5; i++) await login(s.url, mobile, wrong(code));
    // a new code gives 5 new tries on the code, not on the day
    advance(61_000);
    expect((await sendCode(s.url, mobile)).body.code).toBe(200);
    code = await inbox(mobile);
    for (let i = 0; i < 4; i++) expect((await login(s.url, mobile, wrong(code))).body.msg).toBe('验证码错误');
    expect((await login(s.url, mobile, wrong(code))).body).toEqual({ code: 429, msg: MSG_LOCKED, data: null });
    // locked: no new code today, and not even a right code works
    advance(61_000);
    expect((await sendCode(s.url, mobile)).body).toEqual({ code: 429, msg: MSG_LOCKED, data: null });
    expect((await login(s.url, mobile, code)).body.msg).toBe(MSG_LOCKED);
    // tomorrow the mobile logs in again
    advance(24 * 3_600_000);
    expect((await sendCode(s.url, mobile)).body.code).toBe(200);
    expect((await login(s.url, mobile, await inbox(mobile))).body.code).toBe(200);
  });
});

describe('stored codes', () => {
  it('keeps an HMAC only; the plain code is only in the sandbox provider’s outbox', async () => {
    const mobile = '13922220004';
    advance(61_000);
    await sendCode(s.url, mobile);
    const code = await inbox(mobile);
    const rows = await s.db.query<Record<string, unknown>>('SELECT * FROM sms_codes WHERE mobile_bidx = $1', [mobileIndex(mobile)]);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!)).not.toContain('code');
    expect(JSON.stringify(rows)).not.toContain(code);
    // nor the mobile (migration 042): the row names it by its blind index only
    expect(Object.keys(rows[0]!)).not.toContain('mobile');
    expect(JSON.stringify(rows)).not.toContain(mobile);
    expect(rows[0]!.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    // the sandbox inbox and the operator list still show it
    const list = await call<{ list: { mobile: string; code: string }[] }>(s.url, 'GET', '/sandbox/sms');
    expect(list.body.list.find((r) => r.mobile === mobile)?.code).toBe(code);
    expect((await login(s.url, mobile, code)).body.code).toBe(200);
  });

  it('uses the code up only together with the session: a failed token leaves the code usable', async () => {
    const mobile = '13922220005';
    advance(61_000);
    await sendCode(s.url, mobile);
    const code = await inbox(mobile);
    // sessions refuse new rows for a moment: issuing the token fails after the code check
    await s.db.exec('ALTER TABLE sessions ADD CONSTRAINT sessions_test_block CHECK (user_id < 0) NOT VALID');
    try {
      const failed = await login(s.url, mobile, code);
      expect(failed.body.code).not.toBe(200);
    } finally {
      await s.db.exec('ALTER TABLE sessions DROP CONSTRAINT sessions_test_block');
    }
    const row = await s.db.one<{ consumed_at: Date | null }>('SELECT consumed_at FROM sms_codes WHERE mobile_bidx = $1', [mobileIndex(mobile)]);
    expect(row?.consumed_at).toBeNull();
    expect((await login(s.url, mobile, code)).body.code).toBe(200);
  });
});

describe('per IP', () => {
  let strict: TestServer;
  let clock = START;
  beforeAll(async () => {
    strict = await startTestServer({ now: () => new Date(clock), loginLimits: { ipPerMinute: 3, qrPerMinute: 2, pollPerMinute: 4 } });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('limits /login* calls of one IP a minute, whatever the mobile', async () => {
    clock = START + 5_000; // the minute's start: all calls fall in one window
    for (const m of ['13922220011', '13922220012', '13922220013']) expect((await sendCode(strict.url, m)).body.code).toBe(200);
    const over = await sendCode(strict.url, '13922220014');
    expect(over.body).toMatchObject({ code: 429, msg: MSG_IP_LIMIT });
    expect((await login(strict.url, '13922220011', '123456')).body.msg).toBe(MSG_IP_LIMIT);
    clock += 60_000;
    expect((await sendCode(strict.url, '13922220014')).body.code).toBe(200);
  });

  it('limits unauthenticated WeChat QR creation and polling', async () => {
    clock = START + 10 * 60_000 + 1_000;
    const qr = async () => (await call(strict.url, 'POST', '/ent/v3/login/wechat/qrcode')).body;
    const first = await qr();
    expect(first.code).toBe(200);
    expect((await qr()).code).toBe(200);
    expect(await qr()).toMatchObject({ code: 429, msg: MSG_IP_LIMIT });
    const poll = () => call(strict.url, 'POST', '/ent/v3/login/wechat/status', { form: { poll_secret: first.data.poll_secret } });
    for (let i = 0; i < 4; i++) expect((await poll()).body.code).toBe(200);
    expect((await poll()).body.msg).toBe(MSG_IP_LIMIT);
    // the counters live in the database: another server process on it sees the same counts
    const rows = await strict.db.query<{ bucket: string; hits: number }>("SELECT bucket, hits FROM rate_counters WHERE bucket LIKE 'ip:wechat-qr:%'");
    expect(rows.map((r) => r.hits)).toContain(3);
  });
});

/**
 * Public SMS cannot be turned into a weapon (issue 28 item 3): every page that sends a code — the
 * login page, the scan-to-leave page behind the office-wall QR, the worker pages — goes through one
 * limiter (domain/sms-limits.ts): per IP, per public link, per mobile. A refusal writes nothing
 * (no code row, no outbox line), and no counter key holds a mobile number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { MSG_DAILY_CODES } from '../domain/sms-codes';
import { MSG_IP_LIMIT } from '../lib/limits';
import { sha256hex } from '../lib/crypto';
import { blindIndex } from '../lib/pii';
import { mobileIndex } from '../domain/users';
import { PLAIN_MOBILE } from '../../../tests/setup/mobiles';

let s: TestServer;
let clock = new Date('2026-11-23T02:00:05Z').getTime(); // 10:00:05 China time: one minute's window, far from midnight
let leave = '';
let invite = '';

beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(clock), trustProxy: true, loginLimits: { smsIpPerDay: 70 } });
  leave = await qr(false);
  invite = (await s.db.one<{ invite_token: string }>('SELECT invite_token FROM flex_task_workers ORDER BY id LIMIT 1'))!.invite_token;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

/** The company's scan-to-leave token; `rotate` makes a new one (its own counters). */
async function qr(rotate: boolean): Promise<string> {
  const hr = await s.tokenFor('13800000001');
  return (await call(s.url, 'POST', '/ent/v3/dimission/qrcode', { token: hr, form: rotate ? { rotate: '1' } : {} })).body.data.token;
}
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const leaveCode = (mobile: string, ip: string, token = leave) =>
  call(s.url, 'POST', `/ent/v3/dimission/leave/${token}/code`, { form: { mobile }, headers: from(ip) });
const loginCode = (mobile: string, ip: string) => call(s.url, 'POST', '/ent/v3/login/code', { form: { mobile }, headers: from(ip) });
const mobiles = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
const codeRows = async (list: string[]) =>
  (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sms_codes WHERE mobile_bidx = ANY($1)', [list.map(mobileIndex)]))!.n;
const outboxRows = async (list: string[]) =>
  (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_sms_outbox WHERE mobile = ANY($1)', [list]))!.n;

describe('the leave page', () => {
  it('80 mobiles from one IP in a minute stop at the login’s per-IP limit (60); the day’s cap (70 here) after; refusals write nothing', async () => {
    const list = mobiles('1352111', 80);
    const answers: { code: number; msg: string }[] = [];
    for (const m of list) answers.push((await leaveCode(m, '10.0.0.1')).body);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(60);
    expect(answers.slice(60).every((a) => a.code === 429 && a.msg === MSG_IP_LIMIT)).toBe(true);
    expect(await codeRows(list)).toBe(60);
    expect(await outboxRows(list)).toBe(60);
    // the next minute the IP has 10 left of its day, on the login page as on the leave page
    clock += 60_000;
    const more = mobiles('1352115', 15);
    const later: number[] = [];
    for (const [i, m] of more.entries()) later.push((i % 2 ? await loginCode(m, '10.0.0.1') : await leaveCode(m, '10.0.0.1')).body.code);
    expect(later.filter((c) => c === 200)).toHaveLength(10);
    expect(later.slice(10).every((c) => c === 429)).toBe(true);
    expect(await codeRows(more)).toBe(10);
  });

  it('the same token from many IPs: the per-token cap (100 a day) holds; a new token works', async () => {
    clock += 60_000;
    leave = await qr(true); // the first test spent part of the old token's day
    const list = mobiles('1352113', 105);
    const answers: { code: number; msg: string }[] = [];
    for (const [i, m] of list.entries()) answers.push((await leaveCode(m, `10.1.${i >> 6}.${i & 63}`)).body);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(100);
    expect(answers.slice(100).every((a) => a.code === 429 && a.msg === MSG_IP_LIMIT)).toBe(true);
    expect(await codeRows(list)).toBe(100);
    leave = await qr(true);
    expect((await leaveCode('13521139999', '10.1.9.9')).body.code).toBe(200);
  });

  it('one mobile: 10 codes a day, whatever the IP or the page', async () => {
    const mobile = '13521140001';
    for (let i = 0; i < 10; i++) {
      clock += 61_000;
      expect((i % 2 ? await loginCode(mobile, `10.2.0.${i}`) : await leaveCode(mobile, `10.2.1.${i}`)).body.code).toBe(200);
    }
    clock += 61_000;
    expect((await loginCode(mobile, '10.2.0.99')).body).toEqual({ code: 429, msg: MSG_DAILY_CODES, data: null });
    expect((await leaveCode(mobile, '10.2.1.99')).body).toEqual({ code: 429, msg: MSG_DAILY_CODES, data: null });
    expect(await codeRows([mobile])).toBe(10);
  });
});

describe('the worker page', () => {
  it('goes through the same limiter: the invited mobile’s 10 a day, counted against the link too', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      clock += 61_000;
      answers.push((await call<{ code: number }>(s.url, 'POST', `/ent/v3/worker/invite/${invite}/code`, { headers: from(`10.3.0.${i}`) })).body.code);
    }
    expect(answers.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    const link = await s.db.one<{ hits: number }>('SELECT hits FROM rate_counters WHERE bucket = $1', [`sms-token:${sha256hex(invite)}`]);
    expect(link?.hits).toBe(10);
  });
});

describe('counters', () => {
  it('hold no mobile number: the blind index, and the link’s sha256, stand for them', async () => {
    const buckets = (await s.db.query<{ bucket: string }>('SELECT bucket FROM rate_counters')).map((r) => r.bucket);
    expect(buckets.length).toBeGreaterThan(0);
    expect(buckets.filter((b) => PLAIN_MOBILE.test(b))).toEqual([]);
    expect(buckets.filter((b) => b.includes(leave))).toEqual([]);
    expect(buckets).toContain(`sms-send:${blindIndex('mobile', '13521140001')}`);
  });
});

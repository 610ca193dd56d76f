/**
 * The public sweep (issue 28): generated from the endpoint table like sweep.test.ts, for every
 * endpoint callable without a login (`auth: false`: the leave page, the employee's proof link,
 * invitations, login, callbacks), so a public endpoint added later is covered without anyone
 * remembering to:
 *   - one IP calling it with unknown links or codes is stopped (429) within the per-IP limit of
 *     public endpoints (http/route.ts), unless its row says `ipLimit: false`, and then its reason
 *     is below;
 *   - unknown, malformed and empty input never gives a 5xx, always a Chinese message;
 *   - with a real link or code, no answer carries a whole ID or mobile number (masked answers:
 *     the whole number of a proof needs the employee's SMS check, proof-links.test.ts).
 * The only list here says where a valid link or code of each kind comes from (HARVEST).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, endpoints, type Endpoint } from '../contract/endpoints';
import { MSG_IP_LIMIT } from './lib/limits';
import { makeIdCard } from './db/seeds/dimission';
import { decryptPii } from './lib/pii';
import { call, startTestServer, type TestServer } from '../../tests/setup/server';
import { PLAIN_MOBILE } from '../../tests/setup/mobiles';

const PER_MINUTE = 6;
/** Public endpoints outside the per-IP limit, and why (their rows say `ipLimit: false`). */
const EXEMPT: Record<string, string> = {
  payNotify: "the payout channel's signed callback, retried by the channel",
  payTransferNotify: "the payout channel's signed 来账 notification, retried by the channel",
  wechatStatus: 'polled every 2 s by the login page; its own limit (LoginLimits.pollPerMinute)',
};
const WHOLE_ID = /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/;

const PUBLIC = Object.entries(endpoints as Record<string, Endpoint>).filter(([, e]) => !e.auth);

let s: TestServer;
/** how far the server's clock is ahead of the real one (freshMinute) */
let clockAhead = 0;
/**
 * The per-IP limit counts one IP's calls by the minute of the server's clock: a burst that crosses
 * into the next minute is counted in two halves and never reaches the limit (seen on a loaded
 * machine). With less than 30 s of the minute left, the server's clock moves on to the next one.
 */
function freshMinute() {
  const left = 60_000 - ((Date.now() + clockAhead) % 60_000);
  if (left < 30_000) clockAhead += left;
}
let ipSeq = 0;
const nextIp = () => `10.77.${++ipSeq >> 8}.${ipSeq & 255}`;
const valid: Record<string, string> = {};

/** Where a valid link or code of each public path comes from (a new kind of link fails below until it is here). */
const HARVEST: { path: RegExp; param: string; key: string }[] = [
  { path: /^\/dimission\/leave\/:token/, param: 'token', key: 'leave' },
  { path: /^\/dimission\/proof-view\/:token/, param: 'token', key: 'proof' },
  { path: /^\/dimission\/proof-check\/:code$/, param: 'code', key: 'proofCheck' },
  { path: /^\/tax\/proof-check\/:code$/, param: 'code', key: 'taxCheck' },
  { path: /^\/company\/invite\/:code$/, param: 'code', key: 'companyInvite' },
  { path: /^\/invite\/:code$/, param: 'code', key: 'myInvite' },
  { path: /^\/worker\/invite\/:token/, param: 'token', key: 'workerInvite' },
  { path: /^\/worker\/task\/:token/, param: 'token', key: 'publicTask' },
  { path: /^\/interview\/link\/:token/, param: 'token', key: 'interview' },
  { path: /^\/job\/:token/, param: 'token', key: 'job' },
];

beforeAll(async () => {
  s = await startTestServer({ trustProxy: true, loginLimits: { publicPerMinute: PER_MINUTE }, now: () => new Date(Date.now() + clockAhead) });
  const hr = await s.tokenFor('13800000001');
  const as = (method: string, path: string, form?: Record<string, string>) => call(s.url, method, `${API_PREFIX}${path}`, { token: hr, form });
  valid.leave = (await as('POST', '/dimission/qrcode', {})).body.data.token;
  valid.companyInvite = (await as('GET', '/usercenter/company/invite')).body.data.code;
  valid.myInvite = (await as('GET', '/usercenter/invite')).body.data.code;
  const mobile = '13912340077';
  const draft = await as('POST', '/dimission/proofs/manual', {
    name: '杜若',
    id_card: makeIdCard('330106', '1991-07-07', 77),
    mobile,
    leave_type: 'resign',
    job_name: '行政专员',
    entry_date: '2022-01-04',
    leave_date: '2026-10-30',
    contract_start: '2022-01-04',
    contract_end: '',
    contract_open_ended: '1',
    legal_basis: 'resign',
    print_reason: '0',
  });
  await as('POST', `/dimission/proofs/${draft.body.data.id}/issue`, {});
  const inbox = (await (await fetch(`${s.url}/sandbox/dimission/sms?mobile=${mobile}`)).json()) as { list: { body: string }[] };
  valid.proof = /\/m\/proof\/([\w-]+)/.exec(inbox.list[0]!.body)![1]!;
  valid.proofCheck = (await as('GET', `/dimission/proofs/${draft.body.data.id}`)).body.data.verify_code;
  // an issued 完税证明 (one person's paid rows of last month, paid through the pay sandbox)
  const month = (back: number) => new Date(Date.now() + clockAhead + 8 * 3600_000 - back * 31 * 86_400_000).toISOString().slice(0, 7);
  const elig = (await as('GET', `/tax/eligible?start=${month(1)}&end=${month(1)}`)).body.data as { people: { worker_id: number }[] };
  const tax = (
    await as('POST', '/tax/apply', {
      start: month(1),
      end: month(1),
      mode: 'people',
      ids: String(elig.people[0]!.worker_id),
      proof_type: 'table',
      receive: 'download',
    })
  ).body.data.id as number;
  await as('POST', `/tax/apply/${tax}/submit`, { confirmed: '1' });
  await call(s.url, 'POST', `/sandbox/pay/${(await as('POST', `/tax/apply/${tax}/order/wechat`)).body.data.order_id}`);
  await call(s.url, 'POST', `/sandbox/tax/applications/${tax}/issue`);
  valid.taxCheck = (await as('GET', `/tax/apply/${tax}`)).body.data.verify_code;
  // a worker's invitation (the 零工端页面 link of HR's list) and a task's public sign-up link
  const running = (await as('GET', '/employment/tasks?status=ongoing')).body.data.list[0].id as number;
  const people = (await as('GET', `/employment/task/${running}/workers`)).body.data.list as { invite_url: string }[];
  valid.workerInvite = people[0]!.invite_url.split('/').pop()!;
  const recruiting = (await as('GET', '/employment/tasks?status=recruiting')).body.data.list as { id: number }[];
  for (const t of recruiting) valid.publicTask ||= ((await as('GET', `/employment/task/${t.id}`)).body.data.public_url as string).split('/').pop()!;
  // a candidate's interview link (the invitation's SMS)
  const cand = (await s.db.one<{ id: number; mobile_enc: string }>(
    'SELECT id, mobile_enc FROM candidates c WHERE mobile_enc IS NOT NULL AND NOT EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = c.id) ORDER BY id LIMIT 1',
  ))!;
  const open = (await as('GET', '/position/list?status=open')).body.data.list[0].id as number;
  const at = new Date(Date.now() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  await as('POST', `/talent/invite/${cand.id}`, {
    type: 'user',
    job_id: String(open),
    pick_time: `${at} 10:00:00`,
    address: '文三路478号',
    contacts_name: '王丽娟',
    contacts_tel: '13800000001',
  });
  const sms = (await (await fetch(`${s.url}/sandbox/recruit/sms?mobile=${decryptPii(cand.mobile_enc)}`)).json()) as { list: { body: string }[] };
  valid.interview = /\/m\/interview\/([\w-]+)/.exec(sms.list[0]!.body)![1]!;
  // a position's public page (分享)
  valid.job = ((await as('POST', `/position/${open}/share`, {})).body.data.url as string).split('/').pop()!;
  for (const [k, v] of Object.entries(valid)) expect(v, k).toBeTruthy();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

/** The endpoint's path with `params` filled in (`:name` → value). */
const pathOf = (e: Endpoint, params: Record<string, string>) => e.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
const paramNames = (e: Endpoint) => [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const hit = (e: Endpoint, params: Record<string, string>, ip: string, form: Record<string, string> = {}) =>
  call(s.url, e.method, API_PREFIX + pathOf(e, params), { form: e.method === 'GET' ? undefined : form, headers: { 'x-forwarded-for': ip } });
const unknown = (e: Endpoint) => Object.fromEntries(paramNames(e).map((k) => [k, k === 'code' ? 'ZZZZ9999' : 'u'.repeat(24)]));

describe('public endpoints', () => {
  it('every public endpoint is inside the per-IP limit, or its row and EXEMPT say why not', () => {
    const out = PUBLIC.filter(([, e]) => e.ipLimit === false).map(([n]) => n);
    expect(out.sort()).toEqual(Object.keys(EXEMPT).sort());
    expect(PUBLIC.length).toBeGreaterThan(10);
  });

  it('one IP guessing links or codes is stopped within the limit; nothing answers 5xx; every refusal is in Chinese', async () => {
    for (const [name, e] of PUBLIC) {
      if (name in EXEMPT) continue;
      const ip = nextIp();
      freshMinute();
      const codes: number[] = [];
      for (let i = 0; i <= PER_MINUTE; i++) {
        const r = await hit(e, unknown(e), ip);
        expect(r.status, `${name}: HTTP status`).toBeLessThan(500);
        expect(r.body.code, `${name}: ${r.body.msg}`).not.toBe(500);
        if (r.body.code !== 200) expect(r.body.msg, name).toMatch(/[\u4e00-\u9fa5]/);
        codes.push(r.body.code);
        if (r.body.code === 429) {
          expect(r.body.msg, name).toBe(MSG_IP_LIMIT);
          break;
        }
      }
      expect(codes.at(-1), `${name} answered ${codes.join(',')}`).toBe(429);
    }
  }, 180_000);

  it('malformed and empty input: a Chinese refusal, never a 5xx', async () => {
    const junk = ['', '!!', '../../etc', 'a'.repeat(300), '<b>x</b>', '1; DROP TABLE users'];
    for (const [name, e] of PUBLIC) {
      for (const j of junk) {
        const r = await hit(e, Object.fromEntries(paramNames(e).map((k) => [k, j])), nextIp(), { mobile: j, code: j, ticket: j, employee_name: j });
        expect(r.status, `${name} ${j}: HTTP status`).toBeLessThan(500);
        expect(r.body.code, `${name} ${j}: ${r.body.msg}`).not.toBe(500);
        if (r.body.code !== 200) expect(r.body.msg, `${name} ${j}`).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  }, 180_000);

  it('with a real link or code, no answer holds a whole ID or mobile number', async () => {
    for (const [name, e] of PUBLIC) {
      const names = paramNames(e);
      if (!names.length) continue;
      const rule = HARVEST.find((h) => h.path.test(e.path));
      expect(rule, `${name}: add where its ${names.join(', ')} comes from to HARVEST`).toBeDefined();
      const r = await hit(e, { [rule!.param]: valid[rule!.key]! }, nextIp());
      expect(r.body.code, `${name}: ${r.body.msg}`).not.toBe(500);
      // a file is read as its bytes: digits in its base64 are noise (a run of 11 happens by chance
      // in some PDFs) and a number in the file would not show there
      const text = JSON.stringify(r.body, (k, v: unknown) =>
        k === 'content_base64' && typeof v === 'string' ? Buffer.from(v, 'base64').toString('latin1') : v,
      );
      expect(text, name).not.toMatch(WHOLE_ID);
      expect(text, name).not.toMatch(PLAIN_MOBILE);
    }
    // the proof link itself answered, masked
    const view = await hit(endpoints.proofView, { token: valid.proof! }, nextIp());
    expect(view.body.data.id_card).toMatch(/^330106\*+\d{3}[\dX]$/);
  });
});

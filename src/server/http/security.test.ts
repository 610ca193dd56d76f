/**
 * Security headers on every answer and an access log without secrets (issue 9 item 10): the real
 * server with its real logger, log lines captured from its stream.
 */
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import type { Db } from '../db';
import { issueToken } from '../domain/sessions';
import { openTestDb } from '../../../tests/setup/db';
import { redactText } from './security';
import { mobileIndex } from '../domain/users';

let app: FastifyInstance;
let db: Db;
let url: string;
const lines: string[] = [];

beforeAll(async () => {
  db = await openTestDb();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildServer({ db, sandbox: true, staticDir: null, logger: true, logStream: stream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('the access log never holds secrets', () => {
  it('redacts signatures, security tokens, key ids, tickets, invite codes and the Authorization header', async () => {
    const user = (await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
    const token = (await issueToken(db, user.id, new Date())).token;
    const secrets = {
      signature: 'SIGsecretAbc123',
      ossToken: 'CAISossTokenSecret987',
      keyId: 'STS.keyIdSecret555',
      ticket: 'wxTicketSecret4242',
      sandboxTicket: 'wxTicketSecret7777',
      vodSig: 'vodSignatureSecret1',
      vodToken: 'CAISvodTokenSecret2',
      invite: 'INVITEsecret88',
      smsCode: '864209',
    };
    const get = (path: string, headers: Record<string, string> = {}) => fetch(url + path, { headers });
    await get(`/outin-hrconsole-sandbox/c1/x.png?OSSAccessKeyId=${secrets.keyId}&Expires=1&Signature=${secrets.signature}&security-token=${secrets.ossToken}`);
    await get('/outin-hrconsole-sandbox/c1/y.png', { authorization: `OSS ${secrets.keyId}:${secrets.signature}`, 'x-oss-security-token': secrets.ossToken });
    await get(`/ent/v3/login/wechat/${secrets.ticket}`);
    await get(`/sandbox/wechat/${secrets.sandboxTicket}`);
    await get(`/sandbox/vod?Action=GetUploadProgress&AccessKeyId=${secrets.keyId}&SecurityToken=${secrets.vodToken}&Signature=${secrets.vodSig}`);
    await get('/ent/v3/usercenter/info', { authorization: `Bearer ${token}` });
    await get(`/ent/v3/company/invite/${secrets.invite}`);
    await get(`/invite/${secrets.invite}`);
    await get(`/ent/v3/login?mobile=13800000001&code=${secrets.smsCode}`);
    await fetch(`${url}/ent/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `mobile=13800000001&code=${secrets.smsCode}`,
    });

    const log = lines.join('\n');
    // the requests were logged…
    expect(log).toContain('/ent/v3/login/wechat/[REDACTED]');
    expect(log).toContain('/outin-hrconsole-sandbox/c1/x.png?OSSAccessKeyId=[REDACTED]');
    expect(log).toContain('/ent/v3/usercenter/info');
    // …without any secret
    for (const [name, value] of Object.entries(secrets)) expect(log, name).not.toContain(value);
    expect(log).not.toContain(token);
  });

  it('redactText keeps what is not secret', () => {
    expect(redactText('/ent/v3/talent/list?keywords=java&page=2')).toBe('/ent/v3/talent/list?keywords=java&page=2');
    expect(redactText('/ent/v3/login/wechat/qrcode')).toBe('/ent/v3/login/wechat/qrcode');
    expect(redactText('/ent/v3/login/wechat/bind')).toBe('/ent/v3/login/wechat/bind');
    expect(redactText('/ent/v3/usercenter/invite/accept')).toBe('/ent/v3/usercenter/invite/accept');
    expect(redactText('/x?x-oss-security-token=abc&X-Oss-Signature=def&UploadAuth=ghi')).toBe(
      '/x?x-oss-security-token=[REDACTED]&X-Oss-Signature=[REDACTED]&UploadAuth=[REDACTED]',
    );
    expect(redactText('/notify?sign=abc&key=k1&sign_status=signed&keywords=java')).toBe(
      '/notify?sign=[REDACTED]&key=[REDACTED]&sign_status=signed&keywords=java',
    );
    expect(redactText('failed: Bearer abc.def-123 at /ent/v3/home')).toBe('failed: Bearer [REDACTED] at /ent/v3/home');
  });
});

describe('the access log leaks no public link and no number (issue 28 items 2 and 4)', () => {
  it('redacts proof and leave links, worker links (pages and API), and mobile, ID and card numbers wherever they stand', () => {
    const token = 'Zx9_proofTOKEN-abcdef0123456789';
    expect(redactText(`/ent/v3/dimission/proof-view/${token}`)).toBe('/ent/v3/dimission/proof-view/[REDACTED]');
    expect(redactText(`/m/proof/${token}?from=sms`)).toBe('/m/proof/[REDACTED]?from=sms');
    // a proof's 验真码 (issue 30)
    expect(redactText('/ent/v3/dimission/proof-check/K7QM3XPD9TWA?sha256=ab')).toBe('/ent/v3/dimission/proof-check/[REDACTED]?sha256=ab');
    expect(redactText('/m/proof-check/K7QM3XPD9TWA')).toBe('/m/proof-check/[REDACTED]');
    expect(redactText(`/ent/v3/dimission/leave/${token}/code`)).toBe('/ent/v3/dimission/leave/[REDACTED]/code');
    expect(redactText(`/m/leave/${token}`)).toBe('/m/leave/[REDACTED]');
    expect(redactText(`/sandbox/flex/w/${token}/sms`)).toBe('/sandbox/flex/w/[REDACTED]/sms');
    expect(redactText(`/m/flex/w/${token}`)).toBe('/m/flex/w/[REDACTED]');
    expect(redactText(`/m/flex/t/${token}?from=wx`)).toBe('/m/flex/t/[REDACTED]?from=wx');
    expect(redactText(`/ent/v3/worker/invite/${token}/verify`)).toBe('/ent/v3/worker/invite/[REDACTED]/verify');
    expect(redactText(`/ent/v3/worker/invite/${token}`)).toBe('/ent/v3/worker/invite/[REDACTED]');
    expect(redactText(`/ent/v3/worker/task/${token}/signup`)).toBe('/ent/v3/worker/task/[REDACTED]/signup');
    expect(redactText('/ent/v3/dimission/records?keywords=15211110002&page=1')).toBe('/ent/v3/dimission/records?keywords=[REDACTED]&page=1');
    expect(redactText('/ent/v3/dimission/records?keywords=33010619850505702X')).toBe('/ent/v3/dimission/records?keywords=[REDACTED]');
    // the export and the requests list too, and a mobile typed with spaces, hyphens or full-width digits
    expect(redactText('/ent/v3/dimission/records/export?keywords=15211110002')).toBe('/ent/v3/dimission/records/export?keywords=[REDACTED]');
    expect(redactText('/ent/v3/dimission/requests?status=all&keywords=152%201111%200002')).toBe('/ent/v3/dimission/requests?status=all&keywords=[REDACTED]');
    expect(redactText('/ent/v3/dimission/proofs?keywords=152+1111+0002&page=1')).toBe('/ent/v3/dimission/proofs?keywords=[REDACTED]&page=1');
    expect(redactText('/ent/v3/dimission/records?keywords=152-1111-0002')).toBe('/ent/v3/dimission/records?keywords=[REDACTED]');
    expect(redactText(`/ent/v3/dimission/records?keywords=${encodeURIComponent('１５２１１１１０００２')}`)).toBe(
      '/ent/v3/dimission/records?keywords=[REDACTED]',
    );
    // a name stays, and so does broken percent-encoding
    expect(redactText(`/ent/v3/dimission/records?keywords=${encodeURIComponent('周岚')}&x=%E0%A4%A`)).toBe(
      `/ent/v3/dimission/records?keywords=${encodeURIComponent('周岚')}&x=%E0%A4%A`,
    );
    expect(redactText('/x?card=6228480402564890018&old_id=330106850505702')).toBe('/x?card=[REDACTED]&old_id=[REDACTED]');
    // what only looks alike stays: a batch number, an id, a timestamp, a page
    expect(redactText('/ent/v3/payout/logs?batch_no=FF202611270800086465&ts=1795747554140&id=1234567&page=2')).toBe(
      '/ent/v3/payout/logs?batch_no=FF202611270800086465&ts=1795747554140&id=1234567&page=2',
    );
  });
});

describe('security headers on every answer', () => {
  const expectHeaders = (h: Headers) => {
    const csp = h.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval')/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(h.get('x-frame-options')).toBe('DENY');
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('no-referrer');
  };

  it('API answers, errors, 404s, the sandbox pages', async () => {
    for (const path of ['/ent/v3/usercenter/info', '/ent/v3/nothing', '/sandbox/', '/sandbox/nothing', '/nothing.js']) {
      const r = await fetch(url + path);
      expectHeaders(r.headers);
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
    const bad = await fetch(`${url}/ent/v3/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expectHeaders(bad.headers);
  });

  it('every API answer says Cache-Control: no-store: data, refusals, 404s, bad input, 503s (issue 28 item 9)', async () => {
    const user = (await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
    const token = (await issueToken(db, user.id, new Date())).token;
    const answers = [
      await fetch(`${url}/ent/v3/usercenter/info`, { headers: { authorization: `Bearer ${token}` } }),
      await fetch(`${url}/ent/v3/payout/account`, { headers: { authorization: `Bearer ${token}` } }),
      await fetch(`${url}/ent/v3/usercenter/info`),
      await fetch(`${url}/ent/v3/nothing`),
      await fetch(`${url}/ent/nothing?x=1`),
      await fetch(`${url}/ent/v3/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ];
    expect(answers[0]!.status).toBe(200);
    for (const r of answers) expect(r.headers.get('cache-control'), r.url).toBe('no-store');
    // the database away: the 503 envelope too
    const fail = () => Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    const away: Db = { kind: 'pg', query: fail, one: fail, exec: fail, tx: fail, close: async () => undefined };
    const down = await buildServer({ db: away, staticDir: null });
    try {
      await down.listen({ port: 0, host: '127.0.0.1' });
      const r = await fetch(`http://127.0.0.1:${(down.server.address() as AddressInfo).port}/ent/v3/usercenter/info`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.status).toBe(503);
      expect(r.headers.get('cache-control')).toBe('no-store');
    } finally {
      await down.close();
    }
    // not the rest: the sandbox pages set their own, the console's files keep theirs (static.test.ts)
    expect((await fetch(`${url}/sandbox/nothing`)).headers.get('cache-control')).toBeNull();
  });

  it('HSTS behind an https proxy only', async () => {
    const r = await fetch(`${url}/ent/v3/usercenter/info`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(r.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

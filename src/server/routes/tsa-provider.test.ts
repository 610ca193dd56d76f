/**
 * The demo's time-stamping authority over real HTTP (issue 29 item 2): serverTsa reaches the TSA
 * sandbox of its own server; the sandbox stamps at the server's clock with increasing serials,
 * answers a malformed request with a rejection and a fault with 503, and keeps its key across a
 * restart on the same database. Interop: OpenSSL verifies our tokens and asks our TSA for one;
 * our verifier accepts a token OpenSSL's own TSA signed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import * as pkijs from 'pkijs';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { call, useTestServer } from '../../../tests/setup/server';
import { readReply, TsaUnavailable, verifyTimestamp } from '../adapters/tsa';
import { buildServer } from '../app';
import { FAIL } from '../sandbox/tsa-authority';
import { TSA_SANDBOX_PATH } from '../sandbox/tsa';
import { serverTsa } from './tsa-provider';

let clock = Date.parse('2026-03-02T08:30:15.400Z');
const s = useTestServer({ now: () => new Date(clock) });
const tsa = () => serverTsa(s.app, { sandbox: true })!;
const sha = (text: string) => createHash('sha256').update(text).digest();
const post = (body: Uint8Array) =>
  fetch(s.url + TSA_SANDBOX_PATH, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: new Uint8Array(body) });

const hasOpenssl = (() => {
  try {
    return /OpenSSL/.test(execFileSync('openssl', ['version'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
})();
const tmp = mkdtempSync(join(tmpdir(), 'tsa-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = (name: string, data: string | Uint8Array) => {
  writeFileSync(join(tmp, name), data);
  return join(tmp, name);
};
const openssl = (...args: string[]) => execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the TSA sandbox through serverTsa', () => {
  it('stamps at the server’s clock, serials increasing; the token verifies against GET /sandbox/tsa/cert', async () => {
    const h = sha('灵活用工协议 #1 签署页');
    const a = await tsa().stamp(h);
    expect(a.genTime).toEqual(new Date('2026-03-02T08:30:15Z'));
    clock += 3_600_000;
    const b = await tsa().stamp(sha('灵活用工协议 #2'));
    expect(b.genTime).toEqual(new Date('2026-03-02T09:30:15Z'));
    expect(BigInt(`0x${b.serial}`)).toBeGreaterThan(BigInt(`0x${a.serial}`));
    expect(a.tsa).toBe('HR Console 沙箱时间戳服务');

    const cert = await call<string>(s.url, 'GET', `${TSA_SANDBOX_PATH}/cert`);
    expect(cert.status).toBe(200);
    expect(cert.body).toBe(await tsa().trustedPem());
    expect(a.certPem).toBe(cert.body);
    expect(await verifyTimestamp(a.token, h, cert.body)).toEqual({ ok: true, genTime: a.genTime, serial: a.serial, tsa: a.tsa });
  });

  it('faults: the next n requests answer 503 → TsaUnavailable, then it stamps again', async () => {
    expect((await call(s.url, 'POST', `${TSA_SANDBOX_PATH}/faults`, { form: { unavailable: 'x' } })).status).toBe(400);
    expect((await call(s.url, 'POST', `${TSA_SANDBOX_PATH}/faults`, { form: { unavailable: '1' } })).body).toEqual({ unavailable: 1 });
    const err = await tsa()
      .stamp(sha('x'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TsaUnavailable);
    expect((err as Error).message).toMatch(/HTTP 503/);
    expect((await tsa().stamp(sha('x'))).token.length).toBeGreaterThan(100);
  });

  it('a malformed request, an unknown hash: a rejection (RFC 3161 PKIFailureInfo), not an HTTP error', async () => {
    const failBit = (der: Buffer) => {
      const info = pkijs.TimeStampResp.fromBER(new Uint8Array(der)).status.failInfo!;
      const bits = info.valueBlock.valueHexView;
      return [...Array(bits.length * 8).keys()].find((i) => bits[i >> 3]! & (0x80 >> (i & 7)));
    };
    const r = await post(Buffer.from('not a request'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/timestamp-reply');
    const der = Buffer.from(await r.arrayBuffer());
    expect(readReply(der)).toMatchObject({ status: pkijs.PKIStatus.rejection, token: null });
    expect(failBit(der)).toBe(FAIL.badDataFormat);
    const sha1 = new pkijs.TimeStampReq({ version: 1, messageImprint: await pkijs.MessageImprint.create('SHA-1', new Uint8Array([1])) });
    expect(failBit(Buffer.from(await (await post(new Uint8Array(sha1.toSchema().toBER()))).arrayBuffer()))).toBe(FAIL.badAlg);
    // another content type is not a time-stamp query at all
    for (const type of ['text/plain', 'application/x-www-form-urlencoded'])
      expect((await call(s.url, 'POST', TSA_SANDBOX_PATH, { raw: 'x', headers: { 'content-type': type } })).status).toBe(415);
  });

  it('none without a sandbox or a configured TSA; the configured one when given', async () => {
    expect(serverTsa(s.app, { sandbox: false })).toBeNull();
    const pem = await tsa().trustedPem();
    const configured = serverTsa(s.app, { tsa: { url: s.url + TSA_SANDBOX_PATH, trustedPem: pem } })!;
    expect(await configured.trustedPem()).toBe(pem);
    expect((await configured.stamp(sha('y'))).certPem).toBe(pem);
  });
});

describe('the key survives a restart on the same database', () => {
  it('a token issued before verifies after; serials go on increasing', async () => {
    const db = await openTestDb();
    const start = async () => {
      const app = await buildServer({ db, sandbox: true, staticDir: null });
      await app.listen({ port: 0, host: '127.0.0.1' });
      expect((app.server.address() as AddressInfo).port).toBeGreaterThan(0);
      return app;
    };
    try {
      const h = sha('重启前签署');
      const first = await start();
      const before = await serverTsa(first, { sandbox: true })!.stamp(h);
      await first.close();
      const second = await start();
      try {
        const tsa2 = serverTsa(second, { sandbox: true })!;
        expect(await tsa2.trustedPem()).toBe(before.certPem);
        expect(await verifyTimestamp(before.token, h, await tsa2.trustedPem())).toMatchObject({ ok: true, serial: before.serial });
        const after = await tsa2.stamp(h);
        expect(BigInt(`0x${after.serial}`)).toBeGreaterThan(BigInt(`0x${before.serial}`));
      } finally {
        await second.close();
      }
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe.skipIf(!hasOpenssl)('interop with OpenSSL (openssl ts)', () => {
  it('openssl ts -verify accepts our token, and refuses it for another digest', async () => {
    const h = sha('互通：OpenSSL 校验');
    const ts = await tsa().stamp(h);
    const ca = file('ours.pem', await tsa().trustedPem());
    expect(openssl('ts', '-verify', '-digest', h.toString('hex'), '-token_in', '-in', file('token.der', ts.token), '-CAfile', ca)).toMatch(/Verification: OK/);
    // and refuses it for another digest
    expect(() => openssl('ts', '-verify', '-digest', sha('别的').toString('hex'), '-token_in', '-in', join(tmp, 'token.der'), '-CAfile', ca)).toThrow();
  });

  it('openssl ts -query → our TSA: OpenSSL checks the reply against its query (nonce too), our verifier accepts its token', async () => {
    const h = sha('互通：OpenSSL 请求');
    const query = join(tmp, 'q.tsq');
    openssl('ts', '-query', '-sha256', '-digest', h.toString('hex'), '-cert', '-out', query);
    const reply = Buffer.from(await (await post(readFileSync(query))).arrayBuffer());
    const ca = file('ours.pem', await tsa().trustedPem());
    expect(openssl('ts', '-verify', '-queryfile', query, '-in', file('r.tsr', reply), '-CAfile', ca)).toMatch(/Verification: OK/);
    const { token } = readReply(reply);
    expect(await verifyTimestamp(token!, h, await tsa().trustedPem())).toMatchObject({ ok: true, tsa: 'HR Console 沙箱时间戳服务' });
  });

  it('a token OpenSSL’s own TSA signed (RSA, ESS v1) verifies with its certificate, not with ours', async () => {
    const key = join(tmp, 'ossl.key');
    const cert = join(tmp, 'ossl.pem');
    openssl(
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/O=Interop Test/CN=OpenSSL TSA'],
      ...['-addext', 'extendedKeyUsage=critical,timeStamping', '-addext', 'keyUsage=critical,digitalSignature'],
    );
    const conf = file(
      'tsa.cnf',
      `[ tsa ]\ndefault_tsa = t\n[ t ]\nserial = ${join(tmp, 'serial')}\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\ndigests = sha256\n`,
    );
    file('serial', '2a\n'); // OpenSSL counts on before it signs: 2b
    const h = sha('互通：OpenSSL 签发');
    const query = join(tmp, 'q2.tsq');
    openssl('ts', '-query', '-sha256', '-digest', h.toString('hex'), '-cert', '-out', query);
    const tokenFile = join(tmp, 'ossl.tst');
    openssl('ts', '-reply', '-config', conf, '-queryfile', query, '-inkey', key, '-signer', cert, '-token_out', '-out', tokenFile);
    const token = readFileSync(tokenFile);
    const pem = readFileSync(cert, 'utf8');
    expect(await verifyTimestamp(token, h, pem)).toMatchObject({ ok: true, serial: '2b', tsa: 'OpenSSL TSA（Interop Test）' });
    expect(await verifyTimestamp(token, h, await tsa().trustedPem())).toEqual({ ok: false, reason: '非受信任的时间戳机构' });
  });
});

/**
 * The RFC 3161 client and verifier (adapters/tsa.ts) against the demo TSA's protocol half
 * (sandbox/tsa-authority.ts) behind a stub fetch, which can rewrite the request on its way — what a
 * faulty or hostile TSA would answer to. Over real HTTP, with OpenSSL: routes/tsa-provider.test.ts.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerQuery, createIdentity, type TsaIdentity } from '../sandbox/tsa-authority';
import { readReply, tsaClient, TsaUnavailable, verifyTimestamp } from './tsa';
import { parseToken } from './tsa-token';

let id: TsaIdentity;
let other: TsaIdentity;
beforeAll(async () => {
  [id, other] = await Promise.all([createIdentity(new Date()), createIdentity(new Date())]);
});

const sha = (s: string) => createHash('sha256').update(s).digest();
let serial = 100n;
const seen: { url: string; init: RequestInit }[] = [];
const replyOf = (der: Uint8Array, type = 'application/timestamp-reply', status = 200) =>
  new Response(new Uint8Array(der), { status, headers: { 'content-type': type } });

/** A TSA with `identity` behind fetch; `edit` rewrites the request before it is answered. */
const tsaAt =
  (identity: () => TsaIdentity, edit?: (req: pkijs.TimeStampReq) => void) =>
  async (url: string, init: RequestInit): Promise<Response> => {
    seen.push({ url, init });
    let body = new Uint8Array(init.body as Uint8Array);
    if (edit) {
      const req = pkijs.TimeStampReq.fromBER(body);
      edit(req);
      body = new Uint8Array(req.toSchema().toBER());
    }
    return replyOf(await answerQuery(identity(), body, new Date(), async () => ++serial));
  };
const clientOf = (fetch: (url: string, init: RequestInit) => Promise<Response>, opts: { timeoutMs?: number } = {}) =>
  tsaClient({ url: 'https://tsa.example.com/tsr', trustedPem: id.certPem }, { fetch, ...opts });
const stampOf = (identity: () => TsaIdentity, h: Buffer) => clientOf(tsaAt(identity)).stamp(h);

describe('tsaClient → verifyTimestamp', () => {
  it('a stamp round-trip: the request as RFC 3161 over HTTP says, a token that verifies', async () => {
    const h = sha('协议 A 的签署页');
    const t0 = Date.now();
    const ts = await stampOf(() => id, h);
    const { url, init } = seen.at(-1)!;
    expect(url).toBe('https://tsa.example.com/tsr');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const req = pkijs.TimeStampReq.fromBER(new Uint8Array(init.body as Uint8Array));
    expect(req).toMatchObject({ version: 1, certReq: true });
    expect(req.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(Buffer.from(req.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(h);
    expect(req.nonce!.toBigInt()).toBeGreaterThan(0n);

    expect(ts.serial).toBe(serial.toString(16));
    expect(ts.tsa).toBe('HR Console 沙箱时间戳服务');
    expect(ts.certPem).toBe(id.certPem);
    expect(Math.abs(ts.genTime.getTime() - t0)).toBeLessThan(2000);
    expect(parseToken(ts.token).tst.nonce!.toBigInt()).toBe(req.nonce!.toBigInt());
    expect(await verifyTimestamp(ts.token, h, id.certPem)).toEqual({ ok: true, genTime: ts.genTime, serial: ts.serial, tsa: ts.tsa });
    // the trusted PEM may hold several certificates
    expect((await verifyTimestamp(ts.token, h, other.certPem + id.certPem)).ok).toBe(true);
  });

  it('fails for a one-byte-changed hash, an untrusted TSA, a tampered token', async () => {
    const h = sha('协议 B');
    const ts = await stampOf(() => id, h);
    const h2 = Buffer.from(h);
    h2[7]! ^= 1;
    expect(await verifyTimestamp(ts.token, h2, id.certPem)).toEqual({ ok: false, reason: '摘要不一致' });

    const foreign = await stampOf(() => other, h).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(TsaUnavailable);
    const otherToken = (await tsaClient({ url: 'https://tsa.example.com/', trustedPem: other.certPem }, { fetch: tsaAt(() => other) }).stamp(h)).token;
    expect(await verifyTimestamp(otherToken, h, id.certPem)).toEqual({ ok: false, reason: '非受信任的时间戳机构' });
    expect(await verifyTimestamp(ts.token, h, 'not a pem')).toMatchObject({ ok: false });

    // one byte changed: the stamped time (a digit for a digit), the signature, the certificate's key, the framing
    const timeAt = ts.token.indexOf(Buffer.from(ts.genTime.toISOString().replace(/\D/g, '').slice(0, 14) + 'Z')) + 13;
    const keyAt = ts.token.indexOf(Buffer.from(id.cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)) + 20;
    const cases: [number, string][] = [
      [timeAt, '时间戳签名无效'],
      [ts.token.length - 3, '时间戳签名无效'],
      [keyAt, '非受信任的时间戳机构'],
      [1, '时间戳格式无效'],
    ];
    for (const [i, reason] of cases) {
      expect(i).toBeGreaterThan(0);
      const bad = Buffer.from(ts.token);
      bad[i]! ^= 0x01;
      expect(await verifyTimestamp(bad, h, id.certPem), `byte ${i}`).toEqual({ ok: false, reason });
    }
    expect(await verifyTimestamp(Buffer.from('garbage'), h, id.certPem)).toEqual({ ok: false, reason: '时间戳格式无效' });
  });

  it('TsaUnavailable: the nonce or the imprint not echoed', async () => {
    const h = sha('协议 C');
    const nonce = (req: pkijs.TimeStampReq) => void (req.nonce = asn1js.Integer.fromBigInt(42n));
    await expect(clientOf(tsaAt(() => id, nonce)).stamp(h)).rejects.toThrow(/随机数（nonce）不一致/);
    const noNonce = (req: pkijs.TimeStampReq) => void delete req.nonce;
    await expect(clientOf(tsaAt(() => id, noNonce)).stamp(h)).rejects.toBeInstanceOf(TsaUnavailable);
    const imprint = (req: pkijs.TimeStampReq) => void (req.messageImprint.hashedMessage = new asn1js.OctetString({ valueHex: new Uint8Array(sha('别的')) }));
    await expect(clientOf(tsaAt(() => id, imprint)).stamp(h)).rejects.toThrow(/摘要不一致/);
  });

  it('TsaUnavailable: HTTP errors, the network, the timeout, a wrong or malformed reply, a rejection', async () => {
    const h = sha('协议 D');
    const fails = (fetch: Parameters<typeof clientOf>[0], opts = {}) => expect(clientOf(fetch, opts).stamp(h)).rejects.toBeInstanceOf(TsaUnavailable);
    await fails(async () => replyOf(Buffer.from('busy'), 'text/plain', 503));
    await expect(clientOf(async () => replyOf(Buffer.from(''), 'text/plain', 503)).stamp(h)).rejects.toThrow(/HTTP 503/);
    await fails(async () => Promise.reject(new TypeError('fetch failed')));
    // a TSA that never answers: the client gives up on its own signal
    const t0 = Date.now();
    await fails((_url, init) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error))), {
      timeoutMs: 50,
    });
    expect(Date.now() - t0).toBeLessThan(2000);
    const good = await answerQuery(id, Buffer.from('x'), new Date(), async () => 1n);
    await fails(async () => replyOf(good, 'text/html'));
    await expect(clientOf(async () => replyOf(Buffer.from('not der'))).stamp(h)).rejects.toThrow(/格式无效/);
    // a rejection (the sandbox refuses a version 2 request) carries its reason
    const v2 = (req: pkijs.TimeStampReq) => void (req.version = 2);
    await expect(clientOf(tsaAt(() => id, v2)).stamp(h)).rejects.toThrow(/拒绝.*状态 2：仅支持版本 1/);
    expect(readReply(good)).toMatchObject({ status: 2, token: null });
    await expect(clientOf(tsaAt(() => id)).stamp(h.subarray(1))).rejects.toBeInstanceOf(TypeError);
  });
});

/**
 * The e签宝 signing-flow adapter against the demo's e签宝 over real HTTP (both speak the v3
 * protocol: signed calls, the object-store upload, the H5 page, signed callbacks): a PDF uploaded,
 * a flow made, signed on the H5 page with e签宝's SMS code; the callbacks reach a receiver that
 * verifies them; the signed PDF is the original plus a signature openssl verifies over its
 * ByteRange. Then 拒签, 撤销, 过期; the gateway refusing what is not well signed; and the callback
 * check refusing a bad signature, a stale or future timestamp, another app.
 */
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { signOnH5 } from '../../../tests/setup/esign-h5';
import { ESIGN_SANDBOX_PREFIX, SANDBOX_ESIGN_KEY } from '../sandbox/esign';
import { signatureOf } from '../sandbox/esign-pdf';
import type { EsignConfig } from './esign';
import { EsignUnavailable } from './esign';
import { esignFlowClient, FLOW_STATUS, notifyHeaders, NotifyRefused, verifyNotification, type FlowEvent } from './esign-flows';

let s: TestServer;
let cfg: EsignConfig;
/** the notifyUrl's end: what it got (verified), and what it answers */
let receiver: Server;
let notifyUrl: string;
const got: FlowEvent[] = [];
let answer = 200;

beforeAll(async () => {
  s = await startTestServer();
  cfg = { endpoint: s.url + ESIGN_SANDBOX_PREFIX, ...SANDBOX_ESIGN_KEY };
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const query = Object.fromEntries(new URL(req.url!, 'http://x').searchParams);
        const e = verifyNotification(SANDBOX_ESIGN_KEY, req.headers, query, Buffer.concat(chunks).toString('utf8'), new Date());
        if (answer === 200) got.push(e);
        res.writeHead(answer, { 'content-type': 'application/json' }).end('{"code":"200","msg":"success"}');
      } catch (err) {
        res.writeHead(err instanceof NotifyRefused ? err.status : 500).end();
      }
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify/esign?tenant=hr&a=1`;
}, 60_000);
afterAll(async () => {
  await s?.close();
  await new Promise((r) => receiver?.close(r));
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A small well-formed PDF: catalog, pages, one page, its cross-reference table and trailer. */
function pdf(text: string): Buffer {
  const objs = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>`];
  let out = `%PDF-1.4\n%${text}\n`;
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 4\n0000000000 65535 f\r\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('')}`;
  out += `trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
const SIGNER = { mobile: '13966209001', name: '沈一帆', idNo: '310115199711204522' };
const until = async (ok: () => boolean | Promise<boolean>, ms = 10_000) => {
  const t0 = Date.now();
  while (!(await ok())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function newFlow(bytes: Buffer, bizNo: string) {
  const c = esignFlowClient(cfg, { filePollMs: 50 });
  const fileId = await c.uploadFile(bytes, '灵活用工服务协议.pdf');
  const id = await c.createByFile({
    fileId,
    fileName: '灵活用工服务协议.pdf',
    title: '灵活用工服务协议（第1版）',
    signer: SIGNER,
    bizNo,
    notifyUrl,
    redirectUrl: 'http://127.0.0.1:1/m/flex/w/abc',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { c, fileId, id };
}

describe('a signing flow against the demo e签宝', () => {
  it('upload, create, sign on the H5 page with e签宝’s code; callbacks verified; the signed PDF verifies with openssl', async () => {
    const original = pdf('agreement v1');
    const { c, id } = await newFlow(original, 'sf-1');
    expect(await c.detail(id)).toMatchObject({ status: FLOW_STATUS.signing, signedAt: null, finishedAt: null });
    await expect(c.files(id)).rejects.toBeInstanceOf(EsignUnavailable);
    // the link is for the flow's own signer only
    await expect(c.signUrl(id, '13966209999', 'http://127.0.0.1:1/back')).rejects.toBeInstanceOf(EsignUnavailable);
    const url = await c.signUrl(id, SIGNER.mobile, 'http://127.0.0.1:1/back');
    expect(url.startsWith(`${s.url}/sandbox/esign/h5/sign/`)).toBe(true);

    const { back } = await signOnH5(url, SIGNER.mobile, { wrongCodeFirst: true });
    expect(back).toBe('http://127.0.0.1:1/m/flex/w/abc');
    await until(() => got.filter((e) => e.signFlowId === id).length === 2);
    expect(got.filter((e) => e.signFlowId === id)).toEqual([
      expect.objectContaining({ action: 'SIGN_MISSON_COMPLETE', signResult: 2 }),
      expect.objectContaining({ action: 'SIGN_FLOW_COMPLETE', signFlowStatus: 2 }),
    ]);
    const d = await c.detail(id);
    expect(d).toMatchObject({ status: FLOW_STATUS.completed });
    expect(d.signedAt).toBeInstanceOf(Date);

    const [file] = await c.files(id);
    const signed = await c.download(file!.downloadUrl, 1024 * 1024);
    // the original, untouched, then the incremental update
    expect(signed.subarray(0, original.length).equals(original)).toBe(true);
    expect(sha(signed)).not.toBe(sha(original));
    const text = signed.toString('latin1');
    expect(text).toMatch(/\/Type \/Sig \/Filter \/Adobe\.PPKLite \/SubFilter \/adbe\.pkcs7\.detached/);
    expect(text).toMatch(/1 0 obj\n<< \/Type \/Catalog \/Pages 2 0 R \/AcroForm << \/Fields \[5 0 R\] \/SigFlags 3 >> >>/);
    expect(text).toMatch(/\/Prev \d+/);
    const sig = signatureOf(signed)!;
    expect(sig).not.toBeNull();
    await expect(c.download(file!.downloadUrl, 100)).rejects.toBeInstanceOf(EsignUnavailable);

    const dir = await mkdtemp(`${tmpdir()}/esign-`);
    await writeFile(`${dir}/sig.der`, sig.cms);
    await writeFile(`${dir}/signed.bin`, sig.signed);
    await writeFile(`${dir}/ca.pem`, await (await fetch(`${s.url}/sandbox/esign/ca.pem`)).text());
    const verify = (content: string) =>
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          `${dir}/sig.der`,
          '-content',
          content,
          '-CAfile',
          `${dir}/ca.pem`,
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    expect(() => verify(`${dir}/signed.bin`)).not.toThrow();
    // one byte of the covered bytes changed: the signature no longer holds
    const changed = Buffer.from(sig.signed);
    changed[20] = changed[20]! ^ 1;
    await writeFile(`${dir}/changed.bin`, changed);
    expect(() => verify(`${dir}/changed.bin`)).toThrow();
    // the signer's certificate names the signer, issued by the demo CA
    const certs = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', `${dir}/sig.der`, '-print_certs', '-noout'], { encoding: 'utf8' });
    expect(certs).toMatch(/issuer=.*CN ?= ?/);
  });

  it('a malformed original (no cross-reference table) is still signed and verifiable', async () => {
    const original = Buffer.from('%PDF-1.4\n%agreement\n%%EOF');
    const { c, id } = await newFlow(original, 'sf-2');
    await signOnH5(await c.signUrl(id, SIGNER.mobile, 'http://127.0.0.1:1/back'), SIGNER.mobile);
    const signed = await c.download((await c.files(id))[0]!.downloadUrl, 1024 * 1024);
    expect(signed.subarray(0, original.length).equals(original)).toBe(true);
    expect(signatureOf(signed)!.signed.length).toBe(signed.length - 16386);
  });

  it('拒签, 撤销 and 过期 end the flow with their status, each told by a callback', async () => {
    const refused = await newFlow(pdf('r'), 'sf-3');
    const { back } = await signOnH5(await refused.c.signUrl(refused.id, SIGNER.mobile, 'http://127.0.0.1:1/back'), SIGNER.mobile, { refuse: true });
    expect(back).toBe('http://127.0.0.1:1/m/flex/w/abc');
    expect((await refused.c.detail(refused.id)).status).toBe(FLOW_STATUS.refused);
    await until(() => got.some((e) => e.signFlowId === refused.id && e.signFlowStatus === 7));
    expect(got.find((e) => e.signFlowId === refused.id && e.action === 'SIGN_MISSON_COMPLETE')!.signResult).toBe(4);

    const revoked = await newFlow(pdf('v'), 'sf-4');
    await revoked.c.revoke(revoked.id, '协议已更新');
    expect(await revoked.c.detail(revoked.id)).toMatchObject({ status: FLOW_STATUS.revoked, description: '协议已更新' });
    await until(() => got.some((e) => e.signFlowId === revoked.id && e.signFlowStatus === 3));
    // an ended flow cannot be revoked again, nor signed
    await expect(revoked.c.revoke(revoked.id, 'x')).rejects.toBeInstanceOf(EsignUnavailable);
    await expect(revoked.c.signUrl(revoked.id, SIGNER.mobile, 'http://127.0.0.1:1/back')).rejects.toBeInstanceOf(EsignUnavailable);

    const expired = await newFlow(pdf('e'), 'sf-5');
    const link = await expired.c.signUrl(expired.id, SIGNER.mobile, 'http://127.0.0.1:1/back');
    expect((await call(s.url, 'POST', `/sandbox/esign/flows/${expired.id}/expire`)).status).toBe(200);
    expect((await expired.c.detail(expired.id)).status).toBe(FLOW_STATUS.expired);
    await until(() => got.some((e) => e.signFlowId === expired.id && e.signFlowStatus === 5));
    // the page of an ended flow says so and sends the signer back
    const page = await fetch(link, { redirect: 'manual' });
    expect(await page.text()).toContain('该签署已过期');
  });

  it('a callback the receiver does not take is sent again until it does', async () => {
    answer = 503;
    const { c, id } = await newFlow(pdf('retry'), 'sf-6');
    await signOnH5(await c.signUrl(id, SIGNER.mobile, 'http://127.0.0.1:1/back'), SIGNER.mobile);
    await new Promise((r) => setTimeout(r, 300));
    expect(got.some((e) => e.signFlowId === id)).toBe(false);
    answer = 200;
    await until(() => got.filter((e) => e.signFlowId === id).length === 2, 15_000);
    // the sandbox records a try after the receiver has answered it: the row may trail the delivery
    const taken = async () =>
      (
        await s.db.query<{ attempts: number; last_status: number }>('SELECT attempts, last_status FROM sandbox_esign_callbacks WHERE sign_flow_id = $1', [id])
      ).every((t) => t.attempts >= 2 && t.last_status === 200);
    await until(taken, 5_000);
    expect(await taken()).toBe(true);
  });

  it('the gateway refuses calls not signed with the app’s secret; the provider down is EsignUnavailable', async () => {
    const wrong = esignFlowClient({ ...cfg, appSecret: 'not-the-secret' });
    await expect(wrong.uploadFile(pdf('x'), 'a.pdf')).rejects.toMatchObject({ detail: expect.stringContaining('401') });
    const stale = esignFlowClient(cfg, { now: () => new Date(Date.now() - 16 * 60_000) });
    await expect(stale.detail('nope')).rejects.toBeInstanceOf(EsignUnavailable);
    expect((await call(s.url, 'POST', `${ESIGN_SANDBOX_PREFIX}/faults`, { form: { unavailable: '1' } })).status).toBe(200);
    await expect(esignFlowClient(cfg).detail('nope')).rejects.toMatchObject({ detail: expect.stringContaining('503') });
    await expect(esignFlowClient(cfg).detail('nope')).rejects.toMatchObject({ detail: expect.stringContaining('1437404') });
    await expect(esignFlowClient({ ...cfg, endpoint: 'http://127.0.0.1:9' }, { timeoutMs: 2000 }).detail('x')).rejects.toBeInstanceOf(EsignUnavailable);
  });
});

describe('callback verification', () => {
  const body = JSON.stringify({ action: 'SIGN_FLOW_COMPLETE', timestamp: 1, signFlowId: 'f1', signFlowStatus: '2', statusDescription: '完成' });
  const url = 'https://hr.example.com/notify/esign?orderNo=001&belong=pinjie';
  const now = new Date();

  it('takes e签宝’s rule: hex HMAC-SHA256 of timestamp + query values by key + the raw body', () => {
    const h = notifyHeaders(SANDBOX_ESIGN_KEY, url, body, now);
    // the docs' example: the values of belong, orderNo in key order → "pinjie001"
    const ts = h['x-tsign-open-timestamp']!;
    expect(h['x-tsign-open-signature']).toBe(createHmac('sha256', SANDBOX_ESIGN_KEY.appSecret).update(`${ts}pinjie001${body}`).digest('hex'));
    expect(verifyNotification(SANDBOX_ESIGN_KEY, h, { orderNo: '001', belong: 'pinjie' }, body, now)).toEqual({
      action: 'SIGN_FLOW_COMPLETE',
      signFlowId: 'f1',
      signResult: null,
      signFlowStatus: 2,
      description: '完成',
    });
    // the query's values are part of what is signed
    expect(() => verifyNotification(SANDBOX_ESIGN_KEY, h, { orderNo: '002', belong: 'pinjie' }, body, now)).toThrow(NotifyRefused);
  });

  it('refuses a bad signature, another body, another app, a stale or future timestamp, an unknown algorithm', () => {
    const h = notifyHeaders(SANDBOX_ESIGN_KEY, url, body, now);
    const q = { orderNo: '001', belong: 'pinjie' };
    const refused = (headers: Record<string, string>, b = body, at = now) => {
      try {
        verifyNotification(SANDBOX_ESIGN_KEY, headers, q, b, at);
        return null;
      } catch (e) {
        return e instanceof NotifyRefused ? `${e.status} ${e.message}` : String(e);
      }
    };
    expect(refused({ ...h, 'x-tsign-open-signature': h['x-tsign-open-signature']!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })).toBe('401 签名验证失败');
    expect(refused({ ...h, 'x-tsign-open-signature': 'abc' })).toBe('401 签名验证失败');
    expect(refused(h, body.replace('"2"', '"7"'))).toBe('401 签名验证失败');
    expect(refused(notifyHeaders({ ...SANDBOX_ESIGN_KEY, appSecret: 'another' }, url, body, now))).toBe('401 签名验证失败');
    expect(refused({ ...h, 'x-tsign-open-app-id': '7438800099' })).toBe('401 应用ID不符');
    expect(refused({ ...h, 'x-tsign-open-signature-algorithm': 'hmac-sha1' })).toBe('401 不支持的签名算法');
    // signed 25 hours ago, or 20 minutes ahead: refused even though the signature is right
    expect(refused(notifyHeaders(SANDBOX_ESIGN_KEY, url, body, new Date(now.getTime() - 25 * 3600_000)))).toBe('401 时间戳已过期');
    expect(refused(notifyHeaders(SANDBOX_ESIGN_KEY, url, body, new Date(now.getTime() + 20 * 60_000)))).toBe('401 时间戳已过期');
    // an hour late is a retry of e签宝's: taken
    expect(refused(notifyHeaders(SANDBOX_ESIGN_KEY, url, body, new Date(now.getTime() - 3600_000)))).toBeNull();
    const noJson = 'not json';
    expect(refused(notifyHeaders(SANDBOX_ESIGN_KEY, url, noJson, now), noJson)).toBe('400 通知内容不是 JSON');
  });
});

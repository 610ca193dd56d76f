/**
 * Object-store security (issue 9, items 1, 2 and 9): every credential reaches only what it carries
 * (its owner's prefix, or one key), objects are served so they can never run as the console, and
 * each user's stored uploads are capped. Over real HTTP, and with the official ali-oss client.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import OSS from 'ali-oss';
import RPCClient from '@alicloud/pop-core';
import { call, useTestServer } from '../../../tests/setup/server';
import { SANDBOX_BUCKET } from './cloud';
import { buildServer } from '../app';
import { DEFAULT_UPLOAD_QUOTA, setUploadQuota, uploadQuota } from '../domain/quota';
import { mobileIndex } from '../domain/users';

const s = useTestServer();
beforeEach(async () => {
  await fetch(`${s.url}/sandbox/oss/reset`, { method: 'POST' });
});

interface Cred {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
}
interface Address {
  Bucket: string;
  FileName: string;
}
const decode = <T>(b64: string) => JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as T;

/** The console's credential of a seeded user (A: 13800000001, B: 13800000002 — two companies). */
async function sts(mobile: string): Promise<Cred> {
  const r = await call(s.url, 'GET', '/ent/v3/upload/sts', { token: await s.tokenFor(mobile) });
  return r.body.data as Cred;
}
const vod = (c: Cred) =>
  new RPCClient({
    accessKeyId: c.AccessKeyId,
    accessKeySecret: c.AccessKeySecret,
    securityToken: c.SecurityToken,
    endpoint: `${s.url}/sandbox/vod`,
    apiVersion: '2017-03-21',
  });
const oss = (c: Cred, endpoint = s.url) =>
  new OSS({
    accessKeyId: c.AccessKeyId,
    accessKeySecret: c.AccessKeySecret,
    stsToken: c.SecurityToken,
    bucket: SANDBOX_BUCKET,
    endpoint,
    sldEnable: true,
    secure: false,
    timeout: 20_000,
  } as OSS.Options & { sldEnable: boolean });

/** A video of company A, uploaded the way the console does (VOD upload auth for one key). */
async function companyAVideo(bytes = randomBytes(4096)) {
  const a = await sts('13800000001');
  const r = (await vod(a).request('CreateUploadVideo', { Title: '宣讲会', FileName: '宣讲会.mp4', FileSize: bytes.length })) as {
    VideoId: string;
    UploadAddress: string;
    UploadAuth: string;
  };
  const addr = decode<Address>(r.UploadAddress);
  await oss(decode<Cred>(r.UploadAuth)).put(addr.FileName, bytes);
  return { a, key: addr.FileName, bytes, id: r.VideoId };
}

/** One request signed by hand (OSS V1 header signature), for the calls ali-oss makes awkward. */
async function signed(c: Cred, method: string, key: string, o: { sub?: string; body?: Buffer | string; type?: string } = {}) {
  const date = new Date().toUTCString();
  const type = o.type ?? '';
  const resource = `/${SANDBOX_BUCKET}/${key}${o.sub ? `?${o.sub}` : ''}`;
  const sts = [method, '', type, date, `x-oss-security-token:${c.SecurityToken}`, resource].join('\n');
  const sig = createHmac('sha1', c.AccessKeySecret).update(sts).digest('base64');
  const headers: Record<string, string> = { date, authorization: `OSS ${c.AccessKeyId}:${sig}`, 'x-oss-security-token': c.SecurityToken };
  if (type) headers['content-type'] = type;
  return fetch(`${s.url}/${SANDBOX_BUCKET}/${key}${o.sub ? `?${o.sub}` : ''}`, {
    method,
    headers,
    body: typeof o.body === 'string' ? o.body : o.body && new Uint8Array(o.body),
  });
}

const objectRow = (key: string) => s.db.one<{ size: string; etag: string }>('SELECT size, etag FROM oss_objects WHERE object_key = $1', [key]);

describe('object store scope (issue 9 item 1)', () => {
  it("company B's STS cannot GET, PUT, DELETE or start a multipart upload on company A's keys (ali-oss)", async () => {
    const { a, key, bytes } = await companyAVideo();
    const b = await sts('13800000002');
    const before = await objectRow(key);

    await expect(oss(b).get(key)).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
    await expect(oss(b).head(key)).rejects.toMatchObject({ status: 403 });
    await expect(oss(b).put(key, Buffer.from('<b>overwritten</b>'))).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
    await expect(oss(b).delete(key)).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
    await expect(oss(b).initMultipartUpload(key)).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
    await expect(oss(b).multipartUpload(key, randomBytes(300 * 1024), { partSize: 100 * 1024 })).rejects.toMatchObject({ status: 403 });
    // B's signed URL for A's object is refused too
    // ali-oss presigns only for a host name; the signature does not cover the host
    const url = oss(b, s.url.replace('127.0.0.1', 'localhost')).signatureUrl(key, { expires: 600 }).replace('localhost', '127.0.0.1');
    const direct = await fetch(url);
    expect(direct.status).toBe(403);
    expect(await direct.text()).toContain('<Code>AccessDenied</Code>');

    // nothing of A's changed, and A still reads its own object with its own STS
    expect(await objectRow(key)).toEqual(before);
    const got = await oss(a).get(key);
    expect(Buffer.compare(got.content as Buffer, bytes)).toBe(0);
  });

  it("company B cannot list, feed, complete or abort company A's multipart upload (raw HTTP, OSS XML errors)", async () => {
    const a = await sts('13800000001');
    const r = (await vod(a).request('CreateUploadVideo', { Title: '分片', FileName: '分片.mp4', FileSize: 300 * 1024 })) as {
      UploadAddress: string;
      UploadAuth: string;
    };
    const key = decode<Address>(r.UploadAddress).FileName;
    const auth = decode<Cred>(r.UploadAuth);
    const init = await oss(auth).initMultipartUpload(key);
    const part = randomBytes(100 * 1024);
    await oss(auth).uploadPart(key, init.uploadId, 1, part as unknown as string, 0, part.length);

    const b = await sts('13800000002');
    const list = await signed(b, 'GET', key, { sub: `uploadId=${init.uploadId}` });
    expect(list.status).toBe(403);
    expect(list.headers.get('content-type')).toContain('application/xml');
    const xml = await list.text();
    expect(xml).toContain('<Code>AccessDenied</Code>');
    expect(xml).toMatch(/^<\?xml/);
    expect((await signed(b, 'PUT', key, { sub: `partNumber=1&uploadId=${init.uploadId}`, body: randomBytes(1024) })).status).toBe(403);
    expect((await signed(b, 'POST', key, { sub: `uploadId=${init.uploadId}`, body: '<CompleteMultipartUpload/>', type: 'application/xml' })).status).toBe(403);
    expect((await signed(b, 'DELETE', key, { sub: `uploadId=${init.uploadId}` })).status).toBe(403);
    // A's upload is untouched: its part is still there
    const parts = await oss(auth).listParts(key, init.uploadId, {} as OSS.ListPartsQuery);
    expect([parts.parts].flat()).toHaveLength(1);
  });

  it('a company STS reaches its own prefix only; a VOD upload auth reaches its one key only', async () => {
    const a = await sts('13800000001');
    const prefix = (await s.db.one<{ id: number }>(`SELECT company_id AS id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    await oss(a).put(`c${prefix}/notes/readme.txt`, Buffer.from('ok'));
    await expect(oss(a).put('notes/readme.txt', Buffer.from('x'))).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
    await expect(oss(a).put(`c${prefix}x/readme.txt`, Buffer.from('x'))).rejects.toMatchObject({ code: 'AccessDenied' });
    // RAM's `*` matches an empty run too: the "folder" object of its own prefix is the company's (sandbox/ram-policy.ts)
    await oss(a).put(`c${prefix}/`, Buffer.from('x'));
    // a user without a company reaches `u<id>/` only, not a company's prefix
    const lone = await sts('13800000004');
    await expect(oss(lone).get(`c${prefix}/notes/readme.txt`)).rejects.toMatchObject({ code: 'AccessDenied' });

    const { key } = await companyAVideo();
    const r = (await vod(a).request('CreateUploadVideo', { Title: '另一个', FileName: 'b.mp4', FileSize: 1 })) as { UploadAuth: string };
    const oneKey = decode<Cred>(r.UploadAuth);
    await expect(oss(oneKey).get(key)).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(oss(oneKey).delete(key)).rejects.toMatchObject({ code: 'AccessDenied' });
  });

  it('the media library signs previews the owner can open and no one else can reuse for other keys', async () => {
    const { key, id } = await companyAVideo();
    const other = await companyAVideo();
    const token = await s.tokenFor('13800000001');
    for (const v of [id, other.id]) {
      expect((await call(s.url, 'POST', '/ent/v3/upload/media/register', { token, form: { media_id: v, kind: 'video' } })).body.code).toBe(200);
    }
    const list = await call(s.url, 'GET', '/ent/v3/upload/media?kind=video', { token });
    const path = (k: string) => encodeURIComponent(k).replace(/%2F/g, '/');
    const item = (list.body.data.list as { url: string }[]).find((x) => x.url.includes(path(key)))!;
    // signed with the account's key: no security token in the URL, short-lived
    expect(item.url).toMatch(/[?&]OSSAccessKeyId=[^&]+&Expires=\d+&Signature=/);
    expect(item.url).not.toContain('security-token');
    expect((await fetch(s.url + item.url)).status).toBe(200);
    // the signature covers the key: the same query on another object (even the owner's) is refused
    const moved = await fetch(s.url + item.url.replace(path(key), path(other.key)));
    expect(moved.status).toBe(403);
    expect(await moved.text()).toContain('SignatureDoesNotMatch');
    // and a signed URL is for reading only
    expect((await fetch(s.url + item.url, { method: 'DELETE' })).status).toBe(403);
  });
});

describe('objects never run as the console (issue 9 item 2)', () => {
  it('serves HTML, SVG and unknown types as attachments; images, video and PDF inline; nosniff and a sandbox CSP on all', async () => {
    const a = await sts('13800000001');
    const company = (await s.db.one<{ id: number }>(`SELECT company_id AS id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    const cases: [string, string, string][] = [
      ['page.html', 'text/html', 'attachment'],
      ['pic.svg', 'image/svg+xml', 'attachment'],
      ['data.bin', 'application/octet-stream', 'attachment'],
      ['script.js', 'text/javascript; charset=utf-8', 'attachment'],
      ['photo.png', 'image/png', 'inline'],
      ['clip.mp4', 'video/mp4', 'inline'],
      ['doc.pdf', 'application/pdf', 'inline'],
    ];
    for (const [name, type, disposition] of cases) {
      const key = `c${company}/h/${name}`;
      await oss(a).put(key, Buffer.from('<script>alert(1)</script>'), { headers: { 'Content-Type': type } });
      const r = await signed(a, 'GET', key);
      expect(r.status, name).toBe(200);
      expect(r.headers.get('content-disposition'), name).toBe(disposition);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      if (type === 'application/pdf') {
        // a PDF previews in the console's dialog: framed by the console only, nothing else allowed
        expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
        expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      } else {
        expect(r.headers.get('content-security-policy')).toMatch(/^sandbox;/);
        expect(r.headers.get('x-frame-options')).toBe('DENY');
      }
      expect(r.headers.get('content-security-policy')).not.toContain('allow-scripts');
    }
    // asking for another type in the URL does not make an image run as a page
    const r = await signed(a, 'GET', `c${company}/h/photo.png`, { sub: 'response-content-type=text/html' });
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.headers.get('content-disposition')).toBe('attachment');
    // errors too
    const denied = await signed(await sts('13800000002'), 'GET', `c${company}/h/page.html`);
    expect(denied.status).toBe(403);
    expect(denied.headers.get('x-content-type-options')).toBe('nosniff');
    expect(denied.headers.get('content-security-policy')).toMatch(/^sandbox;/);
  });
});

describe('per-user upload quota (issue 9 item 9)', () => {
  const lone = '13800000004';
  const restore = () => setUploadQuota(s.app, DEFAULT_UPLOAD_QUOTA);

  it("a server's quota is what buildServer is given (config.ts's UPLOAD_QUOTA_*), over the defaults; never the environment", async () => {
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    vi.stubEnv('UPLOAD_QUOTA_FILES', '1');
    vi.stubEnv('UPLOAD_QUOTA_BYTES', '1');
    const given = await buildServer({ db: s.db, uploadQuota: { files: 3 }, cleanupByJob: true });
    const plain = await buildServer({ db: s.db, cleanupByJob: true });
    try {
      expect(uploadQuota(given)).toEqual({ bytes: DEFAULT_UPLOAD_QUOTA.bytes, files: 3 });
      expect(uploadQuota(plain)).toEqual(DEFAULT_UPLOAD_QUOTA);
      expect(uploadQuota(s.app)).toEqual({ bytes: 20 * 1024 ** 3, files: 2000 });
    } finally {
      await given.close();
      await plain.close();
    }
  });

  it('refuses a new upload over the file count or the bytes, in Chinese, at VOD and at the store', async () => {
    const c = await sts(lone);
    const user = (await s.db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex(lone)]))!.id;
    try {
      setUploadQuota(s.app, { bytes: 10_000, files: 2 });
      // the store counts real bytes, whatever VOD was told
      await oss(c).put(`u${user}/a.bin`, randomBytes(6000));
      await expect(oss(c).put(`u${user}/b.bin`, randomBytes(6000))).rejects.toMatchObject({ status: 403, code: 'QuotaExceeded' });
      const raw = await signed(c, 'PUT', `u${user}/b.bin`, { body: randomBytes(6000) });
      expect(raw.status).toBe(403);
      const xml = await raw.text();
      expect(xml).toContain('<Code>QuotaExceeded</Code>');
      expect(xml).toContain('存储空间已满');
      // overwriting one's own object counts its new size only
      await oss(c).put(`u${user}/a.bin`, randomBytes(9000));
      // VOD refuses with the declared size, with a message the console shows as is
      await expect(vod(c).request('CreateUploadVideo', { Title: '大视频', FileName: 'big.mp4', FileSize: 5000 })).rejects.toMatchObject({
        code: 'QuotaExceeded',
        message: expect.stringContaining('存储空间已满'),
      });
      // the file count: one more file is allowed, the next is not (VOD, store, multipart)
      await vod(c).request('CreateUploadImage', { ImageType: 'default', ImageExt: 'png', FileSize: 10 });
      await expect(vod(c).request('CreateUploadImage', { ImageType: 'default', ImageExt: 'png', FileSize: 10 })).rejects.toMatchObject({
        code: 'QuotaExceeded',
      });
      await expect(oss(c).put(`u${user}/c.bin`, Buffer.from('x'))).rejects.toMatchObject({ code: 'QuotaExceeded' });
      await expect(oss(c).initMultipartUpload(`u${user}/d.bin`)).rejects.toMatchObject({ code: 'QuotaExceeded' });
      // another user is not affected
      await vod(await sts('13800000002')).request('CreateUploadImage', { ImageType: 'default', ImageExt: 'png', FileSize: 10 });
    } finally {
      restore();
    }
  });

  it('counts the parts of multipart uploads in progress', async () => {
    const c = await sts(lone);
    const user = (await s.db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex(lone)]))!.id;
    await s.db.query('DELETE FROM media WHERE user_id = $1', [user]);
    await s.db.query('DELETE FROM oss_objects WHERE user_id = $1', [user]);
    try {
      setUploadQuota(s.app, { bytes: 250 * 1024, files: 10 });
      const key = `u${user}/parts.bin`;
      const init = await oss(c).initMultipartUpload(key);
      const part = randomBytes(100 * 1024);
      await oss(c).uploadPart(key, init.uploadId, 1, part as unknown as string, 0, part.length);
      await oss(c).uploadPart(key, init.uploadId, 2, part as unknown as string, 0, part.length);
      // replacing a part is fine; a third one is over
      await oss(c).uploadPart(key, init.uploadId, 2, part as unknown as string, 0, part.length);
      await expect(oss(c).uploadPart(key, init.uploadId, 3, part as unknown as string, 0, part.length)).rejects.toMatchObject({ code: 'QuotaExceeded' });
    } finally {
      restore();
    }
  });
});

describe('fault injection limits (issue 9 item 9)', () => {
  it('refuses a delay above 10 s', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${s.url}/sandbox/oss/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const bad = await post({ delayMs: 600_000 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { msg: string }).msg).toContain('不能超过 10000 毫秒');
    const stats = (await (await fetch(`${s.url}/sandbox/oss/stats`)).json()) as { faults: { delayMs: number } };
    expect(stats.faults.delayMs).toBe(0);
    expect((await post({ delayMs: 10_000 })).status).toBe(200);
    expect((await post({ delayMs: 0 })).status).toBe(200);
  });
});

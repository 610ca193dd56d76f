/**
 * Protocol fidelity of the VOD and OSS sandboxes, proven with Alibaba Cloud's official clients:
 * @alicloud/pop-core signs the RPC calls, ali-oss does the multipart upload, the listing, the
 * download and the presigned URL. Errors come back as the real codes those clients parse.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import OSS from 'ali-oss';
import RPCClient from '@alicloud/pop-core';
import { createCRC64 } from 'hash-wasm';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { SANDBOX_BUCKET } from './cloud';
import { mobileIndex } from '../domain/users';
import { decryptPii } from '../lib/pii';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await fetch(`${s.url}/sandbox/oss/reset`, { method: 'POST' });
});

interface Sts {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  Expiration: string;
}
async function sts(mobile = '13800000001'): Promise<Sts> {
  const r = await call(s.url, 'GET', '/ent/v3/upload/sts', { token: await s.tokenFor(mobile) });
  return r.body.data as Sts;
}
const vod = (c: Sts, secret = c.AccessKeySecret) =>
  new RPCClient({
    accessKeyId: c.AccessKeyId,
    accessKeySecret: secret,
    securityToken: c.SecurityToken,
    endpoint: `${s.url}/sandbox/vod`,
    apiVersion: '2017-03-21',
  });
const decode = <T>(b64: string) => JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as T;
interface Auth {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  ExpireUTCTime: string;
}
interface Address {
  Endpoint: string;
  Bucket: string;
  FileName: string;
  PathStyle: boolean;
}
const oss = (auth: Auth, addr: Address, secret = auth.AccessKeySecret, endpoint = s.url) =>
  new OSS({
    accessKeyId: auth.AccessKeyId,
    accessKeySecret: secret,
    stsToken: auth.SecurityToken,
    bucket: addr.Bucket,
    endpoint,
    // path-style: `/<bucket>/<key>` at the endpoint's root
    sldEnable: true,
    secure: false,
    timeout: 20_000,
  } as OSS.Options & { sldEnable: boolean });

async function crc64(buf: Uint8Array) {
  const h = await createCRC64();
  h.init();
  h.update(buf);
  return BigInt(`0x${h.digest('hex')}`).toString();
}

async function createVideo(c: Sts, name = '入职培训.mp4', size = 1) {
  const r = (await vod(c).request('CreateUploadVideo', { Title: '入职培训', FileName: name, FileSize: size })) as {
    VideoId: string;
    UploadAddress: string;
    UploadAuth: string;
    RequestId: string;
  };
  return { id: r.VideoId, addr: decode<Address>(r.UploadAddress), auth: decode<Auth>(r.UploadAuth), raw: r };
}

describe('VOD sandbox with @alicloud/pop-core', () => {
  it('CreateUploadVideo answers a VideoId, an upload address and a scoped upload auth', async () => {
    const c = await sts();
    const v = await createVideo(c);
    expect(v.id).toMatch(/^[0-9a-f]{32}$/);
    expect(v.raw.RequestId).toBeTruthy();
    expect(v.addr).toMatchObject({ Endpoint: s.url, Bucket: SANDBOX_BUCKET, PathStyle: true });
    expect(v.addr.FileName).toMatch(/^c\d+\/sv\/.+\.mp4$/);
    expect(v.auth.AccessKeyId).toMatch(/^STS\./);
    expect(new Date(v.auth.ExpireUTCTime).getTime()).toBeGreaterThan(Date.now() + 2900_000);
    // the provider's own record; the application's (`media`) only through registration
    const row = await s.db.one<{ status: string; title: string }>('SELECT status, title FROM vod_media WHERE media_id = $1', [v.id]);
    expect(row).toEqual({ status: 'Uploading', title: '入职培训' });
    expect(await s.db.one('SELECT 1 FROM media WHERE media_id = $1', [v.id])).toBeUndefined();

    const again = (await vod(c).request('RefreshUploadVideo', { VideoId: v.id })) as { VideoId: string; UploadAuth: string; UploadAddress: string };
    expect(again.VideoId).toBe(v.id);
    expect(decode<Address>(again.UploadAddress).FileName).toBe(v.addr.FileName);
    expect(decode<Auth>(again.UploadAuth).AccessKeyId).not.toBe(v.auth.AccessKeyId);

    const img = (await vod(c).request('CreateUploadImage', { ImageType: 'default', ImageExt: 'png', Title: '营业执照' })) as {
      ImageId: string;
      ImageURL: string;
      UploadAddress: string;
    };
    expect(img.ImageId).toMatch(/^[0-9a-f]{32}$/);
    expect(decode<Address>(img.UploadAddress).FileName).toMatch(/^c\d+\/image\/default\/.+\.png$/);
  });

  it('refuses bad signatures, unknown keys, expired tokens, unknown actions and other owners’ videos', async () => {
    const c = await sts();
    await expect(vod(c, 'x'.repeat(40)).request('CreateUploadVideo', { Title: 't', FileName: 'a.mp4' })).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    await expect(vod({ ...c, AccessKeyId: 'STS.nobody' }).request('CreateUploadVideo', { Title: 't', FileName: 'a.mp4' })).rejects.toMatchObject({
      code: 'InvalidAccessKeyId.NotFound',
    });
    await expect(vod({ ...c, SecurityToken: 'CAISforged' }).request('CreateUploadVideo', { Title: 't', FileName: 'a.mp4' })).rejects.toMatchObject({
      code: 'InvalidSecurityToken.MismatchWithAccessKey',
    });
    await expect(vod(c).request('CreateUploadVideo', { FileName: 'a.mp4' })).rejects.toMatchObject({ code: 'MissingParameter' });
    await expect(vod(c).request('CreateUploadVideo', { Title: 't', FileName: 'a.exe' })).rejects.toMatchObject({ code: 'InvalidFileName.Extension' });
    await expect(vod(c).request('DeleteEverything', {})).rejects.toMatchObject({ code: 'InvalidAction.NotFound' });

    const v = await createVideo(c);
    const other = await sts('13800000002');
    await expect(vod(other).request('RefreshUploadVideo', { VideoId: v.id })).rejects.toMatchObject({ code: 'InvalidVideo.NotFound' });
    // upload auth is for one object, not for the video service
    await expect(
      vod({ AccessKeyId: v.auth.AccessKeyId, AccessKeySecret: v.auth.AccessKeySecret, SecurityToken: v.auth.SecurityToken, Expiration: '' }).request(
        'RefreshUploadVideo',
        { VideoId: v.id },
      ),
    ).rejects.toMatchObject({ code: 'Forbidden.RAM' });

    await fetch(`${s.url}/sandbox/oss/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expireTokens: true }),
    });
    await expect(vod(c).request('RefreshUploadVideo', { VideoId: v.id })).rejects.toMatchObject({ code: 'InvalidSecurityToken.Expired' });
  });

  it('keeps a server-side copy of the checkpoint for the same company (another browser)', async () => {
    const c = await sts();
    const v = await createVideo(c);
    const point = JSON.stringify([[1, '"ABC"', '123', 1048576]]);
    await vod(c).request(
      'ReportUploadProgress',
      {
        FileHash: 'fp1-abc',
        FileSize: 5_000_000,
        FileName: '宣传片.mp4',
        VideoId: v.id,
        UploadId: 'U1',
        PartSize: 1048576,
        UploadPoint: point,
        DonePartsCount: 1,
        TotalPart: 5,
        UploadRatio: 0.2,
        ClientId: 'c1',
        MediaType: 'video',
      },
      { method: 'POST' },
    );
    // a colleague's browser of the same company finds it
    const colleague = await s.db.one<{ mobile_enc: string }>(
      `SELECT u.mobile_enc FROM users u JOIN users a ON a.company_id = u.company_id
        WHERE a.mobile_bidx = '${mobileIndex('13800000001')}' AND u.id <> a.id AND u.member_status = 'normal' LIMIT 1`,
    );
    const c2 = await sts(decryptPii(colleague!.mobile_enc));
    const got = (await vod(c2).request('GetUploadProgress', { FileHash: 'fp1-abc', FileSize: 5_000_000, ClientId: 'c2' })) as {
      UploadProgress: { VideoId: string; UploadId: string; UploadPoint: string; UploadRatio: number } | null;
    };
    expect(got.UploadProgress).toMatchObject({ VideoId: v.id, UploadId: 'U1', UploadPoint: point, UploadRatio: 0.2 });
    // another company does not
    const none = (await vod(await sts('13800000002')).request('GetUploadProgress', { FileHash: 'fp1-abc', FileSize: 5_000_000 })) as {
      UploadProgress: unknown;
    };
    expect(none.UploadProgress).toBeNull();
    // finished: the copy is dropped
    await vod(c).request('ReportUploadProgress', { FileHash: 'fp1-abc', FileSize: 5_000_000, UploadRatio: 1 }, { method: 'POST' });
    const gone = (await vod(c).request('GetUploadProgress', { FileHash: 'fp1-abc', FileSize: 5_000_000 })) as { UploadProgress: unknown };
    expect(gone.UploadProgress).toBeNull();
  });
});

describe('OSS sandbox with ali-oss', () => {
  it('multipart-uploads, lists, downloads (with Range) and presigns like OSS', async () => {
    const c = await sts();
    const size = 3 * 1024 * 1024 + 12345;
    const data = randomBytes(size);
    const v = await createVideo(c, '培训.mp4', size);
    const client = oss(v.auth, v.addr);
    const res = await client.multipartUpload(v.addr.FileName, data, { partSize: 1024 * 1024, parallel: 3 });
    expect(res.res.status).toBe(200);
    const got = await client.get(v.addr.FileName);
    expect(Buffer.compare(got.content as Buffer, data)).toBe(0);
    const head = await client.head(v.addr.FileName);
    const headers = head.res.headers as Record<string, string>;
    expect(headers['x-oss-hash-crc64ecma']).toBe(await crc64(data));
    expect(headers.etag).toMatch(/^"[0-9A-F]{32}-4"$/);
    const row = await s.db.one<{ status: string; crc64: string; file_size: string }>('SELECT status, crc64, file_size FROM vod_media WHERE media_id = $1', [
      v.id,
    ]);
    expect(row).toMatchObject({ status: 'Normal', crc64: await crc64(data) });
    expect(Number(row!.file_size)).toBe(size);

    const range = await client.get(v.addr.FileName, { headers: { Range: 'bytes=100-199' } });
    expect(range.res.status).toBe(206);
    expect(Buffer.compare(range.content as Buffer, data.subarray(100, 200))).toBe(0);
    // the object is its parts composed without a copy: a range across two part boundaries reads through
    const across = await client.get(v.addr.FileName, { headers: { Range: 'bytes=1048000-2098000' } });
    expect(Buffer.compare(across.content as Buffer, data.subarray(1048000, 2098001))).toBe(0);
    const tail = await client.get(v.addr.FileName, { headers: { Range: 'bytes=-20000' } });
    expect(Buffer.compare(tail.content as Buffer, data.subarray(size - 20000))).toBe(0);

    // ali-oss presigns only for a host name; the signature does not cover the host
    const named = oss(v.auth, v.addr, v.auth.AccessKeySecret, s.url.replace('127.0.0.1', 'localhost'));
    const url = named.signatureUrl(v.addr.FileName, { expires: 600 }).replace('localhost', '127.0.0.1');
    expect(url).toContain('security-token=');
    const direct = await fetch(url);
    expect(direct.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await direct.arrayBuffer()), data)).toBe(0);

    // a PutObject over the composed object replaces it, and its parts leave the disk
    const { file_path: composedPath } = (await s.db.one<{ file_path: string }>('SELECT file_path FROM oss_objects WHERE object_key = $1', [v.addr.FileName]))!;
    expect(existsSync(composedPath)).toBe(true);
    const again = randomBytes(4096);
    await client.put(v.addr.FileName, again);
    expect(Buffer.compare((await client.get(v.addr.FileName)).content as Buffer, again)).toBe(0);
    expect(existsSync(composedPath)).toBe(false);
  });

  it('lists parts, completes only with the right ETags, aborts, and answers NoSuchUpload after', async () => {
    const c = await sts();
    const v = await createVideo(c);
    const client = oss(v.auth, v.addr);
    const init = await client.initMultipartUpload(v.addr.FileName);
    const a = randomBytes(200 * 1024);
    const b = randomBytes(5000);
    const p1 = await client.uploadPart(v.addr.FileName, init.uploadId, 1, a as unknown as string, 0, a.length);
    const p2 = await client.uploadPart(v.addr.FileName, init.uploadId, 2, b as unknown as string, 0, b.length);
    const listed = await client.listParts(v.addr.FileName, init.uploadId, {} as OSS.ListPartsQuery);
    expect(listed.parts.map((p) => Number(p.PartNumber))).toEqual([1, 2]);
    const e = await client
      .completeMultipartUpload(v.addr.FileName, init.uploadId, [
        { number: 1, etag: p1.etag },
        { number: 2, etag: '"00000000000000000000000000000000"' },
      ])
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'InvalidPart', status: 400 });
    expect(p2.etag).toMatch(/^"[0-9A-F]{32}"$/);
    await client.abortMultipartUpload(v.addr.FileName, init.uploadId);
    await expect(client.listParts(v.addr.FileName, init.uploadId, {} as OSS.ListPartsQuery)).rejects.toMatchObject({ code: 'NoSuchUpload', status: 404 });
  });

  it('answers SignatureDoesNotMatch, SecurityTokenExpired, AccessDenied outside the scope, NoSuchKey', async () => {
    const c = await sts();
    const v = await createVideo(c);
    await expect(oss(v.auth, v.addr, 'y'.repeat(40)).put(v.addr.FileName, Buffer.from('hello'))).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
      status: 403,
    });
    await expect(oss(v.auth, v.addr).put('sv/other/object.mp4', Buffer.from('hello'))).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(oss(v.auth, v.addr).get(v.addr.FileName)).rejects.toMatchObject({ code: 'NoSuchKey', status: 404 });
    await fetch(`${s.url}/sandbox/oss/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expireTokens: true }),
    });
    await expect(oss(v.auth, v.addr).put(v.addr.FileName, Buffer.from('hello'))).rejects.toMatchObject({ code: 'SecurityTokenExpired', status: 403 });
  });

  it('injects faults: dropped connections, 500s, short-lived upload auth; counts bytes', async () => {
    const c = await sts();
    const v = await createVideo(c);
    const client = oss(v.auth, v.addr);
    const body = randomBytes(256 * 1024);
    await fetch(`${s.url}/sandbox/oss/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ drop: 1, fail500: 0 }),
    });
    await expect(client.put(v.addr.FileName, body)).rejects.toBeTruthy();
    await fetch(`${s.url}/sandbox/oss/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fail500: 1 }) });
    await expect(client.put(v.addr.FileName, body)).rejects.toMatchObject({ code: 'InternalError', status: 500 });
    const ok = await client.put(v.addr.FileName, body);
    expect((ok.res.headers as Record<string, string>)['x-oss-hash-crc64ecma']).toBe(await crc64(body));
    const listed = (await (await fetch(`${s.url}/sandbox/oss/objects`)).json()) as { list: { object_key: string; size: number }[] };
    expect(listed.list.find((o) => o.object_key === v.addr.FileName)?.size).toBe(body.length);
    const stats = (await (await fetch(`${s.url}/sandbox/oss/stats`)).json()) as { stats: { drops: number; bytesStored: number; bytesReceived: number } };
    expect(stats.stats.drops).toBe(1);
    expect(stats.stats.bytesStored).toBe(body.length);
    expect(stats.stats.bytesReceived).toBeGreaterThanOrEqual(body.length + body.length / 2);

    await fetch(`${s.url}/sandbox/oss/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploadAuthTtlS: 1 }),
    });
    const short = await createVideo(c);
    expect(new Date(short.auth.ExpireUTCTime).getTime() - Date.now()).toBeLessThan(2000);
    const bad = await fetch(`${s.url}/sandbox/oss/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ drop: -1 }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('GET /ent/v3/upload/media', () => {
  it('lists the company’s finished uploads with signed previews; others see none', async () => {
    const c = await sts();
    const img = (await vod(c).request('CreateUploadImage', { ImageType: 'default', ImageExt: 'png', Title: '营业执照副本' })) as {
      ImageId: string;
      UploadAddress: string;
      UploadAuth: string;
    };
    const addr = decode<Address>(img.UploadAddress);
    const bytes = randomBytes(2048);
    await oss(decode<Auth>(img.UploadAuth), addr).put(addr.FileName, bytes);
    const unfinished = await createVideo(c, '未完成.mp4');

    const token = await s.tokenFor('13800000001');
    // the console registers its finished upload (and claims the started one)
    const reg = (form: Record<string, string>) => call(s.url, 'POST', '/ent/v3/upload/media/register', { token, form });
    expect((await reg({ media_id: img.ImageId, kind: 'image' })).body).toMatchObject({ code: 200, data: { status: 'Normal' } });
    expect((await call(s.url, 'POST', '/ent/v3/upload/media/claim', { token, form: { media_id: unfinished.id, kind: 'video' } })).body.data.status).toBe(
      'Uploading',
    );
    const r = await call(s.url, 'GET', '/ent/v3/upload/media?kind=image', { token });
    expect(r.body.code).toBe(200);
    const item = (r.body.data.list as { media_id: string; url: string; file_size: number; status: string; uploader: string; title: string }[]).find(
      (x) => x.media_id === img.ImageId,
    )!;
    expect(item).toMatchObject({ status: 'Normal', file_size: 2048, title: '营业执照副本', uploader: '王丽娟' });
    const got = await fetch(s.url + item.url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await got.arrayBuffer()), bytes)).toBe(0);
    const all = await call(s.url, 'GET', '/ent/v3/upload/media', { token });
    expect((all.body.data.list as { media_id: string }[]).some((x) => x.media_id === unfinished.id)).toBe(false);

    const other = await call(s.url, 'GET', '/ent/v3/upload/media', { token: await s.tokenFor('13800000002') });
    expect((other.body.data.list as { media_id: string }[]).some((x) => x.media_id === img.ImageId)).toBe(false);
    const bad = await call(s.url, 'GET', '/ent/v3/upload/media?kind=pdf', { token });
    expect(bad.body.code).toBe(400);
    const anon = await call(s.url, 'GET', '/ent/v3/upload/media', {});
    expect(anon.body.code).toBe(410000);
  });
});

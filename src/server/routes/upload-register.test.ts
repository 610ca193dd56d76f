/**
 * The server learns of the console's uploads (issue 16 item 2): POST /upload/media/claim and
 * /upload/media/register, verified at the video service with the server's own key. The demo goes
 * through its VOD sandbox in-process; a server configured like production (sandbox off, the VOD
 * endpoint and key by configuration) goes over HTTP to the same sandbox, whose verifier refuses a
 * wrong key. Previews are OSS URLs signed with that key, which the sandbox store verifies.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from '../../../tests/setup/server';
import { sandboxUpload, sandboxVod, type Cred } from '../../../tests/setup/sandbox-upload';
import { buildServer } from '../app';
import { SANDBOX_ACCOUNT_KEY } from '../sandbox/cloud';
import { vodClient, type AliyunVodConfig } from '../adapters/vod';
import { mobileIndex } from '../domain/users';

const s = useTestServer();

/** What the console's engine does: CreateUpload* with its STS, then the object where VOD says. */
const upload = (mobile: string, kind: 'video' | 'image' | 'attached', o: { finish?: boolean; bytes?: Buffer } = {}) => sandboxUpload(s, mobile, kind, o);

const send = (path: 'claim' | 'register', token: string, form: Record<string, string>, url = s.url) =>
  call(url, 'POST', `/ent/v3/upload/media/${path}`, { token, form });
const row = (id: string) =>
  s.db.one<{ status: string; company_id: number | null; user_id: number; file_size: string; object_key: string; crc64: string; mime: string }>(
    'SELECT status, company_id, user_id, file_size, object_key, crc64, mime FROM media WHERE media_id = $1',
    [id],
  );

describe('POST /upload/media/register (the demo: its VOD sandbox)', () => {
  it('records a finished video, image and document for the caller’s company, once', async () => {
    const token = await s.tokenFor('13800000001');
    const company = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
    for (const kind of ['video', 'image', 'attached'] as const) {
      const u = await upload('13800000001', kind);
      const r = await send('register', token, { media_id: u.id, kind, crc64: '12345' });
      expect(r.body, kind).toMatchObject({ code: 200, data: { media_id: u.id, kind, status: 'Normal' } });
      expect({ ...(await row(u.id)), file_size: Number((await row(u.id))?.file_size) }).toMatchObject({
        status: 'Normal',
        company_id: company,
        file_size: u.bytes.length,
        object_key: u.key,
        crc64: '12345',
      });
      // twice: the same row, nothing new
      expect((await send('register', token, { media_id: u.id, kind })).body.data.status).toBe('Normal');
      expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM media WHERE media_id = $1', [u.id]))!.n).toBe(1);
    }
    // a user without a company owns their own
    const solo = await upload('13800000004', 'image');
    expect((await send('register', await s.tokenFor('13800000004'), { media_id: solo.id, kind: 'image' })).body.code).toBe(200);
    expect(await row(solo.id)).toMatchObject({ company_id: null, status: 'Normal', mime: 'image/png' });
  });

  it('claims a started upload for its first caller; an unfinished one is not registered; the quota counts it', async () => {
    const token = await s.tokenFor('13800000001');
    const u = await upload('13800000001', 'video', { finish: false });
    expect((await send('register', token, { media_id: u.id, kind: 'video' })).body).toMatchObject({ code: 400, msg: '文件尚未上传完成，请稍后再试' });
    expect(await row(u.id)).toBeUndefined();
    expect((await send('claim', token, { media_id: u.id, kind: 'video' })).body).toMatchObject({ code: 200, data: { status: 'Uploading' } });
    expect((await send('claim', token, { media_id: u.id, kind: 'video' })).body.data.status).toBe('Uploading');
    expect(await row(u.id)).toMatchObject({ status: 'Uploading', object_key: u.key });
    // the library lists finished files only
    const list = await call(s.url, 'GET', '/ent/v3/upload/media?kind=video', { token });
    expect((list.body.data.list as { media_id: string }[]).some((x) => x.media_id === u.id)).toBe(false);
    // started uploads count towards the quota (the provider's record: vod_media)
    const { uploadUsage } = await import('../domain/quota');
    const who = { user_id: (await row(u.id))!.user_id, task_worker_id: null };
    const before = await uploadUsage(s.db, who);
    await upload('13800000001', 'video', { finish: false });
    expect((await uploadUsage(s.db, who)).files).toBe(before.files + 1);
  });

  it('another company’s id, an unknown id, a wrong kind: the same 404; bad input: 400; no token: 410000', async () => {
    const mine = await upload('13800000001', 'image');
    const theirs = await s.tokenFor('13800000002');
    // claimed by its owner first (a claim only binds, even once the object is stored), then asked for by another company
    expect((await send('claim', await s.tokenFor('13800000001'), { media_id: mine.id, kind: 'image' })).body.data.status).toBe('Uploading');
    // its register still brings the console's CRC64 (a claim that finished the row had lost it: upload e2e)
    expect((await send('register', await s.tokenFor('13800000001'), { media_id: mine.id, kind: 'image', crc64: '42' })).body.data.status).toBe('Normal');
    expect((await row(mine.id))!.crc64).toBe('42');
    const other = await send('register', theirs, { media_id: mine.id, kind: 'image' });
    const unknown = await send('register', theirs, { media_id: 'f'.repeat(32), kind: 'image' });
    expect(other.body).toMatchObject({ code: 404, msg: '文件不存在，请重新上传' });
    expect(unknown.body).toEqual({ ...other.body });
    expect((await send('claim', theirs, { media_id: mine.id, kind: 'image' })).body.code).toBe(404);
    expect((await send('register', await s.tokenFor('13800000001'), { media_id: mine.id, kind: 'video' })).body.code).toBe(404);
    // an object under another owner's prefix is never theirs, even unclaimed
    const fresh = await upload('13800000001', 'attached');
    expect((await send('register', theirs, { media_id: fresh.id, kind: 'attached' })).body.code).toBe(404);
    expect(await row(fresh.id)).toBeUndefined();
    const bad: Record<string, string>[] = [
      { media_id: 'a\u0000b', kind: 'image' },
      { media_id: 'x'.repeat(65), kind: 'image' },
      { media_id: 'abc', kind: 'pdf' },
      { media_id: '', kind: 'image' },
      { media_id: 'abc', kind: 'image', crc64: '12a' },
    ];
    for (const form of bad) {
      const r = await send('register', theirs, form);
      expect(r.status).toBe(200);
      expect(r.body.code, JSON.stringify(form)).toBe(400);
    }
    expect((await call(s.url, 'POST', '/ent/v3/upload/media/register', { form: { media_id: mine.id, kind: 'image' } })).body.code).toBe(410000);
  });

  it('an upload finished but never registered (the tab closed) is recorded by the media-finish job, as its owner’s register would', async () => {
    const token = await s.tokenFor('13800000001');
    const closed = await upload('13800000001', 'video', { finish: false });
    const stillGoing = await upload('13800000001', 'video', { finish: false });
    const justNow = await upload('13800000001', 'image', { finish: false });
    for (const u of [closed, stillGoing]) expect((await send('claim', token, { media_id: u.id, kind: 'video' })).body.data.status).toBe('Uploading');
    expect((await send('claim', token, { media_id: justNow.id, kind: 'image' })).body.data.status).toBe('Uploading');
    await closed.put();
    await justNow.put();
    // claimed over PENDING_GRACE_MS ago, except justNow (its own register may still come)
    const { finishPendingMedia, PENDING_GRACE_MS } = await import('../domain/media/register');
    const { serverVod } = await import('./upload');
    const now = new Date(Date.now() + PENDING_GRACE_MS + 60_000);
    await s.db.query('UPDATE media SET created_at = $2 WHERE media_id = $1', [justNow.id, new Date(now.getTime() - 30_000)]);
    const vod = serverVod(s.app, { sandbox: true })!.client;
    const done = await finishPendingMedia(s.db, vod, { now, log: () => undefined });
    expect(done).toContain(closed.id);
    expect(done).not.toContain(stillGoing.id);
    expect(done).not.toContain(justNow.id);
    expect(await row(closed.id)).toMatchObject({ status: 'Normal', object_key: closed.key });
    expect(Number((await row(closed.id))!.file_size)).toBe(closed.bytes.length);
    expect((await row(stillGoing.id))!.status).toBe('Uploading');
    expect((await row(justNow.id))!.status).toBe('Uploading');
    // a second run records nothing more; the owner's late register answers the same row
    expect(await finishPendingMedia(s.db, vod, { now, log: () => undefined })).not.toContain(closed.id);
    expect((await send('register', token, { media_id: closed.id, kind: 'video' })).body.data.status).toBe('Normal');
  });

  it('the console’s STS cannot read the account’s media at the video service', async () => {
    const sts = (await call(s.url, 'GET', '/ent/v3/upload/sts', { token: await s.tokenFor('13800000001') })).body.data as Cred;
    const vod = sandboxVod(s, sts);
    await expect(vod.request('GetVideoInfo', { VideoId: 'f'.repeat(32) })).rejects.toMatchObject({ code: 'Forbidden.RAM' });
  });
});

describe('production’s configuration pointed at the sandboxes', () => {
  let app: FastifyInstance;
  let url: string;
  let cfg: AliyunVodConfig;
  beforeAll(async () => {
    cfg = { endpoint: `${s.url}/sandbox/vod`, ...SANDBOX_ACCOUNT_KEY, regionId: 'cn-shanghai', ossEndpoint: s.url };
    const uploads = { vodEndpoint: cfg.endpoint, regionId: 'cn-shanghai', ossOrigins: ['https://outin-1234abcd.oss-cn-shanghai.aliyuncs.com'] };
    app = await buildServer({ db: s.db, sandbox: false, staticDir: null, vod: cfg, uploads });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('the adapter answers the provider’s record in its shapes, and null for an unknown id', async () => {
    const v = await upload('13800000001', 'video');
    expect(await vodClient(cfg).media('video', v.id)).toMatchObject({
      state: 'stored',
      status: 'Normal',
      size: v.bytes.length,
      key: v.key,
      fileName: '宣讲会.mp4',
    });
    const d = await upload('13800000001', 'attached', { finish: false });
    expect(await vodClient(cfg).media('attached', d.id)).toMatchObject({ state: 'uploading', status: 'Uploading' });
    expect(await vodClient(cfg).media('image', 'f'.repeat(32))).toBeNull();
    expect(await vodClient(cfg).media('attached', 'f'.repeat(32))).toBeNull();
  });

  it('registers over HTTP with the server’s key; previews are signed for the store; the CSP lets the console load them', async () => {
    const token = await s.tokenFor('13800000001');
    const img = await upload('13800000001', 'image');
    expect((await send('register', token, { media_id: img.id, kind: 'image' }, url)).body).toMatchObject({ code: 200, data: { status: 'Normal' } });
    const list = await call(url, 'GET', '/ent/v3/upload/media?kind=image', { token });
    const item = (list.body.data.list as { media_id: string; url: string }[]).find((x) => x.media_id === img.id)!;
    // absolute, on the configured store (path-style only because it is 127.0.0.1 here)
    expect(item.url.startsWith(`${s.url}/`)).toBe(true);
    const got = await fetch(item.url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await got.arrayBuffer()), img.bytes)).toBe(0);
    const expires = Number(new URL(item.url).searchParams.get('Expires'));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const csp = String(list.headers.get('content-security-policy'));
    expect(csp).toContain("img-src 'self' data: blob: https://outin-1234abcd.oss-cn-shanghai.aliyuncs.com");
    expect(csp).toContain("media-src 'self' blob: https://outin-1234abcd.oss-cn-shanghai.aliyuncs.com");
  });

  it('the licence and agreement steps read registered objects from the store through signed Range GETs', async () => {
    const token = await s.tokenFor('13800000004');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]);
    const img = await upload('13800000004', 'image', { bytes: png });
    expect((await send('register', token, { media_id: img.id, kind: 'image' }, url)).body.code).toBe(200);
    const before = (await call<{ stats: { requests: number } }>(s.url, 'GET', '/sandbox/oss/stats')).body.stats.requests;
    const r = await call(url, 'POST', '/ent/v3/usercenter/company/license/media', { token, form: { media_id: img.id } });
    expect(r.body).toMatchObject({ code: 200, data: { size: png.length } });
    const file = await s.db.one<{ data: Uint8Array }>('SELECT data FROM company_files WHERE id = $1', [r.body.data.license_id]);
    expect(Buffer.compare(Buffer.from(file!.data), png)).toBe(0);
    // read from the store over HTTP (production has no store of its own)
    expect((await call<{ stats: { requests: number } }>(s.url, 'GET', '/sandbox/oss/stats')).body.stats.requests).toBeGreaterThan(before);
    const { readObject } = await import('../domain/media/object');
    expect(await readObject(app, s.db, 'outin-hrconsole-sandbox', `${img.key}.missing`, 5)).toBeNull();
    expect(await readObject(app, s.db, 'outin-hrconsole-sandbox', img.key, 0)).toEqual({ size: png.length, head: Buffer.alloc(0) });
  });

  it('a wrong server key is refused by the sandbox’s verifier: nothing is written, a clear error', async () => {
    const wrong = await buildServer({ db: s.db, sandbox: false, staticDir: null, vod: { ...cfg, accessKeySecret: 'not-the-secret' } });
    try {
      const u = await upload('13800000001', 'image');
      await expect(vodClient({ ...cfg, accessKeySecret: 'not-the-secret' }).media('image', u.id)).rejects.toMatchObject({
        providerCode: 'SignatureDoesNotMatch',
      });
      const token = await s.tokenFor('13800000001');
      const r = await wrong.inject({
        method: 'POST',
        url: '/ent/v3/upload/media/register',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `media_id=${u.id}&kind=image`,
      });
      expect(r.json()).toMatchObject({ code: 500, msg: '上传服务暂不可用，请稍后再试' });
      expect(await row(u.id)).toBeUndefined();
    } finally {
      await wrong.close();
    }
  });

  it('without a video service configured, registration answers it is not available', async () => {
    const none = await buildServer({ db: s.db, sandbox: false, staticDir: null });
    try {
      const token = await s.tokenFor('13800000001');
      const r = await none.inject({
        method: 'POST',
        url: '/ent/v3/upload/media/register',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `media_id=${'a'.repeat(32)}&kind=image`,
      });
      expect(r.json()).toMatchObject({ code: 409, msg: '暂未开通上传服务' });
    } finally {
      await none.close();
    }
  });
});

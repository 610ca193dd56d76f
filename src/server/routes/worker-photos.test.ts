/**
 * Delivery photos (issue 29 item 1) over real HTTP against PGlite and the demo's VOD and OSS
 * sandboxes: a worker past the SMS check, 实名认证 and signing gets upload credentials of their own
 * (the invitation's upload/sts: their `w<id>/` prefix, images only), uploads with Alibaba Cloud's
 * own clients as the engine does, claims and registers at the server (checked at the video service
 * like the console's), delivers with the photos, and HR sees them; 驳回 and a new delivery replace
 * the set. And every refusal: before the check or the signature, after delivering, another
 * invitation's cookie, a console token, the credentials outside their prefix or kind, the console
 * registering a worker's upload, too many photos, not an image, not theirs, not finished, too big.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it, beforeAll } from 'vitest';
import { envelope } from '../../contract/envelope';
import { StsData } from '../../contract/upload';
import { InviteData } from '../../contract/worker';
import { buildServer } from '../app';
import { makeIdCard } from '../db/seeds/dimission';
import { uploadUsage } from '../domain/quota';
import { SANDBOX_BUCKET } from '../sandbox/cloud';
import { SANDBOX_STS } from '../sandbox/sts';
import { call, demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { decode, sandboxOss, sandboxUpload, sandboxVod, type Cred } from '../../../tests/setup/sandbox-upload';
import { workerInvites } from '../../../tests/setup/worker-invite';

const s = useTestServer();
const { get, post } = entCalls(s);
let member: string, c1: number;
beforeAll(async () => {
  ({ member, c1 } = await demoAccounts(s));
});
const { recruitingTask, invite, phone, verifiedPhone, signWithCode } = workerInvites(
  s,
  () => member,
  () => c1,
);
type Phone = ReturnType<typeof phone>;

let seq = 0;
/** A person of the task past the SMS check, 实名认证 and signing: the page's step is 提交交付. */
async function deliveringWorker(taskId: number) {
  const n = ++seq;
  const person = {
    name: `林${'一二三四五六七八九十'[n % 10]}${'甲乙丙丁'[n % 4]}`,
    mobile: `1396700${String(1000 + n).slice(-4)}`,
    cert_no: makeIdCard('330106', '1993-05-05', 300 + n),
  };
  const { token, rowId } = await invite(taskId, person);
  const p = await verifiedPhone(token, person.mobile);
  const real = await p.post('/realname', { name: person.name, id_no: person.cert_no });
  expect(real.body.code, real.body.msg).toBe(200);
  const agreement = real.body.data.agreement as { id: number };
  expect((await signWithCode(p, agreement.id, person.mobile)).body.data.step).toBe('deliver');
  return { p, token, rowId, person };
}

const jpeg = (size = 4000) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]);
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]);

const stsOf = async (p: Phone) => envelope(StsData).parse((await p.get('/upload/sts')).body).data;

/** What the engine does with the worker's credentials: CreateUploadImage at VOD, the bytes where it says (or not yet). */
async function photoUpload(p: Phone, o: { bytes?: Buffer; ext?: string; finish?: boolean } = {}) {
  const sts = await stsOf(p);
  const bytes = o.bytes ?? jpeg();
  const r = await sandboxVod(s, sts).request<{ ImageId: string; UploadAddress: string; UploadAuth: string }>('CreateUploadImage', {
    ImageType: 'default',
    ImageExt: o.ext ?? 'jpg',
    Title: '值守记录',
    FileSize: bytes.length,
  });
  const addr = decode<{ Bucket: string; FileName: string }>(r.UploadAddress);
  const put = () => sandboxOss(s, decode<Cred>(r.UploadAuth), addr.Bucket).put(addr.FileName, bytes);
  if (o.finish !== false) await put();
  return { id: r.ImageId, key: addr.FileName, bytes, sts, put };
}
const claim = (p: Phone, id: string) => p.post('/upload/claim', { media_id: id, kind: 'image' });
const register = (p: Phone, id: string) => p.post('/upload/register', { media_id: id, kind: 'image' });
/** uploaded, claimed and registered: a photo ready to deliver */
async function readyPhoto(p: Phone, o: { bytes?: Buffer; ext?: string } = {}) {
  const u = await photoUpload(p, o);
  expect((await claim(p, u.id)).body.data.status).toBe('Uploading');
  expect((await register(p, u.id)).body).toMatchObject({ code: 200, data: { media_id: u.id, kind: 'image', status: 'Normal' } });
  return u;
}
const deliver = (p: Phone, note: string, ids: string[]) => p.post('/deliver', { note, media_ids: ids.join(',') });
const hrRow = async (taskId: number, rowId: number) =>
  (
    (await get(`/employment/task/${taskId}/workers?tab=delivery`, member)).body.data.list as {
      id: number;
      delivery_photos: { media_id: string; url: string }[];
    }[]
  ).find((w) => w.id === rowId);

describe('delivery photos through the upload engine', () => {
  it('credentials of the task worker → upload → claim → register → deliver with photos; HR sees them; 驳回 and a new delivery replace the set', async () => {
    const taskId = await recruitingTask();
    const { p, rowId } = await deliveringWorker(taskId);

    // credentials: the task worker's own prefix, images only, a quarter of an hour; recorded as no user's
    const sts = await stsOf(p);
    const ttl = Date.parse(sts.Expiration) - Date.now();
    expect(ttl).toBeGreaterThan(890_000);
    expect(ttl).toBeLessThanOrEqual(900_000);
    const cred = await s.db.one('SELECT user_id, company_id, task_worker_id, scope_prefix, scope_kind FROM sts_credentials WHERE access_key_id = $1', [
      sts.AccessKeyId,
    ]);
    expect(cred).toEqual({ user_id: null, company_id: null, task_worker_id: rowId, scope_prefix: `w${rowId}/`, scope_kind: 'image' });

    // two photos (a JPEG and a PNG), stored under the prefix, claimed then registered as this task worker's
    const a = await readyPhoto(p);
    const b = await readyPhoto(p, { bytes: png(), ext: 'png' });
    expect(a.key.startsWith(`w${rowId}/image/`)).toBe(true);
    const row = await s.db.one('SELECT kind, status, user_id, company_id, task_worker_id, mime FROM media WHERE media_id = $1', [b.id]);
    expect(row).toEqual({ kind: 'image', status: 'Normal', user_id: null, company_id: null, task_worker_id: rowId, mime: 'image/png' });
    // idempotent, as the console's
    expect((await register(p, a.id)).body.data.status).toBe('Normal');
    // the sandbox counts them against the task worker's own quota
    expect((await uploadUsage(s.db, { user_id: null, task_worker_id: rowId })).files).toBe(2);

    const done = await deliver(p, '首日值守记录', [a.id, b.id]);
    expect(done.body).toMatchObject({ code: 200, msg: '已提交交付，等待企业验收', data: { step: 'delivered' } });
    const view = envelope(InviteData).parse(done.body).data;
    expect(view.delivery_photos.map((x) => x.media_id)).toEqual([a.id, b.id]);
    expect(view.delivery_photos[0]).toMatchObject({ size: a.bytes.length });
    // the worker's link is signed, short-lived, and serves the image
    const img = await fetch(s.url + view.delivery_photos[0]!.url);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(a.bytes)).toBe(true);
    expect((await fetch(s.url + view.delivery_photos[0]!.url.replace(/Signature=[^&]+/, 'Signature=x'))).status).toBe(403);

    // HR sees them in the 交付 tab before 验收, with links of their own
    const hr = await hrRow(taskId, rowId);
    expect(hr!.delivery_photos.map((x) => x.media_id)).toEqual([a.id, b.id]);
    expect((await fetch(s.url + hr!.delivery_photos[1]!.url)).headers.get('content-type')).toBe('image/png');

    // delivered: no more uploads until HR rejects
    expect((await p.get('/upload/sts')).body).toMatchObject({ code: 409, msg: '当前状态不能交付' });
    expect((await register(p, a.id)).body.code).toBe(409);

    // 驳回, then a new delivery with another set: it replaces the first
    expect((await post(`/employment/task-worker/${rowId}/action`, { action: 'reject', reason: '照片不清晰' }, member)).body.code).toBe(200);
    const again = await p.view();
    expect(again).toMatchObject({ step: 'deliver', reject_reason: '照片不清晰' });
    expect(again.delivery_photos.map((x) => x.media_id)).toEqual([a.id, b.id]);
    const c = await readyPhoto(p);
    const redo = await deliver(p, '已重拍', [c.id, a.id]);
    expect(redo.body.code, redo.body.msg).toBe(200);
    expect((await hrRow(taskId, rowId))!.delivery_photos.map((x) => x.media_id)).toEqual([c.id, a.id]);
    // …and a delivery without photos is still a delivery (the note alone)
    expect((await post(`/employment/task-worker/${rowId}/action`, { action: 'reject', reason: '请补充说明' }, member)).body.code).toBe(200);
    expect((await deliver(p, '说明已补充', [])).body.code).toBe(200);
    expect((await hrRow(taskId, rowId))!.delivery_photos).toEqual([]);
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM flex_delivery_files WHERE task_worker_id = $1', [rowId]))!.n).toBe(0);
  });

  it('refuses before the SMS check and before signing, another invitation’s cookie, and a console token', async () => {
    const taskId = await recruitingTask();
    const n = ++seq;
    const fresh = await invite(taskId, { name: '钟离', mobile: `1396701${String(1000 + n).slice(-4)}`, cert_no: makeIdCard('330106', '1990-02-02', 400 + n) });
    const unverified = phone(fresh.token);
    expect((await unverified.get('/upload/sts')).body).toMatchObject({ code: 400, msg: '请先完成短信验证' });
    expect((await claim(unverified, 'f'.repeat(32))).body.msg).toBe('请先完成短信验证');
    const verified = await verifiedPhone(fresh.token, `1396701${String(1000 + n).slice(-4)}`);
    expect((await verified.get('/upload/sts')).body).toMatchObject({ code: 409, msg: '请先签署协议' });
    expect((await register(verified, 'f'.repeat(32))).body.msg).toBe('请先签署协议');

    const a = await deliveringWorker(taskId);
    const b = await deliveringWorker(taskId);
    const mine = await photoUpload(a.p, { finish: false });
    // b's cookie on a's invitation: no session there
    const bCookie = `flexw=${b.p.jar.get('flexw')}`;
    const aBase = `/ent/v3/worker/invite/${a.token}`;
    expect((await call(s.url, 'GET', `${aBase}/upload/sts`, { headers: { cookie: bCookie } })).body.msg).toBe('请先完成短信验证');
    expect((await call(s.url, 'POST', `${aBase}/upload/claim`, { form: { media_id: mine.id, kind: 'image' }, headers: { cookie: bCookie } })).body.msg).toBe(
      '请先完成短信验证',
    );
    // b on their own invitation cannot take a's upload, claimed or not, nor deliver it
    expect((await claim(b.p, mine.id)).body).toMatchObject({ code: 404, msg: '文件不存在，请重新上传' });
    expect(await s.db.one('SELECT 1 FROM media WHERE media_id = $1', [mine.id])).toBeUndefined();
    await mine.put();
    expect((await register(a.p, mine.id)).body.data.status).toBe('Normal');
    expect((await register(b.p, mine.id)).body).toMatchObject({ code: 404, msg: '文件不存在，请重新上传' });
    expect((await deliver(b.p, '借用', [mine.id])).body).toMatchObject({ code: 400, msg: '第1张照片不存在或不属于本次交付，请重新上传' });

    // a console token is no worker session: bearer or cookie
    expect((await call(s.url, 'GET', `${aBase}/upload/sts`, { token: member })).body.msg).toBe('请先完成短信验证');
    expect((await call(s.url, 'POST', `${aBase}/upload/register`, { form: { media_id: mine.id, kind: 'image' }, token: member })).body.msg).toBe(
      '请先完成短信验证',
    );
    // and the console cannot register a worker's upload as its media, claimed or fresh (the w<id>/ prefix is the worker's)
    expect((await call(s.url, 'POST', '/ent/v3/upload/media/register', { form: { media_id: mine.id, kind: 'image' }, token: member })).body.code).toBe(404);
    const fresh2 = await photoUpload(a.p);
    for (const path of ['claim', 'register'])
      expect((await call(s.url, 'POST', `/ent/v3/upload/media/${path}`, { form: { media_id: fresh2.id, kind: 'image' }, token: member })).body).toMatchObject({
        code: 404,
        msg: '文件不存在，请重新上传',
      });
    expect(await s.db.one('SELECT 1 FROM media WHERE media_id = $1', [fresh2.id])).toBeUndefined();
    // nor the worker a console upload (HR's image of the same company)
    const hrImage = await sandboxUpload(s, '13800000001', 'image');
    expect((await call(s.url, 'POST', '/ent/v3/upload/media/register', { form: { media_id: hrImage.id, kind: 'image' }, token: member })).body.code).toBe(200);
    expect((await register(a.p, hrImage.id)).body.code).toBe(404);
    expect((await deliver(a.p, '企业的图片', [hrImage.id])).body.msg).toBe('第1张照片不存在或不属于本次交付，请重新上传');
    // the worker's upload calls take images only
    expect((await a.p.post('/upload/register', { media_id: mine.id, kind: 'video' })).body).toMatchObject({ code: 400, msg: '只能上传照片' });
  });

  it('the credentials reach the task worker’s prefix and image uploads only', async () => {
    const taskId = await recruitingTask();
    const { p, rowId } = await deliveringWorker(taskId);
    const sts = await stsOf(p);
    const vod = sandboxVod(s, sts);
    // no videos, no documents, and not the account's reads
    await expect(vod.request('CreateUploadVideo', { Title: 'v', FileName: 'v.mp4', FileSize: 5 })).rejects.toMatchObject({ code: 'Forbidden.RAM' });
    await expect(vod.request('CreateUploadAttachedMedia', { BusinessType: 'material', MediaExt: 'pdf', Title: 'x', FileSize: 5 })).rejects.toMatchObject({
      code: 'Forbidden.RAM',
    });
    await expect(vod.request('GetImageInfo', { ImageId: 'f'.repeat(32) })).rejects.toMatchObject({ code: 'Forbidden.RAM' });
    // the object store: under w<id>/ only (the store checks the credential's scope)
    const oss = sandboxOss(s, sts, SANDBOX_BUCKET);
    await oss.put(`w${rowId}/image/default/own.jpg`, jpeg(100));
    await expect(oss.put(`w${rowId + 1}/image/default/other.jpg`, jpeg(100))).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(oss.put(`c${c1}/image/default/company.jpg`, jpeg(100))).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(oss.put(`w${rowId}x/evil.jpg`, jpeg(100))).rejects.toMatchObject({ code: 'AccessDenied' });
    // a per-photo upload auth reaches its one key
    const u = await photoUpload(p, { finish: false });
    const auth = sandboxOss(s, decode<Cred>((await vod.request<{ UploadAuth: string }>('RefreshUploadImage', { ImageId: u.id })).UploadAuth), SANDBOX_BUCKET);
    await expect(auth.put(`w${rowId}/image/default/elsewhere.jpg`, jpeg(100))).rejects.toMatchObject({ code: 'AccessDenied' });
  });

  it('production: the credentials come from STS AssumeRole with a policy of the task worker’s prefix and image uploads, which the store enforces', async () => {
    const taskId = await recruitingTask();
    const { p, token, rowId } = await deliveringWorker(taskId);
    const cfg = { endpoint: `${s.url}/sandbox/sts/`, ...SANDBOX_STS };
    const app = await buildServer({ db: s.db, sandbox: false, staticDir: null, sts: cfg });
    try {
      const r = (
        await app.inject({ method: 'GET', url: `/ent/v3/worker/invite/${token}/upload/sts`, headers: { cookie: `flexw=${p.jar.get('flexw')}` } })
      ).json();
      expect(r.code, r.msg).toBe(200);
      const sts = StsData.parse(r.data);
      const row = await s.db.one('SELECT task_worker_id, user_id, scope_prefix, scope_kind FROM sts_credentials WHERE access_key_id = $1', [sts.AccessKeyId]);
      expect(row).toEqual({ task_worker_id: rowId, user_id: null, scope_prefix: `w${rowId}/`, scope_kind: 'image' });
      const oss = sandboxOss(s, sts, SANDBOX_BUCKET);
      await oss.put(`w${rowId}/image/default/p.jpg`, jpeg(100));
      await expect(oss.put(`w${rowId + 1}/image/default/p.jpg`, jpeg(100))).rejects.toMatchObject({ code: 'AccessDenied' });
      await expect(sandboxVod(s, sts).request('CreateUploadVideo', { Title: 'v', FileName: 'v.mp4', FileSize: 5 })).rejects.toMatchObject({
        code: 'Forbidden.RAM',
      });
      // no video service configured in this server: claim and register say so
      const claimed = (
        await app.inject({
          method: 'POST',
          url: `/ent/v3/worker/invite/${token}/upload/claim`,
          headers: { cookie: `flexw=${p.jar.get('flexw')}`, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `media_id=${'a'.repeat(32)}&kind=image`,
        })
      ).json();
      expect(claimed).toMatchObject({ code: 409, msg: '暂未开通上传服务' });
    } finally {
      await app.close();
    }
  });

  it('refuses a delivery with too many photos, one not an image, not finished, too big, or malformed', async () => {
    const taskId = await recruitingTask();
    const { p, rowId } = await deliveringWorker(taskId);
    const ok = await readyPhoto(p);
    const ids = Array.from({ length: 10 }, (_, i) => `${'a'.repeat(31)}${i}`);
    expect((await deliver(p, '十张', ids)).body).toMatchObject({ code: 400, msg: '最多上传9张照片' });
    // the same id twice counts once
    expect((await deliver(p, '重复', Array(10).fill(ok.id))).body.code).toBe(200);
    expect((await hrRow(taskId, rowId))!.delivery_photos.map((x) => x.media_id)).toEqual([ok.id]);
    expect((await post(`/employment/task-worker/${rowId}/action`, { action: 'reject', reason: '重拍' }, member)).body.code).toBe(200);

    expect((await deliver(p, '坏', ['../etc'])).body).toMatchObject({ code: 400, msg: '照片无效，请重新上传' });
    // not an image by its content (named .jpg)
    const fake = await readyPhoto(p, { bytes: Buffer.from('%PDF-1.4 not a photo at all') });
    expect((await deliver(p, '文档', [ok.id, fake.id])).body).toMatchObject({ code: 400, msg: '第2张照片：只能上传 JPG、PNG 或 WebP 格式的照片' });
    // claimed, not stored yet
    const pending = await photoUpload(p, { finish: false });
    expect((await claim(p, pending.id)).body.data.status).toBe('Uploading');
    expect((await register(p, pending.id)).body).toMatchObject({ code: 400, msg: '文件尚未上传完成，请稍后再试' });
    expect((await deliver(p, '未完成', [pending.id])).body).toMatchObject({ code: 400, msg: '第1张照片尚未上传完成，请稍后再试' });
    // over 10 MB
    const big = await readyPhoto(p, { bytes: jpeg(10 * 1024 * 1024 + 1) });
    expect((await deliver(p, '太大', [big.id])).body).toMatchObject({ code: 400, msg: '第1张照片：单张照片不能超过10MB' });
    // nothing of these was written: still 已驳回 with the earlier set
    expect(await p.view()).toMatchObject({ step: 'deliver', work_status: 'rejected' });
    expect((await hrRow(taskId, rowId))!.delivery_photos.map((x) => x.media_id)).toEqual([ok.id]);
  });
});

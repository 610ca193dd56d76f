/**
 * STS AssumeRole (adapters/sts.ts) against the sandbox, which verifies the RPC signature as the
 * cloud does: the credentials it answers work in the object store under the caller's prefix only;
 * a wrong secret, an altered policy, a replayed nonce or an unknown role are refused; and
 * GET /upload/sts goes through it when configured.
 */
import OSS from 'ali-oss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { StsData } from '../../contract/upload';
import RPCClient from '@alicloud/pop-core';
import { buildServer } from '../app';
import { SANDBOX_BUCKET } from '../sandbox/cloud';
import { SANDBOX_STS } from '../sandbox/sts';
import { assumeRole, assumeRoleParams, uploadPolicy, type AliyunStsConfig } from './sts';
import { blindIndex } from '../lib/pii';

let s: TestServer;
let cfg: AliyunStsConfig;
beforeAll(async () => {
  s = await startTestServer();
  cfg = { endpoint: `${s.url}/sandbox/sts/`, ...SANDBOX_STS };
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const oss = (c: { AccessKeyId: string; AccessKeySecret: string; SecurityToken: string }) =>
  new OSS({
    accessKeyId: c.AccessKeyId,
    accessKeySecret: c.AccessKeySecret,
    stsToken: c.SecurityToken,
    bucket: SANDBOX_BUCKET,
    endpoint: s.url,
    sldEnable: true,
    secure: false,
    timeout: 20_000,
  } as OSS.Options & { sldEnable: boolean });

const post = (params: Record<string, string>) =>
  fetch(cfg.endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() }).then(
    async (r) => ({ status: r.status, body: (await r.json()) as { Code?: string } }),
  );

describe('STS AssumeRole', () => {
  it('answers credentials in the real shape that reach the caller’s prefix of the store and nothing else', async () => {
    const a = (await s.db.one<{ id: number; company_id: number }>(
      `SELECT id, company_id FROM users WHERE mobile_bidx = '${blindIndex('mobile', '13800000001')}'`,
    ))!;
    const c = await assumeRole(cfg, { sessionName: `hr-u${a.id}`, prefix: `c${a.company_id}/`, durationS: 900 });
    expect(c.AccessKeyId).toMatch(/^STS\./);
    expect(c.Expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    await oss(c).put(`c${a.company_id}/sts-test/readme.txt`, Buffer.from('hello'));
    await expect(oss(c).put(`c${a.company_id + 1}/sts-test/readme.txt`, Buffer.from('x'))).rejects.toMatchObject({ code: 'AccessDenied' });
  });

  it('refuses a wrong secret, an altered policy, a replayed nonce, an unknown role', async () => {
    const o = { sessionName: 'hr-u1', prefix: 'u1/', durationS: 900 };
    await expect(assumeRole({ ...cfg, accessKeySecret: 'wrong' }, o)).rejects.toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
    const widened = { ...assumeRoleParams(cfg, o), Policy: uploadPolicy(cfg.bucket, '') };
    expect((await post(widened)).body.Code).toBe('SignatureDoesNotMatch');
    const once = assumeRoleParams(cfg, o, { nonce: 'sts-nonce-fixed-1' });
    expect((await post(once)).status).toBe(200);
    expect((await post(once)).body.Code).toBe('SignatureNonceUsed');
    await expect(assumeRole({ ...cfg, roleArn: 'acs:ram::1234567890123456:role/other' }, o)).rejects.toMatchObject({ providerCode: 'EntityNotExist.Role' });
  });

  it('GET /upload/sts goes through AssumeRole when configured', async () => {
    const app = await buildServer({ db: s.db, sandbox: false, staticDir: null, sts: cfg });
    try {
      const token = await s.tokenFor('13800000002');
      const r = (await app.inject({ method: 'GET', url: '/ent/v3/upload/sts', headers: { authorization: `Bearer ${token}` } })).json();
      expect(r.code, r.msg).toBe(200);
      const row = await s.db.one<{ scope_prefix: string; user_id: number }>('SELECT scope_prefix, user_id FROM sts_credentials WHERE access_key_id = $1', [
        r.data.AccessKeyId,
      ]);
      const b = (await s.db.one<{ id: number; company_id: number }>(
        `SELECT id, company_id FROM users WHERE mobile_bidx = '${blindIndex('mobile', '13800000002')}'`,
      ))!;
      expect(row).toEqual({ scope_prefix: `c${b.company_id}/`, user_id: b.id });
    } finally {
      await app.close();
    }
    const broken = await buildServer({ db: s.db, sandbox: false, staticDir: null, sts: { ...cfg, accessKeySecret: 'wrong' } });
    try {
      const token = await s.tokenFor('13800000002');
      const r = (await broken.inject({ method: 'GET', url: '/ent/v3/upload/sts', headers: { authorization: `Bearer ${token}` } })).json();
      expect(r).toMatchObject({ code: 500, msg: '获取上传凭证失败，请稍后再试' });
    } finally {
      await broken.close();
    }
  });

  it('production’s credentials point the console at the configured VOD endpoint and region; its CSP lets the console reach them', async () => {
    // the "real" endpoints are the sandboxes on the test server, by configuration, as production names Alibaba Cloud's
    const uploads = { vodEndpoint: `${s.url}/sandbox/vod`, regionId: 'cn-beijing', ossOrigins: ['https://outin-1234abcd.oss-cn-beijing.aliyuncs.com'] };
    const app = await buildServer({ db: s.db, sandbox: false, staticDir: null, sts: cfg, uploads });
    try {
      const token = await s.tokenFor('13800000001');
      const r = await app.inject({ method: 'GET', url: '/ent/v3/upload/sts', headers: { authorization: `Bearer ${token}` } });
      const sts = StsData.parse(r.json().data);
      expect(sts).toMatchObject({ VodEndpoint: uploads.vodEndpoint, RegionId: 'cn-beijing' });
      const connect = /connect-src ([^;]+)/.exec(String(r.headers['content-security-policy']))?.[1];
      expect(connect).toBe(`'self' ${uploads.vodEndpoint} https://outin-1234abcd.oss-cn-beijing.aliyuncs.com`);
      // Alibaba Cloud's own clients at the endpoints the credentials name: a signed CreateUploadVideo
      // (RPC signature 1.0 with the security token) the service accepts, then the object where its
      // UploadAddress says (the console's engine does the same: src/workers/upload/vod.test.ts)
      const vod = new RPCClient({
        accessKeyId: sts.AccessKeyId,
        accessKeySecret: sts.AccessKeySecret,
        securityToken: sts.SecurityToken,
        endpoint: sts.VodEndpoint!,
        apiVersion: '2017-03-21',
      });
      const v = await vod.request<{ VideoId: string; UploadAddress: string; UploadAuth: string }>('CreateUploadVideo', {
        Title: '宣传片',
        FileName: 'promo.mp4',
        FileSize: 5,
        RegionId: sts.RegionId,
      });
      const address = JSON.parse(Buffer.from(v.UploadAddress, 'base64').toString('utf8')) as { Bucket: string; FileName: string };
      const auth = JSON.parse(Buffer.from(v.UploadAuth, 'base64').toString('utf8')) as { AccessKeyId: string; AccessKeySecret: string; SecurityToken: string };
      expect(address.FileName).toMatch(/^c\d+\/sv\//);
      await oss(auth).put(address.FileName, Buffer.from('hello'));
      const again = await vod.request<{ UploadAddress: string }>('RefreshUploadVideo', { VideoId: v.VideoId });
      expect(JSON.parse(Buffer.from(again.UploadAddress, 'base64').toString('utf8'))).toMatchObject({ FileName: address.FileName });
    } finally {
      await app.close();
    }
    // the demo names no endpoint: the console's default, its own sandbox
    const token = await s.tokenFor('13800000001');
    const demo = StsData.parse((await call(s.url, 'GET', '/ent/v3/upload/sts', { token })).body.data);
    expect(demo.VodEndpoint).toBeUndefined();
  });
});

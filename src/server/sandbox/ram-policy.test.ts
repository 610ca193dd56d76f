/**
 * The demo's cloud allows what Alibaba Cloud's RAM allows (ram-policy.ts): the evaluation rules on
 * their own, then over HTTP with credentials from the STS sandbox's AssumeRole and Alibaba Cloud's
 * own clients — a session policy without a VOD statement leaves no VOD call (before, the sandbox
 * read a missing statement as "everything"), a worker's credential writes only under `w<id>/` and
 * creates no video, an explicit Deny wins over any Allow, a session policy cannot widen the role,
 * and the account's key reads but never writes or deletes objects.
 */
import { createHmac } from 'node:crypto';
import OSS from 'ali-oss';
import RPCClient from '@alicloud/pop-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/setup/server';
import { signedParams } from '../adapters/aliyun-rpc';
import { CONSOLE_UPLOAD_ACTIONS, IMAGE_UPLOAD_ACTIONS, UPLOAD_OSS_ACTIONS, uploadPolicyDoc, uploadRolePolicy } from '../adapters/sts';
import { signedObjectUrl } from '../adapters/oss-url';
import { mobileIndex } from '../domain/users';
import { SANDBOX_ACCOUNT_KEY, SANDBOX_BUCKET } from './cloud';
import { decide, ossAction, ossResource, parsePolicy, PolicyGrammarError, policiesAllow, VOD_RESOURCE } from './ram-policy';
import { SANDBOX_STS } from './sts';

const allow = (Action: string | string[], Resource: string | string[]) => ({ Effect: 'Allow', Action, Resource });
const deny = (Action: string | string[], Resource: string | string[]) => ({ Effect: 'Deny', Action, Resource });
const doc = (...Statement: object[]) => ({ Version: '1', Statement });
const obj = (key: string) => ossResource(SANDBOX_BUCKET, key);

describe('RAM evaluation rules', () => {
  it('checks the grammar: Version 1, statements with Effect, Action or NotAction, Resource or NotResource; no Condition', () => {
    expect(() => parsePolicy('{')).toThrow(PolicyGrammarError);
    expect(() => parsePolicy({ Version: '2', Statement: [allow('oss:*', '*')] })).toThrow('Version');
    expect(() => parsePolicy(doc())).toThrow('Statement');
    expect(() => parsePolicy(doc({ Effect: 'Maybe', Action: 'oss:*', Resource: '*' }))).toThrow('Effect');
    expect(() => parsePolicy(doc({ Effect: 'Allow', Resource: '*' }))).toThrow('Action');
    expect(() => parsePolicy(doc({ Effect: 'Allow', Action: 'oss:*', NotAction: 'oss:x', Resource: '*' }))).toThrow('Action');
    expect(() => parsePolicy(doc({ Effect: 'Allow', Action: [], Resource: '*' }))).toThrow('Action');
    expect(() => parsePolicy(doc({ ...allow('oss:*', '*'), Condition: { IpAddress: { 'acs:SourceIp': '10.0.0.0/8' } } }))).toThrow('Condition');
    expect(parsePolicy(JSON.stringify(doc(allow('oss:GetObject', '*'))))).toHaveLength(1);
  });

  it('matches actions case-insensitively and resources case-sensitively, `*` over any run of characters', () => {
    const p = parsePolicy(doc(allow(['oss:Put*', 'vod:CreateUploadImage'], 'acs:oss:*:*:b/c12/*')));
    expect(decide(p, 'oss:PutObject', 'acs:oss:cn-shanghai:1:b/c12/sv/a.mp4')).toBe('allow');
    expect(decide(p, 'OSS:PUTOBJECT', 'acs:oss:cn-shanghai:1:b/c12/a')).toBe('allow');
    expect(decide(p, 'oss:GetObject', 'acs:oss:cn-shanghai:1:b/c12/a')).toBe('none');
    expect(decide(p, 'oss:PutObject', 'acs:oss:cn-shanghai:1:b/C12/a')).toBe('none');
    expect(decide(p, 'oss:PutObject', 'acs:oss:cn-shanghai:1:b/c123/a')).toBe('none');
    expect(decide(p, 'oss:PutObject', 'acs:oss:cn-shanghai:1:b/w7/c12/a')).toBe('none');
    // NotAction / NotResource: everything but the listed
    const n = parsePolicy(doc({ Effect: 'Allow', NotAction: 'oss:Delete*', NotResource: 'acs:oss:*:*:b/private/*' }));
    expect(decide(n, 'oss:GetObject', 'acs:oss:x:1:b/a')).toBe('allow');
    expect(decide(n, 'oss:DeleteObject', 'acs:oss:x:1:b/a')).toBe('none');
    expect(decide(n, 'oss:GetObject', 'acs:oss:x:1:b/private/a')).toBe('none');
  });

  it('denies by default, lets an explicit Deny win, and intersects the role with the session', () => {
    const role = doc(allow(['oss:PutObject', 'oss:GetObject'], 'acs:oss:*:*:b/*'), allow('vod:CreateUpload*', '*'));
    const session = doc(allow('oss:PutObject', 'acs:oss:*:*:b/c1/*'), allow(['vod:CreateUploadImage', 'vod:GetImageInfo'], '*'));
    expect(policiesAllow([], 'oss:GetObject', 'acs:oss:x:1:b/c1/a')).toBe(false);
    expect(policiesAllow([role, session], 'oss:PutObject', 'acs:oss:x:1:b/c1/a')).toBe(true);
    // the role allows it, the session does not say it: denied
    expect(policiesAllow([role, session], 'oss:GetObject', 'acs:oss:x:1:b/c1/a')).toBe(false);
    expect(policiesAllow([role, session], 'vod:CreateUploadVideo', VOD_RESOURCE)).toBe(false);
    // the session says it, the role does not: denied (a session policy never widens the role)
    expect(policiesAllow([role, session], 'vod:GetImageInfo', VOD_RESOURCE)).toBe(false);
    expect(policiesAllow([role, session], 'vod:CreateUploadImage', VOD_RESOURCE)).toBe(true);
    // a Deny anywhere wins over every Allow, in the same policy or another
    const denied = doc(allow('oss:*', '*'), deny('oss:PutObject', 'acs:oss:*:*:b/c1/private/*'));
    expect(policiesAllow([role, denied], 'oss:PutObject', 'acs:oss:x:1:b/c1/private/a')).toBe(false);
    expect(policiesAllow([role, denied], 'oss:PutObject', 'acs:oss:x:1:b/c1/public/a')).toBe(true);
    expect(policiesAllow([doc(deny('*', '*')), role], 'oss:GetObject', 'acs:oss:x:1:b/a')).toBe(false);
    // a document that does not parse allows nothing
    expect(policiesAllow([role, { Version: '1' }], 'oss:PutObject', 'acs:oss:x:1:b/c1/a')).toBe(false);
  });

  it('names OSS requests by OSS’s own table: the multipart calls are writes', () => {
    expect(ossAction('POST', { uploads: '' })).toBe('oss:PutObject');
    expect(ossAction('PUT', { uploadId: 'U', partNumber: '1' })).toBe('oss:PutObject');
    expect(ossAction('POST', { uploadId: 'U' })).toBe('oss:PutObject');
    expect(ossAction('GET', { uploadId: 'U' })).toBe('oss:ListParts');
    expect(ossAction('DELETE', { uploadId: 'U' })).toBe('oss:AbortMultipartUpload');
    expect(ossAction('PUT', {})).toBe('oss:PutObject');
    expect(ossAction('HEAD', {})).toBe('oss:GetObject');
    expect(ossAction('DELETE', {})).toBe('oss:DeleteObject');
    expect(ossAction('PATCH', {})).toBeNull();
  });

  it('the upload role and the session policies the server asks for give the console and a worker what they need, and no more', () => {
    const role = uploadRolePolicy(SANDBOX_BUCKET);
    const byConsole = [role, uploadPolicyDoc(SANDBOX_BUCKET, 'c12/')];
    const worker = [role, uploadPolicyDoc(SANDBOX_BUCKET, 'w7/', IMAGE_UPLOAD_ACTIONS)];
    for (const a of CONSOLE_UPLOAD_ACTIONS) expect(policiesAllow(byConsole, a, VOD_RESOURCE), a).toBe(true);
    for (const a of UPLOAD_OSS_ACTIONS) expect(policiesAllow(byConsole, a, obj('c12/sv/a.mp4')), a).toBe(true);
    expect(policiesAllow(byConsole, 'oss:DeleteObject', obj('c12/sv/a.mp4'))).toBe(false);
    expect(policiesAllow(byConsole, 'vod:GetVideoInfo', VOD_RESOURCE)).toBe(false);
    for (const a of IMAGE_UPLOAD_ACTIONS) expect(policiesAllow(worker, a, VOD_RESOURCE), a).toBe(true);
    expect(policiesAllow(worker, 'vod:CreateUploadVideo', VOD_RESOURCE)).toBe(false);
    expect(policiesAllow(worker, 'vod:CreateUploadAttachedMedia', VOD_RESOURCE)).toBe(false);
    expect(policiesAllow(worker, 'oss:PutObject', obj('w7/image/default/A.jpg'))).toBe(true);
    expect(policiesAllow(worker, 'oss:PutObject', obj('w70/image/default/A.jpg'))).toBe(false);
    expect(policiesAllow(worker, 'oss:PutObject', obj('c12/image/default/A.jpg'))).toBe(false);
  });
});

let s: TestServer;
let userId = 0;
let companyId = 0;
beforeAll(async () => {
  s = await startTestServer();
  const u = (await s.db.one<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]))!;
  userId = u.id;
  companyId = u.company_id;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

interface Cred {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
}

/** AssumeRole at the STS sandbox with this session policy, signed as the server signs it. */
async function assume(sessionName: string, policy: object): Promise<{ status: number; body: { Code?: string; Message?: string; Credentials?: Cred } }> {
  const params = signedParams(
    {
      Action: 'AssumeRole',
      Version: '2015-04-01',
      RegionId: 'cn-hangzhou',
      RoleArn: SANDBOX_STS.roleArn,
      RoleSessionName: sessionName,
      DurationSeconds: '900',
      Policy: JSON.stringify(policy),
    },
    SANDBOX_STS,
    { method: 'POST' },
  );
  const r = await fetch(`${s.url}/sandbox/sts/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: r.status, body: (await r.json()) as { Code?: string; Credentials?: Cred } };
}
async function creds(sessionName: string, policy: object): Promise<Cred> {
  const r = await assume(sessionName, policy);
  expect(r.status, r.body.Message).toBe(200);
  return r.body.Credentials!;
}

const vod = (c: Cred) =>
  new RPCClient({
    accessKeyId: c.AccessKeyId,
    accessKeySecret: c.AccessKeySecret,
    securityToken: c.SecurityToken,
    endpoint: `${s.url}/sandbox/vod`,
    apiVersion: '2017-03-21',
  });
const oss = (c: Cred) =>
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
const ossOnly = (prefix: string) => doc(allow([...UPLOAD_OSS_ACTIONS], `acs:oss:*:*:${SANDBOX_BUCKET}/${prefix}*`));
const createVideo = (c: Cred) => vod(c).request('CreateUploadVideo', { Title: '宣讲会', FileName: '宣讲会.mp4', FileSize: 5 });
const createImage = (c: Cred) =>
  vod(c).request<{ UploadAddress: string; UploadAuth: string }>('CreateUploadImage', { ImageType: 'default', ImageExt: 'jpg', Title: '工作照' });
const decode = <T>(b64: string) => JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as T;

describe('the sandboxes evaluate the credentials’ policies as RAM does', () => {
  it('a session policy without a VOD statement leaves no VOD call at all (its OSS statement still works)', async () => {
    const c = await creds(`hr-u${userId}`, ossOnly(`c${companyId}/`));
    await expect(createVideo(c)).rejects.toMatchObject({ code: 'Forbidden.RAM' });
    await expect(createImage(c)).rejects.toMatchObject({ code: 'Forbidden.RAM' });
    await oss(c).put(`c${companyId}/ram-test/a.txt`, Buffer.from('hello'));
    await expect(oss(c).put(`c${companyId + 1}/ram-test/a.txt`, Buffer.from('x'))).rejects.toMatchObject({ code: 'AccessDenied' });
  });

  it('a worker’s credential as production asks for it: images under w<id>/ only — no video, no document, nothing outside its prefix', async () => {
    const tw = 990_001;
    const c = await creds(`hr-w${tw}`, uploadPolicyDoc(SANDBOX_BUCKET, `w${tw}/`, IMAGE_UPLOAD_ACTIONS));
    await expect(createVideo(c)).rejects.toMatchObject({ code: 'Forbidden.RAM' });
    await expect(vod(c).request('CreateUploadAttachedMedia', { BusinessType: 'material', MediaExt: 'pdf', Title: '协议' })).rejects.toMatchObject({
      code: 'Forbidden.RAM',
    });
    const img = await createImage(c);
    const addr = decode<{ Bucket: string; FileName: string }>(img.UploadAddress);
    expect(addr.FileName.startsWith(`w${tw}/image/`)).toBe(true);
    await oss(decode<Cred>(img.UploadAuth)).put(addr.FileName, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    // its own STS writes under its prefix, never elsewhere, and reads nobody's objects
    await oss(c).put(`w${tw}/image/default/direct.jpg`, Buffer.from('x'));
    await expect(oss(c).put(`w${tw + 1}/image/default/x.jpg`, Buffer.from('x'))).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(oss(c).put(`c${companyId}/image/default/x.jpg`, Buffer.from('x'))).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(oss(c).get(`c${companyId}/ram-test/a.txt`)).rejects.toMatchObject({ code: 'AccessDenied' });
    // the image's upload auth reaches its one object, and no VOD call
    const auth = decode<Cred>(img.UploadAuth);
    await expect(oss(auth).put(`w${tw}/image/default/other.jpg`, Buffer.from('x'))).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(createImage(auth)).rejects.toMatchObject({ code: 'Forbidden.RAM' });
  });

  it('an explicit Deny wins over every Allow: in OSS (PutObject and the multipart calls) and in VOD', async () => {
    const p = `c${companyId}/`;
    const c = await creds(
      `hr-u${userId}`,
      doc(
        allow([...UPLOAD_OSS_ACTIONS], `acs:oss:*:*:${SANDBOX_BUCKET}/${p}*`),
        deny('oss:PutObject', `acs:oss:*:*:${SANDBOX_BUCKET}/${p}private/*`),
        allow('vod:*', '*'),
        deny('vod:CreateUploadVideo', '*'),
      ),
    );
    await oss(c).put(`${p}public/a.txt`, Buffer.from('ok'));
    await expect(oss(c).put(`${p}private/a.txt`, Buffer.from('no'))).rejects.toMatchObject({ code: 'AccessDenied' });
    // InitiateMultipartUpload is a PutObject in RAM's eyes
    await expect(oss(c).initMultipartUpload(`${p}private/big.bin`)).rejects.toMatchObject({ code: 'AccessDenied' });
    expect((await oss(c).initMultipartUpload(`${p}public/big.bin`)).uploadId).toBeTruthy();
    await expect(createVideo(c)).rejects.toMatchObject({ code: 'Forbidden.RAM' });
    expect((await createImage(c)).UploadAddress).toBeTruthy();
  });

  it('a session policy cannot widen the role: reading the account’s media or deleting objects stays denied', async () => {
    const p = `c${companyId}/`;
    const c = await creds(`hr-u${userId}`, doc(allow(['oss:*'], `acs:oss:*:*:${SANDBOX_BUCKET}/${p}*`), allow('vod:*', '*')));
    await oss(c).put(`${p}keep.txt`, Buffer.from('keep'));
    await expect(oss(c).delete(`${p}keep.txt`)).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(vod(c).request('GetImageInfo', { ImageId: 'x' })).rejects.toMatchObject({ code: 'Forbidden.RAM' });
    await expect(vod(c).request('DeleteImage', { DeleteImageType: 'ImageId', ImageIds: 'x' })).rejects.toMatchObject({ code: 'Forbidden.RAM' });
    expect((await createVideo(c)) as object).toHaveProperty('VideoId');
  });

  it('refuses at AssumeRole a session policy that breaks the grammar or holds a condition it cannot evaluate', async () => {
    const bad = await assume(`hr-u${userId}`, { Version: '1', Statement: [{ Effect: 'Allow', Resource: '*' }] });
    expect(bad).toMatchObject({ status: 400, body: { Code: 'InvalidParameter.PolicyGrammar' } });
    const cond = await assume(
      `hr-u${userId}`,
      doc({ ...allow('oss:*', `acs:oss:*:*:${SANDBOX_BUCKET}/c${companyId}/*`), Condition: { Bool: { 'acs:SecureTransport': 'true' } } }),
    );
    expect(cond).toMatchObject({ status: 400, body: { Code: 'InvalidParameter.PolicyGrammar' } });
  });

  it('the account’s own key reads objects and never writes or deletes one', async () => {
    const key = `c${companyId}/ram-test/a.txt`;
    const url = (method: string) => {
      const exp = String(Math.floor(Date.now() / 1000) + 300);
      const sig = createHmac('sha1', SANDBOX_ACCOUNT_KEY.accessKeySecret)
        .update([method, '', '', exp, `/${SANDBOX_BUCKET}/${key}`].join('\n'))
        .digest('base64');
      return `${s.url}/${SANDBOX_BUCKET}/${key}?${new URLSearchParams({ OSSAccessKeyId: SANDBOX_ACCOUNT_KEY.accessKeyId, Expires: exp, Signature: sig })}`;
    };
    const get = await fetch(signedObjectUrl({ ossEndpoint: s.url, ...SANDBOX_ACCOUNT_KEY }, SANDBOX_BUCKET, key, new Date(Date.now() + 300_000)));
    expect(get.status).toBe(200);
    expect((await fetch(url('DELETE'), { method: 'DELETE' })).status).toBe(403);
    expect((await fetch(url('PUT'), { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await fetch(url('GET'))).status).toBe(200);
  });
});

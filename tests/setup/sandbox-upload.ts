/**
 * What the console's upload engine does against the demo's sandboxes, for server tests: the
 * caller's STS credentials, CreateUpload* at the VOD sandbox (signed RPC, the official client),
 * then the object where VOD said (the official OSS client) — or not yet, `put` later.
 */
import { randomBytes } from 'node:crypto';
import OSS from 'ali-oss';
import RPCClient from '@alicloud/pop-core';
import { call, type TestServer } from './server';

export interface Cred {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
}
export const decode = <T>(b64: string) => JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as T;

/** Alibaba Cloud's VOD client on the test server's VOD sandbox, signed with the caller's STS credentials. */
export const sandboxVod = (s: Pick<TestServer, 'url'>, sts: Cred) =>
  new RPCClient({
    accessKeyId: sts.AccessKeyId,
    accessKeySecret: sts.AccessKeySecret,
    securityToken: sts.SecurityToken,
    endpoint: `${s.url}/sandbox/vod`,
    apiVersion: '2017-03-21',
  });

/** Alibaba Cloud's OSS client on the test server's object store (path-style, plain HTTP), with the upload credential VOD gave. */
export const sandboxOss = (s: Pick<TestServer, 'url'>, auth: Cred, bucket: string) =>
  new OSS({
    accessKeyId: auth.AccessKeyId,
    accessKeySecret: auth.AccessKeySecret,
    stsToken: auth.SecurityToken,
    bucket,
    endpoint: s.url,
    sldEnable: true,
    secure: false,
  } as OSS.Options & { sldEnable: boolean });

export async function sandboxUpload(s: TestServer, mobile: string, kind: 'video' | 'image' | 'attached', o: { finish?: boolean; bytes?: Buffer } = {}) {
  const sts = (await call(s.url, 'GET', '/ent/v3/upload/sts', { token: await s.tokenFor(mobile) })).body.data as Cred;
  const vod = sandboxVod(s, sts);
  const bytes = o.bytes ?? randomBytes(3000);
  const r = (await (kind === 'video'
    ? vod.request('CreateUploadVideo', { Title: '宣讲会', FileName: '宣讲会.mp4', FileSize: bytes.length })
    : kind === 'image'
      ? vod.request('CreateUploadImage', { ImageType: 'default', ImageExt: 'png', Title: '营业执照' })
      : vod.request('CreateUploadAttachedMedia', { BusinessType: 'material', MediaExt: 'pdf', Title: '服务协议', FileSize: bytes.length }))) as Record<
    string,
    string
  >;
  const id = r.VideoId ?? r.ImageId ?? r.MediaId!;
  const addr = decode<{ Bucket: string; FileName: string }>(r.UploadAddress!);
  /** the object's bytes, sent to where VOD said (the upload's end) */
  const put = async () => {
    const auth = decode<Cred>(r.UploadAuth!);
    await sandboxOss(s, auth, addr.Bucket).put(addr.FileName, bytes);
  };
  if (o.finish !== false) await put();
  return { id, key: addr.FileName, bytes, put };
}

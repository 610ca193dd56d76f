// @vitest-environment node
/** CRC64 (direct and combined from parts) and the two signatures, against Node's own crypto. */
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crc64Combine, crc64Of, crc64OfParts } from './crc64';
import { objectUrl } from './oss';
import { ossCanonicalResource, ossStringToSign, ossAuthorization, percentEncode, signRpc } from './sign';

describe('CRC64/ECMA', () => {
  it('matches the check value of CRC-64/XZ (what OSS sends as x-oss-hash-crc64ecma)', async () => {
    expect(await crc64Of(new TextEncoder().encode('123456789'))).toBe(BigInt('0x995dc9bbdf1939fa').toString());
  });
  it('combines part CRCs into the whole file’s CRC', async () => {
    const parts = [randomBytes(1 << 20), randomBytes(333), randomBytes(100 * 1024), randomBytes(1)];
    const whole = await crc64Of(Buffer.concat(parts));
    const combined = crc64OfParts(await Promise.all(parts.map(async (p) => ({ crc64: await crc64Of(p), size: p.length }))));
    expect(combined).toBe(whole);
    expect(crc64Combine(whole, '0', 0)).toBe(whole);
  });
});

describe('signatures', () => {
  it('VOD RPC: HMAC-SHA1 over GET&%2F&<canonical query> with secret&', async () => {
    const params = { Action: 'CreateUploadVideo', Title: '入职 培训(1)*', AccessKeyId: 'STS.x', Timestamp: '2026-05-01T10:00:00Z' };
    const q = await signRpc('GET', params, 'secret');
    const canonical = Object.keys(params)
      .sort()
      .map((k) => `${percentEncode(k)}=${percentEncode(params[k as keyof typeof params])}`)
      .join('&');
    expect(canonical).toContain('Title=%E5%85%A5%E8%81%8C%20%E5%9F%B9%E8%AE%AD%281%29%2A');
    const want = createHmac('sha1', 'secret&')
      .update(`GET&%2F&${percentEncode(canonical)}`)
      .digest('base64');
    expect(q.endsWith(`&Signature=${percentEncode(want)}`)).toBe(true);
  });
  it('OSS V1: verb, MD5, type, date, sorted x-oss-* headers, resource with signed sub-resources only', async () => {
    const res = ossCanonicalResource('b', 'sv/a b.mp4', { partNumber: '3', uploadId: 'U', 'max-parts': '1000' });
    expect(res).toBe('/b/sv/a b.mp4?partNumber=3&uploadId=U');
    expect(ossCanonicalResource('b', 'k', { uploads: null })).toBe('/b/k?uploads');
    const headers = { 'x-oss-security-token': 'T', 'x-oss-date': 'Thu, 01 May 2026 10:00:00 GMT', 'content-type': 'video/mp4' };
    const sts = ossStringToSign('PUT', headers, res);
    expect(sts).toBe(
      'PUT\n\nvideo/mp4\nThu, 01 May 2026 10:00:00 GMT\nx-oss-date:Thu, 01 May 2026 10:00:00 GMT\nx-oss-security-token:T\n/b/sv/a b.mp4?partNumber=3&uploadId=U',
    );
    expect(await ossAuthorization('id', 'sec', 'PUT', headers, res)).toBe(`OSS id:${createHmac('sha1', 'sec').update(sts).digest('base64')}`);
  });
  it('addresses objects path-style (sandbox) or virtual-hosted', () => {
    expect(objectUrl({ Endpoint: 'http://h:1', Bucket: 'b', FileName: 'sv/中 文.mp4', PathStyle: true }, 'uploads')).toBe(
      'http://h:1/b/sv/%E4%B8%AD%20%E6%96%87.mp4?uploads',
    );
    expect(objectUrl({ Endpoint: 'https://oss-cn-shanghai.example', Bucket: 'b', FileName: 'k' })).toBe('https://b.oss-cn-shanghai.example/k');
  });
});

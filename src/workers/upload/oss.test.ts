// @vitest-environment node
/** Reading the object store's XML answers (ListParts, Complete, Initiate, <Error>) and tolerating bodies that are not XML. */
import { describe, expect, it } from 'vitest';
import { OssClient, OssError, parseOssError } from './oss';
import type { Credentials, Transport, TransportRequest, TransportResponse, UploadAddress } from './types';

const creds: Credentials = { AccessKeyId: 'STS.id', AccessKeySecret: 'secret', SecurityToken: 'token', Expiration: '2099-01-01T00:00:00Z' };
const addr: UploadAddress = { Endpoint: 'http://oss.test', Bucket: 'b', FileName: 'sv/a.mp4', PathStyle: true };

/** A transport answering the given responses in turn, recording the requests. */
function canned(...answers: TransportResponse[]): { client: OssClient; sent: TransportRequest[] } {
  const sent: TransportRequest[] = [];
  const transport: Transport = {
    send: (req) => {
      sent.push(req);
      const res = answers.shift();
      return res ? Promise.resolve(res) : Promise.reject(new Error('no more answers'));
    },
  };
  return { client: new OssClient(transport, () => Date.UTC(2026, 4, 1)), sent };
}
const xmlRes = (text: string, status = 200, headers: Record<string, string> = {}): TransportResponse => ({ status, headers, text });

describe('OSS XML answers', () => {
  it('ListParts: parts with &quot;-encoded ETags, CRC64 and sizes, following NextPartNumberMarker', async () => {
    const page1 = `<?xml version="1.0" encoding="UTF-8"?>
<ListPartsResult>
  <Bucket>b</Bucket><Key>sv/a.mp4</Key><UploadId>U1</UploadId>
  <PartNumberMarker>0</PartNumberMarker>
  <NextPartNumberMarker>2</NextPartNumberMarker>
  <MaxParts>1000</MaxParts>
  <IsTruncated>true</IsTruncated>
  <Part>
    <PartNumber>1</PartNumber>
    <LastModified>2026-05-01T10:00:00.000Z</LastModified>
    <ETag>&quot;3858F62230AC3C915F300C664312C63F&quot;</ETag>
    <HashCrc64ecma>11025033003009435870</HashCrc64ecma>
    <Size>102400</Size>
  </Part>
  <Part>
    <PartNumber>2</PartNumber>
    <ETag>&quot;5B2E0E4A0E9F4F0A8C1D2E3F4A5B6C7D&quot;</ETag>
    <Size>333</Size>
  </Part>
</ListPartsResult>`;
    const page2 = '<ListPartsResult><NextPartNumberMarker>2</NextPartNumberMarker><IsTruncated>false</IsTruncated></ListPartsResult>';
    const { client, sent } = canned(xmlRes(page1), xmlRes(page2));
    expect(await client.listParts(creds, addr, 'U1')).toEqual([
      { partNumber: 1, etag: '"3858F62230AC3C915F300C664312C63F"', size: 102400, crc64: '11025033003009435870' },
      { partNumber: 2, etag: '"5B2E0E4A0E9F4F0A8C1D2E3F4A5B6C7D"', size: 333, crc64: '' },
    ]);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toContain('part-number-marker=0');
    expect(sent[1]!.url).toContain('part-number-marker=2');
  });

  it('ListParts: a 200 whose body is empty or not XML lists no parts', async () => {
    const { client, sent } = canned(xmlRes(''));
    expect(await client.listParts(creds, addr, 'U1')).toEqual([]);
    expect(await canned(xmlRes('<html><body>ok</body></html>')).client.listParts(creds, addr, 'U1')).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('Initiate and Complete: UploadId and the decoded ETag; a garbage body falls back as before', async () => {
    const init =
      '<?xml version="1.0" encoding="UTF-8"?>\n<InitiateMultipartUploadResult><Bucket>b</Bucket><Key>sv/a.mp4</Key><UploadId> 0004B999EF518A1FE585B0C9360DC4C8 </UploadId></InitiateMultipartUploadResult>';
    expect(await canned(xmlRes(init)).client.initiate(creds, addr, 'video/mp4')).toBe('0004B999EF518A1FE585B0C9360DC4C8');
    const noId = canned(xmlRes(''));
    await expect(noId.client.initiate(creds, addr, 'video/mp4')).rejects.toMatchObject({ name: 'OssError', code: 'InvalidResponse', status: 200 });

    const done =
      '<CompleteMultipartUploadResult><Location>http://oss.test/b/sv/a.mp4</Location><ETag>&quot;ABCDEF-2&quot;</ETag></CompleteMultipartUploadResult>';
    const parts = [
      { partNumber: 1, etag: '"A"' },
      { partNumber: 2, etag: '"B"' },
    ];
    const c = canned(xmlRes(done, 200, { 'x-oss-hash-crc64ecma': '42' }));
    expect(await c.client.complete(creds, addr, 'U1', parts)).toEqual({ etag: '"ABCDEF-2"', crc64: '42' });
    expect(c.sent[0]!.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>&quot;A&quot;</ETag></Part>' +
        '<Part><PartNumber>2</PartNumber><ETag>&quot;B&quot;</ETag></Part></CompleteMultipartUpload>',
    );
    const garbage = canned(xmlRes('not xml at all', 200, { etag: '"FROM-HEADER"' }));
    expect(await garbage.client.complete(creds, addr, 'U1', parts)).toEqual({ etag: '"FROM-HEADER"', crc64: '' });
  });

  it('Error: code, message (entities decoded) and request id of an XML <Error>', async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<Error>
  <Code>NoSuchUpload</Code>
  <Message>The specified upload does not exist &amp; may have been aborted.</Message>
  <RequestId>5C3D9175B6FC201293AD4890</RequestId>
  <HostId>b.oss.test</HostId>
  <UploadId>U1</UploadId>
</Error>`;
    const { client } = canned(xmlRes(body, 404, { 'x-oss-request-id': 'HEADER-ID' }));
    const err = await client.listParts(creds, addr, 'U1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OssError);
    expect(err).toMatchObject({
      status: 404,
      code: 'NoSuchUpload',
      message: 'The specified upload does not exist & may have been aborted.',
      requestId: '5C3D9175B6FC201293AD4890',
    });
  });

  it('Error: a body that is not XML (or empty, or cut off) keeps the HTTP status', () => {
    const headers = { 'x-oss-request-id': 'RID' };
    for (const text of [
      '',
      '<html><body><h1>502 Bad Gateway</h1><Error>upstream</Error></body></html>',
      'gateway <Error> & garbage',
      '<Error><Code>Internal',
    ]) {
      const e = parseOssError({ status: 502, headers, text });
      expect(e).toMatchObject({ status: 502, code: 'HTTP502', message: '对象存储返回 HTTP 502', requestId: 'RID' });
    }
    // an <Error> without a Message keeps the HTTP message but takes the code
    expect(parseOssError({ status: 403, headers: {}, text: '<Error><Code>AccessDenied</Code></Error>' })).toMatchObject({
      code: 'AccessDenied',
      message: '对象存储返回 HTTP 403',
      requestId: '',
    });
  });
});

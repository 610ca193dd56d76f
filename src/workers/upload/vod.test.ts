// @vitest-environment node
/**
 * The VOD client signs to the endpoint and region production's STS credentials name
 * (GET /upload/sts: VodEndpoint, RegionId), and to its configured one when they name none (the demo).
 */
import { describe, expect, it } from 'vitest';
import type { Credentials, Transport, TransportRequest } from './types';
import { VodClient } from './vod';

const answer = {
  VideoId: 'v1',
  UploadAddress: btoa(JSON.stringify({ Endpoint: 'https://oss-cn-beijing.aliyuncs.com', Bucket: 'outin-1', FileName: 'sv/a.mp4' })),
  UploadAuth: btoa(JSON.stringify({ AccessKeyId: 'a', AccessKeySecret: 'b', SecurityToken: 'c', ExpireUTCTime: '2030-01-01T00:00:00Z' })),
};

function recorder() {
  const sent: TransportRequest[] = [];
  const transport: Transport = {
    send: async (req) => {
      sent.push(req);
      return { status: 200, headers: {}, text: JSON.stringify(answer) };
    },
  };
  return { sent, transport };
}
const sts: Credentials = { AccessKeyId: 'STS.x', AccessKeySecret: 'secret', SecurityToken: 'CAIS', Expiration: '2030-01-01T00:00:00Z' };

describe('VodClient endpoints', () => {
  it('follows the endpoint and region the credentials name', async () => {
    const { sent, transport } = recorder();
    const vod = new VodClient(transport, 'https://console.example.com/sandbox/vod', () => Date.now(), 'cn-shanghai');
    const t = await vod.createUploadVideo(
      { ...sts, VodEndpoint: 'https://vod.cn-beijing.aliyuncs.com', RegionId: 'cn-beijing' },
      { Title: 't', FileName: 'a.mp4', FileSize: 1 },
    );
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url);
    expect(url.origin + url.pathname).toBe('https://vod.cn-beijing.aliyuncs.com/');
    expect(url.searchParams.get('RegionId')).toBe('cn-beijing');
    expect(url.searchParams.get('Action')).toBe('CreateUploadVideo');
    expect(url.searchParams.get('Signature')).toBeTruthy();
    // the object goes where VOD says: a virtual-host address on a real bucket
    expect(t.address).toEqual({ Endpoint: 'https://oss-cn-beijing.aliyuncs.com', Bucket: 'outin-1', FileName: 'sv/a.mp4' });
  });

  it('uses its configured endpoint and region when the credentials name none', async () => {
    const { sent, transport } = recorder();
    const vod = new VodClient(transport, 'https://console.example.com/sandbox/vod', () => Date.now(), 'cn-shanghai');
    await vod.refreshUploadVideo(sts, 'v1');
    const url = new URL(sent[0]!.url);
    expect(url.origin + url.pathname).toBe('https://console.example.com/sandbox/vod/');
    expect(url.searchParams.get('RegionId')).toBe('cn-shanghai');
  });
});

/** CreateUploadVideo for the benchmark's curl baseline (signed like the engine, with STS). */
import { VodClient } from '../src/workers/upload/vod';
import { NodeTransport } from '../src/workers/upload/testing/node-transport';
import type { Credentials } from '../src/workers/upload/types';

export async function vodCreate(base: string, sts: Credentials, fileName: string, size: number) {
  const vod = new VodClient(new NodeTransport(), `${base}/sandbox/vod`, () => Date.now());
  const t = await vod.createUploadVideo(sts, { Title: 'bench', FileName: fileName, FileSize: size });
  return { auth: t.auth, address: t.address };
}

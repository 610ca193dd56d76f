// @vitest-environment node
/**
 * A transport that streams Blob bodies (XHR in the browser's worker): parts go out as Blob slices,
 * never as bytes copied into the worker, and the CRC64 still checks every part and the object.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCheckpointStore } from './checkpoint-store';
import { crc64Of } from './crc64';
import { UploadEngine } from './engine';
import { FakeCloud, TestClock } from './testing/fake-cloud';
import { TransportError, type ItemSnapshot, type TransportRequest, type TransportResponse, type UploadOptions } from './types';

const MB = 1024 * 1024;

/** The fake cloud behind a transport that says it streams Blobs; records each UploadPart body's type. */
class StreamingCloud extends FakeCloud {
  readonly streamsBlobs = true;
  readonly partBodies: string[] = [];
  override send(req: TransportRequest): Promise<TransportResponse> {
    if (req.method === 'PUT' && req.url.includes('partNumber=')) this.partBodies.push(req.body instanceof Blob ? 'blob' : typeof req.body);
    // a network stack that cannot read the file fails the request as XHR does: a network error
    return super.send(req).catch((e: unknown) => Promise.reject(e instanceof DOMException ? new TransportError('network', '网络连接中断') : e));
  }
}

const engines: UploadEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

function randomBlob(size: number): Blob {
  const buf = new Uint8Array(size);
  for (let off = 0; off < size; off += 65536) crypto.getRandomValues(buf.subarray(off, Math.min(size, off + 65536)));
  return new Blob([buf]);
}

async function upload(blob: Blob, opts: Partial<UploadOptions>, before?: (cloud: StreamingCloud) => void, afterAdd?: () => void) {
  const clock = new TestClock();
  const cloud = new StreamingCloud(clock);
  before?.(cloud);
  const engine = new UploadEngine(
    { transport: cloud, clock, store: new MemoryCheckpointStore(), credentials: cloud.provider, clientId: 'client-1' },
    { vodEndpoint: 'http://api.fake/sandbox/vod', stallTimeoutMs: 3_600_000, reportEveryMs: 0, parallel: 3, ...opts },
  );
  engines.push(engine);
  const id = await engine.addFile(blob, '入职培训.mp4', 1700000000000, { kind: 'video' });
  afterAdd?.();
  const done = new Promise<ItemSnapshot>((resolve) => {
    engine.subscribe(() => {
      const it = engine.list().find((i) => i.id === id);
      if (it && ['Success', 'Failure'].includes(it.state)) resolve(it);
    });
  });
  engine.start();
  return { cloud, it: await done };
}

describe('parts as Blob slices (a transport that streams them)', () => {
  it('sends every part as a Blob; the parts and the object check against CRC64', async () => {
    const blob = randomBlob(4 * MB + 777);
    const { cloud, it } = await upload(blob, {}, (c) => c.fail('UploadPart', { kind: 'badCrc' }, 1));
    expect(it.state).toBe('Success');
    // 5 parts and the one whose CRC64 answer was wrong, sent again
    expect(cloud.partBodies).toEqual(['blob', 'blob', 'blob', 'blob', 'blob', 'blob']);
    const obj = [...cloud.objects.values()][0]!;
    expect(obj.bytes.length).toBe(blob.size);
    expect(obj.crc).toBe(await crc64Of(new Uint8Array(await blob.arrayBuffer())));
    expect(it.crc64).toBe(obj.crc);
  });

  it('with CRC off, reads nothing itself and still uploads', async () => {
    const blob = randomBlob(3 * MB);
    let reads = 0;
    const slice = blob.slice.bind(blob);
    Object.defineProperty(blob, 'slice', {
      value: (a?: number, b?: number) => {
        const s = slice(a, b);
        const ab = s.arrayBuffer.bind(s);
        Object.defineProperty(s, 'arrayBuffer', { value: () => (reads++, ab()) });
        return s;
      },
    });
    // (the fingerprint at addFile reads samples of the file: counted from after it)
    const { cloud, it } = await upload(blob, { crc: false }, undefined, () => (reads = 0));
    expect(it.state).toBe('Success');
    expect(cloud.partBodies).toEqual(['blob', 'blob', 'blob']);
    // the fake transport reads each body once (as a network stack would); the engine adds no read
    expect(reads).toBe(3);
  });

  it('ReadFileError when the file cannot be read any more (not a network error retried)', async () => {
    const blob = randomBlob(3 * MB);
    const gone = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
    // the file disappears after it was picked
    const { it } = await upload(blob, {}, undefined, () =>
      Object.defineProperty(blob, 'slice', { value: () => Object.assign(new Blob([new Uint8Array(MB)]), { arrayBuffer: gone }) }),
    );
    expect(it.state).toBe('Failure');
    expect(it.error?.code).toBe('ReadFileError');
  });
});

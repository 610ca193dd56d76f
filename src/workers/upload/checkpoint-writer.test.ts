// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IdbCheckpointStore, MemoryCheckpointStore } from './checkpoint-store';
import { CheckpointWriter } from './checkpoint-writer';
import type { Checkpoint } from './types';

const cp = (parts: number): Checkpoint => ({
  key: 'k',
  schema: 1,
  fileName: 'a.mp4',
  fileSize: 10,
  lastModified: 0,
  kind: 'video',
  title: 'a',
  mediaId: 'm',
  address: { Endpoint: '', Bucket: '', FileName: '' },
  uploadId: 'u',
  partSize: 1,
  parts: Array.from({ length: parts }, (_, i) => ({ partNumber: i + 1, size: 1, etag: 'e', crc64: '1' })),
  createdAt: 0,
  updatedAt: 0,
  expiresAt: 1e15,
});

describe('the checkpoint writer', () => {
  it('a burst of saves becomes few writes of the latest state; delete waits for them', async () => {
    const store = new MemoryCheckpointStore();
    const w = new CheckpointWriter(store);
    const c = cp(0);
    for (let i = 1; i <= 50; i++) {
      c.parts.push({ partNumber: i, size: 1, etag: 'e', crc64: '1' });
      void w.save(c);
    }
    await w.flush();
    expect(w.writes).toBeLessThanOrEqual(2);
    expect((await store.get('k'))!.parts.length).toBe(50);
    void w.save(cp(3));
    await w.delete('k');
    expect(await store.get('k')).toBeUndefined();
  });

  it('the stores take their copy when the write starts: later changes are not written', async () => {
    for (const store of [new MemoryCheckpointStore(), new IdbCheckpointStore(`w-${Math.random()}`)]) {
      await store.list(); // opened
      for (let round = 0; round < 2; round++) {
        const c = cp(2);
        const w = new CheckpointWriter(store);
        const written = w.save(c);
        c.parts.push({ partNumber: 3, size: 1, etag: 'e', crc64: '1' });
        await written;
        expect((await store.get('k'))!.parts.length).toBe(2);
        await w.delete('k');
      }
    }
  });
});

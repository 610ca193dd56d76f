// @vitest-environment node
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { packCheckpoint, packParts, unpackCheckpoint, unpackParts } from './checkpoint-codec';
import { DB_NAME, DB_VERSION, IdbCheckpointStore, MemoryCheckpointStore } from './checkpoint-store';
import type { Checkpoint, CheckpointPart } from './types';

const part = fc.record(
  {
    partNumber: fc.integer({ min: 1, max: 10000 }),
    size: fc.integer({ min: 0, max: 5 * 1024 ** 3 }),
    offset: fc.integer({ min: 0, max: 2 ** 40 }),
    etag: fc.string(),
    crc64: fc.oneof(fc.constant(''), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String)),
  },
  { requiredKeys: ['partNumber', 'size', 'etag', 'crc64'] },
) as fc.Arbitrary<CheckpointPart>;

const checkpoint = (parts: CheckpointPart[], inFlight?: Checkpoint['inFlight']): Checkpoint => ({
  key: 'k',
  schema: 1,
  fileName: '入职培训.mp4',
  fileSize: 10,
  lastModified: 0,
  kind: 'video',
  title: 'a',
  mediaId: 'm',
  address: { Endpoint: 'e', Bucket: 'b', FileName: 'f' },
  uploadId: 'u',
  partSize: 1,
  parts,
  inFlight,
  createdAt: 0,
  updatedAt: 0,
  expiresAt: 1e15,
});

describe('checkpoint packing', () => {
  it('gives back the parts exactly (with and without offsets, CRC off or on)', () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 50 }), (parts) => {
        expect(unpackParts(packParts(parts))).toEqual(parts);
      }),
    );
  });

  it('stores one string for the parts and shares nothing mutable with the checkpoint', () => {
    const cp = checkpoint([{ partNumber: 1, size: 5, etag: '"A"', crc64: '7' }], [{ n: 2, offset: 5, size: 5 }]);
    const v = packCheckpoint(cp);
    expect(v.parts).toBeUndefined();
    expect(typeof v.packedParts).toBe('string');
    cp.address.FileName = 'changed';
    cp.inFlight![0]!.size = 99;
    cp.parts.push({ partNumber: 2, size: 5, etag: '"B"', crc64: '8' });
    const back = unpackCheckpoint(v);
    expect(back.address.FileName).toBe('f');
    expect(back.inFlight).toEqual([{ n: 2, offset: 5, size: 5 }]);
    expect(back.parts).toHaveLength(1);
    expect(unpackCheckpoint(packCheckpoint(checkpoint([])))).toEqual(checkpoint([]));
  });

  it('reads a checkpoint written before packing (parts as an array) from IndexedDB', async () => {
    const name = `codec-${Math.random()}`;
    const store = new IdbCheckpointStore(name);
    await store.list(); // creates the schema
    store.close();
    const old = checkpoint([{ partNumber: 1, size: 3, etag: '"E"', crc64: '1', offset: 0 }]);
    const db = await openDB(name, DB_VERSION);
    await db.put('checkpoints', old);
    db.close();
    const again = new IdbCheckpointStore(name);
    expect(await again.get('k')).toEqual(old);
    expect(await again.list()).toEqual([old]);
    // written back packed, read the same
    await again.put(old);
    expect(await again.get('k')).toEqual(old);
    expect(DB_NAME).toBeTruthy();
  });

  it('the memory store behaves the same', async () => {
    const store = new MemoryCheckpointStore();
    const cp = checkpoint([{ partNumber: 1, size: 3, etag: '"E"', crc64: '', offset: 4 }]);
    await store.put(cp);
    expect(await store.get('k')).toEqual(cp);
    expect(typeof store.map.get('k')!.packedParts).toBe('string');
  });
});

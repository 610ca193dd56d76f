// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CRC_SLICE, crc64Of, crcOfBytes, crcOfBytesSliced } from './crc64';
import { nodeFile } from './testing/node-file';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + (i >> 9)) & 0xff);

describe('crcOfBytesSliced', () => {
  it('answers the CRC64 of the whole, however the slices fall', async () => {
    // "123456789" → CRC-64/XZ 0x995DC9BBDF1939FA
    expect(await crcOfBytesSliced(new TextEncoder().encode('123456789'))).toBe(BigInt('0x995DC9BBDF1939FA').toString());
    for (const n of [CRC_SLICE - 1, CRC_SLICE, CRC_SLICE + 1, 3 * CRC_SLICE + 12345]) {
      const b = bytes(n);
      expect(await crcOfBytesSliced(b)).toBe(await crc64Of(b));
    }
  });

  it('parts hashed at once share no state (hashers are not mixed up across yields)', async () => {
    const parts = [bytes(2 * CRC_SLICE + 7), bytes(CRC_SLICE * 3).reverse(), bytes(5)];
    const together = await Promise.all(parts.map((p) => crcOfBytesSliced(p)));
    expect(together).toEqual(await Promise.all(parts.map((p) => crcOfBytes(p))));
  });
});

describe('nodeFile', () => {
  it('reads slices as a Blob does', async () => {
    const data = bytes(100_000);
    const p = path.join(tmpdir(), `node-file-${process.pid}.bin`);
    writeFileSync(p, data);
    const { file, close } = await nodeFile(p);
    try {
      expect(file.size).toBe(data.length);
      const got = async (b: Blob) => new Uint8Array(await b.arrayBuffer());
      expect(await got(file.slice(10, 20))).toEqual(data.subarray(10, 20));
      expect(await got(file.slice(99_990))).toEqual(data.subarray(99_990));
      expect(await got(file.slice(-5))).toEqual(data.subarray(-5));
      expect(await got(file.slice(50, 10))).toEqual(new Uint8Array(0));
      expect(await got(file.slice(1000, 2000).slice(10, 20))).toEqual(data.subarray(1010, 1020));
      expect(await got(file.slice(0, 1e9))).toEqual(data);
    } finally {
      await close();
    }
  });
});

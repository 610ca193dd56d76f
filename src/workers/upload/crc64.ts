/**
 * CRC-64/ECMA as OSS computes it (the x-oss-hash-crc64ecma header: CRC-64/XZ, an unsigned decimal),
 * hashed with hash-wasm, and the zlib-style combine that gives the whole object's CRC from its parts'
 * without reading the file again (parts finish out of order, some in an earlier session).
 */
import { createCRC64, type IHasher } from 'hash-wasm';

export const crcToDecimal = (hex: string): string => BigInt(`0x${hex}`).toString();

/** A CRC64 hasher (hash-wasm). */
export async function crc64Hasher(): Promise<IHasher> {
  const h = await createCRC64();
  h.init();
  return h;
}

/** CRC64 of some bytes, as an unsigned decimal. */
export async function crc64Of(data: Uint8Array): Promise<string> {
  const h = await crc64Hasher();
  h.update(data);
  return crcToDecimal(h.digest('hex'));
}

export { crc64Combine, crc64OfParts } from '../../contract/crc64';

/** CRC64 of some bytes, with a reused hasher (hash-wasm instances are cheap to init, not to create). */
const hashers: IHasher[] = [];
export async function crcOfBytes(bytes: Uint8Array): Promise<string> {
  const h = hashers.pop() ?? (await crc64Hasher());
  try {
    h.init();
    h.update(bytes);
    return crcToDecimal(h.digest('hex'));
  } finally {
    hashers.push(h);
  }
}

/** Bytes hashed between two yields of `crcOfBytesSliced` (about a millisecond of hashing). */
export const CRC_SLICE = 512 * 1024;

/** Lets the event loop run (sockets written, answers read) before the next slice is hashed. */
const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
const yieldToLoop: () => Promise<void> = immediate
  ? () => new Promise((r) => immediate(() => r()))
  : (() => {
      // a worker has no setImmediate, and setTimeout(0) waits ≥ 4 ms once nested
      const ch = new MessageChannel();
      const waiting: (() => void)[] = [];
      ch.port1.onmessage = () => waiting.shift()?.();
      return () =>
        new Promise<void>((r) => {
          waiting.push(r);
          ch.port2.postMessage(0);
        });
    })();

/**
 * CRC64 of some bytes in slices of CRC_SLICE with the event loop let run between them: the part's
 * hash runs alongside its request (and the other parts' requests) instead of holding the thread
 * for the whole part (8 MB ≈ 18 ms, during which no socket was written in Node).
 */
export async function crcOfBytesSliced(bytes: Uint8Array): Promise<string> {
  if (bytes.length <= CRC_SLICE) return crcOfBytes(bytes);
  const h = hashers.pop() ?? (await crc64Hasher());
  try {
    h.init();
    for (let off = 0; off < bytes.length; off += CRC_SLICE) {
      if (off) await yieldToLoop();
      h.update(bytes.subarray(off, Math.min(bytes.length, off + CRC_SLICE)));
    }
    return crcToDecimal(h.digest('hex'));
  } finally {
    hashers.push(h);
  }
}

/** CRC64 of a Blob. */
export async function crcOfBlob(blob: Blob): Promise<string> {
  return crcOfBytes(new Uint8Array(await blob.arrayBuffer()));
}

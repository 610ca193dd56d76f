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

/** CRC64 of a Blob. */
export async function crcOfBlob(blob: Blob): Promise<string> {
  return crcOfBytes(new Uint8Array(await blob.arrayBuffer()));
}

/**
 * CRC-64/ECMA as OSS computes it (the x-oss-hash-crc64ecma header: CRC-64/XZ, an unsigned decimal),
 * hashed with hash-wasm, and the zlib-style combine that gives the whole object's CRC from its parts'
 * without reading the file again (parts finish out of order, some in an earlier session).
 */
import { createCRC64, type IHasher } from 'hash-wasm';

const MASK = (1n << 64n) - 1n;
/** the reflected ECMA-182 polynomial */
const POLY = 0xc96c5795d7870f42n;

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

function gf2Times(mat: bigint[], vec: bigint): bigint {
  let sum = 0n;
  let i = 0;
  while (vec) {
    if (vec & 1n) sum ^= mat[i]!;
    vec >>= 1n;
    i++;
  }
  return sum;
}
function gf2Square(mat: bigint[]): bigint[] {
  return mat.map((v) => gf2Times(mat, v));
}

/** The linear operator "append len zero bytes" as a 64×64 GF(2) matrix, cached per length. */
const operators = new Map<number, bigint[]>();
function zerosOperator(len: number): bigint[] {
  const hit = operators.get(len);
  if (hit) return hit;
  // odd: one zero bit
  let odd: bigint[] = [POLY];
  for (let n = 1; n < 64; n++) odd.push(1n << BigInt(n - 1));
  let even = gf2Square(odd); // two zero bits
  odd = gf2Square(even); // four zero bits
  // apply to every basis vector to get the composite matrix
  const basis = Array.from({ length: 64 }, (_, n) => 1n << BigInt(n));
  let vecs = basis.slice();
  let l = len;
  for (;;) {
    even = gf2Square(odd);
    if (l & 1) vecs = vecs.map((v) => gf2Times(even, v));
    l = Math.floor(l / 2);
    if (!l) break;
    odd = gf2Square(even);
    if (l & 1) vecs = vecs.map((v) => gf2Times(odd, v));
    l = Math.floor(l / 2);
    if (!l) break;
  }
  if (operators.size > 64) operators.clear();
  operators.set(len, vecs);
  return vecs;
}

/** CRC64(A‖B) from CRC64(A), CRC64(B) and |B| (decimal strings in and out). */
export function crc64Combine(crcA: string, crcB: string, lenB: number): string {
  if (lenB === 0) return crcA;
  const op = zerosOperator(lenB);
  return ((gf2Times(op, BigInt(crcA)) ^ BigInt(crcB)) & MASK).toString();
}

/** CRC64 of the concatenation of parts given in order. */
export function crc64OfParts(parts: { crc64: string; size: number }[]): string {
  let crc = '0';
  for (const p of parts) crc = crc64Combine(crc, p.crc64, p.size);
  return crc;
}

/**
 * CRC-64/ECMA combine (zlib-style): the CRC of A‖B from CRC(A), CRC(B) and |B|, without the bytes.
 * Shared: the upload engine checks the object's CRC64 from its parts', and the OSS sandbox gives a
 * completed multipart object its CRC64 from the parts' as OSS does. Decimal strings in and out.
 */
const MASK = (1n << 64n) - 1n;
/** the reflected ECMA-182 polynomial */
const POLY = 0xc96c5795d7870f42n;

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

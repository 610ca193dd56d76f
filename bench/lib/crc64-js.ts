/**
 * CRC-64/XZ (OSS's crc64ecma) in plain JavaScript, slicing-by-8 over two 32-bit halves: the
 * alternative the bench measures against the engine's hash-wasm CRC64 (slicing-by-8 in wasm, with
 * native 64-bit integers). Not used by the engine.
 */
const POLY_LO = 0xd7870f42;
const POLY_HI = 0xc96c5795;
const LO = new Uint32Array(8 * 256);
const HI = new Uint32Array(8 * 256);
for (let i = 0; i < 256; i++) {
  let lo = i;
  let hi = 0;
  for (let j = 0; j < 8; j++) {
    const odd = lo & 1;
    lo = ((lo >>> 1) | (hi << 31)) >>> 0;
    hi = hi >>> 1;
    if (odd) {
      lo = (lo ^ POLY_LO) >>> 0;
      hi = (hi ^ POLY_HI) >>> 0;
    }
  }
  LO[i] = lo;
  HI[i] = hi;
}
for (let k = 1; k < 8; k++) {
  for (let i = 0; i < 256; i++) {
    const plo = LO[(k - 1) * 256 + i]!;
    const phi = HI[(k - 1) * 256 + i]!;
    const t = plo & 0xff;
    LO[k * 256 + i] = (((plo >>> 8) | (phi << 24)) ^ LO[t]!) >>> 0;
    HI[k * 256 + i] = ((phi >>> 8) ^ HI[t]!) >>> 0;
  }
}

/** CRC-64/XZ of the bytes, as an unsigned decimal string. */
export function crc64Js(data: Uint8Array): string {
  let lo = 0xffffffff | 0;
  let hi = 0xffffffff | 0;
  let i = 0;
  const n = data.length;
  // bytewise up to 4-byte alignment, then 8 bytes at a time through a Uint32Array view
  while (i < n && (data.byteOffset + i) & 3) {
    const t = (lo ^ data[i++]!) & 0xff;
    lo = ((lo >>> 8) | (hi << 24)) ^ LO[t]!;
    hi = (hi >>> 8) ^ HI[t]!;
  }
  const words = new Uint32Array(data.buffer, data.byteOffset + i, (n - i) >>> 2);
  const end = words.length & ~1;
  for (let w = 0; w < end; w += 2) {
    const a = lo ^ words[w]!;
    const c = hi ^ words[w + 1]!;
    const i7 = 7 * 256 + (a & 0xff);
    const i6 = 6 * 256 + ((a >>> 8) & 0xff);
    const i5 = 5 * 256 + ((a >>> 16) & 0xff);
    const i4 = 4 * 256 + (a >>> 24);
    const i3 = 3 * 256 + (c & 0xff);
    const i2 = 2 * 256 + ((c >>> 8) & 0xff);
    const i1 = 256 + ((c >>> 16) & 0xff);
    const i0 = c >>> 24;
    lo = LO[i7]! ^ LO[i6]! ^ LO[i5]! ^ LO[i4]! ^ LO[i3]! ^ LO[i2]! ^ LO[i1]! ^ LO[i0]!;
    hi = HI[i7]! ^ HI[i6]! ^ HI[i5]! ^ HI[i4]! ^ HI[i3]! ^ HI[i2]! ^ HI[i1]! ^ HI[i0]!;
  }
  i += end * 4;
  while (i < n) {
    const t = (lo ^ data[i++]!) & 0xff;
    lo = ((lo >>> 8) | (hi << 24)) ^ LO[t]!;
    hi = (hi >>> 8) ^ HI[t]!;
  }
  return ((BigInt(~hi >>> 0) << 32n) | BigInt(~lo >>> 0)).toString();
}

import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFY_CODE_ALPHABET, VERIFY_CODE_LENGTH } from '../../contract/dimission-rules';

export const sha256hex = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex');

/** An opaque bearer token: 32 random bytes, base64url. Only its sha256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

/** `n` random decimal digits (SMS codes). */
export function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(10));
  return s;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `n` random letters and digits. */
export function randomAlnum(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

/** Constant-time string comparison (for codes and secrets). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 验真码 (departure proofs, 完税证明): 12 characters of Crockford's base32, 5 random bits each (32 divides 256, so no bias). */
export function newVerifyCode(): string {
  return [...randomBytes(VERIFY_CODE_LENGTH)].map((b) => VERIFY_CODE_ALPHABET[b & 31]).join('');
}

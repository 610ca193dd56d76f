import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

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

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { blindIndex, decryptPii, DEMO_PII_KEYS, encryptPii, needsRotation, sealPii, usePiiKeys } from './pii';

afterEach(() => usePiiKeys(DEMO_PII_KEYS));

describe('pii', () => {
  it('seals with a random IV, opens, and masks', () => {
    const a = sealPii('id_card', '11010519491231002X');
    const b = sealPii('id_card', '11010519491231002X');
    expect(a.enc).not.toBe(b.enc);
    expect(a.enc).not.toContain('1101');
    expect(decryptPii(a.enc)).toBe('11010519491231002X');
    expect(a.bidx).toBe(b.bidx);
    expect(a.mask).toBe('110105********002X');
    expect(sealPii('mobile', '13800000001').mask).toBe('138****0001');
    expect(sealPii('bank_card', '6222026006705354217').mask).toBe('**** **** **** 4217');
  });

  it('keeps kinds apart in the blind index', () => {
    expect(blindIndex('mobile', '13800000001')).not.toBe(blindIndex('bank_card', '13800000001'));
  });

  it('refuses a tampered ciphertext', () => {
    const s = encryptPii('13800000001');
    // one character of the ciphertext changed (to another one, always: a 1-in-64 flake chose the same)
    const i = s.length - 2;
    const broken = s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    expect(broken).not.toBe(s);
    expect(() => decryptPii(broken)).toThrow();
  });

  it('rotates: old values open with the old key, new ones use the newest', () => {
    const k1 = randomBytes(32);
    const k2 = randomBytes(32);
    usePiiKeys({ keys: new Map([[1, k1]]), current: 1 });
    const old = encryptPii('secret');
    usePiiKeys({
      keys: new Map([
        [1, k1],
        [2, k2],
      ]),
      current: 2,
    });
    expect(decryptPii(old)).toBe('secret');
    expect(needsRotation(old)).toBe(true);
    expect(encryptPii('x').startsWith('v2.')).toBe(true);
    usePiiKeys({ keys: new Map([[2, k2]]) });
    expect(() => decryptPii(old)).toThrow(/v1/);
  });

  it('the blind index follows the index key it is given; the demo keys until then', () => {
    const demo = blindIndex('mobile', '13800000001');
    usePiiKeys({ index: randomBytes(32) });
    expect(blindIndex('mobile', '13800000001')).not.toBe(demo);
    usePiiKeys(DEMO_PII_KEYS);
    expect(blindIndex('mobile', '13800000001')).toBe(demo);
  });

  it('refuses a short key, or a current version it does not have (and keeps the keys it had)', () => {
    const before = encryptPii('kept');
    expect(() => usePiiKeys({ keys: new Map([[1, randomBytes(5)]]), current: 1 })).toThrow(/32/);
    expect(() => usePiiKeys({ index: randomBytes(16) })).toThrow(/32/);
    expect(() => usePiiKeys({ keys: new Map([[1, randomBytes(32)]]), current: 3 })).toThrow(/v3/);
    expect(decryptPii(before)).toBe('kept');
  });
});

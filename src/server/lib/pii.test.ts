import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { blindIndex, decryptPii, encryptPii, needsRotation, reloadPiiKeys, sealPii } from './pii';

afterEach(() => reloadPiiKeys({}));

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
    const broken = s.slice(0, -2) + (s.endsWith('A') ? 'B' : 'A') + s.slice(-1);
    expect(() => decryptPii(broken)).toThrow();
  });

  it('rotates: old values open with the old key, new ones use the newest', () => {
    const k1 = randomBytes(32).toString('base64');
    const k2 = randomBytes(32).toString('base64');
    reloadPiiKeys({ PII_KEYS: `1:${k1}` });
    const old = encryptPii('secret');
    reloadPiiKeys({ PII_KEYS: `1:${k1},2:${k2}` });
    expect(decryptPii(old)).toBe('secret');
    expect(needsRotation(old)).toBe(true);
    expect(encryptPii('x').startsWith('v2.')).toBe(true);
    reloadPiiKeys({ PII_KEYS: `2:${k2}` });
    expect(() => decryptPii(old)).toThrow(/v1/);
  });

  it('refuses a short key', () => {
    expect(() => reloadPiiKeys({ PII_KEYS: '1:c2hvcnQ=' })).toThrow(/32/);
  });
});

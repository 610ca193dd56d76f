// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isUscc, normalizeUscc, usccCheckChar, usccProblem } from './uscc';

describe('统一社会信用代码 check digit (GB 32100)', () => {
  it('accepts the published test vectors', () => {
    for (const code of ['91350100M000100Y43', '91230184MA1BUFLT44', '92371000MA3MXH0E3W', '91110108772551611J']) {
      expect(isUscc(code), code).toBe(true);
    }
  });
  it('computes the worked example of the standard (S = 1640 → 3)', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
  });
  it('refuses a wrong check character', () => {
    expect(usccProblem('91350100M000100Y44')).toBe('check');
    expect(usccProblem('91230184MA1BUFLT45')).toBe('check');
    expect(usccProblem('92371000MA3MXH0E3X')).toBe('check');
  });
  it('refuses a wrong length, forbidden letters and blanks', () => {
    expect(usccProblem('')).toBe('empty');
    expect(usccProblem('   ')).toBe('empty');
    expect(usccProblem('91350100M000100Y4')).toBe('length');
    expect(usccProblem('91350100M000100Y433')).toBe('length');
    expect(usccProblem('91350100M0001O0Y43')).toBe('format'); // O is not in the set
    expect(usccProblem('9135010AM000100Y43')).toBe('format'); // the region is 6 digits
  });
  it('normalises spaces, lower case and full-width characters first', () => {
    expect(normalizeUscc(' 9135 0100m000100y43 ')).toBe('91350100M000100Y43');
    expect(isUscc('９１３５０１００Ｍ０００１００Ｙ４３')).toBe(true);
    expect(isUscc('91350100m000100y43')).toBe(true);
  });
  it('every single-character change of a valid code is caught', () => {
    const code = '91110108772551611J';
    const CS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    for (let i = 0; i < 18; i++) {
      for (const c of CS) {
        if (c === code[i]) continue;
        const changed = code.slice(0, i) + c + code.slice(i + 1);
        expect(isUscc(changed), changed).toBe(false);
      }
    }
  });
});

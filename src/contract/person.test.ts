// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { certNoProblem, idCardProblem, isMobile, looksLikeExcelNumber, luhnOk, maskIdCard, normalizeDigits } from './person';

describe('person rules', () => {
  it('checks GB 11643 ID numbers', () => {
    for (const ok of ['11010519491231002X', '440524188001010014', '110101199003074477']) expect(idCardProblem(ok)).toBeNull();
    expect(idCardProblem('110101199003074478')).toBe('check');
    expect(idCardProblem('110101199002304471')).toBe('birth');
    expect(idCardProblem('110101209901014471', new Date('2026-01-01'))).toBe('birth');
    expect(idCardProblem('1101011990030744')).toBe('format');
    expect(idCardProblem('11010519491231002x')).toBeNull();
  });
  it('normalises full-width digits and spaces', () => {
    expect(normalizeDigits(' １３８ 0000\u30000001 ')).toBe('13800000001');
    expect(normalizeDigits('11010519491231002x')).toBe('11010519491231002X');
  });
  it('spots Excel numbers', () => {
    expect(looksLikeExcelNumber('1.10105E+17')).toBe(true);
    expect(looksLikeExcelNumber('1.3800000001E10')).toBe(true);
    expect(looksLikeExcelNumber('110105194912310021')).toBe(false);
  });
  it('mobile, Luhn, certificates, masks', () => {
    expect(isMobile('13800000001')).toBe(true);
    expect(isMobile('12800000001')).toBe(false);
    expect(luhnOk('6228480402564890018')).toBe(true);
    expect(luhnOk('6222026006705354217')).toBe(false);
    expect(certNoProblem('hk_mo', 'H12345678')).toBeNull();
    expect(certNoProblem('id_card', '110101199003074478')).toBe('校验位错误');
    expect(maskIdCard('110105194912310021')).toBe('110105********0021');
  });
});

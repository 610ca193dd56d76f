// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PiiReason } from './privacy';
import { MSG_PII_REASON, MSG_PII_REASON_LONG, MSG_PII_REASON_NUMBER, PII_PURPOSES, piiReasonProblem } from './pii-purpose';

describe('查看原因 (personal data by need)', () => {
  it('takes every listed purpose and a typed one of 2–50 characters', () => {
    for (const p of PII_PURPOSES) expect(piiReasonProblem(p), p).toBeNull();
    expect(piiReasonProblem('员工申请补开收入证明')).toBeNull();
    expect(piiReasonProblem('查'.repeat(50))).toBeNull();
  });

  it('refuses missing, too short, too long, control characters and a whole number', () => {
    expect(piiReasonProblem(undefined)).toBe(MSG_PII_REASON);
    expect(piiReasonProblem('  ')).toBe(MSG_PII_REASON);
    expect(piiReasonProblem('查')).toBe(MSG_PII_REASON);
    expect(piiReasonProblem('查'.repeat(51))).toBe(MSG_PII_REASON_LONG);
    expect(piiReasonProblem('核对\u0007身份')).toBe('查看原因包含非法字符');
    expect(piiReasonProblem('核对13912345678')).toBe(MSG_PII_REASON_NUMBER);
    expect(piiReasonProblem('2026年第3季度')).toBeNull();
  });

  it('the contract field trims and answers the same Chinese messages first', () => {
    expect(PiiReason.parse('  税务申报 ')).toBe('税务申报');
    const first = (v: unknown) => PiiReason.safeParse(v).error?.issues[0]?.message;
    expect(first(undefined)).toBe(MSG_PII_REASON);
    expect(first('x')).toBe(MSG_PII_REASON);
    expect(first('x'.repeat(60))).toBe(MSG_PII_REASON_LONG);
    expect(first('核对110101199003074477')).toBe(MSG_PII_REASON_NUMBER);
  });
});

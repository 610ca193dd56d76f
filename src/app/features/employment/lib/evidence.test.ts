// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  allOkText,
  checkVerdict,
  failedChecks,
  intentMethodText,
  providerText,
  realnameMethodText,
  realnamePassed,
  realnameResultText,
  shownChecks,
  versionText,
} from './evidence';

const ok = { ok: true, detail: '' };
const bad = { ok: false, detail: '签署记录已被修改' };

describe('签署证据', () => {
  it('lists the failed checks in page order', () => {
    expect(failedChecks({ agreement_file: ok, record: ok, timestamp: ok, signed_file: null })).toEqual([]);
    expect(failedChecks({ agreement_file: bad, record: ok, timestamp: bad, signed_file: null })).toEqual(['agreement_file', 'timestamp']);
    expect(failedChecks({ agreement_file: ok, record: ok, timestamp: bad, signed_file: bad })).toEqual(['signed_file', 'timestamp']);
  });
  it('shows the signed file’s check only for a signature made at e签宝, after the original’s', () => {
    expect(shownChecks({ agreement_file: ok, record: ok, timestamp: ok, signed_file: null }).map((c) => c.key)).toEqual([
      'agreement_file',
      'record',
      'timestamp',
    ]);
    expect(shownChecks({ agreement_file: ok, record: ok, timestamp: ok, signed_file: ok }).map((c) => c.key)).toEqual([
      'agreement_file',
      'signed_file',
      'record',
      'timestamp',
    ]);
    expect(allOkText({ agreement_file: ok, record: ok, timestamp: ok, signed_file: null })).toContain('三项');
    expect(allOkText({ agreement_file: ok, record: ok, timestamp: ok, signed_file: ok })).toContain('四项');
  });
  it('marks a verdict with a sign as well as a word', () => {
    expect(checkVerdict(ok)).toBe('✓ 通过');
    expect(checkVerdict(bad)).toBe('✗ 未通过');
  });
  it('words the provider codes, keeps texts the server wrote', () => {
    expect(realnameMethodText('base2')).toBe('个人二要素（姓名+身份证号）');
    expect(realnameMethodText('telecom3')).toBe('运营商三要素');
    expect(realnameMethodText('个人二要素（姓名 + 身份证号）')).toBe('个人二要素（姓名 + 身份证号）');
    expect(intentMethodText('sms')).toBe('短信验证码');
    expect(intentMethodText('短信验证码')).toBe('短信验证码');
    expect(providerText('esign')).toBe('e签宝');
    expect(versionText(3)).toBe('第3版');
  });
  it('reads a real-name result either way', () => {
    expect(realnamePassed('一致')).toBe(true);
    expect(realnamePassed('consistent')).toBe(true);
    expect(realnamePassed('不一致')).toBe(false);
    expect(realnameResultText('inconsistent')).toBe('不一致');
    expect(realnameResultText('一致')).toBe('一致');
  });
});

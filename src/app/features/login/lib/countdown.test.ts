// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RESEND_SECONDS, secondsLeft, sendCodeLabel } from './countdown';

describe('secondsLeft', () => {
  const sent = 1_000_000;
  it('is 0 before any code was sent', () => {
    expect(secondsLeft(null, sent)).toBe(0);
  });
  it('counts 60 s down in whole seconds', () => {
    expect(RESEND_SECONDS).toBe(60);
    expect(secondsLeft(sent, sent)).toBe(60);
    expect(secondsLeft(sent, sent + 999)).toBe(60);
    expect(secondsLeft(sent, sent + 1000)).toBe(59);
    expect(secondsLeft(sent, sent + 59_000)).toBe(1);
    expect(secondsLeft(sent, sent + 60_000)).toBe(0);
    expect(secondsLeft(sent, sent + 3_600_000)).toBe(0);
  });
  it('follows the server wait when it gives one, and never exceeds it (clock skew)', () => {
    expect(secondsLeft(sent, sent + 5000, 30)).toBe(25);
    expect(secondsLeft(sent, sent - 5000)).toBe(60);
  });
});

describe('sendCodeLabel', () => {
  it('shows 获取验证码 or the countdown', () => {
    expect(sendCodeLabel(0)).toBe('获取验证码');
    expect(sendCodeLabel(60)).toBe('60s后重新获取');
    expect(sendCodeLabel(1)).toBe('1s后重新获取');
  });
});

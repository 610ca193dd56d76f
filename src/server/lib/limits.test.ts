import { describe, expect, it } from 'vitest';
import { chinaDayStart, DEFAULT_LOGIN_LIMITS, minuteStart } from './limits';

describe('login limits', () => {
  it('defaults to the promised caps (config.ts overrides them from the settings: config.test.ts)', () => {
    expect(DEFAULT_LOGIN_LIMITS).toEqual({
      codesPerDay: 10,
      failsPerDay: 10,
      ipPerMinute: 60,
      qrPerMinute: 20,
      pollPerMinute: 120,
      smsIpPerDay: 500,
      smsTokenPerDay: 100,
      publicPerMinute: 120,
      signupsPerTaskPerDay: 200,
    });
  });

  it('days are China calendar days; minutes start at :00', () => {
    // 2026-11-23 23:59 and 2026-11-24 00:01 in China are different days
    const late = new Date('2026-11-23T15:59:00Z');
    const early = new Date('2026-11-23T16:01:00Z');
    expect(chinaDayStart(late).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(chinaDayStart(early).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(minuteStart(new Date('2026-11-23T10:11:59.999Z')).toISOString()).toBe('2026-11-23T10:11:00.000Z');
  });
});

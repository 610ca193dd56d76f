import { describe, expect, it } from 'vitest';
import { chinaDayStart, DEFAULT_LOGIN_LIMITS, loginLimitsFrom, minuteStart } from './limits';

describe('login limits', () => {
  it('defaults to the promised caps; the environment and explicit options override them', () => {
    expect(loginLimitsFrom({})).toEqual(DEFAULT_LOGIN_LIMITS);
    expect(DEFAULT_LOGIN_LIMITS).toMatchObject({ codesPerDay: 10, failsPerDay: 10 });
    expect(loginLimitsFrom({ LOGIN_IP_PER_MINUTE: '500', LOGIN_CODES_PER_DAY: 'abc', LOGIN_FAILS_PER_DAY: '-3' })).toMatchObject({
      ipPerMinute: 500,
      codesPerDay: 10,
      failsPerDay: 10,
    });
    expect(loginLimitsFrom({ LOGIN_IP_PER_MINUTE: '500' }, { ipPerMinute: 7 }).ipPerMinute).toBe(7);
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

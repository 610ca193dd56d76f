// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { badgeText, initialDay, planScrolls, shortDate } from './plan';

describe('interview schedule display rules', () => {
  it('the date list scrolls only after more than 7 dates', () => {
    expect(planScrolls(7)).toBe(false);
    expect(planScrolls(8)).toBe(true);
  });
  it('badges show at most 10', () => {
    expect(badgeText(3)).toBe('3');
    expect(badgeText(10)).toBe('10');
    expect(badgeText(11)).toBe('10+');
  });
  it('short dates and the first day', () => {
    expect(shortDate('2026-11-21')).toBe('11-21');
    const days = [{ date: '2026-11-21' }, { date: '2026-11-23' }];
    expect(initialDay(days, null)).toBe('2026-11-21');
    expect(initialDay(days, '2026-11-23')).toBe('2026-11-23');
    expect(initialDay(days, '2026-11-30')).toBe('2026-11-21');
    expect(initialDay([], null)).toBeNull();
  });
});

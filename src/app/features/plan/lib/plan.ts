/** Display rules of the interview schedule (SPEC §9). */

/** The date list scrolls once it holds more than this many dates. */
export const PLAN_VISIBLE_DAYS = 7;
/** Count badges show at most this number (then `10+`). */
export const PLAN_BADGE_MAX = 10;

export const planScrolls = (days: number) => days > PLAN_VISIBLE_DAYS;

export const badgeText = (n: number) => (n > PLAN_BADGE_MAX ? `${PLAN_BADGE_MAX}+` : String(n));

/** `2026-11-21` → `11-21`. */
export const shortDate = (date: string) => date.slice(5);

/** Which day to show first: the remembered one if still listed, else the first. */
export function initialDay(days: readonly { date: string }[], remembered: string | null): string | null {
  if (remembered && days.some((d) => d.date === remembered)) return remembered;
  return days[0]?.date ?? null;
}

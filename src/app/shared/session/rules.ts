/** Pure session rules, unit-tested: the approval notice (SPEC §4) and the urge notice. */
import type { CompanyStatus } from '../../../contract';

/**
 * SPEC §4: for a user in `apply`, the refreshed company info is checked; when the status is now
 * `normal` and no notice was shown yet for that mobile, the notice is due.
 */
export function approvalNoticeDue(previous: CompanyStatus | undefined, next: CompanyStatus, alreadyShownForMobile: boolean): boolean {
  return previous === 'apply' && next === 'normal' && !alreadyShownForMobile;
}

/**
 * The urge notice stays until closed (duration 0). A refresh updates the count of an open notice;
 * once closed it comes back only when the count grows, so the 60 s refresh does not nag.
 */
export function nextUrgeNotice(current: { shownCount: number; closedAt: number | null }, count: number): number {
  if (count <= 0) return 0;
  if (current.shownCount > 0) return count;
  if (current.closedAt !== null && count <= current.closedAt) return 0;
  return count;
}

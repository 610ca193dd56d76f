/**
 * The colour of every status badge of the console, in one place (issue 33: the worker's 已拒签
 * showed green): colours follow meaning — refused, rejected or failed is danger; waiting on
 * someone is warning (or informative while nobody has to act); under way is brand; done is
 * success; withdrawn or closed is subtle or informative. status-colors.test.ts holds every map
 * to that. The payouts' colours live with their vocabulary (contract/payouts-rules), 离职's in
 * features/dimission/lib/status-colors.ts (the /dimission route has no bytes to spare for the others). One map per
 * vocabulary, so a page's bundle carries only the maps it shows (the shell has no bytes to spare).
 */
export type StatusColor = 'success' | 'warning' | 'danger' | 'informative' | 'brand' | 'subtle';
export type StatusColors = Readonly<Record<string, StatusColor>>;

export const TASK_COLORS: StatusColors = {
  draft: 'informative',
  review: 'warning',
  rejected: 'danger',
  recruiting: 'brand',
  ongoing: 'brand',
  ended: 'success',
  canceled: 'informative',
};
export const SIGN_COLORS: StatusColors = { pending: 'warning', signed: 'success', refused: 'danger', expired: 'informative' };
export const WORK_COLORS: StatusColors = {
  applied: 'warning',
  hired: 'brand',
  working: 'brand',
  delivered: 'warning',
  accepted: 'success',
  rejected: 'danger',
};
export const IMPORT_COLORS: StatusColors = { validating: 'brand', pending: 'warning', importing: 'brand', success: 'success', failed: 'danger' };
export const POSITION_COLORS: StatusColors = { open: 'success', review: 'warning', rejected: 'danger', closed: 'informative' };
export const APPLY_COLORS: StatusColors = { pending: 'warning', viewed: 'brand', invited: 'brand', unsuitable: 'informative', hired: 'success' };
export const INTERVIEW_COLORS: StatusColors = {
  pending: 'warning',
  accepted: 'brand',
  declined: 'danger',
  canceled: 'informative',
  done: 'success',
  no_show: 'danger',
  reviewed: 'success',
};
export const TAX_COLORS: StatusColors = {
  draft: 'informative',
  checking: 'warning',
  unpaid: 'warning',
  paying: 'brand',
  issuing: 'brand',
  issued: 'success',
  rejected: 'danger',
  withdrawn: 'subtle',
};
export const TAX_SERVICE_COLORS: StatusColors = { none: 'informative', pending: 'warning', approved: 'success', rejected: 'danger' };

/** A status's badge colour in its map; an unknown code is informative (it says nothing good or bad). */
export const statusColor = (colors: StatusColors, code: string): StatusColor => colors[code] ?? 'informative';

/** Input patterns shared by forms and the server (no zod: the login page uses them). */

/** Mainland mobile, 11 digits (domain.md §5.1). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** SMS code: 6 digits. */
export const SMS_CODE_RE = /^\d{6}$/;

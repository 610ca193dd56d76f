/** Login form rules (messages.md: 请输入正确的手机号). Pure, unit-tested. */
import { MOBILE_RE, SMS_CODE_RE } from '../../../../contract/patterns';
import { t } from '../../../shared/i18n/zh-CN';

/** The mobile field's message, or null when it is a mainland mobile (`^1[3-9]\d{9}$`). */
export function mobileError(mobile: string): string | null {
  return MOBILE_RE.test(mobile.trim()) ? null : t.login.invalidMobile;
}

/** The code field's message, or null when it is 6 digits. */
export function codeError(code: string): string | null {
  const v = code.trim();
  if (!v) return t.login.emptyCode;
  return SMS_CODE_RE.test(v) ? null : t.login.invalidCode;
}

export interface LoginErrors {
  mobile: string | null;
  code: string | null;
}

/** Both fields at once (submit). */
export function validateLogin(mobile: string, code: string): LoginErrors {
  return { mobile: mobileError(mobile), code: codeError(code) };
}

export function hasErrors(e: LoginErrors): boolean {
  return e.mobile !== null || e.code !== null;
}

/** Keep digits only, at most `max` of them (typing, pasting `138 0000 0001`). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** The 获取验证码 button's countdown (messages.md: `{n}s后重新获取`, 60 s). Pure, unit-tested. */
import { t } from '../../../shared/i18n/zh-CN';

export const RESEND_SECONDS = 60;

/** Whole seconds left before another code may be asked for (0 = may ask now). */
export function secondsLeft(sentAt: number | null, now: number, total: number = RESEND_SECONDS): number {
  if (sentAt === null) return 0;
  const elapsed = Math.floor((now - sentAt) / 1000);
  return Math.min(total, Math.max(0, total - elapsed));
}

export function sendCodeLabel(left: number): string {
  return left > 0 ? t.login.resend(left) : t.login.sendCode;
}

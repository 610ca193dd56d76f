import { z } from 'zod';
import { MOBILE_RE, SMS_CODE_RE, text } from './common';
import { User } from './usercenter';

export const LoginCodeBody = z.object({ mobile: text(20).regex(MOBILE_RE, '请输入正确的手机号') }).strict();
export const LoginCodeData = z.object({
  /** seconds until another code may be asked for this mobile */
  retry_after: z.number().int(),
});

export const LoginBody = z
  .object({
    mobile: text(20).regex(MOBILE_RE, '请输入正确的手机号'),
    code: text(20).regex(SMS_CODE_RE, '请输入6位数字验证码'),
  })
  .strict();
export const LoginData = z.object({
  token: z.string().min(20),
  /** ISO 8601 time the token stops working (15 days after login) */
  expires_at: z.string(),
  user: User,
});

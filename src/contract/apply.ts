/**
 * The job-seeker's own application (投递, issue 32): a position's public link (分享, made by
 * whoever recruits), the phone page behind it (/m/job/{token}: the position as a job-seeker sees
 * it and the 投递简历 form with an SMS check of the mobile), and the apply itself. The page's calls
 * are public (auth: false; the link is the key, the per-IP limit of http/route.ts applies).
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { freeText, IdParam, PersonName } from './common';
import { MOBILE_RE, SMS_CODE_RE } from './patterns';
import { EDUCATION, GENDERS, JOB_NATURES } from './vocab';

/** 工作年限 a job-seeker states: whole years, 0 = 应届/无经验. */
export const APPLY_YEARS_MAX = 50;

const Token = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '链接无效') });

/** 分享: the position's public link; `rotate` (重新生成链接) makes a new one and the old stops working. */
export const ShareBody = z.strictObject({ rotate: z.enum(['0', '1']).default('0') });
export const ShareData = z.object({ url: z.string(), created_at: z.string(), status: z.enum(['open', 'review', 'rejected', 'closed']) });
export type ShareData = z.infer<typeof ShareData>;

/** Why a position takes no application now; '' while it does. */
export const JOB_CLOSED = ['', 'offline', 'expired'] as const;

/** The position as the job-seeker sees it (no figures, no other company's data, contact only when 对外显示). */
export const JobPageData = z.object({
  title: z.string(),
  company_name: z.string(),
  salary: z.string(),
  job_nature: z.enum(JOB_NATURES),
  education: z.string(),
  experience: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  headcount: z.number().int(),
  welfare: z.array(z.string()),
  description: z.string(),
  /** '' unless the position shows its contact (联系方式对外显示) */
  contact_name: z.string(),
  contact_tel: z.string(),
  closes_on: z.string(),
  /** offline: 下线, under review or rejected; expired: past its 截止日期 */
  closed: z.enum(JOB_CLOSED),
});
export type JobPageData = z.infer<typeof JobPageData>;

const Mobile = z.string().trim().regex(MOBILE_RE, '请输入正确的手机号');
export const JobCodeBody = z.strictObject({ mobile: Mobile });
export const JobCodeData = z.object({ retry_after: z.number().int() });

/** 投递简历: who, the SMS check of their mobile, and the résumé the console's dialog shows. */
export const ApplyBody = z.strictObject({
  name: PersonName,
  mobile: Mobile,
  code: z.string().trim().regex(SMS_CODE_RE, '请输入6位验证码'),
  gender: z.enum(GENDERS, { error: '请选择性别' }),
  /** 出生年月, YYYY-MM */
  birth: z
    .string()
    .trim()
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, '请选择出生年月'),
  education: z.coerce
    .number({ error: '请选择最高学历' })
    .int()
    .min(1, '请选择最高学历')
    .max(EDUCATION.length - 1, '请选择最高学历'),
  work_years: z.coerce.number({ error: '请填写工作年限' }).int('工作年限请填写整数').min(0, '工作年限不能为负数').max(APPLY_YEARS_MAX, '工作年限不能超过50年'),
  /** 自我介绍 (optional) */
  intro: freeText(500).max(500, '自我介绍不能超过500字').default(''),
});
export type ApplyBodyIn = z.input<typeof ApplyBody>;

export const MSG_APPLIED = '投递成功，请留意企业的电话或短信通知';
export const MSG_APPLIED_TWICE = '你已投递过该职位';

export const applyEndpoints = {
  positionShare: ep({ method: 'POST', path: '/position/:id/share', params: IdParam, body: ShareBody, data: ShareData, auth: true, perm: 'recruit' }),
  jobPage: ep({ method: 'GET', path: '/job/:token', params: Token, data: JobPageData, auth: false }),
  jobCode: ep({ method: 'POST', path: '/job/:token/code', params: Token, body: JobCodeBody, data: JobCodeData, auth: false }),
  jobApply: ep({ method: 'POST', path: '/job/:token/apply', params: Token, body: ApplyBody, data: z.object({ applied: z.literal(true) }), auth: false }),
} as const satisfies Record<string, Endpoint>;

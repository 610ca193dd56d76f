import { z } from 'zod';
import { INT_MAX, MOBILE_RE, freeText, text } from './common';

/** Resume view (SPEC §3); built by the recruitment issue. */
export const ResumeView = z.object({
  user: z.object({
    avatar: z.string(),
    gender: z.string(),
    realname: z.string(),
    verify_status: z.number().int(),
    mobile: z.string(),
    age: z.number().int(),
    work_exp: z.string(),
    education: z.string(),
    nation: z.string(),
    current_addr: z.string(),
    jnplace: z.string(),
    labels: z.array(z.string()),
    resign_cause: z.array(z.string()),
    work_time: z.string(),
    evaluation: z.string(),
  }),
  user_invite_exists: z.boolean(),
  invited_type: z.string(),
  job_id: z.number().int(),
  /** the application (投递) to invite for with type intention; 0 when the candidate has none open */
  apply_id: z.number().int(),
  /** the caller's company may open the contact details (a member); `user.mobile` is always masked */
  contact_visible: z.boolean(),
  /** the company already opened them (查看联系方式 is free from now on) */
  contact_unlocked: z.boolean(),
  /** CRC the first opening costs (SPEC §3 check_info) */
  contact_cost: z.number().int(),
  work_exp_list: z.array(
    z.object({
      company_id: z.number().int(),
      company_name: z.string(),
      job_name: z.string(),
      resign_id: z.number().int(),
      resign_type: z.enum(['in', 'other']),
      start_time: z.string(),
      end_time: z.string(),
      work_year: z.string(),
      no8_pic: z.string(),
    }),
  ),
  edu_list: z.array(
    z.object({
      school_name: z.string(),
      major: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      education_text: z.string(),
    }),
  ),
});

export const InviteType = z.enum(['user', 'intention']);
export const InviteQuery = z.strictObject({ type: InviteType });
export const InviteInfo = z.object({
  realname: z.string(),
  company_name: z.string(),
  job_name: z.string(),
  address: z.string(),
  hr_mobile: z.string(),
  hr_realname: z.string(),
  job_lst: z.array(z.object({ id: z.number().int(), job_name: z.string() })),
});
/** The five checks of SPEC §5 in order: the first failing field and its message (text trimmed). */
const INVITE_CHECKS = [
  ['job_id', '请选择面试职位'],
  ['pick_time', '请选择面试时间'],
  ['address', '请填写面试地点'],
  ['contacts_name', '请填写联系人姓名'],
  ['contacts_tel', '请填写联系方式'],
] as const;

/**
 * Invitation form (SPEC §3). Missing text fields parse as empty so that the server reports the
 * first failure in the SPEC's order (§5), as the console does, not in zod's order.
 */
export const InviteBody = z
  .strictObject({
    type: InviteType,
    job_id: z.coerce.number().int().min(0).max(INT_MAX).optional(),
    pick_time: text(19).default(''),
    address: text(100).default(''),
    contacts_name: text(30).default(''),
    contacts_tel: text(20).default(''),
    remark: freeText(200).optional().default(''),
  })
  .superRefine((b, ctx) => {
    for (const [field, message] of INVITE_CHECKS) {
      const missing = field === 'job_id' ? b.type === 'user' && !b.job_id : !b[field];
      if (missing) {
        ctx.addIssue({ code: 'custom', message, path: [field] });
        return;
      }
    }
  });
export const InviteTelRe = new RegExp(`${MOBILE_RE.source}|^0\\d{2,3}-?\\d{7,8}(?:-\\d{1,6})?$|^[48]00-?\\d{3}-?\\d{4}$`);

/**
 * Personal information (issue 9 items 6 and 11; docs/pii.md): opening a candidate's contact
 * details (查看联系方式, charged check_info CRC once per company and candidate) and the company's
 * audit trail of full views.
 */
import { z } from 'zod';
import { DateTimeText, IdParam } from './common';
import { ep, type Endpoint } from './endpoint';
import { MSG_PII_REASON, MSG_PII_REASON_LONG, PII_REASON_MAX, PII_REASON_MIN, piiReasonProblem } from './pii-purpose';

export * from './pii-purpose';

/**
 * 查看原因 of a full view or an export with whole numbers (pii-purpose.ts holds the rule and the
 * purposes): required, 2–50 characters, no control characters; refused with a Chinese message.
 */
export const PiiReason = z
  .string({ error: MSG_PII_REASON })
  .trim()
  .min(PII_REASON_MIN, MSG_PII_REASON)
  .max(PII_REASON_MAX, MSG_PII_REASON_LONG)
  .superRefine((s, ctx) => {
    const problem = piiReasonProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ContactRevealData = z.object({
  /** the candidate's full mobile (this view is audited) */
  mobile: z.string(),
  /** CRC spent by this call: check_info the first time, 0 afterwards */
  charged: z.number().int(),
  /** the company's CRC balance after the call */
  crc_balance: z.number().int(),
});

export const PiiViewsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export const PiiViewRow = z.object({
  id: z.number().int(),
  /** who looked: the colleague's name (or masked mobile) */
  viewer: z.string(),
  /** whose value: the person's name ('' when the view was of a whole file, e.g. an import batch) */
  subject_name: z.string(),
  /** the value as lists show it (masked, never whole); '' for rows older than migration 038 */
  subject_mask: z.string(),
  /** which record it was seen in, e.g. 离职记录 · 离职日期 2026-03-01, 季度收入报送 2026Q3 导出 */
  record: z.string(),
  subject_type: z.string(),
  field: z.enum(['mobile', 'id_card', 'bank_card']),
  /** the stated purpose, or the action that needed the whole value (预览/打印离职证明) */
  reason: z.string(),
  viewed_at: DateTimeText,
});
export const PiiViewsData = z.object({
  list: z.array(PiiViewRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const privacyEndpoints = {
  contactReveal: ep({ method: 'POST', path: '/talent/contact/:id', params: IdParam, data: ContactRevealData, auth: true, perm: 'recruit' }),
  piiViews: ep({ method: 'GET', path: '/usercenter/pii_views', query: PiiViewsQuery, data: PiiViewsData, auth: true, perm: 'admin' }),
} as const satisfies Record<string, Endpoint>;

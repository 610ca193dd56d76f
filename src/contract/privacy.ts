/**
 * Personal information (issue 9 items 6 and 11; docs/pii.md): opening a candidate's contact
 * details (查看联系方式, charged check_info CRC once per company and candidate) and the company's
 * audit trail of full views.
 */
import { z } from 'zod';
import { DateTimeText, IdParam } from './common';
import { ep, type Endpoint } from './endpoint';

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
  /** whose value: e.g. 候选人 王** */
  subject: z.string(),
  subject_type: z.string(),
  field: z.enum(['mobile', 'id_card', 'bank_card']),
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

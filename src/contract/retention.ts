/**
 * Retention (保存期限, issue 25 item 6; docs/pii.md "Retention"): the company's choice for
 * departure records past their 2 years (劳动合同法 art. 50) and the company's purge history.
 * Administrators only.
 */
import { z } from 'zod';
import { DateTimeText } from './common';
import { ep, type Endpoint } from './endpoint';

/** anonymise: name, ID number and mobile go, the facts stay; purge: the record and its proofs are deleted. */
export const DEPARTURE_ACTIONS = ['anonymise', 'purge'] as const;
export type DepartureAction = (typeof DEPARTURE_ACTIONS)[number];
/** Departure records are kept at least this long after the leave date (劳动合同法 art. 50). */
export const DEPARTURE_KEEP_YEARS = 2;

const MSG_ACTION = '请选择离职记录到期后的处理方式：匿名化或删除';
export const DepartureActionField = z.enum(DEPARTURE_ACTIONS, { error: MSG_ACTION });

export const RetentionSaveBody = z.strictObject({ departure_action: DepartureActionField });

/** What a purge did: counts only. kind: see RETENTION_KINDS on the server (domain/accounts/retention-*.ts). */
export const RetentionRun = z.object({
  kind: z.string(),
  action: z.enum(['delete', 'anonymise', 'clear']),
  rows: z.number().int(),
  ran_at: DateTimeText,
});
export type RetentionRun = z.infer<typeof RetentionRun>;

export const RetentionData = z.object({
  departure_action: z.enum(DEPARTURE_ACTIONS),
  departure_years: z.number().int(),
  /** who last changed the setting and when; null/'' while it is the default */
  updated_at: DateTimeText.nullable(),
  updated_by: z.string(),
  /** the company's latest purges, newest first */
  runs: z.array(RetentionRun),
});
export type RetentionData = z.infer<typeof RetentionData>;

export const retentionEndpoints = {
  retention: ep({ method: 'GET', path: '/usercenter/retention', data: RetentionData, auth: true, perm: 'admin' }),
  retentionSave: ep({ method: 'POST', path: '/usercenter/retention', body: RetentionSaveBody, data: RetentionData, auth: true, perm: 'admin' }),
} as const satisfies Record<string, Endpoint>;

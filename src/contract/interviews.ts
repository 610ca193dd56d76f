/**
 * The interview after the invitation (issue 32 item 1): HR's moves of one interview (the
 * candidate's answer, 改期, 取消, 签到, 未到场, 面试反馈), the company's scorecard, and the
 * candidate's own page reached from the SMS link (/m/interview/{token}). Which move is allowed
 * in which state is the server's (domain/recruitment/interview-machine.ts); each list row says
 * which of them it offers (`actions`).
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { DateTimeText, IdParam, freeText, text } from './common';

/** The states an interview is in; `reviewed` is 到场 with 面试反馈 given. */
export const INTERVIEW_STATES = ['pending', 'accepted', 'declined', 'canceled', 'done', 'no_show', 'reviewed'] as const;
export type InterviewState = (typeof INTERVIEW_STATES)[number];
/** The moves: the candidate's answer (confirm / decline), 改期, 取消, 签到, 未到场, 面试反馈. */
export const INTERVIEW_ACTIONS = ['confirm', 'decline', 'reschedule', 'cancel', 'check_in', 'no_show', 'feedback'] as const;
export type InterviewAction = (typeof INTERVIEW_ACTIONS)[number];
export const VERDICTS = ['pass', 'hold', 'fail'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** The scorecard's criteria when the company has not set its own. */
export const DEFAULT_CRITERIA = ['专业能力', '沟通表达', '岗位匹配'] as const;
export const MAX_CRITERIA = 8;

const Reason = (what: string) => text(100).min(1, `请填写${what}原因`).max(100, `${what}原因不能超过100个字`);

export const AnswerBody = z.strictObject({ answer: z.enum(['confirm', 'decline'], { error: '请选择确认或拒绝' }) });
export const RescheduleBody = z.strictObject({
  pick_time: text(19).min(1, '请选择新的面试时间'),
  reason: Reason('改期'),
});
export const CancelBody = z.strictObject({ reason: Reason('取消') });
/** `scores`: one rating 1–5 per criterion, comma separated in the scorecard's order (`5,4,3`). */
export const FeedbackBody = z.strictObject({
  verdict: z.enum(VERDICTS, { error: '请选择面试结论' }),
  scores: text(40).regex(/^[1-5](,[1-5]){0,7}$/, '请为每个评分项打分（1-5分）'),
  notes: freeText(500).max(500, '面试评价不能超过500字').optional().default(''),
});

export const InterviewMoved = z.object({ id: z.number().int(), state: z.enum(INTERVIEW_STATES), actions: z.array(z.enum(INTERVIEW_ACTIONS)) });

export const CriteriaData = z.object({ criteria: z.array(z.string()), custom: z.boolean() });
/** The scorecard's criteria, one a line or comma separated; empty restores the defaults. */
export const CriteriaBody = z.strictObject({
  criteria: freeText(200)
    .default('')
    .transform((s) => [
      ...new Set(
        s
          .split(/[\n,，]/)
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((a) => a.every((x) => x.length <= 10), '每个评分项不能超过10个字')
    .refine((a) => a.length <= MAX_CRITERIA, `评分项最多${MAX_CRITERIA}个`),
});

const Token = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '链接无效') });
/** What the candidate's page shows: the invitation as it stands (the contact number masked when a mobile). */
export const InterviewLinkData = z.object({
  state: z.enum(INTERVIEW_STATES),
  company_name: z.string(),
  job_name: z.string(),
  /** 王先生 / 王女士 */
  realname: z.string(),
  pick_time: DateTimeText,
  address: z.string(),
  contacts_name: z.string(),
  contacts_tel: z.string(),
  remark: z.string(),
  /** the reason of a 改期 or 取消 */
  reason: z.string(),
  /** what the candidate may answer now */
  answers: z.array(z.enum(['confirm', 'decline'])),
});
export type InterviewLinkData = z.infer<typeof InterviewLinkData>;

export const interviewEndpoints = {
  interviewAnswer: ep({ method: 'POST', path: '/interview/:id/answer', params: IdParam, body: AnswerBody, data: InterviewMoved, auth: true, perm: 'recruit' }),
  interviewReschedule: ep({
    method: 'POST',
    path: '/interview/:id/reschedule',
    params: IdParam,
    body: RescheduleBody,
    data: InterviewMoved,
    auth: true,
    perm: 'recruit',
  }),
  interviewCancel: ep({ method: 'POST', path: '/interview/:id/cancel', params: IdParam, body: CancelBody, data: InterviewMoved, auth: true, perm: 'recruit' }),
  interviewCheckIn: ep({ method: 'POST', path: '/interview/:id/check-in', params: IdParam, data: InterviewMoved, auth: true, perm: 'recruit' }),
  interviewNoShow: ep({ method: 'POST', path: '/interview/:id/no-show', params: IdParam, data: InterviewMoved, auth: true, perm: 'recruit' }),
  interviewFeedback: ep({
    method: 'POST',
    path: '/interview/:id/feedback',
    params: IdParam,
    body: FeedbackBody,
    data: InterviewMoved,
    auth: true,
    perm: 'recruit',
  }),
  interviewCriteria: ep({ method: 'GET', path: '/interview/criteria', data: CriteriaData, auth: true, perm: 'recruit' }),
  interviewCriteriaSave: ep({ method: 'POST', path: '/interview/criteria', body: CriteriaBody, data: CriteriaData, auth: true, perm: 'recruit' }),
  /** the candidate's page (the SMS link): public, within the per-address limit of public endpoints */
  interviewLink: ep({ method: 'GET', path: '/interview/link/:token', params: Token, data: InterviewLinkData, auth: false }),
  interviewLinkAnswer: ep({ method: 'POST', path: '/interview/link/:token/answer', params: Token, body: AnswerBody, data: InterviewLinkData, auth: false }),
} as const satisfies Record<string, Endpoint>;

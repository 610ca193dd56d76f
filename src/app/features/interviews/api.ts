import { call, callWithMsg } from '../../shared/lib/http';
import type { PageAt } from '../../shared/ui/Pager';

/** 邀请面试 of a position: a page by number, or the next / previous one by the shown page's cursor (issue 34). */
export const listInterviews = (positionId: number, at: PageAt) => call('positionInvited', { params: { id: positionId }, query: { ...at, page_size: 10 } });
export const answer = (id: number, a: 'confirm' | 'decline') => callWithMsg('interviewAnswer', { params: { id }, body: { answer: a } });
export const reschedule = (id: number, pickTime: string, reason: string) =>
  callWithMsg('interviewReschedule', { params: { id }, body: { pick_time: pickTime, reason } }, { loading: true });
export const cancel = (id: number, reason: string) => callWithMsg('interviewCancel', { params: { id }, body: { reason } }, { loading: true });
export const checkIn = (id: number) => callWithMsg('interviewCheckIn', { params: { id } });
export const noShow = (id: number) => callWithMsg('interviewNoShow', { params: { id } });
export const feedback = (id: number, verdict: 'pass' | 'hold' | 'fail', scores: number[], notes: string) =>
  callWithMsg('interviewFeedback', { params: { id }, body: { verdict, scores: scores.join(','), notes } }, { loading: true });
export const loadCriteria = () => call('interviewCriteria');
export const saveCriteria = (criteria: string) => callWithMsg('interviewCriteriaSave', { body: { criteria } }, { loading: true });
export const hire = (applicationId: number) => callWithMsg('applyHire', { params: { id: applicationId } });

// the candidate's page (/m/interview/:token): public, the token is the key
export const linkView = (token: string) => call('interviewLink', { params: { token } }, { hideMessage: true });
export const linkAnswer = (token: string, a: 'confirm' | 'decline') =>
  callWithMsg('interviewLinkAnswer', { params: { token }, body: { answer: a } }, { loading: true });

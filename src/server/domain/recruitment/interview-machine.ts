/**
 * The interview's state machine (issue 32 item 1), one table: which move takes which state where.
 * Everything else — the HTTP moves (interview-moves.ts), the candidate's link, the list's
 * `actions`, the server test that walks every forbidden pair — reads this table, so a new state or
 * move is covered by all of them. A pair not in the table is refused with `refusalText`.
 *
 *   待确认 ─确认→ 已确认 ─签到→ 已到场 ─面试反馈→ 已反馈
 *     │  └拒绝→ 已拒绝 ←拒绝┘ │         (通过 → the application may be 录用; 不通过 → 不合适)
 *     ├改期→ 待确认 (from 待确认/已确认/已拒绝: a new time, a new SMS)
 *     ├取消→ 已取消 (from 待确认/已确认)
 *     └未到场→ 未到场 (from 待确认/已确认, once the time has passed)
 */
import type { InterviewAction, InterviewState } from '../../../contract/interviews';

export const STATE_LABEL: Record<InterviewState, string> = {
  pending: '待确认',
  accepted: '已确认',
  declined: '已拒绝',
  canceled: '已取消',
  done: '已到场',
  no_show: '未到场',
  reviewed: '已反馈',
};
export const ACTION_LABEL: Record<InterviewAction, string> = {
  confirm: '确认参加',
  decline: '拒绝',
  reschedule: '改期',
  cancel: '取消',
  check_in: '签到',
  no_show: '标记未到场',
  feedback: '填写面试反馈',
};

/** from → move → to; a missing entry is a forbidden move. */
export const MACHINE: Record<InterviewState, Partial<Record<InterviewAction, InterviewState>>> = {
  pending: { confirm: 'accepted', decline: 'declined', reschedule: 'pending', cancel: 'canceled', check_in: 'done', no_show: 'no_show' },
  accepted: { decline: 'declined', reschedule: 'pending', cancel: 'canceled', check_in: 'done', no_show: 'no_show' },
  declined: { reschedule: 'pending' },
  canceled: {},
  done: { feedback: 'reviewed' },
  no_show: {},
  reviewed: {},
};

/** The candidate answers on their link only these; HR records the same answers and makes every other move. */
export const CANDIDATE_MOVES: readonly InterviewAction[] = ['confirm', 'decline'];

/** The stored row's state: 'done' with a verdict is 已反馈 (migration 062). */
export const stateOf = (r: { status: string; verdict: string | null }): InterviewState =>
  r.status === 'done' && r.verdict ? 'reviewed' : (r.status as InterviewState);

/** The stored status a state is written as. */
export const statusOf = (s: InterviewState): string => (s === 'reviewed' ? 'done' : s);

export const nextState = (from: InterviewState, action: InterviewAction): InterviewState | null => MACHINE[from][action] ?? null;

export const allowedMoves = (from: InterviewState): InterviewAction[] => Object.keys(MACHINE[from]) as InterviewAction[];

/** Why `action` is refused in state `from`: the common cases said plainly, the rest from the labels. */
export function refusalText(from: InterviewState, action: InterviewAction): string {
  if (from === 'canceled') return action === 'confirm' || action === 'decline' ? '面试已取消，无需回复' : `面试已取消，不能${ACTION_LABEL[action]}`;
  if (action === 'feedback') {
    if (from === 'reviewed') return '已填写面试反馈，不能重复提交';
    return '候选人到场签到后才能填写面试反馈';
  }
  if (from === 'done' || from === 'reviewed') return `候选人已到场，不能${ACTION_LABEL[action]}`;
  if (from === 'no_show') return `候选人未到场，面试已结束，不能${ACTION_LABEL[action]}`;
  if (from === 'declined') return action === 'decline' ? '候选人已拒绝该面试' : `候选人已拒绝该面试，不能${ACTION_LABEL[action]}；如需再约请改期`;
  if (from === 'accepted' && action === 'confirm') return '候选人已确认参加该面试';
  return `${STATE_LABEL[from]}的面试不能${ACTION_LABEL[action]}`;
}

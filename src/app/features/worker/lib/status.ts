/** The worker's pages' status words: the contract's vocabularies (contract/employment-rules), one colour each. */
import { SIGN_STATUS, WORK_STATUS, type SignStatus, type WorkStatus } from '../../../../contract/employment-rules';

type Color = 'success' | 'warning' | 'danger' | 'informative' | 'brand';

/** A code's label in a vocabulary; an unknown code shows as it is. */
export const statusLabel = (list: readonly { code: string; label: string }[], code: string) => list.find((x) => x.code === code)?.label ?? code;

// the console's colours for the same statuses (domain.md §0.2)
const SIGN_COLOR: Record<SignStatus, Color> = { pending: 'warning', signed: 'success', refused: 'danger', expired: 'informative' };
const WORK_COLOR: Record<WorkStatus, Color> = {
  applied: 'warning',
  hired: 'brand',
  working: 'brand',
  delivered: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

export interface StatusBadgeSpec {
  kind: 'sign' | 'work';
  label: string;
  color: Color;
}

/** The badges of one of the worker's tasks (我的任务): 签约状态 (only when the task asks for a signature), 任务状态. */
export function taskBadges(t: { sign_status: SignStatus; work_status: WorkStatus; need_sign?: boolean }): StatusBadgeSpec[] {
  const work: StatusBadgeSpec = { kind: 'work', label: statusLabel(WORK_STATUS, t.work_status), color: WORK_COLOR[t.work_status] ?? 'informative' };
  if (t.need_sign === false) return [work];
  return [{ kind: 'sign', label: statusLabel(SIGN_STATUS, t.sign_status), color: SIGN_COLOR[t.sign_status] ?? 'informative' }, work];
}

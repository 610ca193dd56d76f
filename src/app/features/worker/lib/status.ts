/** The worker's pages' status words: the contract's vocabularies (contract/employment-rules), coloured as the console colours them (shared/ui/status-colors). */
import { SIGN_STATUS, WORK_STATUS, type SignStatus, type WorkStatus } from '../../../../contract/employment-rules';
import { SIGN_COLORS, statusColor, WORK_COLORS, type StatusColor } from '../../../shared/ui/status-colors';

/** A code's label in a vocabulary; an unknown code shows as it is. */
export const statusLabel = (list: readonly { code: string; label: string }[], code: string) => list.find((x) => x.code === code)?.label ?? code;

export interface StatusBadgeSpec {
  kind: 'sign' | 'work';
  label: string;
  color: StatusColor;
}

/** The badges of one of the worker's tasks (我的任务): 签约状态 (only when the task asks for a signature), 任务状态. */
export function taskBadges(t: { sign_status: SignStatus; work_status: WorkStatus; need_sign?: boolean }): StatusBadgeSpec[] {
  const work: StatusBadgeSpec = { kind: 'work', label: statusLabel(WORK_STATUS, t.work_status), color: statusColor(WORK_COLORS, t.work_status) };
  if (t.need_sign === false) return [work];
  return [{ kind: 'sign', label: statusLabel(SIGN_STATUS, t.sign_status), color: statusColor(SIGN_COLORS, t.sign_status) }, work];
}

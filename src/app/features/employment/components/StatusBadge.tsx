import { Badge } from '@fluentui/react-components';
import { SIGN_STATUS, TASK_STATUS, WORK_STATUS } from '../../../../contract/employment-rules';
import { SIGN_COLORS, statusColor, TASK_COLORS, WORK_COLORS } from '../../../shared/ui/status-colors';

const LABELS: Record<string, Record<string, string>> = {
  task: Object.fromEntries(TASK_STATUS.map((s) => [s.code, s.label])),
  sign: Object.fromEntries(SIGN_STATUS.map((s) => [s.code, s.label])),
  work: Object.fromEntries(WORK_STATUS.map((s) => [s.code, s.label])),
};

export function StatusBadge({ kind, status }: { kind: 'task' | 'sign' | 'work'; status: string }) {
  return (
    <Badge appearance="tint" color={statusColor(kind === 'task' ? TASK_COLORS : kind === 'sign' ? SIGN_COLORS : WORK_COLORS, status)} data-status={status}>
      {LABELS[kind]![status] ?? status}
    </Badge>
  );
}

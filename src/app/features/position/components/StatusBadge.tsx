import { Badge } from '@fluentui/react-components';
import { APPLY_STATUS, INTERVIEW_STATUS, POSITION_STATUS } from '../../../../contract/vocab';
import { APPLY_COLORS, INTERVIEW_COLORS, POSITION_COLORS, statusColor } from '../../../shared/ui/status-colors';

const LABELS: Record<string, Record<string, string>> = {
  position: Object.fromEntries(POSITION_STATUS.map((s) => [s.code, s.label])),
  apply: Object.fromEntries(APPLY_STATUS.map((s) => [s.code, s.label])),
  interview: Object.fromEntries(INTERVIEW_STATUS.map((s) => [s.code, s.label])),
};

export function StatusBadge({ kind, status }: { kind: 'position' | 'apply' | 'interview'; status: string }) {
  return (
    <Badge
      appearance="tint"
      color={statusColor(kind === 'position' ? POSITION_COLORS : kind === 'apply' ? APPLY_COLORS : INTERVIEW_COLORS, status)}
      data-status={status}
    >
      {LABELS[kind]![status] ?? status}
    </Badge>
  );
}

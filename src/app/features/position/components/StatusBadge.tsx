import { Badge } from '@fluentui/react-components';
import { APPLY_STATUS, INTERVIEW_STATUS, POSITION_STATUS } from '../../../../contract/vocab';

type Color = 'success' | 'warning' | 'danger' | 'informative' | 'brand';
// domain.md §0.2 colour conventions
const COLORS: Record<string, Color> = {
  open: 'success',
  review: 'brand',
  rejected: 'danger',
  closed: 'informative',
  pending: 'warning',
  viewed: 'brand',
  invited: 'brand',
  unsuitable: 'informative',
  hired: 'success',
  accepted: 'success',
  declined: 'danger',
  canceled: 'informative',
  done: 'success',
};
const LABELS: Record<string, Record<string, string>> = {
  position: Object.fromEntries(POSITION_STATUS.map((s) => [s.code, s.label])),
  apply: Object.fromEntries(APPLY_STATUS.map((s) => [s.code, s.label])),
  interview: Object.fromEntries(INTERVIEW_STATUS.map((s) => [s.code, s.label])),
};

export function StatusBadge({ kind, status }: { kind: 'position' | 'apply' | 'interview'; status: string }) {
  return (
    <Badge appearance="tint" color={COLORS[status] ?? 'informative'} data-status={status}>
      {LABELS[kind]![status] ?? status}
    </Badge>
  );
}

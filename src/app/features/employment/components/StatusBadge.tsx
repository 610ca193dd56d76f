import { Badge } from '@fluentui/react-components';
import { SIGN_STATUS, TASK_STATUS, WORK_STATUS } from '../../../../contract/employment-rules';

type Color = 'success' | 'warning' | 'danger' | 'informative' | 'brand';
// domain.md §0.2 colour conventions
const COLORS: Record<string, Record<string, Color>> = {
  task: { draft: 'informative', review: 'warning', rejected: 'danger', recruiting: 'brand', ongoing: 'brand', ended: 'success', canceled: 'informative' },
  sign: { pending: 'warning', signed: 'success', refused: 'danger', expired: 'informative' },
  work: { applied: 'warning', hired: 'brand', working: 'brand', delivered: 'warning', accepted: 'success', rejected: 'danger' },
};
const LABELS: Record<string, Record<string, string>> = {
  task: Object.fromEntries(TASK_STATUS.map((s) => [s.code, s.label])),
  sign: Object.fromEntries(SIGN_STATUS.map((s) => [s.code, s.label])),
  work: Object.fromEntries(WORK_STATUS.map((s) => [s.code, s.label])),
};

export function StatusBadge({ kind, status }: { kind: 'task' | 'sign' | 'work'; status: string }) {
  return (
    <Badge appearance="tint" color={COLORS[kind]![status] ?? 'informative'} data-status={status}>
      {LABELS[kind]![status] ?? status}
    </Badge>
  );
}

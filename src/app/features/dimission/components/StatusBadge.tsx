import { Badge } from '@fluentui/react-components';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';

type Color = 'success' | 'warning' | 'danger' | 'informative' | 'brand';
// domain.md §0.2 colour conventions
const COLORS: Record<string, Color> = {
  pending: 'warning',
  approved: 'brand',
  rejected: 'danger',
  withdrawn: 'informative',
  left: 'success',
  draft: 'warning',
  issued: 'brand',
  viewed: 'success',
  void: 'informative',
};

export function StatusBadge({ kind, status }: { kind: 'request' | 'proof'; status: string }) {
  const labels: Record<string, string> = kind === 'request' ? tDim.requestStatus : tDim.proofStatus;
  return (
    <Badge appearance="tint" color={COLORS[status] ?? 'informative'} data-status={status} data-testid={`${kind}-status`}>
      {labels[status] ?? status}
    </Badge>
  );
}

import { Badge } from '@fluentui/react-components';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { statusColor } from '../../../shared/ui/status-colors';

export function StatusBadge({ kind, status }: { kind: 'request' | 'proof'; status: string }) {
  const labels: Record<string, string> = kind === 'request' ? tDim.requestStatus : tDim.proofStatus;
  return (
    <Badge
      appearance="tint"
      color={statusColor(kind === 'request' ? 'dimissionRequest' : 'dimissionProof', status)}
      data-status={status}
      data-testid={`${kind}-status`}
    >
      {labels[status] ?? status}
    </Badge>
  );
}

import { Badge } from '@fluentui/react-components';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { DIMISSION_PROOF_COLORS, DIMISSION_REQUEST_COLORS } from '../lib/status-colors';

export function StatusBadge({ kind, status }: { kind: 'request' | 'proof'; status: string }) {
  const labels: Record<string, string> = kind === 'request' ? tDim.requestStatus : tDim.proofStatus;
  return (
    <Badge
      appearance="tint"
      color={(kind === 'request' ? DIMISSION_REQUEST_COLORS : DIMISSION_PROOF_COLORS)[status] ?? 'informative'}
      data-status={status}
      data-testid={`${kind}-status`}
    >
      {labels[status] ?? status}
    </Badge>
  );
}

import { Badge } from '@fluentui/react-components';
import { BATCH_STATUS, ROW_STATUS } from '../../../../contract/payouts-rules';

export function PayBadge({ kind, status }: { kind: 'batch' | 'row'; status: string }) {
  const s = (kind === 'batch' ? BATCH_STATUS : ROW_STATUS).find((x) => x.code === status);
  return (
    <Badge appearance="tint" color={s?.color ?? 'informative'} data-status={status}>
      {s?.label ?? status}
    </Badge>
  );
}

import { Badge } from '@fluentui/react-components';
import { TAX_STATUS_TEXT, type TaxStatus } from '../../../../contract/tax-rules';
import { statusColor, TAX_COLORS } from '../../../shared/ui/status-colors';

export function TaxBadge({ status }: { status: TaxStatus }) {
  return (
    <Badge appearance="tint" color={statusColor(TAX_COLORS, status)} data-status={status}>
      {TAX_STATUS_TEXT[status]}
    </Badge>
  );
}

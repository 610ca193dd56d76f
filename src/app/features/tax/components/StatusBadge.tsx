import { Badge } from '@fluentui/react-components';
import { TAX_STATUS_TEXT, type TaxStatus } from '../../../../contract/tax-rules';
import { statusColor } from '../../../shared/ui/status-colors';

export function TaxBadge({ status }: { status: TaxStatus }) {
  return (
    <Badge appearance="tint" color={statusColor('tax', status)} data-status={status}>
      {TAX_STATUS_TEXT[status]}
    </Badge>
  );
}

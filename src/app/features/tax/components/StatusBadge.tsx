import { Badge, type BadgeProps } from '@fluentui/react-components';
import { TAX_STATUS_TEXT, type TaxStatus } from '../../../../contract/tax-rules';

const COLOR: Record<TaxStatus, BadgeProps['color']> = {
  draft: 'informative',
  checking: 'warning',
  unpaid: 'warning',
  paying: 'brand',
  issuing: 'brand',
  issued: 'success',
  rejected: 'danger',
  withdrawn: 'subtle',
};

export function TaxBadge({ status }: { status: TaxStatus }) {
  return (
    <Badge appearance="tint" color={COLOR[status]} data-status={status}>
      {TAX_STATUS_TEXT[status]}
    </Badge>
  );
}

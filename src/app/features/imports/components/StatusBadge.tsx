import { Badge } from '@fluentui/react-components';
import type { ImportStatus } from '../../../../contract/imports';
import { tImport } from '../../../shared/i18n/zh-CN.imports';

const COLORS: Record<ImportStatus, 'success' | 'warning' | 'danger' | 'informative' | 'brand'> = {
  validating: 'brand',
  pending: 'warning',
  importing: 'brand',
  success: 'success',
  failed: 'danger',
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge appearance="tint" color={COLORS[status]} data-status={status} data-testid="import-status">
      {tImport.statuses[status]}
    </Badge>
  );
}

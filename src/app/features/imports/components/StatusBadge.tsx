import { Badge } from '@fluentui/react-components';
import type { ImportStatus } from '../../../../contract/imports';
import { tImport } from '../../../shared/i18n/zh-CN.imports';
import { IMPORT_COLORS, statusColor } from '../../../shared/ui/status-colors';

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge appearance="tint" color={statusColor(IMPORT_COLORS, status)} data-status={status} data-testid="import-status">
      {tImport.statuses[status]}
    </Badge>
  );
}

import { IMPORT_TYPE_PERMS, type ImportTypeName } from '../../contract/imports';
import { ImportWizard } from '../features/imports';
import { useCurrentRoute } from '../shared/hooks/current-route';
import { useLacks } from '../shared/session';
import { NoAccess } from '../shared/ui/Gated';

/** /bulkImport/:type — 批量导入 (dimission, workers, …); each type needs its own permission (issue 27). */
export default function BulkImportPage() {
  const { params } = useCurrentRoute();
  const lacks = useLacks();
  const perm = Object.hasOwn(IMPORT_TYPE_PERMS, params.type ?? '') ? IMPORT_TYPE_PERMS[params.type as ImportTypeName] : null;
  if (perm && lacks(perm)) return <NoAccess perm={perm} />;
  return <ImportWizard key={params.type} type={params.type ?? ''} />;
}

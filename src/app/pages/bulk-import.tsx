import { ImportWizard } from '../features/imports';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /bulkImport/:type — 批量导入 (dimission, workers, …). */
export default function BulkImportPage() {
  const { params } = useCurrentRoute();
  return <ImportWizard key={params.type} type={params.type ?? ''} />;
}

import { BulkApply } from '../features/tax';

/** /payTaxes/bulkImport — 批量申请. */
export default function TaxBulkPage() {
  return <BulkApply />;
}

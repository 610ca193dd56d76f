import { BatchList } from '../features/imports';

/** /import-batch — 导入批次. */
export default function ImportBatchPage() {
  return <BatchList />;
}

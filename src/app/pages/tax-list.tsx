import { ApplyList } from '../features/tax';

/** /payTaxes/list — 完税服务: the applications. */
export default function TaxListPage() {
  return <ApplyList />;
}

import { InvoiceDetail } from '../features/tax';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /payTaxes/detail/:id/:number — 发票详情 (number = the application number). */
export default function TaxDetailPage() {
  const { params } = useCurrentRoute();
  return <InvoiceDetail key={`${params.id}/${params.number}`} id={Number(params.id)} number={params.number ?? ''} />;
}

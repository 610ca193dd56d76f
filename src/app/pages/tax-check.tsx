import { CheckView } from '../features/tax';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /payTaxes/check/:id — 核对信息. */
export default function TaxCheckPage() {
  const { params } = useCurrentRoute();
  return <CheckView key={params.id} id={Number(params.id)} />;
}

import { TaxCheckPage } from '../features/tax';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /m/tax-check/:code? — 完税证明验真 (public: the QR on an issued proof, or a typed 验真码). */
export default function TaxProofCheck() {
  const { params } = useCurrentRoute();
  return <TaxCheckPage key={params.code ?? ''} code={params.code ?? ''} />;
}

import { ProofCheckPage } from '../features/dimission';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /m/proof-check/:code? — 离职证明验真 (public: the QR on an issued proof, or a typed 验真码). */
export default function ProofCheck() {
  const { params } = useCurrentRoute();
  return <ProofCheckPage key={params.code ?? ''} code={params.code ?? ''} />;
}

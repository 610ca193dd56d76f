import { ProofPrint } from '../features/dimission';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /dimission/print/:id — the A4 print view of a departure proof. */
export default function DimissionPrint() {
  const { params } = useCurrentRoute();
  return <ProofPrint key={params.id} id={Number(params.id)} />;
}

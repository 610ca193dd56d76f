import { ProofEmployeeView } from '../features/dimission';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /m/proof/:token — the employee's departure proof (public: the SMS link). */
export default function ProofView() {
  const { params } = useCurrentRoute();
  return <ProofEmployeeView key={params.token} token={params.token ?? ''} />;
}

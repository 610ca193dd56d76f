import { EvidencePage } from '../features/employment';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /employment/evidence/:id — 签署证据 of a task worker (id: the task worker). */
export default function EmploymentEvidencePage() {
  const { params } = useCurrentRoute();
  return <EvidencePage key={params.id} id={Number(params.id)} />;
}

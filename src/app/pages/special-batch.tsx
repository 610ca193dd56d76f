import { PayoutPage } from '../features/payouts';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /special/batch/:id/:name — 发放管理 of a task (id = the task, name = its name). */
export default function SpecialBatchPage() {
  const { params, subtitle } = useCurrentRoute();
  return <PayoutPage key={params.id} taskId={Number(params.id)} taskName={subtitle ?? params.name ?? ''} />;
}

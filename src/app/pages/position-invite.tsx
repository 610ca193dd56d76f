import { PositionPeople } from '../features/position';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /position/invite/:id/:title */
export default function PositionInvite() {
  const { params, subtitle } = useCurrentRoute();
  return <PositionPeople key={params.id} mode="invite" id={Number(params.id)} title={subtitle ?? ''} />;
}

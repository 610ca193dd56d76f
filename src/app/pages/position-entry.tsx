import { PositionPeople } from '../features/position';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /position/entry/:id/:title */
export default function PositionEntry() {
  const { params, subtitle } = useCurrentRoute();
  return <PositionPeople key={params.id} mode="entry" id={Number(params.id)} title={subtitle ?? ''} />;
}

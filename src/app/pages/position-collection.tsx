import { PositionPeople } from '../features/position';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /position/collection/:id/:title */
export default function PositionCollection() {
  const { params, subtitle } = useCurrentRoute();
  return <PositionPeople key={params.id} mode="collection" id={Number(params.id)} title={subtitle ?? ''} />;
}

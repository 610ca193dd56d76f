import { InterviewTable } from '../features/interviews';
import { PositionPeople } from '../features/position';
import { useCurrentRoute } from '../shared/hooks/current-route';
import { tRecruit } from '../shared/i18n/zh-CN.recruitment';

/** /position/invite/:id/:title — the position's interviews and what can be done with each (issue 32). */
export default function PositionInvite() {
  const { params, subtitle } = useCurrentRoute();
  const id = Number(params.id);
  return (
    <PositionPeople
      key={params.id}
      mode="invite"
      id={id}
      title={subtitle ?? ''}
      invited={<InterviewTable positionId={id} label={tRecruit.applies.subNav.invite} />}
    />
  );
}

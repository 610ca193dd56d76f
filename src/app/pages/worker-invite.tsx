import { InvitePage } from '../features/worker';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /m/flex/w/:token — the worker's task invitation (public: the link HR's SMS carries). */
export default function WorkerInvite() {
  const { params } = useCurrentRoute();
  return <InvitePage key={params.token} token={params.token ?? ''} />;
}

import { SignupPage } from '../features/worker';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /m/flex/t/:token — a task's public sign-up (public: the task's 公开报名 link). */
export default function WorkerSignup() {
  const { params } = useCurrentRoute();
  return <SignupPage key={params.token} token={params.token ?? ''} />;
}

import { JobPage } from '../features/apply';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /m/job/:token — a position's public page and its 投递简历 (public: the position's 分享 link). */
export default function Job() {
  const { params } = useCurrentRoute();
  return <JobPage key={params.token} token={params.token ?? ''} />;
}

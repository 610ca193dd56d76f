import { InterviewLinkPage } from '../features/interviews';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /m/interview/:token — the candidate's interview invitation (public: the link of the SMS). */
export default function InterviewLink() {
  const { params } = useCurrentRoute();
  return <InterviewLinkPage key={params.token} token={params.token ?? ''} />;
}

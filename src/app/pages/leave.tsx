import { LeaveForm } from '../features/dimission';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /m/leave/:token — 扫码离职 (public: the QR of 生成离职二维码). */
export default function Leave() {
  const { params } = useCurrentRoute();
  return <LeaveForm key={params.token} token={params.token ?? ''} />;
}

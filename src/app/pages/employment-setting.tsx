import { SettingForm } from '../features/employment';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /employment/setting/:id — 任务设置. */
export default function EmploymentSettingPage() {
  const { params } = useCurrentRoute();
  return <SettingForm key={params.id} id={Number(params.id)} />;
}

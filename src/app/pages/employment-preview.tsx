import { TaskPreview } from '../features/employment';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /employment/preview/:id — 任务预览 (phone frame). */
export default function EmploymentPreviewPage() {
  const { params } = useCurrentRoute();
  return <TaskPreview key={params.id} id={Number(params.id)} />;
}

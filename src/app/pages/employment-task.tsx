import { TaskManage } from '../features/employment';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /employment/task/:id/:name — 管理任务. */
export default function EmploymentTaskPage() {
  const { params } = useCurrentRoute();
  return <TaskManage key={params.id} id={Number(params.id)} />;
}

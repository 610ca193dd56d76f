import { TaskList } from '../features/employment';

/** /employment — 灵活用工: the company's tasks. */
export default function EmploymentPage() {
  return <TaskList />;
}

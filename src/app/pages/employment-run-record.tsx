import { LOG_ACTION_CODES, RunRecordPage, segCode, segInt } from '../features/payouts';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /employment/runRecord/:id/:reward_id/:status — 操作日志 (id = task, reward_id = batch, status = action filter; 0 = all). */
export default function EmploymentRunRecordPage() {
  const { params } = useCurrentRoute();
  return <RunRecordPage taskId={segInt(params.id)} batchId={segInt(params.reward_id)} action={segCode(params.status, LOG_ACTION_CODES)} />;
}

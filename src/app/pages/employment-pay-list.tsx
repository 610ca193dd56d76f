import { LEDGER_TYPE_CODES, PayListPage, segCode, segInt } from '../features/payouts';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /employment/pay-list/:id/:reward_id/:status — 费用记录 (id = task, reward_id = batch or 0 = whole account, status = ledger type filter). */
export default function EmploymentPayListPage() {
  const { params } = useCurrentRoute();
  return <PayListPage taskId={segInt(params.id)} batchId={segInt(params.reward_id)} type={segCode(params.status, LEDGER_TYPE_CODES)} />;
}

/** The 发放管理 feature's door (issue 13): the company account, payout batches of a task, the ledger, the operation log. */
export { PayoutPage } from './components/PayoutPage';
export { RunRecordPage } from './components/RunRecordPage';
export { PayListPage } from './components/PayListPage';
export { ReceiptPrint } from './components/ReceiptPrint';
export { LOG_ACTION_CODES, LEDGER_TYPE_CODES } from '../../../contract/payouts-rules';
export { segCode, segInt } from './lib/links';

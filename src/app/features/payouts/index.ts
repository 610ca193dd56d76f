/** The 发放管理 feature's door (issue 13): the company account, payout batches of a task, the ledger. */
export { PayoutPage } from './components/PayoutPage';

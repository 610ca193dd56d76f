import { call, callWithMsg, type QueryInput } from '../../shared/lib/http';
import { pokeMessages } from '../../shared/lib/messages-poke';
import type { PageAt } from '../../shared/ui/Pager';

export const loadAccount = () => call('payAccount');
export const topup = (amount: number) => callWithMsg('payTopup', { body: { amount: String(amount) } });
export const saveSettings = (v: {
  fee_rate_bp: number;
  tax_rate_bp: number;
  monthly_cap_fen: number;
  approval_threshold_fen: number;
  self_approval: boolean;
}) =>
  callWithMsg('paySettings', {
    body: {
      ...v,
      monthly_cap_fen: String(v.monthly_cap_fen),
      approval_threshold_fen: String(v.approval_threshold_fen),
      self_approval: v.self_approval ? '1' : '0',
    },
  });
export const loadSettingsChanges = (page: number) => call('paySettingsChanges', { query: { page, page_size: 10 } });
export const listBatches = (taskId: number, page = 1) => call('payBatches', { query: { task_id: taskId, page, page_size: 20 } });
export const createBatch = (taskId: number, retryOf?: number) =>
  callWithMsg('payBatchCreate', { body: { task_id: taskId, retry_of: retryOf } }, { loading: true });
/** A batch with one page of its rows (the first unless `at` names another; cursors as keyset lists, issue 34). */
export const loadBatch = (id: number, at: PageAt = { page: 1 }) => call('payBatch', { params: { id }, query: { ...at, page_size: BATCH_ROWS_PAGE } });
export const BATCH_ROWS_PAGE = 50;
/** 提交 and the first of two approvals write a message (消息中心): the bell asks at once */
export const batchAction = (id: number, action: 'submit' | 'close') =>
  callWithMsg('payBatchAction', { params: { id }, body: { action } }).finally(pokeMessages);
export const sendCode = (id: number) => callWithMsg('payBatchCode', { params: { id } });
/** no de-duplication window: the server's compare-and-set is what makes a repeat harmless */
export const confirmBatch = (id: number, code: string) =>
  callWithMsg('payBatchConfirm', { params: { id }, body: { code } }, { dedupeMs: 0 }).finally(pokeMessages);
export const batchLogs = (id: number) => call('payBatchLogs', { params: { id } });
export const loadLedger = (q: Pick<QueryInput<'payLedger'>, 'type' | 'page' | 'after' | 'before'>) => call('payLedger', { query: { ...q, page_size: 10 } });
export type DayRange = { from: string; to: string };
export const loadLedgerPage = (q: Pick<QueryInput<'payLedger'>, 'type' | 'batch_id' | 'page' | 'after' | 'before'> & DayRange) =>
  call('payLedger', { query: { ...q, page_size: 20 } });
export const exportLedger = (q: Pick<QueryInput<'payLedgerExport'>, 'type' | 'batch_id'> & DayRange) =>
  call('payLedgerExport', { query: q }, { loading: true });
export const loadLogs = (q: Pick<QueryInput<'payLogs'>, 'task_id' | 'batch_id' | 'action' | 'page' | 'after' | 'before'> & DayRange) =>
  call('payLogs', { query: { ...q, page_size: 20 } });
export const changeAmount = (id: number, rowId: number, amount: number) =>
  callWithMsg('payRowAmount', { params: { id, row_id: rowId }, body: { amount: String(amount) } });
export const topupWx = (amount: number) => callWithMsg('payTopupWx', { body: { amount: String(amount) } });
export const loadReceipt = (id: number, rowId: number) => call('payReceipt', { params: { id }, query: { row_id: rowId } });
export const exportQuarter = (year: number, quarter: number, reason: string) =>
  call('payQuarterExport', { query: { year, quarter, reason } }, { loading: true });

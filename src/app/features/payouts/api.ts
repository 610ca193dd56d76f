import { call, callWithMsg } from '../../shared/lib/http';

export const loadAccount = () => call('payAccount');
export const topup = (amount: number) => callWithMsg('payTopup', { body: { amount } });
export const saveRates = (body: { fee_rate_bp: number; tax_rate_bp: number; monthly_cap_fen: number }) => callWithMsg('paySettings', { body });
export const listBatches = (taskId: number, page = 1) => call('payBatches', { query: { task_id: taskId, page, page_size: 20 } });
export const createBatch = (taskId: number, retryOf?: number) => callWithMsg('payBatchCreate', { body: { task_id: taskId, retry_of: retryOf } }, { loading: true });
export const loadBatch = (id: number) => call('payBatch', { params: { id } });
export const batchAction = (id: number, action: 'submit' | 'close') => callWithMsg('payBatchAction', { params: { id }, body: { action } });
export const sendCode = (id: number) => callWithMsg('payBatchCode', { params: { id } });
/** no de-duplication window: the server's compare-and-set is what makes a repeat harmless */
export const confirmBatch = (id: number, code: string) => callWithMsg('payBatchConfirm', { params: { id }, body: { code } }, { dedupeMs: 0 });
export const batchLogs = (id: number) => call('payBatchLogs', { params: { id } });
export const loadLedger = (q: { type: string; page: number }) => call('payLedger', { query: { ...q, page_size: 10 } });
export type DayRange = { from: string; to: string };
export const loadLedgerPage = (q: { type: string; batch_id: number; page: number } & DayRange) => call('payLedger', { query: { ...q, page_size: 20 } });
export const exportLedger = (q: { type: string; batch_id: number } & DayRange) => call('payLedgerExport', { query: q }, { loading: true });
export const loadLogs = (q: { task_id: number; batch_id: number; action: string; page: number } & DayRange) => call('payLogs', { query: { ...q, page_size: 20 } });
export const changeAmount = (id: number, rowId: number, amount: number) => callWithMsg('payRowAmount', { params: { id, row_id: rowId }, body: { amount } });
export const topupWx = (amount: number) => callWithMsg('payTopupWx', { body: { amount } });
export const loadReceipt = (id: number, rowId: number) => call('payReceipt', { params: { id }, query: { row_id: rowId } });
export const exportQuarter = (year: number, quarter: number) => call('payQuarterExport', { query: { year, quarter } }, { loading: true });

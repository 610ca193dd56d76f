/**
 * The payouts pages' addresses. /employment/runRecord/{id}/{reward_id}/{status} and
 * /employment/pay-list/{id}/{reward_id}/{status}: id = the task (0 = none, e.g. an imported
 * list), reward_id = the batch (0 = every batch of the task / the whole account),
 * status = the page's filter ('all', an action code of the log, a ledger type of the records).
 */
import { oneOf } from '../../../../contract/vocab';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';

export const runRecordHref = (taskId: number, batchId: number, status = 'all') => `/employment/runRecord/${taskId}/${batchId}/${status}`;
export const payListHref = (taskId: number, batchId: number, status = 'all') => `/employment/pay-list/${taskId}/${batchId}/${status}`;
/** 电子回单: every paid row of the batch (row 0) or one row. */
export const receiptHref = (batchId: number, rowId: number) => `/special/receipt/${batchId}/${rowId}`;
export const batchPageHref = (taskId: number, name: string) => `/special/batch/${taskId}/${encodeURIComponent(name || tPay.untitled)}`;

/** A route segment as a non-negative integer (anything else → 0). */
export const segInt = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : 0);
/** A filter segment: one of `codes`, else 'all'. */
export const segCode = <T extends string>(v: string | undefined, codes: readonly T[]): T | 'all' => oneOf(codes, v) ?? 'all';

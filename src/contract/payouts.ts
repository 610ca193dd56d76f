/**
 * 发放管理 (issue 13, first slice): the company's 灵活用工账户 (balance, ledger, bank-transfer
 * top-ups), payout batches made from a task's accepted deliveries, 确认发放 with an SMS code
 * (exactly once), the payout channel's signed callback, the operation log. Money is integer fen.
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { DateTimeText, IdParam, isRealDay, KeysetPage, KeysetQuery } from './common';
import { PiiReason } from './privacy';
import { ExportTicket } from './exports';
import { BATCH_STATUS_CODES, LEDGER_TYPE_CODES, LOG_ACTION_CODES, ROW_STATUS_CODES, TOPUP_MAX_FEN } from './payouts-rules';

const noNul = (s: string) => !s.includes('\u0000');
const fenField = (what: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, `${what}须为整数分`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${what}须大于0`).max(max, `${what}超出上限`));
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(5).max(50).default(10);

export const PayoutSettings = z.object({
  fee_rate_bp: z.number().int(),
  tax_rate_bp: z.number().int(),
  monthly_cap_fen: z.number().int(),
  /** 双人审批额度 (issue 27): a batch debiting more than this needs two approvers; 0 = one for any amount */
  approval_threshold_fen: z.number().int(),
  /** 单人审批: a company of one person lets its submitter approve (effective only while it has one member) */
  self_approval: z.boolean(),
});
export const PayoutSettingsBody = z.strictObject({
  fee_rate_bp: z.coerce.number({ error: '服务费率须为整数（万分之）' }).int('服务费率须为整数（万分之）').min(0).max(3000, '服务费率不能超过30%'),
  tax_rate_bp: z.coerce.number({ error: '代扣税率须为整数（万分之）' }).int('代扣税率须为整数（万分之）').min(0).max(4500, '代扣税率不能超过45%'),
  monthly_cap_fen: fenField('每人每月上限', 100_000_000),
  approval_threshold_fen: z
    .string({ error: '请填写双人审批额度（不需要时填0）' })
    .trim()
    .regex(/^\d{1,12}$/, '双人审批额度须为整数分（不需要时填0）')
    .transform(Number)
    .pipe(z.number().int().max(TOPUP_MAX_FEN, '双人审批额度超出上限')),
  self_approval: z.enum(['0', '1'], { error: '请选择是否开启单人审批' }).transform((v) => v === '1'),
});
/** 发放设置变更记录: one change of the payout settings by the admin, before → after (append-only). */
export const SettingsChange = z.object({
  id: z.number().int(),
  operator: z.string(),
  before: PayoutSettings,
  after: PayoutSettings,
  created_at: DateTimeText,
});
export const SettingsChangesData = z.object({ list: z.array(SettingsChange), total: z.number().int() });

export const Topup = z.object({
  id: z.number().int(),
  order_no: z.string(),
  amount: z.number().int(),
  status: z.enum(['pending', 'confirmed']),
  method: z.enum(['bank', 'wechat']).default('bank'),
  created_at: DateTimeText,
  confirmed_at: z.string(),
});
export const AccountData = z.object({
  balance: z.number().int(),
  settings: PayoutSettings,
  /** where to transfer (the platform's collection account) */
  bank: z.object({ account_name: z.string(), bank_name: z.string(), account_no: z.string() }),
  topups: z.array(Topup),
});
export const WxTopupData = z.object({ id: z.number().int(), order_no: z.string(), amount: z.number().int(), code_url: z.string() });
export const TopupBody = z.strictObject({ amount: fenField('充值金额', TOPUP_MAX_FEN) });

export const BatchStatus = z.enum(BATCH_STATUS_CODES);
export const RowStatus = z.enum(ROW_STATUS_CODES);
export const BatchItem = z.object({
  id: z.number().int(),
  batch_no: z.string(),
  task_id: z.number().int().nullable(),
  task_name: z.string(),
  /** task: made from a task's accepted deliveries; import: from an imported 发放名单 */
  source: z.enum(['task', 'import']),
  /** 失败重发: the original batch's number, '' otherwise */
  parent_no: z.string(),
  status: BatchStatus,
  head_count: z.number().int(),
  gross: z.number().int(),
  fee: z.number().int(),
  tax: z.number().int(),
  net: z.number().int(),
  /** what confirming debits: 应发总额 + 服务费 */
  debit: z.number().int(),
  creator: z.string(),
  created_at: DateTimeText,
});
/**
 * 审批 (issue 27): the person who submitted a batch never approves it (unless the company is one
 * person and says so); a debit above the company's 双人审批额度 needs a first approver and then a
 * second, other one, who confirms.
 */
export const BatchApproval = z.object({
  /** who submitted it, '' while 待提交 */
  submitter: z.string(),
  /** the first approver of a two-approver batch, '' until then */
  first_approver: z.string(),
  /** how many approvers it needs: 1, or 2 above the threshold */
  needed: z.number().int(),
  /** why the caller may not approve it now (the server's refusal), '' when they may */
  blocked: z.string(),
});
export const BatchRow = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  cert_no: z.string(),
  /** the payee account, masked (the list's account for an imported row, else the worker's card) */
  bank_card: z.string(),
  pay_method: z.enum(['bank', 'alipay']),
  bank_name: z.string(),
  remark: z.string(),
  amount: z.number().int(),
  tax: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  status: RowStatus,
  fail_reason: z.string(),
  finished_at: z.string(),
});
/** A page of a batch's rows (issue 34: a batch of 3,000 is no longer one answer), in row order. */
export const BatchRowsQuery = z.strictObject({
  page,
  page_size: z.coerce.number().int().min(5).max(100).default(50),
  ...KeysetQuery,
});
export const BatchDetail = BatchItem.extend({
  /** one page of the rows (BatchRowsQuery; the first page when the call names none) */
  rows: z.array(BatchRow),
  rows_page: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int(), ...KeysetPage }),
  /** the batch's rows by status (kept on the batch, migration 070), not counted from the page */
  row_counts: z.object({
    all: z.number().int(),
    pending: z.number().int(),
    paying: z.number().int(),
    success: z.number().int(),
    failed: z.number().int(),
    bounced: z.number().int(),
    cancelled: z.number().int(),
  }),
  balance: z.number().int(),
  fee_rate_bp: z.number().int(),
  tax_rate_bp: z.number().int(),
  confirmed_at: z.string(),
  approval: BatchApproval,
});
export const BatchListQuery = z.strictObject({ task_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0), page, page_size: pageSize });
export const BatchListData = z.object({ list: z.array(BatchItem), total: z.number().int() });
export const BatchCreateBody = z.strictObject({
  /** the task whose accepted deliveries are paid (0 only with retry_of of an imported list's batch) */
  task_id: z.coerce.number({ error: '请选择任务' }).int('请选择任务').min(0, '请选择任务').max(2_147_483_647).default(0),
  /** 失败重发: a 部分失败 batch whose failed and bounced rows the new batch pays again */
  retry_of: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export const RowParam = z.strictObject({ id: IdParam.shape.id, row_id: IdParam.shape.id });
/** 修改金额 of a row of a 待提交 batch (fen, digits only). */
export const RowAmountBody = z.strictObject({ amount: fenField('应发金额', 100_000_000) });
export const BatchActionBody = z.strictObject({ action: z.enum(['submit', 'close'], { error: '请选择操作' }) });
export const ConfirmBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '请输入6位短信验证码'),
});
/** first_approval: this confirm was the first of two approvals; nothing is paid until the second */
export const ConfirmData = z.object({ status: BatchStatus, duplicate: z.boolean(), first_approval: z.boolean() });
export const CodeData = z.object({ mobile: z.string(), retry_after: z.number().int() });

/** The payout channel's callback (sandbox channel → server), HMAC-signed. */
export const NotifyBody = z.strictObject({
  notify_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'notify_id 无效'),
  channel_no: z.string().regex(/^[A-Za-z0-9]{8,40}$/, 'channel_no 无效'),
  result: z.enum(['success', 'fail', 'bounce'], { error: 'result 无效' }),
  reason: z.string().max(100).refine(noNul, '包含非法字符').default(''),
  ts: z.string().regex(/^\d{10,13}$/, 'ts 无效'),
  sign: z.string().regex(/^[0-9a-f]{64}$/, '签名无效'),
});
/**
 * applied: this call changed the row; queued: accepted and applied by the server's `payout-result` job;
 * waiting: a 退汇 that came before its 发放成功, held and applied when the success arrives
 */
export const NotifyData = z.object({ applied: z.boolean(), queued: z.boolean().optional(), waiting: z.boolean().optional() });

/**
 * 来账: the payout channel's notification of a transfer into the platform account, HMAC-signed
 * over the fields in this order (server/domain/payouts/transfers.ts). `remark` carries the 充值单号.
 */
export const TransferNotifyBody = z.strictObject({
  notify_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'notify_id 无效'),
  transfer_no: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'transfer_no 无效'),
  amount: z.string().regex(/^[1-9]\d{0,11}$/, 'amount 无效'),
  payer_name: z.string().max(100).refine(noNul, '包含非法字符').default(''),
  payer_account: z.string().max(64).refine(noNul, '包含非法字符').default(''),
  remark: z.string().max(200).refine(noNul, '包含非法字符').default(''),
  ts: z.string().regex(/^\d{10,13}$/, 'ts 无效'),
  sign: z.string().regex(/^[0-9a-f]{64}$/, '签名无效'),
});
/** credited: the top-up it names is credited now; unmatched: kept for the operator, not credited; replay: seen before */
export const TransferNotifyData = z.object({ state: z.enum(['credited', 'unmatched', 'replay']) });

const optDate = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isRealDay(v), '日期格式应为YYYY-MM-DD')
  .default('');
const dateRange = {
  /** inclusive China days, '' = open */
  from: optDate,
  to: optDate,
};
const idOr0 = z.coerce.number().int().min(0).max(2_147_483_647).default(0);
/** 费用记录 filters (the ledger, newest first): type, batch, China-day range. */
export const LedgerFilter = z.strictObject({
  type: z.enum(['all', ...LEDGER_TYPE_CODES], { error: '类型无效' }).default('all'),
  batch_id: idOr0,
  ...dateRange,
});
export const LedgerQuery = LedgerFilter.extend({ page, page_size: pageSize, ...KeysetQuery });
export const LedgerItem = z.object({
  id: z.number().int(),
  created_at: DateTimeText,
  type: z.enum(LEDGER_TYPE_CODES),
  amount: z.number().int(),
  balance_after: z.number().int(),
  ref_no: z.string(),
  remark: z.string(),
});
export const LedgerData = z.object({ list: z.array(LedgerItem), total: z.number().int(), balance: z.number().int(), ...KeysetPage });
export const LogItem = z.object({
  id: z.number().int(),
  created_at: DateTimeText,
  action: z.string(),
  content: z.string(),
  operator: z.string(),
  ip: z.string(),
});
export const LogData = z.object({ list: z.array(LogItem) });
/** 操作日志 across batches: a task's (task_id) or one batch's (batch_id), filtered by action and days. */
export const LogQuery = z.strictObject({
  task_id: idOr0,
  batch_id: idOr0,
  action: z.enum(['all', ...LOG_ACTION_CODES], { error: '操作类型无效' }).default('all'),
  ...dateRange,
  page,
  page_size: pageSize,
  ...KeysetQuery,
});
export const LogPageItem = LogItem.extend({ batch_id: z.number().int(), batch_no: z.string() });
export const LogPageData = z.object({ list: z.array(LogPageItem), total: z.number().int(), ...KeysetPage });
export const PayExport = z.object({ filename: z.string(), content_base64: z.string() });

/** 电子回单 of a batch (every 发放成功 row) or of one row (row_id); only paid rows have one. */
export const ReceiptQuery = z.strictObject({ row_id: idOr0 });
export const ReceiptItem = z.object({
  receipt_no: z.string(),
  row_id: z.number().int(),
  name: z.string(),
  cert_no: z.string(),
  pay_method: z.enum(['bank', 'alipay']),
  account: z.string(),
  bank_name: z.string(),
  amount: z.number().int(),
  tax: z.number().int(),
  net: z.number().int(),
  channel_no: z.string(),
  finished_at: z.string(),
  remark: z.string(),
});
export const ReceiptData = z.object({
  batch_no: z.string(),
  task_name: z.string(),
  company_name: z.string(),
  payer: z.object({ account_name: z.string(), bank_name: z.string(), account_no: z.string() }),
  confirmed_at: z.string(),
  printed_at: DateTimeText,
  total_net: z.number().int(),
  list: z.array(ReceiptItem),
});
/** 季度收入报送: each worker's identity and income of a calendar quarter (.xlsx, full ID numbers, audited). */
export const QuarterQuery = z.strictObject({
  year: z.coerce.number({ error: '年份无效' }).int('年份无效').min(2020, '年份无效').max(2100, '年份无效'),
  quarter: z.coerce.number({ error: '季度无效' }).int('季度无效').min(1, '季度无效').max(4, '季度无效'),
  /** 查看原因: the file holds whole ID numbers (audited with it) */
  reason: PiiReason,
});

export const payoutsEndpoints = {
  payAccount: ep({ method: 'GET', path: '/payout/account', data: AccountData, auth: true, perm: 'payout.prepare' }),
  payTopup: ep({ method: 'POST', path: '/payout/topup', body: TopupBody, data: Topup, auth: true, perm: 'finance' }),
  payTopupWx: ep({ method: 'POST', path: '/payout/topup/wechat', body: TopupBody, data: WxTopupData, auth: true, perm: 'finance' }),
  paySettings: ep({ method: 'POST', path: '/payout/settings', body: PayoutSettingsBody, data: PayoutSettings, auth: true, perm: 'payout.settings' }),
  /** 发放设置变更记录 (issue 27): the admin and 财务 read who changed the rates, cap and approval rules */
  paySettingsChanges: ep({
    method: 'GET',
    path: '/payout/settings/changes',
    query: z.strictObject({ page, page_size: pageSize }),
    data: SettingsChangesData,
    auth: true,
    perm: ['payout.settings', 'finance'],
  }),
  payBatches: ep({ method: 'GET', path: '/payout/batches', query: BatchListQuery, data: BatchListData, auth: true, perm: 'payout.prepare' }),
  payBatchCreate: ep({ method: 'POST', path: '/payout/batch', body: BatchCreateBody, data: BatchDetail, auth: true, perm: 'payout.prepare' }),
  payBatch: ep({ method: 'GET', path: '/payout/batch/:id', params: IdParam, query: BatchRowsQuery, data: BatchDetail, auth: true, perm: 'payout.prepare' }),
  payBatchAction: ep({
    method: 'POST',
    path: '/payout/batch/:id/action',
    params: IdParam,
    body: BatchActionBody,
    data: BatchDetail,
    auth: true,
    perm: 'payout.prepare',
  }),
  payRowAmount: ep({
    method: 'POST',
    path: '/payout/batch/:id/rows/:row_id/amount',
    params: RowParam,
    body: RowAmountBody,
    data: BatchDetail,
    auth: true,
    perm: 'payout.prepare',
  }),
  payBatchCode: ep({ method: 'POST', path: '/payout/batch/:id/code', params: IdParam, data: CodeData, auth: true, perm: 'payout.approve' }),
  payBatchConfirm: ep({
    method: 'POST',
    path: '/payout/batch/:id/confirm',
    params: IdParam,
    body: ConfirmBody,
    data: ConfirmData,
    auth: true,
    perm: 'payout.approve',
  }),
  payBatchLogs: ep({ method: 'GET', path: '/payout/batch/:id/logs', params: IdParam, data: LogData, auth: true, perm: 'payout.prepare' }),
  payLedger: ep({ method: 'GET', path: '/payout/ledger', query: LedgerQuery, data: LedgerData, auth: true, perm: 'payout.prepare' }),
  payLogs: ep({ method: 'GET', path: '/payout/logs', query: LogQuery, data: LogPageData, auth: true, perm: 'payout.prepare' }),
  payLedgerExport: ep({ method: 'GET', path: '/payout/ledger/export', query: LedgerFilter, data: ExportTicket, auth: true, perm: 'payout.prepare' }),
  payReceipt: ep({
    method: 'GET',
    path: '/payout/batch/:id/receipt',
    params: IdParam,
    query: ReceiptQuery,
    data: ReceiptData,
    auth: true,
    perm: 'payout.prepare',
  }),
  // a ticket: the .xlsx streams from exportFile (issue 34)
  payQuarterExport: ep({ method: 'GET', path: '/payout/quarter-export', query: QuarterQuery, data: ExportTicket, auth: true, perm: 'pii.full' }),
  // the channel's signed callback (verified, applied once per notify id), retried by the channel: no per-IP limit
  payNotify: ep({ method: 'POST', path: '/payout/notify', body: NotifyBody, data: NotifyData, auth: false, silent: true, ipLimit: false }),
  // the channel's signed 来账 (a transfer into the platform account), verified, applied once per transfer
  payTransferNotify: ep({
    method: 'POST',
    path: '/payout/transfer-notify',
    body: TransferNotifyBody,
    data: TransferNotifyData,
    auth: false,
    silent: true,
    ipLimit: false,
  }),
} as const satisfies Record<string, Endpoint>;

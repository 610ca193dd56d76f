/**
 * 发放管理 rules (issue 13) shared by the server and the console: statuses and their labels, the
 * pre-calculation of 服务费 / 代扣税费 from the company's rates (basis points, 万分之), integer fen.
 */
export const BATCH_STATUS = [
  { code: 'draft', label: '待提交', color: 'informative' },
  { code: 'unpaid', label: '待支付', color: 'warning' },
  { code: 'paying', label: '发放中', color: 'brand' },
  { code: 'done', label: '已完成', color: 'success' },
  { code: 'partial', label: '部分失败', color: 'danger' },
  { code: 'closed', label: '已关闭', color: 'subtle' },
] as const;
export const BATCH_STATUS_CODES = BATCH_STATUS.map((s) => s.code) as unknown as readonly ['draft', 'unpaid', 'paying', 'done', 'partial', 'closed'];
export type BatchStatus = (typeof BATCH_STATUS)[number]['code'];

export const ROW_STATUS = [
  { code: 'pending', label: '待发放', color: 'informative' },
  { code: 'paying', label: '发放中', color: 'brand' },
  { code: 'success', label: '发放成功', color: 'success' },
  { code: 'failed', label: '发放失败', color: 'danger' },
  { code: 'bounced', label: '已退汇', color: 'danger' },
  { code: 'cancelled', label: '已取消', color: 'subtle' },
] as const;
export const ROW_STATUS_CODES = ROW_STATUS.map((s) => s.code) as unknown as readonly ['pending', 'paying', 'success', 'failed', 'bounced', 'cancelled'];
export type RowStatus = (typeof ROW_STATUS)[number]['code'];

export const LEDGER_TYPES = [
  { code: 'topup', label: '充值' },
  { code: 'payout', label: '发放扣款' },
  { code: 'fee', label: '服务费' },
  { code: 'tax', label: '税费' },
  { code: 'bounce_refund', label: '退汇返还' },
  { code: 'refund', label: '退款' },
] as const;
export const LEDGER_TYPE_CODES = LEDGER_TYPES.map((s) => s.code) as unknown as readonly ['topup', 'payout', 'fee', 'tax', 'bounce_refund', 'refund'];
export type LedgerType = (typeof LEDGER_TYPES)[number]['code'];

/** 操作日志 actions (the `action` text stored in payout_logs) and their filter codes. */
export const LOG_ACTIONS = [
  { code: 'create', label: '创建' },
  { code: 'amount', label: '修改金额' },
  { code: 'submit', label: '提交' },
  /** the first of two approvals above the 双人审批额度 (issue 27) */
  { code: 'approve', label: '审批' },
  { code: 'confirm', label: '确认发放' },
  { code: 'close', label: '撤销' },
  { code: 'retry', label: '重发' },
  { code: 'channel', label: '通道结果' },
] as const;
export const LOG_ACTION_CODES = LOG_ACTIONS.map((s) => s.code) as unknown as readonly [
  'create',
  'amount',
  'submit',
  'approve',
  'confirm',
  'close',
  'retry',
  'channel',
];
export type LogAction = (typeof LOG_ACTIONS)[number]['code'];

export const labelOf = (list: readonly { code: string; label: string }[], code: string) => list.find((s) => s.code === code)?.label ?? code;

export const DEFAULT_FEE_RATE_BP = 600;
export const DEFAULT_TAX_RATE_BP = 150;
export const DEFAULT_MONTHLY_CAP_FEN = 9_800_000;
/** one top-up at most ¥10,000,000 */
export const TOPUP_MAX_FEN = 1_000_000_000;

/** fen × basis points, rounded half up to a whole fen */
export const bpOf = (fen: number, bp: number) => Math.floor((fen * bp + 5000) / 10000);

export interface PreRow {
  amount: number;
  tax: number;
  fee: number;
  net: number;
}
/** One person's line: 个税 withheld from the amount, 服务费 charged to the company on top. */
export function precalcRow(amount: number, feeBp: number, taxBp: number): PreRow {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer of fen');
  const tax = bpOf(amount, taxBp);
  const fee = bpOf(amount, feeBp);
  return { amount, tax, fee, net: amount - tax };
}

/** Batch totals; the company's account is debited `gross + fee` (net to the people, tax, fee). */
export function precalcTotals(rows: PreRow[]) {
  const t = { gross: 0, fee: 0, tax: 0, net: 0 };
  for (const r of rows) {
    t.gross += r.amount;
    t.fee += r.fee;
    t.tax += r.tax;
    t.net += r.net;
  }
  return { ...t, debit: t.gross + t.fee };
}

/** A rate shown as a percentage: 600 → "6.00%". */
export const rateText = (bp: number) => `${(bp / 100).toFixed(2)}%`;

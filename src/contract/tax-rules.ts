/**
 * 完税服务 (issue 14): the application statuses and the only transitions allowed between them, the
 * service fee, the month-range rules. Pure (no zod): the server enforces, the console shows.
 */

/** 待提交 · 待核对 · 待支付 · 已支付待确认 · 开具中 · 已开具 · 已驳回 · 已撤回 */
export const TAX_STATUS_CODES = ['draft', 'checking', 'unpaid', 'paying', 'issuing', 'issued', 'rejected', 'withdrawn'] as const;
export type TaxStatus = (typeof TAX_STATUS_CODES)[number];

export const TAX_STATUS_TEXT: Record<TaxStatus, string> = {
  draft: '待提交',
  checking: '待核对',
  unpaid: '待支付',
  paying: '已支付待确认',
  issuing: '开具中',
  issued: '已开具',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

/** What moves an application, and from where (everything else is refused). */
export type TaxAction = 'prepare' | 'submit' | 'withdraw' | 'pay' | 'voucher' | 'confirm' | 'issue' | 'reject';
const FROM: Record<TaxAction, readonly TaxStatus[]> = {
  prepare: ['draft'], // 待提交 → 待核对
  submit: ['checking'], // 核对无误 → 待支付
  withdraw: ['draft', 'checking', 'unpaid'], // 撤回: only before money moved
  pay: ['unpaid'], // WeChat Pay confirmed → 开具中
  voucher: ['unpaid'], // bank transfer voucher → 已支付待确认
  confirm: ['paying'], // the operator sees the money → 开具中
  issue: ['issuing'], // the operator issues the proof → 已开具
  reject: ['issuing', 'paying'], // the operator refuses → 已驳回
};
export const TAX_NEXT: Record<TaxAction, TaxStatus> = {
  prepare: 'checking',
  submit: 'unpaid',
  withdraw: 'withdrawn',
  pay: 'issuing',
  voucher: 'paying',
  confirm: 'issuing',
  issue: 'issued',
  reject: 'rejected',
};
export const taxAllows = (status: TaxStatus, action: TaxAction) => FROM[action].includes(status);

/** The row actions of the list (核对 · 支付 · 查看 · 下载 · 撤回) a status offers. */
export function taxRowActions(status: TaxStatus): ('check' | 'pay' | 'view' | 'download' | 'withdraw')[] {
  const out: ('check' | 'pay' | 'view' | 'download' | 'withdraw')[] = [];
  if (status === 'draft' || status === 'checking') out.push('check');
  if (status === 'unpaid') out.push('pay');
  out.push('view');
  if (status === 'issued') out.push('download');
  if (taxAllows(status, 'withdraw')) out.push('withdraw');
  return out;
}

/** 证明类型 and 接收方式. */
export const PROOF_TYPES = { table: '表格式', document: '文书式' } as const;
export type ProofType = keyof typeof PROOF_TYPES;
export const RECEIVE_WAYS = { download: '在线下载', email: '发送至邮箱' } as const;
export type ReceiveWay = keyof typeof RECEIVE_WAYS;

/** 服务费: ¥5 per person, at least ¥20 (integer fen). */
export const TAX_FEE_PER_PERSON = 500;
export const TAX_FEE_MIN = 2000;
export const taxServiceFee = (people: number) => Math.max(TAX_FEE_MIN, people * TAX_FEE_PER_PERSON);

/** A month `YYYY-MM`. */
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
/** At most a year per application. */
export const MAX_PERIOD_MONTHS = 12;
/**
 * How far back a 税款所属期 may go: 36 finished months (docs/decisions.md → 完税证明的所属期): the
 * general look-back of 税收征管法 art. 52 for tax paid too little, and how far the 个税 records a
 * proof is made from are kept at hand by the platform. The current month is not finished: its tax
 * is declared and reaches the treasury in the next month.
 */
export const LOOKBACK_MONTHS = 36;
export const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
const monthOfIndex = (idx: number) => `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
/** The China-time month `back` months before `now`'s. */
export function cnMonth(now: Date, back = 0): string {
  const d = new Date(now.getTime() + 8 * 3600_000);
  return monthOfIndex(d.getUTCFullYear() * 12 + d.getUTCMonth() - back);
}
/** The months an application may cover on `now`: the finished ones of the look-back, newest first. */
export const periodMonths = (now: Date) => Array.from({ length: LOOKBACK_MONTHS }, (_, i) => cnMonth(now, i + 1));

/** What is wrong with a month range on `now` (the server and the form alike), or null. */
export function periodProblem(start: string, end: string, now: Date): string | null {
  if (!MONTH_RE.test(start)) return '请选择税款所属期起始月份';
  if (!MONTH_RE.test(end)) return '请选择税款所属期结束月份';
  const n = monthIndex(end) - monthIndex(start);
  if (n < 0) return '结束月份不能早于起始月份';
  if (n >= MAX_PERIOD_MONTHS) return '税款所属期最长12个月';
  const latest = cnMonth(now, 1);
  if (end > latest) return `税款所属期须为已结束的月份（最晚 ${latest}），本月税款次月申报入库后方可申请`;
  const earliest = cnMonth(now, LOOKBACK_MONTHS);
  if (start < earliest) return `只能申请近${LOOKBACK_MONTHS / 12}年内的税款所属期（${earliest} 起）`;
  return null;
}

/** `2026-03 至 2026-05`, or one month alone. */
export const periodText = (start: string, end: string) => (start === end ? start : `${start} 至 ${end}`);

/** The public 验真 page of a 完税证明 (its QR), on `origin`. */
export const TAX_VERIFY_PATH = '/m/tax-check';
export const taxVerifyUrl = (origin: string, code: string) => `${origin}${TAX_VERIFY_PATH}/${code}`;

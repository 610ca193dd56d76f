/**
 * 完税服务 (issue 14): opening the service (the platform decides; sets `is_pay_taxe`), tax-proof
 * applications made from the company's paid payout rows, the check step, the company's payment
 * (WeChat Pay sandbox or bank transfer with a voucher), the issued proof and invoice, downloads.
 * Every endpoint but the two of the service opening needs the tax flag (checked on the server).
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { DateTimeText, freeText, Id, IdParam, text } from './common';
import { isMobile, isPersonName } from './person';
import { MONTH_RE, TAX_STATUS_CODES } from './tax-rules';
import { DocumentCheckData, DocumentCheckQuery, VerifyCodeParam } from './document-check';

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(5).max(50).default(10);
const month = (what: string) =>
  z
    .string({ error: `请选择${what}` })
    .trim()
    .regex(MONTH_RE, `请选择${what}`);

export const TaxServiceStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export const TaxServiceData = z.object({
  status: TaxServiceStatus,
  is_pay_taxe: z.boolean(),
  company_name: z.string(),
  /** 纳税人识别号 = the company's 统一社会信用代码 */
  tax_no: z.string(),
  tax_office: z.string(),
  contact_name: z.string(),
  /** masked */
  contact_phone: z.string(),
  reject_reason: z.string(),
  applied_at: z.string(),
  decided_at: z.string(),
});
export const TaxServiceBody = z.strictObject({
  tax_office: text(60).min(4, '请填写主管税务机关'),
  contact_name: text(40).refine(isPersonName, '请填写正确的联系人姓名'),
  contact_phone: text(11).refine(isMobile, '请输入正确的手机号'),
  agree: z.literal('1', { error: '请阅读并同意《完税服务协议》' }),
});

export const EligibleQuery = z.strictObject({ start: month('税款所属期起始月份'), end: month('税款所属期结束月份') });
export const EligibleBatch = z.object({
  id: z.number().int(),
  batch_no: z.string(),
  task_name: z.string(),
  /** the month the rows were paid (税款所属期) */
  period: z.string(),
  head_count: z.number().int(),
  income: z.number().int(),
  tax: z.number().int(),
  /** 可开票金额: 应发 + 服务费 of the paid rows */
  invoiceable: z.number().int(),
});
export const EligiblePerson = z.object({
  worker_id: z.number().int(),
  name: z.string(),
  cert_no: z.string(),
  rows: z.number().int(),
  income: z.number().int(),
  tax: z.number().int(),
  invoiceable: z.number().int(),
});
export const EligibleData = z.object({ batches: z.array(EligibleBatch), people: z.array(EligiblePerson), title: z.string() });

const idList = z
  .string({ error: '请选择人员或批次' })
  .trim()
  .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, '请选择人员或批次')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1, '请选择人员或批次'));
export const TaxCreateBody = z
  .strictObject({
    start: month('税款所属期起始月份'),
    end: month('税款所属期结束月份'),
    mode: z.enum(['people', 'batches'], { error: '请选择按人员或按批次申请' }),
    ids: idList,
    proof_type: z.enum(['table', 'document'], { error: '请选择证明类型' }),
    receive: z.enum(['download', 'email'], { error: '请选择接收方式' }),
    email: text(80).default(''),
    remark: freeText(200).default(''),
    /** 1: keep as 待提交 (saved, not yet to check) */
    draft: z.enum(['0', '1']).default('0'),
    /** 1: 批量申请 (one period, batches only) */
    bulk: z.enum(['0', '1']).default('0'),
  })
  .refine((b) => b.receive !== 'email' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.email), { message: '请填写正确的接收邮箱', path: ['email'] });

export const TaxStatus = z.enum(TAX_STATUS_CODES);
export const TaxItem = z.object({
  id: z.number().int(),
  apply_no: z.string(),
  created_at: DateTimeText,
  period_start: z.string(),
  period_end: z.string(),
  head_count: z.number().int(),
  /** 收入额 */
  income: z.number().int(),
  /** 已扣税额 (the list's 金额) */
  tax: z.number().int(),
  invoiceable: z.number().int(),
  fee: z.number().int(),
  proof_type: z.enum(['table', 'document']),
  receive: z.enum(['download', 'email']),
  email: z.string(),
  remark: z.string(),
  status: TaxStatus,
  bulk: z.boolean(),
  reject_reason: z.string(),
  proof_no: z.string(),
  proof_date: z.string(),
  /** the 验真码 printed on the issued proof ('' before it is issued) */
  verify_code: z.string(),
  invoice_status: z.enum(['none', 'pending', 'issued']),
});
export const TaxRow = z.object({
  id: z.number().int(),
  name: z.string(),
  cert_no: z.string(),
  income: z.number().int(),
  tax: z.number().int(),
  period: z.string(),
  /** 入库日期: the day the month's withheld tax reached the treasury ('' while it has not) */
  paid_date: z.string(),
  batch_no: z.string(),
  consistent: z.boolean(),
  problem: z.string(),
});
export const TaxOrder = z.object({
  order_id: z.string(),
  service: z.string(),
  amount: z.number().int(),
  status: z.enum(['unpaid', 'confirming', 'paid', 'closed']),
  method: z.enum(['wechat', 'bank', '']),
  code_url: z.string(),
  bank: z.object({ account_name: z.string(), bank_name: z.string(), account_no: z.string() }),
  voucher_name: z.string(),
  created_at: z.string(),
  paid_at: z.string(),
});
export const TaxInvoice = z.object({
  invoice_type: z.union([z.literal(0), z.literal(1)]),
  medium: z.enum(['electronic', 'paper']),
  company_name: z.string(),
  creditcode: z.string(),
  address: z.string(),
  phone: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  /** 价税合计 = net_amount (金额) + tax_amount (税额), fen */
  amount: z.number().int(),
  net_amount: z.number().int(),
  tax_amount: z.number().int(),
  /** 税率 in basis points (600 = 6%) */
  rate_bp: z.number().int(),
  content: z.string(),
  /** 销售方 (the platform, from its configuration): as issued, or as it would be issued */
  seller: z.object({ name: z.string(), tax_no: z.string(), address: z.string(), bank: z.string() }),
  invoice_no: z.string(),
  invoice_date: z.string(),
  status: z.enum(['pending', 'issued']),
  ship_name: z.string(),
  ship_phone: z.string(),
  ship_address: z.string(),
});
export const TaxDetail = TaxItem.extend({
  rows: z.array(TaxRow),
  all_consistent: z.boolean(),
  batches: z.array(z.string()),
  order: TaxOrder.nullable(),
  invoice: TaxInvoice.nullable(),
});
export const TaxListQuery = z.strictObject({
  keywords: text(50).default(''),
  status: z.enum(['all', ...TAX_STATUS_CODES], { error: '状态无效' }).default('all'),
  page,
  page_size: pageSize,
});
export const TaxListData = z.object({ list: z.array(TaxItem), total: z.number().int(), counts: z.record(z.string(), z.number().int()) });
export const TaxActionBody = z.strictObject({ action: z.enum(['prepare', 'withdraw'], { error: '请选择操作' }) });
export const TaxSubmitBody = z.strictObject({ confirmed: z.literal('1', { error: '请先勾选“我已核对以上信息无误”' }) });
export const TaxWechatData = z.object({ order_id: z.string(), code_url: z.string() });
export const TaxBankBody = z.strictObject({
  media_id: z
    .string()
    .trim()
    .min(1, '请上传转账凭证')
    .max(64, '转账凭证无效，请重新上传')
    .regex(/^[A-Za-z0-9]+$/, '转账凭证无效，请重新上传'),
});
export const TaxInvoiceParams = z.strictObject({ id: Id, number: z.string().regex(/^TX\d{8,24}$/, '申请编号无效') });
export const TaxFileQuery = z.strictObject({ kind: z.enum(['proof', 'invoice'], { error: '请选择要下载的文件' }) });
export const TaxFileData = z.object({ file_name: z.string(), mime: z.string(), content: z.string() });
/** The public 验真 of a 完税证明: company, 税款所属期, amounts, serial, date (no person). */
export const TaxCheckData = DocumentCheckData;

export const taxEndpoints = {
  taxService: ep({ method: 'GET', path: '/tax/service', data: TaxServiceData, auth: true, perm: 'finance' }),
  taxServiceApply: ep({ method: 'POST', path: '/tax/service', body: TaxServiceBody, data: TaxServiceData, auth: true, perm: 'admin' }),
  taxEligible: ep({ method: 'GET', path: '/tax/eligible', query: EligibleQuery, data: EligibleData, auth: true, perm: 'finance' }),
  taxCreate: ep({ method: 'POST', path: '/tax/apply', body: TaxCreateBody, data: TaxDetail, auth: true, perm: 'finance' }),
  taxList: ep({ method: 'GET', path: '/tax/applications', query: TaxListQuery, data: TaxListData, auth: true, perm: 'finance' }),
  taxDetail: ep({ method: 'GET', path: '/tax/apply/:id', params: IdParam, data: TaxDetail, auth: true, perm: 'finance' }),
  taxAction: ep({ method: 'POST', path: '/tax/apply/:id/action', params: IdParam, body: TaxActionBody, data: TaxDetail, auth: true, perm: 'finance' }),
  taxSubmit: ep({ method: 'POST', path: '/tax/apply/:id/submit', params: IdParam, body: TaxSubmitBody, data: TaxDetail, auth: true, perm: 'finance' }),
  taxOrder: ep({ method: 'GET', path: '/tax/apply/:id/order', params: IdParam, data: TaxOrder, auth: true, perm: 'finance' }),
  taxPayWechat: ep({ method: 'POST', path: '/tax/apply/:id/order/wechat', params: IdParam, data: TaxWechatData, auth: true, perm: 'finance' }),
  taxPayBank: ep({ method: 'POST', path: '/tax/apply/:id/order/bank', params: IdParam, body: TaxBankBody, data: TaxOrder, auth: true, perm: 'finance' }),
  taxInvoice: ep({ method: 'GET', path: '/tax/invoice/:id/:number', params: TaxInvoiceParams, data: TaxDetail, auth: true, perm: 'finance' }),
  taxProofCheck: ep({ method: 'GET', path: '/tax/proof-check/:code', params: VerifyCodeParam, query: DocumentCheckQuery, data: TaxCheckData, auth: false }),
  taxFile: ep({ method: 'GET', path: '/tax/apply/:id/file', params: IdParam, query: TaxFileQuery, data: TaxFileData, auth: true, perm: 'finance' }),
} as const satisfies Record<string, Endpoint>;

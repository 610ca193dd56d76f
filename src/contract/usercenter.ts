import { z } from 'zod';
import { Fen, MOBILE_RE, formText, text } from './common';
import { PERMISSIONS, ROLES } from './roles';

export const CompanyStatus = z.enum(['no_apply', 'apply', 'normal']);
export type CompanyStatus = z.infer<typeof CompanyStatus>;

/** User info (SPEC §3). */
export const User = z.object({
  id: z.number().int(),
  realname: z.string(),
  avatar: z.string(),
  /** 1 = real-name verified */
  verify_status: z.number().int(),
  mobile: z.string(),
  company_status: CompanyStatus,
});
export type User = z.infer<typeof User>;

/** Company/member info (SPEC §3): the caller's place in a company. */
export const Member = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  dept_name: z.string(),
  job_name: z.string(),
  /** the member's own name inside the company */
  name: z.string(),
  /** 1 = the company may use the tax service */
  is_pay_taxe: z.number().int(),
  /** membership level; 0 = not a member */
  company_lv: z.number().int(),
  /** membership end, `YYYY-MM-DD`, empty when not a member */
  member_expire: z.string(),
  /** pending colleague checks (only counted for admins) */
  check_num: z.number().int(),
  /** admin: may approve colleagues, buy membership */
  is_admin: z.number().int(),
  /** CRC points balance of the company */
  crc: z.number().int(),
  /** the caller's roles in the company (issue 27) */
  roles: z.array(z.enum(ROLES)),
  /** what those roles allow (src/contract/roles.ts), for hiding what the caller may not do */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type Member = z.infer<typeof Member>;

export const UserCenterInfoData = z.object({ user: User, member: Member.nullable() });
export type UserCenterInfoData = z.infer<typeof UserCenterInfoData>;

// --- membership orders (SPEC §7); built by the membership issue ---
export const OrderCreateBody = z.strictObject({ pack: text(32).min(1) });
export const OrderCreateData = z.object({ order_id: z.string(), code_url: z.string() });
export const OrderData = z.object({
  order_id: z.string(),
  pack: z.string(),
  amount: Fen,
  payment_status: z.boolean(),
});

// --- invoices (SPEC §3, §5) ---
export const InvoiceType = z.union([z.literal(0), z.literal(1)]);
export const Invoice = z.object({
  company_name: z.string(),
  creditcode: z.string(),
  invoice_type: InvoiceType,
  bank_name: z.string(),
  bank_account: z.string(),
  address: z.string(),
  phone: z.string(),
  ship_name: z.string(),
  ship_phone: z.string(),
  ship_address: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;
/** `defaults`: what a first invoice starts from — the verified company's name and credit code (税务登记号). */
export const InvoiceData = z.object({ invoice: Invoice.nullable(), defaults: z.object({ company_name: z.string(), creditcode: z.string() }) });

/** Form body for saving an invoice; the type-1 and shipping rules are checked by the handler. */
export const InvoiceBody = z.strictObject({
  company_name: formText(100).min(1, '请填写企业发票抬头'),
  creditcode: formText(20).min(1, '请填写税务登记号'),
  invoice_type: z.enum(['0', '1'], '请选择发票类型').transform(Number),
  bank_name: formText(60).optional().default(''),
  bank_account: formText(30).optional().default(''),
  address: formText(120).optional().default(''),
  phone: formText(20).optional().default(''),
  ship_name: formText(30).optional().default(''),
  ship_phone: text(20)
    .refine((v) => v === '' || MOBILE_RE.test(v), '请填写正确的收件人电话')
    .optional()
    .default(''),
  ship_address: formText(120).optional().default(''),
});

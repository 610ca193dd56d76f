/**
 * The invoice rules of SPEC §5, in the SPEC's order, with the words of messages.md. Pure (no zod):
 * the invoice dialog checks a form with them and the server checks every saved invoice again.
 */
import { MOBILE_RE } from './patterns';

export interface InvoiceForm {
  company_name: string;
  creditcode: string;
  /** 0 增值税普通发票 · 1 增值税专用发票 · null not chosen */
  invoice_type: 0 | 1 | null;
  bank_name: string;
  bank_account: string;
  address: string;
  phone: string;
  ship_name: string;
  ship_phone: string;
  ship_address: string;
}

export type InvoiceField = keyof InvoiceForm;

export const INVOICE_MESSAGES = {
  titleRequired: '请填写企业发票抬头',
  taxNoRequired: '请填写税务登记号',
  typeRequired: '请选择发票类型',
  accountRequired: '请填写基本户账号',
  bankRequired: '请填写开户银行',
  addressRequired: '请填写注册场所地址',
  landlineRequired: '请填写注册固定电话',
  shipNameRequired: '请填写收件人姓名',
  shipAddressRequired: '请填写收件地址',
  shipPhoneBlank: '请填写收件人电话',
  shipPhoneInvalid: '请填写正确的收件人电话',
} as const;

export interface InvoiceProblem {
  field: InvoiceField;
  message: string;
}

const blank = (s: string | undefined) => !s || s.trim() === '';

/**
 * The first rule the form breaks, or null. `shipping`: the paper invoice is mailed, so the
 * recipient's name, address and phone are required too.
 */
export function invoiceProblem(f: InvoiceForm, shipping: boolean): InvoiceProblem | null {
  const m = INVOICE_MESSAGES;
  if (blank(f.company_name)) return { field: 'company_name', message: m.titleRequired };
  if (blank(f.creditcode)) return { field: 'creditcode', message: m.taxNoRequired };
  if (f.invoice_type !== 0 && f.invoice_type !== 1) return { field: 'invoice_type', message: m.typeRequired };
  if (f.invoice_type === 1) {
    if (blank(f.bank_account)) return { field: 'bank_account', message: m.accountRequired };
    if (blank(f.bank_name)) return { field: 'bank_name', message: m.bankRequired };
    if (blank(f.address)) return { field: 'address', message: m.addressRequired };
    if (blank(f.phone)) return { field: 'phone', message: m.landlineRequired };
  }
  if (shipping) {
    if (blank(f.ship_name)) return { field: 'ship_name', message: m.shipNameRequired };
    if (blank(f.ship_address)) return { field: 'ship_address', message: m.shipAddressRequired };
    if (blank(f.ship_phone)) return { field: 'ship_phone', message: m.shipPhoneBlank };
    if (!MOBILE_RE.test(f.ship_phone.trim())) return { field: 'ship_phone', message: m.shipPhoneInvalid };
  }
  return null;
}

/** Bank name, addresses and the recipient's name keep only Chinese characters, letters and digits (SPEC §5). */
export const keepWordChars = (s: string) => s.replace(/[^\u4e00-\u9fa5A-Za-z0-9]/g, '');
/** Account and phone numbers: digits only, trimmed (SPEC §5). */
export const keepDigits = (s: string) => s.replace(/\D/g, '');

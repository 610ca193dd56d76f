/**
 * The invoice dialog's form (SPEC §5): the rules come from the contract (the server checks the
 * same ones); here the form's state, the input filters per field, and the body sent.
 */
import { invoiceProblem, keepDigits, keepWordChars, type Invoice, type InvoiceField, type InvoiceForm, type InvoiceProblem } from '../../../../contract';
import type { BodyInput } from '../../../shared/lib/http';

export type { InvoiceField, InvoiceForm, InvoiceProblem };

export const emptyInvoice = (companyName = '', creditcode = ''): InvoiceForm => ({
  company_name: companyName,
  creditcode,
  invoice_type: null,
  bank_name: '',
  bank_account: '',
  address: '',
  phone: '',
  ship_name: '',
  ship_phone: '',
  ship_address: '',
});

/** A saved invoice into the form, else the company's name and credit code (税务登记号); shipping is on when it has a recipient. */
export function fromSaved(inv: Invoice | null, companyName = '', creditcode = ''): { form: InvoiceForm; shipping: boolean } {
  if (!inv) return { form: emptyInvoice(companyName, creditcode), shipping: false };
  return {
    form: { ...inv, invoice_type: inv.invoice_type },
    shipping: [inv.ship_name, inv.ship_phone, inv.ship_address].some((v) => v !== ''),
  };
}

const WORD_FIELDS: InvoiceField[] = ['bank_name', 'address', 'ship_name', 'ship_address'];
const DIGIT_FIELDS: InvoiceField[] = ['bank_account', 'phone', 'ship_phone'];

/** What a typed value becomes: SPEC §5 filters (Chinese/letters/digits; digits only, trimmed). */
export function filterInput(field: InvoiceField, value: string): string {
  if (WORD_FIELDS.includes(field)) return keepWordChars(value);
  if (DIGIT_FIELDS.includes(field)) return keepDigits(value).trim();
  if (field === 'creditcode') return value.replace(/\s/g, '').toUpperCase();
  return value;
}

export const validateInvoice = (form: InvoiceForm, shipping: boolean): InvoiceProblem | null => invoiceProblem(form, shipping);

/** The form body of a form that passed validateInvoice (a type is chosen): trimmed; without shipping the recipient fields are sent empty. */
export function toBody(form: InvoiceForm & { invoice_type: 0 | 1 }, shipping: boolean): BodyInput<'saveInvoice'> {
  const v = (x: string) => x.trim();
  return {
    company_name: v(form.company_name),
    creditcode: v(form.creditcode),
    invoice_type: form.invoice_type === 1 ? '1' : '0',
    bank_name: v(form.bank_name),
    bank_account: v(form.bank_account),
    address: v(form.address),
    phone: v(form.phone),
    ship_name: shipping ? v(form.ship_name) : '',
    ship_phone: shipping ? v(form.ship_phone) : '',
    ship_address: shipping ? v(form.ship_address) : '',
  };
}

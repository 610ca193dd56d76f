/**
 * The company application form's rules, in the order of the form (first failure shown). The
 * server checks the same with the contract's schema; the credit code with GB 32100.
 */
import { INDUSTRIES, isOneOf, PERSON_NAME_RE, STAFF_RANGES } from '../../../../contract/vocab';
import { MOBILE_RE } from '../../../../contract/patterns';
import { USCC_MESSAGES, normalizeUscc, usccProblem } from '../../../../contract/uscc';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import type { BodyInput } from '../../../shared/lib/http';

export interface CompanyFormValues {
  company_name: string;
  creditcode: string;
  industry: string;
  staff_num_range: string;
  address: string;
  represent: string;
  license_id: number | null;
  contact_name: string;
  contact_mobile: string;
}

export type CompanyField = keyof CompanyFormValues;

export const emptyCompanyForm = (): CompanyFormValues => ({
  company_name: '',
  creditcode: '',
  industry: '',
  staff_num_range: '',
  address: '',
  represent: '',
  license_id: null,
  contact_name: '',
  contact_mobile: '',
});

export interface CompanyProblem {
  field: CompanyField;
  message: string;
}

const f = tAccounts.companyForm;

export function companyProblem(v: CompanyFormValues): CompanyProblem | null {
  const name = v.company_name.trim();
  if (!name) return { field: 'company_name', message: f.required(f.fields.company_name) };
  if (name.length < 2) return { field: 'company_name', message: f.nameShort };
  const uscc = usccProblem(v.creditcode);
  if (uscc) return { field: 'creditcode', message: USCC_MESSAGES[uscc] };
  if (!(INDUSTRIES as readonly string[]).includes(v.industry)) return { field: 'industry', message: f.choose(f.fields.industry) };
  if (!(STAFF_RANGES as readonly string[]).includes(v.staff_num_range)) {
    return { field: 'staff_num_range', message: f.choose(f.fields.staff_num_range) };
  }
  const address = v.address.trim();
  if (!address) return { field: 'address', message: f.required(f.fields.address) };
  if (address.length < 5) return { field: 'address', message: f.addressShort };
  if (!v.represent.trim()) return { field: 'represent', message: f.required(f.fields.represent) };
  if (!PERSON_NAME_RE.test(v.represent.trim())) return { field: 'represent', message: f.personName(f.fields.represent) };
  if (!v.license_id) return { field: 'license_id', message: f.licenseRequired };
  if (!v.contact_name.trim()) return { field: 'contact_name', message: f.required(f.fields.contact_name) };
  if (!PERSON_NAME_RE.test(v.contact_name.trim())) return { field: 'contact_name', message: f.personName(f.fields.contact_name) };
  if (!MOBILE_RE.test(v.contact_mobile.trim())) return { field: 'contact_mobile', message: f.mobileInvalid };
  return null;
}

/** The body of a form companyProblem passed; null when a choice is missing (companyProblem says which). */
export function toApplyBody(v: CompanyFormValues): BodyInput<'companyApply'> | null {
  const { industry, staff_num_range, license_id } = v;
  if (!isOneOf(INDUSTRIES, industry) || !isOneOf(STAFF_RANGES, staff_num_range) || !license_id) return null;
  return {
    company_name: v.company_name.trim(),
    creditcode: normalizeUscc(v.creditcode),
    industry,
    staff_num_range,
    address: v.address.trim(),
    represent: v.represent.trim(),
    license_id: String(license_id),
    contact_name: v.contact_name.trim(),
    contact_mobile: v.contact_mobile.trim(),
  };
}

export const LICENSE_TYPES = ['image/jpeg', 'image/png'];
export const LICENSE_MAX = 5 * 1024 * 1024;
/** the `accept` of the licence's file input */
export const LICENSE_ACCEPT = LICENSE_TYPES.join(',');

/** The licence file's problem before any upload, or null. */
export function licenseFileProblem(file: { type: string; size: number }): string | null {
  if (file.size === 0) return f.licenseEmpty;
  if (!LICENSE_TYPES.includes(file.type)) return f.licenseType;
  if (file.size > LICENSE_MAX) return f.licenseSize;
  return null;
}

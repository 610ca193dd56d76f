/**
 * Departure handling (离职办理, issue 11): resignation requests, scan to leave, departure proofs,
 * urging, departure records. Schemas and this area's endpoint table; the pure rules live in
 * ./dimission-rules (shared with the console's first bundle-free code and the server).
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { IdParam, KeysetPage, KeysetQuery, PersonName, formInt } from './common';
import { ExportTicket } from './exports';
import { MOBILE_RE, SMS_CODE_RE } from './patterns';
import { LEAVE_TYPE_CODES } from './vocab';
import { PiiReason } from './privacy';
import { DocumentCheckData, DocumentCheckQuery, VerifyCodeParam } from './document-check';
import { LEGAL_BASIS_CODES, PROOF_STATUS_CODES, REQUEST_STATUS_CODES, TENURE_RE } from './dimission-rules';

export * from './dimission-rules';

/** Resignation requests waiting for the company's review (SPEC §3 urge response). */
export const UrgeData = z.object({ count: z.number().int() });
export type UrgeData = z.infer<typeof UrgeData>;

/** Bounded text without control characters (NUL and friends). */
const txt = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(s), '参数包含非法字符');
const dateField = (msg: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg);
const optDate = z.union([z.literal(''), dateField('日期格式应为 YYYY-MM-DD')]).optional();
const flag = z.enum(['0', '1']).optional();
const Mobile = z.string().trim().regex(MOBILE_RE, '请输入正确的手机号');
const Keywords = txt(40).optional();
const Page = { page: formInt(1, 10_000).default(1), page_size: formInt(1, 100).default(10) };
const Token = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '链接无效') });

// --- resignation requests ------------------------------------------------------------------------

export const RequestListQuery = z.strictObject({ status: z.enum(['all', ...REQUEST_STATUS_CODES]).default('all'), keywords: Keywords, ...Page });
const Urged = { last_urged_at: z.string().nullable(), urged_today: z.boolean() };
export const RequestItem = z.object({
  id: z.number().int(),
  employee_name: z.string(),
  mobile_mask: z.string(),
  has_id_card: z.boolean(),
  dept_name: z.string(),
  job_name: z.string(),
  join_date: z.string().nullable(),
  last_day: z.string().nullable(),
  type: z.string(),
  type_label: z.string(),
  reason: z.string(),
  submitted_at: z.string(),
  status: z.enum(REQUEST_STATUS_CODES),
  reject_reason: z.string(),
  handover_name: z.string(),
  record_id: z.number().int().nullable(),
  ...Urged,
});
export type RequestItem = z.infer<typeof RequestItem>;
const counts = <T extends readonly [string, ...string[]]>(codes: T) =>
  z.object(Object.fromEntries(['all', ...codes].map((c) => [c, z.number().int()])) as Record<'all' | T[number], z.ZodNumber>);
export const RequestListData = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: counts(REQUEST_STATUS_CODES),
  list: z.array(RequestItem),
});
export const ApproveBody = z.strictObject({
  last_day: dateField('请选择最后工作日'),
  handover_name: txt(20).pipe(z.string().min(1, '请填写工作交接人')),
  /** needed when the request carries no ID number / entry date (the departure record requires them) */
  id_card: txt(18).optional(),
  join_date: optDate,
  legal_basis: z.enum(LEGAL_BASIS_CODES).optional(),
});
export const RejectBody = z.strictObject({ reason: txt(200).pipe(z.string().min(1, '请填写退回原因')) });
export const RevealData = z.object({ value: z.string() });
export const UrgeResult = z.object({ last_urged_at: z.string() });

// --- scan to leave (public) ------------------------------------------------------------------------

export const LeaveQrBody = z.strictObject({ rotate: flag });
export const LeaveQrData = z.object({ token: z.string(), url: z.string(), created_at: z.string() });
export const LeavePageData = z.object({ company_name: z.string() });
export const LeaveCodeBody = z.strictObject({ mobile: Mobile });
export const LeaveVerifyBody = z.strictObject({ mobile: Mobile, code: z.string().trim().regex(SMS_CODE_RE, '请输入6位验证码') });
const OwnRequest = z.object({
  id: z.number().int(),
  status: z.enum(REQUEST_STATUS_CODES),
  employee_name: z.string(),
  dept_name: z.string(),
  job_name: z.string(),
  join_date: z.string().nullable(),
  last_day: z.string().nullable(),
  type: z.string(),
  reason: z.string(),
  reject_reason: z.string(),
  submitted_at: z.string(),
});
export const LeaveVerifyData = z.object({ ticket: z.string(), mobile_mask: z.string(), request: OwnRequest.nullable() });
export type LeaveVerifyData = z.infer<typeof LeaveVerifyData>;
export const LeaveSubmitBody = z.strictObject({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '请先验证手机号'),
  employee_name: PersonName,
  id_card: txt(18).pipe(z.string().min(1, '请填写身份证号')),
  dept_name: txt(30).default(''),
  job_name: txt(30).pipe(z.string().min(1, '请填写岗位')),
  join_date: dateField('请选择入职日期'),
  last_day: dateField('请选择最后工作日'),
  type: z.enum(LEAVE_TYPE_CODES, '请选择离职类型'),
  reason: txt(200).default(''),
});
export const LeaveTicketBody = z.strictObject({ ticket: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '请先验证手机号') });
export const LeaveSubmitData = z.object({ request: OwnRequest });

// --- departure proofs -------------------------------------------------------------------------------

/** How a proof is sealed: none (paper: the company stamps the （盖章） area), or electronic (the company's seal applied by e签宝 to the PDF). */
export const SEAL_KINDS = ['none', 'electronic'] as const;
export const SEAL_STATES = ['none', 'sealing', 'sealed'] as const;
export const ProofListQuery = z.strictObject({ status: z.enum(['all', ...PROOF_STATUS_CODES]).default('all'), keywords: Keywords, ...Page });
export const ProofItem = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  id_card_mask: z.string(),
  job_name: z.string(),
  leave_date: z.string(),
  status: z.enum(PROOF_STATUS_CODES),
  issued_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  /** openings of the employee's links (proof_link_opens): the masked view and the whole number after an SMS check */
  view_count: z.number().int(),
  void_reason: z.string(),
  /** a proof not yet issued after the departure date (it is due on that date) */
  overdue: z.boolean(),
  /** days left of the 15-day 档案/社保 transfer (art. 50); negative when past; null once not relevant */
  transfer_days_left: z.number().int().nullable(),
  /** the company's electronic seal: none, being applied (盖章中), or on the PDF */
  seal: z.enum(SEAL_STATES),
  ...Urged,
});
export type ProofItem = z.infer<typeof ProofItem>;
export const ProofListData = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: counts(PROOF_STATUS_CODES),
  list: z.array(ProofItem),
  /** whether this server can apply the electronic seal (e签宝 signing flows configured) */
  e_seal: z.boolean(),
});
/**
 * The editable facts of a proof (a draft). 在本单位的工作年限 and the date on the proof are not
 * typed: the server computes them (issue 30 item 2); a tenure sent along must be the computed one.
 */
const ProofFields = {
  job_name: txt(30).pipe(z.string().min(1, '请填写工作岗位')),
  entry_date: dateField('请选择入职日期'),
  leave_date: dateField('请选择解除或者终止劳动合同的日期'),
  contract_start: dateField('请填写劳动合同起始日期'),
  contract_end: optDate,
  contract_open_ended: flag,
  tenure_text: z.union([z.literal(''), z.string().trim().regex(TENURE_RE, '工作年限格式应为 X年X个月')]).optional(),
  legal_basis: z.enum(LEGAL_BASIS_CODES, '请选择解除或者终止的法定依据'),
  print_reason: flag,
  non_compete: txt(100).default(''),
};
export const ProofDraftBody = z.strictObject(ProofFields);
export const ProofManualBody = z.strictObject({
  name: txt(20).pipe(z.string().min(1, '请填写员工姓名')),
  id_card: txt(18).pipe(z.string().min(1, '请填写身份证号')),
  mobile: z.union([z.literal(''), Mobile]).optional(),
  dept_name: txt(30).default(''),
  leave_type: z.enum(LEAVE_TYPE_CODES, '请选择离职类型'),
  ...ProofFields,
});
export const ProofFromRecordBody = z.strictObject({ record_id: formInt(1) });
/** 确认出具; before the departure date only with the reason it is issued early (recorded, neutral words). */
export const ProofIssueBody = z.strictObject({ early_reason: txt(100).optional() });
/** 加盖电子印章 and HR's look at it: where the seal stands, and why the last attempt did not seal. */
export const ProofSealData = z.object({ seal: z.enum(SEAL_STATES), note: z.string() });
export const ProofDetail = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  status: z.enum(PROOF_STATUS_CODES),
  serial: z.string(),
  name: z.string(),
  id_card: z.string(),
  id_card_mask: z.string(),
  job_name: z.string(),
  entry_date: z.string(),
  leave_date: z.string(),
  contract_start: z.string().nullable(),
  contract_end: z.string().nullable(),
  contract_open_ended: z.boolean(),
  tenure_text: z.string(),
  legal_basis: z.string(),
  print_reason: z.boolean(),
  non_compete: z.string(),
  company_name: z.string(),
  issue_date: z.string(),
  issued_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  /** '' until issued; the 验真 page's address is verify_url (the QR) */
  verify_code: z.string(),
  verify_url: z.string(),
  /** why it was issued before the departure date ('' when it was not) */
  early_reason: z.string(),
  seal_kind: z.enum(SEAL_KINDS),
});
export type ProofDetail = z.infer<typeof ProofDetail>;
export const ProofSaved = z.object({ id: z.number().int(), status: z.enum(PROOF_STATUS_CODES), serial: z.string() });
export const VoidBody = z.strictObject({ reason: txt(200).pipe(z.string().min(1, '请填写作废原因')) });
/**
 * The page behind the employee's link: `id_card` is masked (whoever holds a forwarded SMS sees no
 * whole number); the whole one comes from proofViewReveal after a code to `mobile_mask`.
 */
export const ProofViewData = ProofDetail.omit({ id_card_mask: true, record_id: true, early_reason: true }).extend({
  mobile_mask: z.string(),
});
/** The issued proof as a file: the PDF rendered once at 确认出具, and its SHA-256 (what 验真 compares). */
export const ProofFileData = z.object({ filename: z.string(), content_base64: z.string(), sha256: z.string() });
const VerifyCode = VerifyCodeParam;
export const ProofCheckQuery = DocumentCheckQuery;
/**
 * The public 验真 answer: no more than the paper says (less: the name masked, no ID number) —
 * the company, the four items of art. 24, the serial, issued or void, and whether a file matches.
 */
export const ProofCheckData = DocumentCheckData.extend({ name_mask: z.string(), seal: z.enum(SEAL_KINDS) });
export type ProofCheckData = z.infer<typeof ProofCheckData>;
export const ProofRevealBody = z.strictObject({ code: z.string().trim().regex(SMS_CODE_RE, '请输入6位验证码') });
export const ProofRevealData = z.object({ id_card: z.string() });
export const ProofLinkSent = z.object({ mobile_mask: z.string() });

// --- departure records --------------------------------------------------------------------------------

export const RecordListQuery = z.strictObject({ keywords: Keywords, ...Page, ...KeysetQuery });
export const RecordItem = z.object({
  id: z.number().int(),
  source: z.enum(['import', 'request', 'manual']),
  name: z.string(),
  id_card_mask: z.string(),
  mobile_mask: z.string(),
  dept_name: z.string(),
  job_name: z.string(),
  entry_date: z.string(),
  leave_date: z.string(),
  leave_type_label: z.string(),
  /** a LEGAL_BASES code ('' when an import left it open) */
  legal_basis: z.string(),
  proof: z.object({ id: z.number().int(), status: z.enum(PROOF_STATUS_CODES), serial: z.string() }).nullable(),
  overdue: z.boolean(),
  transfer_days_left: z.number().int().nullable(),
  transfer_done_at: z.string().nullable(),
  created_at: z.string(),
});
export type RecordItem = z.infer<typeof RecordItem>;
export const RecordListData = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  list: z.array(RecordItem),
  ...KeysetPage,
});
/** 查看 a record's whole ID number or mobile: which one, and why (查看原因, audited). */
export const RecordRevealQuery = z.strictObject({ field: z.enum(['id_card', 'mobile']), reason: PiiReason });

export const dimissionEndpoints = {
  urge: ep({ method: 'GET', path: '/dimission/urge', data: UrgeData, auth: true, silent: true }),

  dimRequests: ep({ method: 'GET', path: '/dimission/requests', query: RequestListQuery, data: RequestListData, auth: true, perm: 'hr' }),
  dimApprove: ep({ method: 'POST', path: '/dimission/requests/:id/approve', params: IdParam, body: ApproveBody, data: RequestItem, auth: true, perm: 'hr' }),
  dimReject: ep({ method: 'POST', path: '/dimission/requests/:id/reject', params: IdParam, body: RejectBody, data: RequestItem, auth: true, perm: 'hr' }),
  dimHandover: ep({ method: 'POST', path: '/dimission/requests/:id/handover', params: IdParam, data: RequestItem, auth: true, perm: 'hr' }),
  dimRequestUrge: ep({ method: 'POST', path: '/dimission/requests/:id/urge', params: IdParam, data: UrgeResult, auth: true, perm: 'hr' }),
  dimRequestMobile: ep({ method: 'GET', path: '/dimission/requests/:id/mobile', params: IdParam, data: RevealData, auth: true, perm: 'hr' }),

  dimQr: ep({ method: 'POST', path: '/dimission/qrcode', body: LeaveQrBody, data: LeaveQrData, auth: true, perm: 'hr' }),
  leavePage: ep({ method: 'GET', path: '/dimission/leave/:token', params: Token, data: LeavePageData, auth: false }),
  leaveCode: ep({
    method: 'POST',
    path: '/dimission/leave/:token/code',
    params: Token,
    body: LeaveCodeBody,
    data: z.object({ retry_after: z.number().int() }),
    auth: false,
  }),
  leaveVerify: ep({ method: 'POST', path: '/dimission/leave/:token/verify', params: Token, body: LeaveVerifyBody, data: LeaveVerifyData, auth: false }),
  leaveSubmit: ep({ method: 'POST', path: '/dimission/leave/:token/submit', params: Token, body: LeaveSubmitBody, data: LeaveSubmitData, auth: false }),
  leaveWithdraw: ep({ method: 'POST', path: '/dimission/leave/:token/withdraw', params: Token, body: LeaveTicketBody, data: LeaveSubmitData, auth: false }),

  dimProofs: ep({ method: 'GET', path: '/dimission/proofs', query: ProofListQuery, data: ProofListData, auth: true, perm: 'hr' }),
  dimProof: ep({ method: 'GET', path: '/dimission/proofs/:id', params: IdParam, data: ProofDetail, auth: true, perm: 'hr' }),
  dimProofFromRecord: ep({ method: 'POST', path: '/dimission/proofs', body: ProofFromRecordBody, data: ProofSaved, auth: true, perm: 'hr' }),
  dimProofManual: ep({ method: 'POST', path: '/dimission/proofs/manual', body: ProofManualBody, data: ProofSaved, auth: true, perm: 'hr' }),
  dimProofSave: ep({ method: 'PUT', path: '/dimission/proofs/:id', params: IdParam, body: ProofDraftBody, data: ProofSaved, auth: true, perm: 'hr' }),
  dimProofIssue: ep({ method: 'POST', path: '/dimission/proofs/:id/issue', params: IdParam, body: ProofIssueBody, data: ProofSaved, auth: true, perm: 'hr' }),
  dimProofFile: ep({ method: 'GET', path: '/dimission/proofs/:id/pdf', params: IdParam, data: ProofFileData, auth: true, perm: 'hr' }),
  dimProofVoid: ep({ method: 'POST', path: '/dimission/proofs/:id/void', params: IdParam, body: VoidBody, data: ProofSaved, auth: true, perm: 'hr' }),
  dimProofReissue: ep({ method: 'POST', path: '/dimission/proofs/:id/reissue', params: IdParam, data: ProofSaved, auth: true, perm: 'hr' }),
  dimProofSeal: ep({ method: 'POST', path: '/dimission/proofs/:id/seal', params: IdParam, data: ProofSealData, auth: true, perm: 'hr' }),
  dimProofSealState: ep({ method: 'GET', path: '/dimission/proofs/:id/seal', params: IdParam, data: ProofSealData, auth: true, perm: 'hr' }),
  dimProofUrge: ep({ method: 'POST', path: '/dimission/proofs/:id/urge', params: IdParam, data: UrgeResult, auth: true, perm: 'hr' }),
  proofView: ep({ method: 'GET', path: '/dimission/proof-view/:token', params: Token, data: ProofViewData, auth: false }),
  proofViewCode: ep({ method: 'POST', path: '/dimission/proof-view/:token/code', params: Token, data: ProofLinkSent, auth: false }),
  proofViewReveal: ep({
    method: 'POST',
    path: '/dimission/proof-view/:token/reveal',
    params: Token,
    body: ProofRevealBody,
    data: ProofRevealData,
    auth: false,
  }),
  proofViewFile: ep({ method: 'GET', path: '/dimission/proof-view/:token/pdf', params: Token, data: ProofFileData, auth: false }),
  /** 验真 by the code on the paper or in its QR: public, within the per-address limit */
  proofCheck: ep({ method: 'GET', path: '/dimission/proof-check/:code', params: VerifyCode, query: ProofCheckQuery, data: ProofCheckData, auth: false }),

  dimRecords: ep({ method: 'GET', path: '/dimission/records', query: RecordListQuery, data: RecordListData, auth: true, perm: 'hr' }),
  dimRecordTransfer: ep({
    method: 'POST',
    path: '/dimission/records/:id/transfer',
    params: IdParam,
    data: z.object({ transfer_done_at: z.string() }),
    auth: true,
    perm: 'hr',
  }),
  dimRecordReveal: ep({
    method: 'GET',
    path: '/dimission/records/:id/reveal',
    params: IdParam,
    query: RecordRevealQuery,
    data: RevealData,
    auth: true,
    perm: 'pii.full',
  }),
  dimRecordsExport: ep({
    method: 'GET',
    path: '/dimission/records/export',
    query: RecordListQuery.omit({ page: true, page_size: true }),
    // a ticket: the .xlsx streams from exportFile (issue 34)
    data: ExportTicket,
    auth: true,
    perm: 'pii.full',
  }),
} as const satisfies Record<string, Endpoint>;

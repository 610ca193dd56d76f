/**
 * Accounts, company lifecycle and membership (issue 5): company application and review,
 * colleagues and invitations, personal info, WeChat scan login and phone binding, orders,
 * CRC ledger, strategic partners. SPEC §7 leaves these calls out; they follow its style.
 */
import { z } from 'zod';
import { DateTimeText, Fen, INT_MAX, MOBILE_RE, SMS_CODE_RE, formText, text } from './common';
import { User } from './usercenter';
import { ROLES, normalRoles } from './roles';
import { USCC_MESSAGES, normalizeUscc, usccProblem } from './uscc';

import { INDUSTRIES, PERSON_NAME_RE, STAFF_RANGES } from './vocab';

const Role = z.enum(ROLES);

// --- company application (/create, /auth, /inReview) -----------------------------------------

export const Uscc = z
  .string()
  .max(40)
  .transform(normalizeUscc)
  .superRefine((v, ctx) => {
    const p = usccProblem(v);
    if (p) ctx.addIssue({ code: 'custom', message: USCC_MESSAGES[p] });
  });

export const CompanyApplyBody = z.strictObject({
  company_name: formText(60).min(2, '请填写企业全称（与营业执照一致）'),
  creditcode: Uscc,
  industry: z.enum(INDUSTRIES, '请选择所属行业'),
  staff_num_range: z.enum(STAFF_RANGES, '请选择企业规模'),
  address: formText(120).min(5, '请填写企业详细地址'),
  represent: formText(20).regex(PERSON_NAME_RE, '请填写法定代表人姓名'),
  license_id: z.coerce.number('请上传营业执照照片').int().positive('请上传营业执照照片').max(INT_MAX, '营业执照照片无效，请重新上传'),
  contact_name: formText(20).regex(PERSON_NAME_RE, '请填写联系人姓名'),
  contact_mobile: text(20).regex(MOBILE_RE, '请填写正确的联系人手机号'),
});

/** The business licence image as a data URL (jpg/png up to 5 MB). */
export const LicenseUploadBody = z.strictObject({ image: z.string().min(1, '请选择营业执照照片').max(8_000_000, '营业执照照片不能超过 5MB') });
export const LicenseUploadData = z.object({ license_id: z.number().int(), size: z.number().int() });
/**
 * The licence as an image the upload engine stored (its ImageId): the server checks that it is the
 * caller's (or their company's) finished JPG/PNG image and keeps a copy with the application.
 */
export const LicenseMediaBody = z.strictObject({
  media_id: text(64)
    .min(1, '请上传营业执照照片')
    .regex(/^[A-Za-z0-9_-]+$/, '营业执照照片无效，请重新上传'),
});
export const LICENSE_MAX_BYTES = 5 * 1024 * 1024;
export const LicenseImageData = z.object({ image: z.string() });

export const ApplicationStatus = z.enum(['apply', 'normal', 'reject']);
export const CompanyApplication = z.object({
  id: z.number().int(),
  company_name: z.string(),
  creditcode: z.string(),
  industry: z.string(),
  staff_num_range: z.string(),
  address: z.string(),
  represent: z.string(),
  license_id: z.number().int().nullable(),
  contact_name: z.string(),
  contact_mobile: z.string(),
  registered: z.string(),
  busniss_expire: z.string(),
  business_scope: z.string(),
  website_link: z.string(),
  status: ApplicationStatus,
  reject_reason: z.string(),
  submitted_at: DateTimeText.nullable(),
  reviewed_at: DateTimeText.nullable(),
  /** the caller applied for this company (may resubmit after a rejection) */
  is_applicant: z.boolean(),
  /** the caller's own place: waiting for the admin's check */
  member_pending: z.boolean(),
});
export type CompanyApplication = z.infer<typeof CompanyApplication>;
export const CompanyApplicationData = z.object({ company: CompanyApplication.nullable() });

// --- colleagues ------------------------------------------------------------------------------

export const Colleague = z.object({
  id: z.number().int(),
  realname: z.string(),
  mobile: z.string(),
  dept_name: z.string(),
  job_name: z.string(),
  role: z.enum(['admin', 'member']),
  /** the colleague's roles (issue 27), in the table's order; 成员 always among them */
  roles: z.array(Role),
  status: z.enum(['normal', 'pending']),
  joined_at: DateTimeText.nullable(),
  applied_at: DateTimeText.nullable(),
  is_me: z.boolean(),
});
export type Colleague = z.infer<typeof Colleague>;
export const ColleaguesData = z.object({ list: z.array(Colleague), pending: z.array(Colleague) });
export const ColleagueCheckBody = z.strictObject({
  result: z.enum(['pass', 'reject'], '请选择审核结果'),
});

/** The admin sets a colleague's roles: the whole set, comma separated (成员 is added by itself). */
export const ColleagueRolesBody = z.strictObject({
  roles: z
    .string()
    .trim()
    .max(100)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((a) => a.every((x) => (ROLES as readonly string[]).includes(x)), '角色无效')
    .transform((a) => normalRoles(a)),
});
export const ColleagueRolesData = z.object({ roles: z.array(Role), changed: z.boolean() });

/** 权限变更记录: one change of a colleague's roles, before → after (append-only). */
export const RoleChangeRow = z.object({
  id: z.number().int(),
  /** whose roles: the colleague's name (or masked mobile) */
  target: z.string(),
  /** who changed them */
  changed_by: z.string(),
  before: z.array(Role),
  after: z.array(Role),
  created_at: DateTimeText,
});
export type RoleChangeRow = z.infer<typeof RoleChangeRow>;
export const RoleChangesQuery = z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).optional().default(1) });
export const RoleChangesData = z.object({ list: z.array(RoleChangeRow), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

export const CompanyInviteData = z.object({ code: z.string(), company_name: z.string() });
export const InviteCodeParam = z.strictObject({ code: z.string().regex(/^[A-Za-z0-9]{6,16}$/, '邀请链接无效') });
export const CompanyInvitePreview = z.object({ company_name: z.string(), inviter: z.string() });
export const CompanyJoinBody = z.strictObject({
  code: text(16).regex(/^[A-Za-z0-9]{6,16}$/, '邀请链接无效'),
  realname: formText(20).regex(PERSON_NAME_RE, '请填写您的真实姓名'),
  dept_name: formText(30).min(1, '请填写所在部门'),
  job_name: formText(30).min(1, '请填写职务'),
});

// --- personal info and the personal invitation -----------------------------------------------

export const ProfileBody = z.strictObject({
  realname: formText(20).regex(PERSON_NAME_RE, '请填写真实姓名（2-20个字）'),
  dept_name: formText(30).optional().default(''),
  job_name: formText(30).min(1, '请填写职务'),
});
export const Invitee = z.object({ realname: z.string(), mobile: z.string(), invited_at: DateTimeText, company_status: z.string() });
export const MyInviteData = z.object({ code: z.string(), list: z.array(Invitee) });
export const InviteAcceptBody = z.strictObject({ code: text(16).regex(/^[A-Za-z0-9]{6,16}$/, '邀请链接无效') });
export const InviterData = z.object({ inviter: z.string() });

// --- WeChat scan login and phone binding ------------------------------------------------------

export const WechatQrData = z.object({
  /** what the QR carries for the phone; it opens the confirm page and claims nothing */
  ticket: z.string(),
  /** the login page's own secret: polls and binds in a POST body, never in a URL */
  poll_secret: z.string(),
  /** what the QR encodes: the sandbox confirm page standing in for WeChat */
  qr_url: z.string(),
  expires_in: z.number().int(),
});
export const TicketParam = z.strictObject({ ticket: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, '二维码无效') });
const PollSecret = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, '二维码已失效，请刷新后重试');
export const WechatStatusBody = z.strictObject({ poll_secret: PollSecret });
export const WechatStatusData = z.object({
  status: z.enum(['waiting', 'scanned', 'confirmed', 'expired', 'cancelled']),
  /** confirmed and the WeChat account already has a mobile: logged in */
  token: z.string().optional(),
  expires_at: z.string().optional(),
  user: User.optional(),
  /** confirmed but no mobile yet: go to /bind with the poll secret */
  need_bind: z.boolean().optional(),
  nickname: z.string().optional(),
});
export const WechatBindBody = z.strictObject({
  poll_secret: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, '绑定已失效，请重新扫码登录'),
  mobile: text(20).regex(MOBILE_RE, '请输入正确的手机号'),
  code: text(20).regex(SMS_CODE_RE, '请输入6位数字验证码'),
});

// --- orders, CRC, partners ---------------------------------------------------------------------

export const OrderRow = z.object({
  order_id: z.string(),
  name: z.string(),
  amount: Fen,
  days: z.number().int(),
  num: z.number().int(),
  status: z.enum(['unpaid', 'paid', 'closed']),
  created_at: DateTimeText,
  paid_at: DateTimeText.nullable(),
  invoice_status: z.enum(['none', 'pending', 'issued']),
});
export type OrderRow = z.infer<typeof OrderRow>;
export const OrdersData = z.object({ list: z.array(OrderRow) });

export const CrcLedgerQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export const CrcEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  ref: z.string(),
  created_at: DateTimeText,
});
export type CrcEntry = z.infer<typeof CrcEntry>;
export const CrcLedgerData = z.object({
  balance: z.number().int(),
  total: z.number().int(),
  list: z.array(CrcEntry),
});

export const Partner = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  intro: z.string(),
  website: z.string(),
  since: z.string(),
});
export type Partner = z.infer<typeof Partner>;
export const PartnersData = z.object({ list: z.array(Partner) });

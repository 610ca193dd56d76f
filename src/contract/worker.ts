/**
 * The worker's side of 灵活用工 (issue 29 item 1): the phone pages behind the links HR sends
 * (/m/flex/w/{token}: SMS check → 实名认证 → sign or refuse the agreement → deliver, then the
 * worker's own agreement and 发放记录) and a task's public sign-up (/m/flex/t/{token}).
 * Every call is public (auth: false; the link is the key, the per-IP limit of http/route.ts
 * applies); the steps after the SMS check need the worker session, an HttpOnly cookie scoped to
 * this invitation's paths — never a console token.
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { Empty } from './envelope';
import { Fen, freeText, Id, PersonName, text } from './common';
import { MOBILE_RE, SMS_CODE_RE } from './patterns';
import { DELIVERY_PHOTOS_MAX, MSG_PHOTOS_MAX, SIGN_STATUS, WORK_STATUS } from './employment-rules';
import { MediaRegisterBody, MediaRegisterData, StsData } from './upload';
import { DeliveryPhoto } from './employment';
import { ROW_STATUS_CODES } from './payouts-rules';

const codes = <T extends readonly { code: string }[]>(xs: T) => xs.map((x) => x.code) as unknown as [T[number]['code'], ...T[number]['code'][]];

const Token = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '链接无效') });

/** What the invitation page shows next (computed by the server: domain/employment/worker-page.ts). */
export const WORKER_STEPS = [
  'verify', // the SMS check of the invited mobile
  'wait_hire', // signed up; the company has not taken them on yet
  'realname', // 实名认证 (name + ID number)
  'sign', // read and sign (or refuse) the agreement in effect
  'signing', // signing at e签宝: 签署确认中 until its result is known
  'no_agreement', // signing needed, but no agreement is in effect yet
  'deliver', // 提交交付
  'delivered', // waiting for the company's 验收
  'accepted', // 已验收
  'refused', // 已拒签
  'expired', // the signing window passed
  'closed', // the task ended or was cancelled
] as const;
export type WorkerStep = (typeof WORKER_STEPS)[number];

/** The task as a worker sees it (invitation and public sign-up alike). */
export const WorkerTask = z.object({
  name: z.string(),
  company_name: z.string(),
  description: z.string(),
  standard: z.string(),
  work_mode: z.string(),
  address: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  pay_amount: Fen,
  pay_unit: z.string(),
  settle_mode: z.string(),
});
export type WorkerTask = z.infer<typeof WorkerTask>;

/** The agreement version to sign, with a short-lived link to its PDF (only after the SMS check). */
export const WorkerAgreement = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  effective_date: z.string(),
  url: z.string(),
});

/** Where the person's latest e签宝 flow stands, when it is not signed (yet): what the page says of it. */
export const SignFlowNote = z.object({
  status: z.enum(['signing', 'refused', 'expired', 'revoked', 'failed']),
  note: z.string(),
});
export type SignFlowNote = z.infer<typeof SignFlowNote>;

export const InviteData = z.object({
  task: WorkerTask,
  mobile_mask: z.string(),
  /** a live worker session (the SMS check passed within the last half hour) */
  verified: z.boolean(),
  need_sign: z.boolean(),
  need_realname: z.boolean(),
  sign_status: z.enum(codes(SIGN_STATUS)),
  work_status: z.enum(codes(WORK_STATUS)),
  step: z.enum(WORKER_STEPS),
  /** 应发报酬 of this person, fen */
  amount: Fen,
  reject_reason: z.string(),
  delivery_note: z.string(),
  /** the photos of the latest delivery (after the SMS check only) */
  delivery_photos: z.array(DeliveryPhoto),
  signed_at: z.string(),
  /** set when step is `sign` */
  agreement: WorkerAgreement.nullable(),
  /** signing through e签宝: the latest flow of a person still to sign (after the SMS check only) */
  sign_flow: SignFlowNote.nullable(),
});
export type InviteData = z.infer<typeof InviteData>;

/** 签署: the page as it now stands, and e签宝's signing page to open (empty when signed here, in-house). */
export const WorkerSignData = InviteData.extend({ sign_url: z.string() });
export const WorkerSignUrlData = z.object({ sign_url: z.string() });

export const WorkerCodeData = z.object({ retry_after: z.number().int(), mobile_mask: z.string() });
export const WorkerVerifyBody = z.strictObject({ code: z.string().trim().regex(SMS_CODE_RE, '请输入6位验证码') });
export const WorkerRealnameBody = z.strictObject({
  name: PersonName,
  id_no: text(30).pipe(z.string().min(1, '请填写身份证号')),
});
/** Signing: the version read, the box ticked, and the intent code sent at signing (workerSignCode). */
export const WorkerSignBody = z.strictObject({
  agreement_id: Id,
  agree: z.literal('1', '请先阅读并同意协议'),
  code: z.string().trim().regex(SMS_CODE_RE, '请输入6位验证码'),
});
export const MSG_PHOTO_INVALID = '照片无效，请重新上传';
export const WorkerDeliverBody = z.strictObject({
  note: freeText(500).pipe(z.string().min(1, '请填写交付说明')),
  /** the photos (ImageIds uploaded through the invitation's upload calls), comma-separated, 0–9; a new delivery replaces the set */
  media_ids: z
    .string()
    .trim()
    .max(1000)
    .default('')
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((a) => a.length <= DELIVERY_PHOTOS_MAX, MSG_PHOTOS_MAX)
    .refine((a) => a.every((x) => /^[A-Za-z0-9_-]{1,64}$/.test(x)), MSG_PHOTO_INVALID),
});

/**
 * The worker's upload calls (delivery photos through the upload engine): the same claim and
 * register as the console's (contract/upload.ts), images only.
 */
export const WorkerMediaBody = MediaRegisterBody.extend({ kind: z.literal('image', { error: '只能上传照片' }) });

/** One payout to this person for this task (发放记录); `receipt_no` once the channel paid it. */
export const WorkerPayout = z.object({
  id: z.number().int(),
  amount: Fen,
  tax: Fen,
  net: Fen,
  status: z.enum(ROW_STATUS_CODES),
  pay_method: z.enum(['bank', 'alipay']),
  account_mask: z.string(),
  created_at: z.string(),
  finished_at: z.string(),
  receipt_no: z.string(),
});
export type WorkerPayout = z.infer<typeof WorkerPayout>;
/** a file to save, base64 (the signed PDF) */
export const WorkerFile = z.object({ filename: z.string(), content_base64: z.string() });
export const WorkerRecordsData = z.object({
  /** the version this person signed, with a short-lived link to its PDF */
  agreement: z
    .object({
      name: z.string(),
      version: z.number().int(),
      signed_at: z.string(),
      url: z.string(),
      /** the signed PDF e签宝 delivered (signed through its flow): GET …/signed-file; null: signed in-house */
      signed_file: z.object({ name: z.string(), sha256: z.string() }).nullable(),
    })
    .nullable(),
  payouts: z.array(WorkerPayout),
  /** this person's tasks with the same company (每个邀请链接), newest first; `current` is this page's */
  tasks: z.array(
    z.object({
      name: z.string(),
      work_status: z.enum(codes(WORK_STATUS)),
      sign_status: z.enum(codes(SIGN_STATUS)),
      /** the task asks for a signature (else its 签约状态 means nothing) */
      need_sign: z.boolean(),
      path: z.string(),
      current: z.boolean(),
    }),
  ),
});
export type WorkerRecordsData = z.infer<typeof WorkerRecordsData>;

// --- the public sign-up -------------------------------------------------------------------------

export const SignupTaskData = WorkerTask.extend({
  signup_deadline: z.string(),
  /** the deadline passed: the page shows 报名已截止 */
  closed: z.boolean(),
});
export type SignupTaskData = z.infer<typeof SignupTaskData>;
export const SignupBody = z.strictObject({
  name: PersonName,
  mobile: z.string().trim().regex(MOBILE_RE, '请输入正确的手机号'),
  cert_no: text(30).pipe(z.string().min(1, '请填写身份证号')),
  bank_card: text(30).default(''),
});
/** The one answer of a sign-up, whatever the company's 人员库 holds (the link goes by SMS). */
export const MSG_SIGNED_UP = '报名成功，请留意短信通知';

export const workerEndpoints = {
  workerInvite: ep({ method: 'GET', path: '/worker/invite/:token', params: Token, data: InviteData, auth: false }),
  workerCode: ep({ method: 'POST', path: '/worker/invite/:token/code', params: Token, data: WorkerCodeData, auth: false }),
  workerVerify: ep({ method: 'POST', path: '/worker/invite/:token/verify', params: Token, body: WorkerVerifyBody, data: InviteData, auth: false }),
  workerRealname: ep({ method: 'POST', path: '/worker/invite/:token/realname', params: Token, body: WorkerRealnameBody, data: InviteData, auth: false }),
  /** the intent code of signing, to the invited (verified) mobile */
  workerSignCode: ep({ method: 'POST', path: '/worker/invite/:token/sign-code', params: Token, data: WorkerCodeData, auth: false }),
  workerSign: ep({ method: 'POST', path: '/worker/invite/:token/sign', params: Token, body: WorkerSignBody, data: WorkerSignData, auth: false }),
  /** 继续签署: a fresh link to the person's open e签宝 flow */
  workerSignUrl: ep({ method: 'POST', path: '/worker/invite/:token/sign-url', params: Token, data: WorkerSignUrlData, auth: false }),
  workerRefuse: ep({ method: 'POST', path: '/worker/invite/:token/refuse', params: Token, data: InviteData, auth: false }),
  workerDeliver: ep({ method: 'POST', path: '/worker/invite/:token/deliver', params: Token, body: WorkerDeliverBody, data: InviteData, auth: false }),
  /** short-lived upload credentials for this task worker's photos (key prefix and images only), while they may deliver */
  workerUploadSts: ep({ method: 'GET', path: '/worker/invite/:token/upload/sts', params: Token, data: StsData, auth: false }),
  /** a started photo upload, bound to this task worker (as POST /upload/media/claim is for the console) */
  workerMediaClaim: ep({
    method: 'POST',
    path: '/worker/invite/:token/upload/claim',
    params: Token,
    body: WorkerMediaBody,
    data: MediaRegisterData,
    auth: false,
  }),
  /** a finished photo upload, verified at the video service (as POST /upload/media/register) */
  workerMediaRegister: ep({
    method: 'POST',
    path: '/worker/invite/:token/upload/register',
    params: Token,
    body: WorkerMediaBody,
    data: MediaRegisterData,
    auth: false,
  }),
  workerRecords: ep({ method: 'GET', path: '/worker/invite/:token/records', params: Token, data: WorkerRecordsData, auth: false }),
  /** the worker's own copy of the signed PDF (我的协议 → 下载已签署文件) */
  workerSignedFile: ep({ method: 'GET', path: '/worker/invite/:token/signed-file', params: Token, data: WorkerFile, auth: false }),
  signupTask: ep({ method: 'GET', path: '/worker/task/:token', params: Token, data: SignupTaskData, auth: false }),
  signup: ep({ method: 'POST', path: '/worker/task/:token/signup', params: Token, body: SignupBody, data: Empty, auth: false }),
} as const satisfies Record<string, Endpoint>;

/**
 * 灵活用工 (issue 12): tasks, the platform's review, agreements (versions), settings, the people
 * of a task and their signing. Calls not in SPEC §7, designed in its style (form bodies, query
 * params). Rules live in ./employment-rules (pure, unit-tested); the server enforces them.
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { DateText, DateTimeText, IdParam, KeysetPage, KeysetQuery } from './common';
import { Empty } from './envelope';
import { CERT_TYPE_CODES } from './person';
import {
  PAY_MAX_FEN,
  PAY_UNIT_CODES,
  SERVICE_CATEGORIES,
  SETTLE_CYCLE_CODES,
  SETTLE_MODE_CODES,
  SIGNUP_MODE_CODES,
  TASK_STATUS_CODES,
  WORK_MODE_CODES,
} from './employment-rules';

const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number, msg: string) => z.string().trim().max(max, msg).refine(noNul, '包含非法字符');
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(5).max(50).default(10);
const bool = z.enum(['0', '1']).transform((v) => v === '1');
const dateOrBlank = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), '日期格式不正确');

export const TaskStatus = z.enum(TASK_STATUS_CODES);
export const TaskTab = z.enum(['all', ...TASK_STATUS_CODES]);

export const TaskListQuery = z.strictObject({
  status: TaskTab.default('all'),
  keywords: text(50, '关键词不能超过50个字').optional().default(''),
  page,
  page_size: pageSize,
  /** 首页 待办: unsigned = tasks with 待签约人员, batches = tasks with a batch 待确认发放 */
  todo: z.enum(['unsigned', 'batches']).optional(),
});

export const TaskItem = z.object({
  id: z.number().int(),
  task_no: z.string(),
  name: z.string(),
  category: z.string(),
  pay_amount: z.number().int(),
  pay_unit: z.string(),
  applied_num: z.number().int(),
  signed_num: z.number().int(),
  headcount: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  settle_mode: z.string(),
  status: TaskStatus,
  reject_reason: z.string(),
  created_at: DateTimeText,
});
export type TaskItem = z.infer<typeof TaskItem>;
const counts = z.object(Object.fromEntries(['all', ...TASK_STATUS_CODES].map((k) => [k, z.number().int()])) as Record<string, z.ZodNumber>);
export const TaskListData = z.object({ list: z.array(TaskItem), total: z.number().int(), page: z.number().int(), page_size: z.number().int(), counts });

/**
 * The task form (发布任务). `pay_amount` is integer fen. `action`: `draft` keeps it as a draft
 * (only the name is required), `submit` checks everything and sends it to the platform's review.
 */
export const TaskBody = z.strictObject({
  id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  action: z.enum(['draft', 'submit'], { error: '请选择保存方式' }),
  name: text(40, '任务名称不能超过40个字').pipe(z.string().min(1, '请填写任务名称')),
  category: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || (SERVICE_CATEGORIES as readonly string[]).includes(v), '请选择服务类目'),
  description: text(2000, '任务描述不能超过2000字').default(''),
  standard: text(1000, '交付标准不能超过1000字').default(''),
  work_mode: z.enum(WORK_MODE_CODES, { error: '请选择工作方式' }).default('online'),
  address: text(100, '工作地址不能超过100字').default(''),
  start_date: dateOrBlank.default(''),
  end_date: dateOrBlank.default(''),
  signup_deadline: dateOrBlank.default(''),
  headcount: z.coerce.number({ error: '需求人数请填写整数' }).int('需求人数请填写整数').min(0).max(9999, '需求人数不能超过9999人').default(0),
  pay_amount: z.coerce
    .number({ error: '报酬金额须为整数分' })
    .int('报酬金额须为整数分')
    .min(0, '报酬金额不能为负')
    .max(PAY_MAX_FEN, '报酬金额不能超过100,000元')
    .default(0),
  pay_unit: z.enum(PAY_UNIT_CODES, { error: '请选择报酬单位' }).default('time'),
  settle_mode: z.enum(SETTLE_MODE_CODES, { error: '请选择结算方式' }).default('on_finish'),
  need_sign: bool.default(true),
  /** comma-separated media ids of attachments stored through the upload engine */
  attachments: z
    .string()
    .trim()
    .max(400)
    .default('')
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((a) => a.length <= 5, '附件最多5个')
    .refine((a) => a.every((x) => /^[A-Za-z0-9]{8,64}$/.test(x)), '附件无效，请重新上传'),
});
export type TaskBodyIn = z.input<typeof TaskBody>;

export const Attachment = z.object({ media_id: z.string(), name: z.string(), size: z.number().int(), url: z.string().nullable() });
export const TaskSettings = z.object({
  signup_mode: z.string(),
  signup_review: z.boolean(),
  need_realname: z.boolean(),
  settle_cycle: z.string(),
  auto_accept_days: z.number().int(),
  notify_sms: z.boolean(),
  notify_site: z.boolean(),
});
export const TaskDetail = z.object({
  id: z.number().int(),
  task_no: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  standard: z.string(),
  work_mode: z.string(),
  address: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  signup_deadline: z.string(),
  headcount: z.number().int(),
  pay_amount: z.number().int(),
  pay_unit: z.string(),
  settle_mode: z.string(),
  need_sign: z.boolean(),
  attachments: z.array(Attachment),
  status: TaskStatus,
  reject_reason: z.string(),
  settings: TaskSettings,
  /** the 公开报名 link (sandbox worker side), '' when the task does not take public signups */
  public_url: z.string(),
  company_name: z.string(),
  applied_num: z.number().int(),
  signed_num: z.number().int(),
  created_at: DateTimeText,
  updated_at: DateTimeText,
});
export type TaskDetail = z.infer<typeof TaskDetail>;
export const TaskSaved = z.object({ id: z.number().int(), status: TaskStatus });

export const TaskActionBody = z.strictObject({ action: z.enum(['submit', 'end', 'cancel', 'delete', 'copy'], { error: '请选择操作' }) });
export const TaskActionData = z.object({ id: z.number().int(), status: TaskStatus.nullable() });

export const SettingBody = z.strictObject({
  signup_mode: z.enum(SIGNUP_MODE_CODES, { error: '请选择报名方式' }),
  signup_review: bool,
  need_realname: bool,
  settle_cycle: z.enum(SETTLE_CYCLE_CODES, { error: '请选择结算周期' }),
  auto_accept_days: z.coerce
    .number({ error: '自动验收天数请填写整数' })
    .int('自动验收天数请填写整数')
    .min(0, '自动验收天数为0至30天')
    .max(30, '自动验收天数为0至30天'),
  notify_sms: bool,
  notify_site: bool,
});

// --- agreements -----------------------------------------------------------------------------

export { AGREEMENT_MAX_BYTES } from './employment-rules';
export const AgreementBody = z.strictObject({
  name: text(50, '协议名称不能超过50个字').pipe(z.string().min(1, '请填写协议名称')),
  media_id: z
    .string()
    .trim()
    .min(1, '请上传协议文件')
    .max(64, '协议文件无效，请重新上传')
    .regex(/^[A-Za-z0-9]+$/, '协议文件无效，请重新上传'),
  effective_date: DateText.refine((s) => !Number.isNaN(Date.parse(s)), '请选择生效日期'),
});
export const AgreementItem = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  effective_date: z.string(),
  /** the version new signers get today */
  current: z.boolean(),
  signed_num: z.number().int(),
  created_by: z.string(),
  created_at: DateTimeText,
});
export type AgreementItem = z.infer<typeof AgreementItem>;
export const AgreementListData = z.object({ task: z.object({ id: z.number().int(), name: z.string(), status: TaskStatus }), list: z.array(AgreementItem) });
export const AgreementUrlData = z.object({ url: z.string(), file_name: z.string() });

// --- people of a task -----------------------------------------------------------------------

export const WorkerTab = z.enum(['applied', 'signed', 'delivery', 'settled']);
export const WorkerListQuery = z.strictObject({ tab: WorkerTab.default('applied'), page, page_size: pageSize });
/** A photo of the delivery (工作照片…), with a short-lived link to the image. */
export const DeliveryPhoto = z.object({
  media_id: z.string(),
  file_name: z.string(),
  /** bytes */
  size: z.number().int(),
  /** a signed GetObject link, valid a short while ('' without a signer, or when purged) */
  url: z.string(),
  /** deleted by retention (docs/pii.md): the place stays, the file is gone — say 已按保存期限删除 */
  purged: z.boolean(),
});
export type DeliveryPhoto = z.infer<typeof DeliveryPhoto>;

export const TaskWorkerItem = z.object({
  id: z.number().int(),
  worker_id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  cert_no: z.string(),
  bank_card: z.string(),
  source: z.string(),
  sign_status: z.enum(['pending', 'signed', 'refused', 'expired']),
  work_status: z.enum(['applied', 'hired', 'working', 'delivered', 'accepted', 'rejected']),
  amount: z.number().int(),
  agreement_version: z.number().int().nullable(),
  delivery_note: z.string(),
  /** the photos of the latest delivery, each with a short-lived link (HR looks before 验收) */
  delivery_photos: z.array(DeliveryPhoto),
  reject_reason: z.string(),
  signed_at: z.string(),
  delivered_at: z.string(),
  accepted_at: z.string(),
  /** who accepted the delivery: HR's name, 系统自动验收 (jobs/acceptance.ts), or '' */
  accepted_by: z.string(),
  /** the worker's invitation page (sandbox worker side) */
  invite_url: z.string(),
  /** a signature with kept evidence (签署证据; people signed before it was kept have none) */
  has_evidence: z.boolean(),
  /** its evidence was deleted by retention (5 years after the task ended): say so instead of a link */
  evidence_purged: z.boolean(),
  actions: z.array(z.enum(['hire', 'accept', 'reject', 'remove', 'urge'])),
});
export type TaskWorkerItem = z.infer<typeof TaskWorkerItem>;
export const WorkerListData = z.object({
  task: z.object({
    id: z.number().int(),
    name: z.string(),
    status: TaskStatus,
    need_sign: z.boolean(),
    pay_amount: z.number().int(),
    pay_unit: z.string(),
    signup_mode: z.string(),
  }),
  counts: z.object({ applied: z.number().int(), signed: z.number().int(), delivery: z.number().int(), settled: z.number().int() }),
  list: z.array(TaskWorkerItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** A worker typed in by HR (指定人员): validated with contract/person, sealed on the server. */
export const WorkerAddBody = z.strictObject({
  name: text(40, '姓名不能超过40个字').pipe(z.string().min(1, '请填写姓名')),
  mobile: text(20, '请输入正确的手机号').pipe(z.string().min(1, '请填写手机号')),
  cert_type: z.enum(CERT_TYPE_CODES, { error: '请选择证件类型' }).default('id_card'),
  cert_no: text(30, '证件号码格式不正确').pipe(z.string().min(1, '请填写证件号码')),
  bank_card: text(30, '请填写正确的银行卡号').default(''),
  /** a person on file with another mobile or bank card: ask (refused with what differs), keep what is on file, or replace it */
  on_conflict: z.enum(['ask', 'keep', 'replace'], { error: '请选择如何处理不一致的信息' }).default('ask'),
});
export const WorkerPickBody = z.strictObject({
  ids: z
    .string()
    .trim()
    .max(2000)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((a) => a.length > 0, '请选择人员')
    .refine((a) => a.length <= 200, '一次最多添加200人')
    .refine((a) => a.every((x) => /^\d{1,9}$/.test(x)), '人员无效')
    .transform((a) => a.map(Number)),
});
/** `notified`: messages sent (签约短信 when `need_sign`, else the task's page): the console says only what was sent */
export const WorkerAddData = z.object({ added: z.number().int(), skipped: z.number().int(), notified: z.number().int(), need_sign: z.boolean() });

export const FlexWorkerQuery = z.strictObject({
  keywords: text(40, '关键词不能超过40个字').optional().default(''),
  task_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  page,
  page_size: pageSize,
  ...KeysetQuery,
});
export const FlexWorkerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  cert_type: z.string(),
  cert_no: z.string(),
  bank_card: z.string(),
  realname_verified: z.boolean(),
  /** already a person of the task given as task_id */
  in_task: z.boolean(),
});
export const FlexWorkerListData = z.object({
  list: z.array(FlexWorkerItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  ...KeysetPage,
});

export const WorkerActionBody = z.strictObject({
  action: z.enum(['hire', 'accept', 'reject', 'remove', 'urge'], { error: '请选择操作' }),
  reason: text(200, '原因不能超过200字').default(''),
});
export const WorkerActionData = z.object({ id: z.number().int(), work_status: z.string(), sign_status: z.string(), removed: z.boolean() });

export const employmentEndpoints = {
  empTasks: ep({ method: 'GET', path: '/employment/tasks', query: TaskListQuery, data: TaskListData, auth: true, perm: 'hr' }),
  empTask: ep({ method: 'GET', path: '/employment/task/:id', params: IdParam, data: TaskDetail, auth: true, perm: 'hr' }),
  empTaskSave: ep({ method: 'POST', path: '/employment/task/save', body: TaskBody, data: TaskSaved, auth: true, perm: 'hr' }),
  empTaskAction: ep({
    method: 'POST',
    path: '/employment/task/:id/action',
    params: IdParam,
    body: TaskActionBody,
    data: TaskActionData,
    auth: true,
    perm: 'hr',
  }),
  empTaskSetting: ep({ method: 'POST', path: '/employment/task/:id/setting', params: IdParam, body: SettingBody, data: Empty, auth: true, perm: 'hr' }),
  empAgreements: ep({ method: 'GET', path: '/employment/task/:id/agreements', params: IdParam, data: AgreementListData, auth: true, perm: 'hr' }),
  empAgreementSave: ep({
    method: 'POST',
    path: '/employment/task/:id/agreement',
    params: IdParam,
    body: AgreementBody,
    data: AgreementItem,
    auth: true,
    perm: 'hr',
  }),
  empAgreementUrl: ep({ method: 'GET', path: '/employment/agreement/:id/url', params: IdParam, data: AgreementUrlData, auth: true, perm: 'hr' }),
  empWorkers: ep({
    method: 'GET',
    path: '/employment/task/:id/workers',
    params: IdParam,
    query: WorkerListQuery,
    data: WorkerListData,
    auth: true,
    perm: 'hr',
  }),
  empWorkerAdd: ep({ method: 'POST', path: '/employment/task/:id/workers', params: IdParam, body: WorkerAddBody, data: WorkerAddData, auth: true, perm: 'hr' }),
  empWorkerPick: ep({
    method: 'POST',
    path: '/employment/task/:id/workers/pick',
    params: IdParam,
    body: WorkerPickBody,
    data: WorkerAddData,
    auth: true,
    perm: 'hr',
  }),
  empFlexWorkers: ep({ method: 'GET', path: '/employment/flex-workers', query: FlexWorkerQuery, data: FlexWorkerListData, auth: true, perm: 'hr' }),
  empWorkerAction: ep({
    method: 'POST',
    path: '/employment/task-worker/:id/action',
    params: IdParam,
    body: WorkerActionBody,
    data: WorkerActionData,
    auth: true,
    perm: 'hr',
  }),
} as const satisfies Record<string, Endpoint>;

/**
 * Full-time recruitment and the talent hall: positions, applications, interviews and the hall
 * search. Calls that SPEC §7 leaves out, designed in the same style (form bodies, query params).
 */
import { z } from 'zod';
import { DateTimeText, INT_MAX, KeysetPage, freeText, text } from './common';
import { CITIES, CITY_NAMES, EDUCATION, JOB_NATURES, EXPERIENCE_CODES, JOB_CATEGORIES, SALARY_CODES, WELFARE } from './vocab';

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(5).max(50).default(10);
const keywords = text(50).optional().default('');
/** keyset paging (issue 34): the answer's `next` sent as `after` opens the next page, its `prev` sent as `before` the previous one */
const cursor = z.string().max(200).optional();
const keyset = { after: cursor, before: cursor };
/** the cursors of a keyset-paged answer ('' on an empty page) */
const Cursors = { next: z.string(), prev: z.string() };

export const Paged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

// --- talent hall ----------------------------------------------------------------------------

export const HallQuery = z.strictObject({
  keywords,
  city: z.enum(CITY_NAMES as [string, ...string[]]).optional(),
  education: z.coerce.number().int().min(0).max(7).optional(),
  experience: z.enum(EXPERIENCE_CODES).optional(),
  salary: z.enum(SALARY_CODES).optional(),
  job_status: z.coerce.number().int().min(1).max(4).optional(),
  label: text(20).optional(),
  page,
  page_size: pageSize,
  ...keyset,
});
export type HallQuery = z.input<typeof HallQuery>;

export const HallItem = z.object({
  id: z.number().int(),
  /** masked: 王先生 / 王女士 */
  realname: z.string(),
  avatar: z.string(),
  gender: z.string(),
  age: z.number().int(),
  work_exp: z.string(),
  education: z.string(),
  job_status: z.string(),
  expect_city: z.string(),
  expect_job: z.string(),
  expect_salary: z.string(),
  labels: z.array(z.string()),
  evaluation: z.string(),
  last_company: z.string(),
  last_job: z.string(),
  active: z.string(),
  verify_status: z.number().int(),
  /** the caller's company already has an open interview with them */
  invited: z.boolean(),
});
export type HallItem = z.infer<typeof HallItem>;
/** `total_more`: more matches than `total` counts (the hall stops counting at 10,000, issue 34) */
export const HallData = Paged(HallItem).extend({ ...Cursors, total_more: z.boolean() });

// --- positions ------------------------------------------------------------------------------

export const PositionTab = z.enum(['all', 'open', 'review', 'rejected', 'closed']);
/** `todo` (首页 待办): resumes = positions with 新收到的简历, interviews = positions with 今日面试 */
export const PositionListQuery = z.strictObject({
  status: PositionTab.default('all'),
  keywords,
  page,
  page_size: pageSize,
  todo: z.enum(['resumes', 'interviews']).optional(),
});

export const PositionItem = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  city: z.string(),
  district: z.string(),
  salary: z.string(),
  experience: z.string(),
  education: z.string(),
  headcount: z.number().int(),
  status: z.enum(['open', 'review', 'rejected', 'closed']),
  reject_reason: z.string(),
  apply_num: z.number().int(),
  /** applications nobody has looked at yet */
  new_num: z.number().int(),
  invite_num: z.number().int(),
  hired_num: z.number().int(),
  publisher: z.string(),
  updated_at: DateTimeText,
});
export type PositionItem = z.infer<typeof PositionItem>;
export const PositionListData = Paged(PositionItem).extend({
  counts: z.object({ all: z.number().int(), open: z.number().int(), review: z.number().int(), rejected: z.number().int(), closed: z.number().int() }),
});

/** a 是/否 form field ('1' / '0'), with its default */
const flag = (d: '0' | '1') =>
  z
    .enum(['0', '1'])
    .default(d)
    .transform((v) => v === '1');

const salaryK = z.coerce.number({ error: '请填写薪资范围' }).int('薪资请填写整数（单位：K）').min(1, '薪资最低为 1K').max(250, '薪资最高为 250K');

/** Publish or edit a position (form body). `welfare` is a comma-separated list of tags. */
export const PositionBody = z
  .strictObject({
    id: z.coerce.number().int().min(0).max(INT_MAX).optional(),
    title: text(30).min(1, '请填写职位名称').max(30, '职位名称不能超过30个字'),
    category: z.enum(JOB_CATEGORIES, { error: '请选择职位类别' }),
    city: z.enum(CITY_NAMES as [string, ...string[]], { error: '请选择工作城市' }),
    district: text(20).min(1, '请选择所在区县'),
    salary_min: salaryK,
    salary_max: salaryK,
    salary_months: z.coerce.number().int().min(12, '薪资月数为12至24薪').max(24, '薪资月数为12至24薪').default(12),
    experience: z.enum(EXPERIENCE_CODES, { error: '请选择经验要求' }),
    education: z.coerce
      .number({ error: '请选择学历要求' })
      .int()
      .min(0)
      .max(EDUCATION.length - 1, '请选择学历要求'),
    headcount: z.coerce.number({ error: '请填写招聘人数' }).int('招聘人数请填写整数').min(1, '招聘人数至少为1人').max(999, '招聘人数不能超过999人'),
    welfare: text(200)
      .default('')
      .transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ])
      .refine((a) => a.every((x) => (WELFARE as readonly string[]).includes(x)), '福利标签不在可选范围内')
      .refine((a) => a.length <= 8, '福利标签最多选择8个'),
    description: freeText(2000).min(10, '职位描述至少10个字').max(2000, '职位描述不能超过2000字'),
    address: text(100).min(1, '请填写工作地址').max(100, '工作地址不能超过100字'),
    contact_name: text(30).min(1, '请填写联系人').max(30, '联系人不能超过30个字'),
    contact_tel: text(20).min(1, '请填写联系电话').max(20, '联系电话格式不正确'),
    /** 所属部门 (optional; the data panel's 部门 filter) */
    department: text(15).max(15, '所属部门不能超过15个字').optional().default(''),
    /** 工作性质 (domain.md §2.6) */
    job_nature: z.enum(JOB_NATURES, { error: '请选择工作性质' }).default('全职'),
    /** 联系方式对外显示: the public position page (/m/job) shows the contact */
    contact_public: flag('0'),
    /** 接收投递通知: a job-seeker's 投递 writes the 新投递 message (default 是) */
    notify_apply: flag('1'),
    /** 截止日期 (optional): after it the public page takes no application */
    closes_on: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), '截止日期格式不正确')
      .default(''),
  })
  .refine((b) => b.salary_min <= b.salary_max, { message: '最低薪资不能高于最高薪资', path: ['salary_max'] })
  .refine((b) => (CITIES[b.city] ?? []).includes(b.district), { message: '请选择所在区县', path: ['district'] });
export type PositionBodyIn = z.input<typeof PositionBody>;

export const PositionDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  city: z.string(),
  district: z.string(),
  salary_min: z.number().int(),
  salary_max: z.number().int(),
  salary_months: z.number().int(),
  experience: z.string(),
  education: z.number().int(),
  headcount: z.number().int(),
  welfare: z.array(z.string()),
  description: z.string(),
  address: z.string(),
  contact_name: z.string(),
  contact_tel: z.string(),
  department: z.string(),
  job_nature: z.enum(JOB_NATURES),
  contact_public: z.boolean(),
  notify_apply: z.boolean(),
  closes_on: z.string(),
  status: z.enum(['open', 'review', 'rejected', 'closed']),
});
export type PositionDetail = z.infer<typeof PositionDetail>;
export const PositionSaved = z.object({ id: z.number().int(), status: z.enum(['open', 'review', 'rejected', 'closed']) });
export const PositionStatusBody = z.strictObject({ action: z.enum(['close', 'reopen'], { error: '请选择操作' }) });

/** Candidate summary shown in the per-position lists. */
const PersonCols = {
  user_id: z.number().int(),
  realname: z.string(),
  avatar: z.string(),
  gender: z.string(),
  age: z.number().int(),
  education: z.string(),
  work_exp: z.string(),
  last_company: z.string(),
  last_job: z.string(),
};

export const ApplyListQuery = z.strictObject({
  status: z.enum(['all', 'pending', 'viewed', 'invited', 'unsuitable', 'hired']).default('all'),
  page,
  page_size: pageSize,
  ...keyset,
});
export const ApplyItem = z.object({
  id: z.number().int(),
  ...PersonCols,
  status: z.enum(['pending', 'viewed', 'invited', 'unsuitable', 'hired']),
  source: z.string(),
  applied_at: DateTimeText,
});
export type ApplyItem = z.infer<typeof ApplyItem>;
export const ApplyListData = Paged(ApplyItem).extend({ title: z.string(), ...KeysetPage });

export const InterviewItem = z.object({
  id: z.number().int(),
  ...PersonCols,
  /** the interview's state (contract/interviews INTERVIEW_STATES; reviewed: 到场 with 面试反馈) */
  status: z.enum(['pending', 'accepted', 'declined', 'canceled', 'done', 'no_show', 'reviewed']),
  /** the moves the state allows (domain/recruitment/interview-machine.ts) */
  actions: z.array(z.enum(['confirm', 'decline', 'reschedule', 'cancel', 'check_in', 'no_show', 'feedback'])),
  /** the reason of the last 改期 or 取消 */
  reason: z.string(),
  /** 面试反馈: 通过 / 待定 / 不通过, null before */
  verdict: z.enum(['pass', 'hold', 'fail']).nullable(),
  /** the application behind the interview (录用 after 通过), and its status */
  application_id: z.number().int().nullable(),
  application_status: z.enum(['pending', 'viewed', 'invited', 'unsuitable', 'hired']).nullable(),
  pick_time: DateTimeText,
  address: z.string(),
  contacts_name: z.string(),
  contacts_tel: z.string(),
  remark: z.string(),
  sent_at: DateTimeText,
});
export type InterviewItem = z.infer<typeof InterviewItem>;
/** 已录用 and 邀请面试 of a position: by page number or, next / previous, by cursor (issue 34) */
export const InterviewListQuery = z.strictObject({ page, page_size: pageSize, ...keyset });
export const InterviewListData = Paged(InterviewItem).extend({ title: z.string(), ...KeysetPage });
export const HiredListData = Paged(ApplyItem.extend({ hired_at: DateTimeText })).extend({ title: z.string(), ...KeysetPage });

export const ApplyStatusData = z.object({ id: z.number().int(), status: z.enum(['pending', 'viewed', 'invited', 'unsuitable', 'hired']) });

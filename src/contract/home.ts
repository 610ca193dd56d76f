import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { DateText, Fen, IdParam } from './common';

/** CRC values (SPEC §3 settings.configure). */
export const CrcConfigure = z.object({
  company_reg: z.number(),
  company_staff_leave_1: z.number(),
  company_staff_leave_2: z.number(),
  check_info: z.number(),
  job_switch: z.number(),
  op_leave: z.number(),
});
export type CrcConfigure = z.infer<typeof CrcConfigure>;

/** A membership pack (SPEC §3 company_order). `amount` in fen; the UI shows yuan. */
export const MemberPack = z.object({
  pack: z.string(),
  name: z.string(),
  amount: Fen,
  days: z.number().int(),
  /** CRC gifted */
  num: z.number().int(),
});
export type MemberPack = z.infer<typeof MemberPack>;

export const SettingData = z.object({
  setting: z.object({ configure: CrcConfigure }),
  company_order: z.array(MemberPack),
});
export type SettingData = z.infer<typeof SettingData>;

// --- interview plan (SPEC §3); built by the recruitment issue ---
export const PlanDay = z.object({ date: DateText, label: z.string(), num: z.number().int() });
export const PlanDaysData = z.object({ day_list: z.array(PlanDay) });
export const PlanDayBody = z.strictObject({ date: DateText });
export const PlanEntry = z.object({
  user_id: z.number().int(),
  hour: z.string(),
  realname: z.string(),
  job_name: z.string(),
  /** the interview's state (contract/interviews INTERVIEW_STATES) */
  status: z.string(),
});
/** `list` keyed by time group (e.g. 上午 / 下午 / 晚上), each a list of entries. */
export const PlanListData = z.object({ list: z.record(z.string(), z.array(PlanEntry)) });

// --- company info dialog (SPEC §3) ---
export const CompanyIdParam = IdParam;
export const CompanyInfo = z.object({
  logo: z.string(),
  company_name: z.string(),
  bussiness_industry: z.string(),
  staff_num_range: z.string(),
  creditcode: z.string(),
  website_link: z.string(),
  address: z.string(),
  registered: z.string(),
  represent: z.string(),
  busniss_expire: z.string(),
  reg_status: z.string(),
  business_scope: z.string(),
});
export type CompanyInfo = z.infer<typeof CompanyInfo>;

// --- the home page's figures (issue 15): to-do counts, overview, account, announcements ---
/** The to-do cards of 首页, in the order shown. A new area adds its key here and a counter server-side. */
export const TODO_KEYS = ['resumes', 'interviews', 'requests', 'proofs', 'unsigned', 'batches', 'orders', 'tax_orders'] as const;
export type TodoKey = (typeof TODO_KEYS)[number];
const Count = z.number().int();

export const HomeSummary = z.object({
  todos: z.object(Object.fromEntries(TODO_KEYS.map((k) => [k, Count])) as Record<TodoKey, typeof Count>),
  overview: z.object({
    /** 在招职位 now; 新增投递 · 邀约面试 · 录用人数 over the last 7 China days */
    recruit: z.object({ open_positions: Count, applies: Count, invited: Count, hired: Count }),
    /** 进行中任务 now; 本月发放金额 (fen, successful rows) · 发放人次 this China month */
    flex: z.object({ active_tasks: Count, month_amount: Count, month_count: Count }),
    /** 本月离职人数 · 本月出具离职证明 */
    departure: z.object({ month_left: Count, month_proofs: Count }),
  }),
  account: z.object({
    /** 灵活用工账户余额 in fen */
    flex_balance: Count,
    /** the task whose 发放管理 page holds 充值 (the latest task past review); null without one */
    payout_task: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
});
export type HomeSummary = z.infer<typeof HomeSummary>;

export const Announcement = z.object({ id: z.number().int(), title: z.string(), body: z.string(), pinned: z.boolean(), published_at: z.string() });
export type Announcement = z.infer<typeof Announcement>;
export const AnnouncementsData = z.object({ list: z.array(Announcement) });

export const homeEndpoints = {
  homeSummary: ep({ method: 'GET', path: '/index/summary', data: HomeSummary, auth: true }),
  announcements: ep({ method: 'GET', path: '/index/announcements', data: AnnouncementsData, auth: true }),
} as const satisfies Record<string, Endpoint>;

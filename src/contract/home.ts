import { z } from 'zod';
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

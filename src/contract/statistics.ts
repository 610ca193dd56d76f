/**
 * 数据面板 (/statistics, issue 15): the range rule and the aggregates of the recruitment and
 * departure sections, and their .xlsx export. What each figure counts: docs/decisions.md (statistics).
 */
import './zod-csp';
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { DateText, DayInput, formInt, text } from './common';
import { ExportTicket } from './exports';
import { MAX_RANGE_DAYS, RANGE_CODES, spanDays } from './statistics-rules';

export * from './statistics-rules';

export const StatsQuery = z
  .strictObject({
    range: z.enum(RANGE_CODES).default('7d'),
    start: DateText.optional(),
    end: DateText.optional(),
    position_id: formInt(1).optional(),
    /** 部门: a position's 所属部门 (recruitment) and a departure's dept_name (departures); blank = all */
    department: text(15).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    if (!q.start || !q.end) return void ctx.addIssue({ code: 'custom', message: '请选择开始和结束日期', path: ['start'] });
    const n = spanDays(q.start, q.end);
    if (Number.isNaN(n)) return void ctx.addIssue({ code: 'custom', message: '日期不正确', path: ['start'] });
    if (n < 1) return void ctx.addIssue({ code: 'custom', message: '结束日期不能早于开始日期', path: ['end'] });
    if (n > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', message: `时间范围最长${MAX_RANGE_DAYS}天`, path: ['end'] });
  });
export type StatsQuery = z.input<typeof StatsQuery>;

const Count = z.number().int();
const Rate = z.number().nullable();

export const RecruitStats = z.object({
  start: DateText,
  end: DateText,
  funnel: z.object({ views: Count, applies: Count, invited: Count, attended: Count, hired: Count, onboarded: Count }),
  trend: z.array(z.object({ date: DateText, applies: Count, interviews: Count, hires: Count })),
  positions: z.array(z.object({ id: z.number().int(), title: z.string(), views: Count, applies: Count, invited: Count, hired: Count, rate: Rate })),
  /** days from application to 录用, averaged over the hires of the range; null without hires */
  avg_hire_days: z.number().nullable(),
  /** every position of the company, for the filter */
  position_options: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** every department the company's positions and departures name, for the filter */
  department_options: z.array(z.string()),
});
export type RecruitStats = z.infer<typeof RecruitStats>;

export const DepartureStats = z.object({
  start: DateText,
  end: DateText,
  left: Count,
  /** headcount at the start and end of the range; null when the company has not set its 在职人数 */
  headcount_start: z.number().int().nullable(),
  headcount_end: z.number().int().nullable(),
  rate: Rate,
  types: z.array(z.object({ code: z.string(), label: z.string(), count: Count })),
  proofs_issued: Count,
  requests_handled: Count,
  /** hours from a resignation request to its answer, averaged; null without answered requests */
  avg_handle_hours: z.number().nullable(),
});
export type DepartureStats = z.infer<typeof DepartureStats>;

/** 灵活用工: payout rows count on the China day they finished; money in fen. */
export const FlexStats = z.object({
  start: DateText,
  end: DateText,
  /** 发放总额 (应发 of successful rows) */
  gross: Count,
  fee: Count,
  tax: Count,
  /** 发放人次: successful rows */
  paid: Count,
  /** rows that finished failed or bounced */
  failed: Count,
  /** 成功率 = paid / (paid + failed), null without finished rows */
  success_rate: Rate,
  trend: z.array(z.object({ date: DateText, gross: Count, paid: Count })),
  /** tasks published in the range (past review), running now, and people whose work was accepted in the range */
  tasks: z.object({ published: Count, active: Count, accepted: Count }),
});
export type FlexStats = z.infer<typeof FlexStats>;

/** CRC积分: earned (positive changes) and spent (negative, shown positive) per China day. */
export const CrcStats = z.object({
  start: DateText,
  end: DateText,
  earned: Count,
  spent: Count,
  balance: Count,
  trend: z.array(z.object({ date: DateText, earned: Count, spent: Count })),
  /** what the points were spent on, by ledger description with the person's name left out */
  uses: z.array(z.object({ reason: z.string(), spent: Count })),
});
export type CrcStats = z.infer<typeof CrcStats>;

/** 在职人数 as of a China day (issue 31): the company's (department '') or one department's. */
export const HeadcountFigure = z.object({ department: z.string(), as_of: DateText, staff: z.number().int(), set_at: z.string() });
export type HeadcountFigure = z.infer<typeof HeadcountFigure>;
export const HeadcountBody = z.strictObject({
  as_of: DayInput('生效日期应为有效日期（YYYY-MM-DD）'),
  staff: z.coerce.number({ message: '请填写在职人数' }).int('在职人数须为整数').min(0, '在职人数不能为负数').max(10_000_000, '在职人数过大'),
  /** blank: the whole company */
  department: text(15).optional(),
});
export type HeadcountBody = z.input<typeof HeadcountBody>;

export const statisticsEndpoints = {
  statsRecruit: ep({ method: 'GET', path: '/statistics/recruitment', query: StatsQuery, data: RecruitStats, auth: true }),
  statsDeparture: ep({ method: 'GET', path: '/statistics/departure', query: StatsQuery, data: DepartureStats, auth: true }),
  statsFlex: ep({ method: 'GET', path: '/statistics/flex', query: StatsQuery, data: FlexStats, auth: true }),
  statsCrc: ep({ method: 'GET', path: '/statistics/crc', query: StatsQuery, data: CrcStats, auth: true }),
  // a ticket: the .xlsx streams from exportFile (issue 34)
  statsExport: ep({ method: 'GET', path: '/statistics/export', query: StatsQuery, data: ExportTicket, auth: true }),
  statsHeadcount: ep({ method: 'GET', path: '/statistics/headcount', data: z.object({ list: z.array(HeadcountFigure) }), auth: true }),
  statsHeadcountSet: ep({ method: 'POST', path: '/statistics/headcount', body: HeadcountBody, data: z.null(), auth: true, perm: 'admin' }),
} as const satisfies Record<string, Endpoint>;

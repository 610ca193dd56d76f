/**
 * 数据面板 definitions (issue 31): one written definition per figure, the single source the
 * panel's ⓘ popovers, the home page's 招聘概况 and the .xlsx export (its 指标 sheet) read. The
 * long form with examples is docs/statistics.md; both say the same. Zod-free: the /statistics
 * chunk imports it at run time, the home page only through a lazy import.
 *
 * kind: 事件 = events whose own date falls in the period; 转化 = of the period's 投递 (the cohort),
 * those that reached the step by now; 期初期末 = a headcount at a day's end; 当前 = now, the range
 * does not apply.
 */
export type FigureKind = '事件' | '转化' | '期初期末' | '当前';
/** the kind of a range-free figure, labelled （当前） wherever it sits */
export const CURRENT_KIND: FigureKind = '当前';
export interface FigureDef {
  section: '招聘' | '离职' | '灵活用工' | 'CRC积分';
  label: string;
  kind: FigureKind;
  /** what is counted, by which date, which statuses */
  def: string;
}

export const FIGURES = {
  applies: {
    section: '招聘',
    label: '投递',
    kind: '事件',
    def: '本期收到的投递（按投递时间）。人才大厅发出的面试邀请不是投递，不计入。',
  },
  invited: {
    section: '招聘',
    label: '邀约面试',
    kind: '转化',
    def: '本期投递中，截至今日已收到面试邀请（未取消）或已到更后环节的人数。',
  },
  attended: { section: '招聘', label: '到场', kind: '转化', def: '本期投递中，截至今日已完成面试或已录用的人数。' },
  hired: { section: '招聘', label: '录用', kind: '转化', def: '本期投递中，截至今日已录用（含已入职）的人数。' },
  onboarded: { section: '招聘', label: '入职', kind: '转化', def: '本期投递中，截至今日已入职的人数。' },
  views: { section: '招聘', label: '浏览', kind: '事件', def: '本期职位被浏览的次数（按浏览日期），是次数不是人数。' },
  'open-positions': { section: '招聘', label: '在招职位', kind: '当前', def: '当前状态为招聘中（已上线、未关闭）的职位数，不受时间范围影响。' },
  'avg-hire': {
    section: '招聘',
    label: '平均录用周期',
    kind: '事件',
    def: '本期录用（按录用时间，含人才大厅邀约后录用）的人，从投递（或邀约）到录用的平均天数。',
  },
  funnel: {
    section: '招聘',
    label: '招聘漏斗',
    kind: '转化',
    def: '浏览为本期浏览次数；投递为本期收到的投递（不含人才大厅邀约）；其后各环节为这些投递中截至今日已到达该环节或更后环节的人数，条形长度与人数成正比。',
  },
  trend: {
    section: '招聘',
    label: '每日趋势',
    kind: '事件',
    def: '每天发生的次数：投递按投递时间（不含人才大厅邀约），面试按邀请发出时间（含人才大厅，已取消的除外），录用按录用时间。',
  },
  positions: {
    section: '招聘',
    label: '职位明细',
    kind: '事件',
    def: '各职位本期的浏览、投递、邀面（邀请发出）、录用次数；转化率 = 本期投递中截至今日已录用的比例。',
  },
  left: { section: '离职', label: '离职人数', kind: '事件', def: '最后工作日在本期内的离职记录数；按部门筛选时为该部门的离职记录。' },
  rate: {
    section: '离职',
    label: '离职率',
    kind: '期初期末',
    def: '离职人数 ÷ (期初在职人数 + 期末在职人数) ÷ 2。期初 = 本期前一天结束时，期末 = 本期最后一天结束时；在职人数 = 管理员设置的某日在职人数，加此后入职、减此后离职。按部门筛选时用该部门的在职人数；早于首次设置的日期无法计算。',
  },
  reasons: { section: '离职', label: '离职类型', kind: '事件', def: '本期离职记录按离职类型的人数与占比。' },
  proofs: { section: '离职', label: '出具离职证明', kind: '事件', def: '本期出具（按出具时间）的离职证明份数，之后作废的仍计入。' },
  handled: { section: '离职', label: '处理离职申请', kind: '事件', def: '本期审批（同意或驳回，按审批时间）的离职申请数。' },
  'avg-handle': { section: '离职', label: '平均处理时长', kind: '事件', def: '本期审批的离职申请，从提交到审批的平均小时数。' },
  'flex-gross': { section: '灵活用工', label: '发放总额', kind: '事件', def: '本期发放成功的明细（按完成日期）的应发金额合计，单位元。' },
  'flex-fee': { section: '灵活用工', label: '服务费', kind: '事件', def: '本期发放成功明细的服务费合计，单位元。' },
  'flex-tax': { section: '灵活用工', label: '代扣税费', kind: '事件', def: '本期发放成功明细的代扣税费合计，单位元。' },
  'flex-paid': { section: '灵活用工', label: '发放人次', kind: '事件', def: '本期发放成功的明细数（按完成日期）。' },
  'flex-rate': {
    section: '灵活用工',
    label: '成功率',
    kind: '事件',
    def: '发放人次 ÷ (发放人次 + 失败笔数)；失败 = 本期结束为失败或退票的明细。',
  },
  'flex-published': {
    section: '灵活用工',
    label: '新发布任务',
    kind: '事件',
    def: '本期通过平台审核而上线的任务数（按审核通过时间）；审核中、已驳回的不计，上线后取消的仍计。',
  },
  'flex-active': { section: '灵活用工', label: '进行中任务', kind: '当前', def: '当前状态为招募中或进行中的任务数，不受时间范围影响。' },
  'flex-accepted': { section: '灵活用工', label: '验收通过人次', kind: '事件', def: '本期验收通过（按验收时间，含自动验收）的人次。' },
  'flex-trend': { section: '灵活用工', label: '发放趋势', kind: '事件', def: '每天发放成功的应发金额（元），按完成日期。' },
  'crc-trend': { section: 'CRC积分', label: '获得 / 消耗趋势', kind: '事件', def: '每天获得与消耗的积分，按变动日期。' },
  'crc-earned': { section: 'CRC积分', label: '获得积分', kind: '事件', def: '本期积分增加的合计（按变动日期）。' },
  'crc-spent': { section: 'CRC积分', label: '消耗积分', kind: '事件', def: '本期积分减少的合计（按变动日期）。' },
  'crc-balance': { section: 'CRC积分', label: '当前余额', kind: '当前', def: '当前积分余额，不受时间范围影响。' },
  'crc-uses': { section: 'CRC积分', label: '消耗用途', kind: '事件', def: '本期消耗的积分按用途（账目说明，去掉人名）合计。' },
} as const satisfies Record<string, FigureDef>;
export type FigureId = keyof typeof FIGURES;

/** The KPI figures of the panel, in the order the page shows them (the export's 指标 sheet). */
export const PANEL_KPIS = [
  'applies',
  'invited',
  'hired',
  'onboarded',
  'avg-hire',
  'left',
  'rate',
  'proofs',
  'handled',
  'avg-handle',
  'flex-gross',
  'flex-fee',
  'flex-tax',
  'flex-paid',
  'flex-rate',
  'flex-published',
  'flex-active',
  'flex-accepted',
  'crc-earned',
  'crc-spent',
  'crc-balance',
] as const satisfies readonly FigureId[];

/** Short words for a kind, shown beside a definition. */
export const KIND_TEXT: Record<FigureKind, string> = {
  事件: '本期发生的事件',
  转化: '本期投递的转化（截至今日）',
  期初期末: '期初 / 期末在职人数',
  当前: '当前值，不受时间范围影响',
};

type Num = number | null;
/**
 * Every KPI's value from the four answers the page reads (money in 元): the export writes these,
 * and its test compares them with the page's answers.
 */
export function kpiValues(
  rec: { funnel: Record<'applies' | 'invited' | 'hired' | 'onboarded', number>; avg_hire_days: Num },
  dep: { left: number; rate: Num; proofs_issued: number; requests_handled: number; avg_handle_hours: Num },
  flex: { gross: number; fee: number; tax: number; paid: number; success_rate: Num; tasks: { published: number; active: number; accepted: number } },
  crc: { earned: number; spent: number; balance: number },
): Record<(typeof PANEL_KPIS)[number], Num> {
  const yuan = (fen: number) => Math.round(fen) / 100;
  return {
    applies: rec.funnel.applies,
    invited: rec.funnel.invited,
    hired: rec.funnel.hired,
    onboarded: rec.funnel.onboarded,
    'avg-hire': rec.avg_hire_days,
    left: dep.left,
    rate: dep.rate,
    proofs: dep.proofs_issued,
    handled: dep.requests_handled,
    'avg-handle': dep.avg_handle_hours,
    'flex-gross': yuan(flex.gross),
    'flex-fee': yuan(flex.fee),
    'flex-tax': yuan(flex.tax),
    'flex-paid': flex.paid,
    'flex-rate': flex.success_rate,
    'flex-published': flex.tasks.published,
    'flex-active': flex.tasks.active,
    'flex-accepted': flex.tasks.accepted,
    'crc-earned': crc.earned,
    'crc-spent': crc.spent,
    'crc-balance': crc.balance,
  };
}

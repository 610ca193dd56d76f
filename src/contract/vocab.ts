/**
 * Recruitment vocabularies (domain.md §1), shared by the server (validation, seed, search) and
 * the console (filters, form selects). No zod here: the hall's filter bar renders before the
 * schemas load.
 */

/**
 * `value` is one of `codes` (a select's value, a route segment, a stored draft, a string the API
 * answered): narrows it to the vocabulary's type, as a typed request needs it.
 */
export const isOneOf = <T extends string>(codes: readonly T[], value: string | null | undefined): value is T =>
  value != null && (codes as readonly string[]).includes(value);
/** `value` when it is one of `codes`, else undefined (an optional field is then left to the server's default). */
export const oneOf = <T extends string>(codes: readonly T[], value: string | null | undefined): T | undefined => (isOneOf(codes, value) ? value : undefined);

/** 性别 as a résumé states it (candidates.gender). */
export const GENDERS = ['男', '女'] as const;
export type Gender = (typeof GENDERS)[number];

/** 工作性质 of a position (domain.md §2.6). */
export const JOB_NATURES = ['全职', '兼职', '实习'] as const;
export type JobNature = (typeof JOB_NATURES)[number];

/** 学历: code → label. A position's requirement reads "X及以上"; `0` = 学历不限. */
export const EDUCATION = [
  { code: 0, label: '学历不限' },
  { code: 1, label: '初中及以下' },
  { code: 2, label: '中专/中技' },
  { code: 3, label: '高中' },
  { code: 4, label: '大专' },
  { code: 5, label: '本科' },
  { code: 6, label: '硕士' },
  { code: 7, label: '博士' },
] as const;

export const educationLabel = (code: number) => EDUCATION.find((e) => e.code === code)?.label ?? '学历不限';

/** 工作经验 buckets: [min, max) years; the hall filter and a position's requirement. */
export const EXPERIENCE = [
  { code: 'any', label: '经验不限', min: 0, max: 99 },
  { code: 'fresh', label: '在校/应届', min: 0, max: 1 },
  { code: '0-1', label: '1年以内', min: 0, max: 1 },
  { code: '1-3', label: '1-3年', min: 1, max: 3 },
  { code: '3-5', label: '3-5年', min: 3, max: 5 },
  { code: '5-10', label: '5-10年', min: 5, max: 10 },
  { code: '10+', label: '10年以上', min: 10, max: 99 },
] as const;
export type ExperienceCode = (typeof EXPERIENCE)[number]['code'];
export const EXPERIENCE_CODES = EXPERIENCE.map((e) => e.code) as [ExperienceCode, ...ExperienceCode[]];
export const experienceLabel = (code: string) => EXPERIENCE.find((e) => e.code === code)?.label ?? '经验不限';

/** 期望薪资 filter buckets, monthly K: [min, max). */
export const SALARY_BUCKETS = [
  { code: '0-3', label: '3K以下', min: 0, max: 3 },
  { code: '3-5', label: '3-5K', min: 3, max: 5 },
  { code: '5-10', label: '5-10K', min: 5, max: 10 },
  { code: '10-20', label: '10-20K', min: 10, max: 20 },
  { code: '20-50', label: '20-50K', min: 20, max: 50 },
  { code: '50+', label: '50K以上', min: 50, max: 1000 },
] as const;
export type SalaryCode = (typeof SALARY_BUCKETS)[number]['code'];
export const SALARY_CODES = SALARY_BUCKETS.map((e) => e.code) as [SalaryCode, ...SalaryCode[]];

/** 求职状态. */
export const JOB_STATUS = [
  { code: 1, label: '离职-随时到岗' },
  { code: 2, label: '在职-月内到岗' },
  { code: 3, label: '在职-考虑机会' },
  { code: 4, label: '在职-暂不考虑' },
] as const;
export const jobStatusLabel = (code: number) => JOB_STATUS.find((e) => e.code === code)?.label ?? '';

/** 职位福利 tags (74cms QS_jobtag). */
export const WELFARE = [
  '五险一金',
  '双休',
  '年终奖',
  '加班补助',
  '包食宿',
  '带薪年假',
  '全勤奖',
  '交通方便',
  '定期体检',
  '餐补',
  '股票期权',
  '技术培训',
  '节日福利',
  '弹性工作',
  '住房补贴',
  '团建旅游',
] as const;

/** Cities the hall and the position form offer, each with its districts. */
export const CITIES: Record<string, readonly string[]> = {
  北京: ['朝阳区', '海淀区', '东城区', '西城区', '丰台区', '昌平区'],
  上海: ['浦东新区', '徐汇区', '静安区', '闵行区', '长宁区', '杨浦区'],
  广州: ['天河区', '越秀区', '海珠区', '番禺区', '白云区'],
  深圳: ['南山区', '福田区', '宝安区', '龙岗区', '罗湖区'],
  杭州: ['西湖区', '滨江区', '余杭区', '拱墅区', '上城区', '萧山区'],
  南京: ['鼓楼区', '玄武区', '建邺区', '江宁区', '秦淮区'],
  成都: ['武侯区', '高新区', '锦江区', '青羊区', '成华区'],
  武汉: ['洪山区', '江汉区', '武昌区', '江夏区'],
  苏州: ['工业园区', '姑苏区', '吴中区', '相城区'],
  西安: ['雁塔区', '碑林区', '未央区', '长安区'],
};
export const CITY_NAMES = Object.keys(CITIES);

/** 职位类别. */
export const JOB_CATEGORIES = [
  '技术研发',
  '产品',
  '设计',
  '运营',
  '市场营销',
  '销售',
  '客服',
  '人力资源',
  '财务',
  '行政',
  '法务',
  '物流仓储',
  '生产制造',
  '餐饮服务',
  '教育培训',
  '医疗健康',
] as const;

/** Hall labels (技能/特长) the filter offers. */
export const TALENT_LABELS = [
  'Java',
  'Python',
  '前端',
  '测试',
  '数据分析',
  '产品设计',
  'UI设计',
  '新媒体运营',
  '电商运营',
  '大客户销售',
  '财务核算',
  '招聘',
  '行政管理',
  '仓储管理',
  '驾驶证C1',
  '普通话标准',
  '英语六级',
  '团队管理',
] as const;

/** Position statuses and their tab labels (domain.md §2.4). */
export const POSITION_STATUS = [
  { code: 'open', label: '招聘中' },
  { code: 'review', label: '审核中' },
  { code: 'rejected', label: '未通过' },
  { code: 'closed', label: '已下线' },
] as const;
export type PositionStatus = (typeof POSITION_STATUS)[number]['code'];

/** Application (投递) statuses. */
export const APPLY_STATUS = [
  { code: 'pending', label: '待处理' },
  { code: 'viewed', label: '已查看' },
  { code: 'invited', label: '已邀面试' },
  { code: 'unsuitable', label: '不合适' },
  { code: 'hired', label: '已录用' },
] as const;
export type ApplyStatus = (typeof APPLY_STATUS)[number]['code'];

/** Interview statuses. */
export const INTERVIEW_STATUS = [
  { code: 'pending', label: '待确认' },
  { code: 'accepted', label: '已确认' },
  { code: 'declined', label: '已拒绝' },
  { code: 'canceled', label: '已取消' },
  { code: 'done', label: '已到场' },
  { code: 'no_show', label: '未到场' },
  { code: 'reviewed', label: '已反馈' },
] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUS)[number]['code'];

/** `8-12K·14薪`, `面议` when there is no range. */
export function salaryText(min: number, max: number, months = 12): string {
  if (!min && !max) return '面议';
  const range = min === max ? `${min}K` : `${min}-${max}K`;
  return months > 12 ? `${range}·${months}薪` : range;
}

/** 公司规模 (domain.md §1.4, the Boss bands). */
export const STAFF_RANGES = ['0-20人', '20-99人', '100-499人', '500-999人', '1000-9999人', '10000人以上'] as const;

/** 所属行业: the 20 门类 of GB/T 4754-2017 (domain.md §1.7). */
export const INDUSTRIES = [
  '农、林、牧、渔业',
  '采矿业',
  '制造业',
  '电力、热力、燃气及水生产和供应业',
  '建筑业',
  '批发和零售业',
  '交通运输、仓储和邮政业',
  '住宿和餐饮业',
  '信息传输、软件和信息技术服务业',
  '金融业',
  '房地产业',
  '租赁和商务服务业',
  '科学研究和技术服务业',
  '水利、环境和公共设施管理业',
  '居民服务、修理和其他服务业',
  '教育',
  '卫生和社会工作',
  '文化、体育和娱乐业',
  '公共管理、社会保障和社会组织',
  '国际组织',
] as const;

/** A Chinese or Latin personal name. */
export const PERSON_NAME_RE = /^[\u4e00-\u9fa5·A-Za-z][\u4e00-\u9fa5·A-Za-z .]{0,19}$/;

/** 离职类型 (domain.md §2.7); the codes of resignation_requests.type and departure_records.leave_type. */
export const LEAVE_TYPES = [
  { code: 'resign', label: '辞职(本人申请)' },
  { code: 'dismiss', label: '辞退' },
  { code: 'mutual', label: '协商一致解除' },
  { code: 'expire', label: '合同期满不续签' },
  { code: 'retire', label: '退休' },
  { code: 'absent', label: '自动离职' },
  { code: 'other', label: '其他' },
] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number]['code'];
export const LEAVE_TYPE_CODES = LEAVE_TYPES.map((e) => e.code) as [LeaveType, ...LeaveType[]];
export const leaveTypeLabel = (code: string) => LEAVE_TYPES.find((e) => e.code === code)?.label ?? '其他';

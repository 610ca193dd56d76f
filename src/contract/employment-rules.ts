/**
 * 灵活用工 task rules (domain.md §2.9), pure and shared by the console and the server:
 * vocabularies, the task status machine, what HR and the worker may do per status, dates and
 * money (integer fen). No zod here: the console's list page uses it without loading schemas.
 */

/** The platform's invoice categories (开票类目) a task is published under. */
export const SERVICE_CATEGORIES = [
  '*现代服务*市场推广服务',
  '*现代服务*企业管理服务',
  '*现代服务*信息技术服务',
  '*现代服务*设计服务',
  '*现代服务*咨询服务',
  '*现代服务*会议展览服务',
  '*现代服务*物流辅助服务',
  '*现代服务*人力资源外包服务',
  '*生活服务*家政服务',
  '*生活服务*餐饮服务',
  '*文化体育服务*文化服务',
  '*教育服务*培训服务',
] as const;

export const PAY_UNITS = [
  { code: 'time', label: '元/次' },
  { code: 'day', label: '元/天' },
  { code: 'piece', label: '元/件' },
  { code: 'hour', label: '元/小时' },
  { code: 'project', label: '元/项目' },
] as const;
export type PayUnit = (typeof PAY_UNITS)[number]['code'];
export const PAY_UNIT_CODES = PAY_UNITS.map((u) => u.code) as [PayUnit, ...PayUnit[]];

export const SETTLE_MODES = [
  { code: 'per_time', label: '按次结算' },
  { code: 'per_day', label: '按日结算' },
  { code: 'per_month', label: '按月结算' },
  { code: 'on_finish', label: '完工结算' },
] as const;
export type SettleMode = (typeof SETTLE_MODES)[number]['code'];
export const SETTLE_MODE_CODES = SETTLE_MODES.map((u) => u.code) as [SettleMode, ...SettleMode[]];

export const WORK_MODES = [
  { code: 'online', label: '线上' },
  { code: 'offline', label: '线下' },
] as const;
export type WorkMode = (typeof WORK_MODES)[number]['code'];
export const WORK_MODE_CODES = WORK_MODES.map((u) => u.code) as [WorkMode, ...WorkMode[]];

export const SIGNUP_MODES = [
  { code: 'public', label: '公开报名' },
  { code: 'named', label: '指定人员' },
  { code: 'import', label: '导入名单' },
] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number]['code'];
export const SIGNUP_MODE_CODES = SIGNUP_MODES.map((u) => u.code) as [SignupMode, ...SignupMode[]];

export const SETTLE_CYCLES = [
  { code: 'T+0', label: '验收后当日发放' },
  { code: 'T+1', label: '验收后次日发放' },
  { code: 'weekly', label: '每周发放' },
  { code: 'monthly', label: '每月发放' },
] as const;
export const SETTLE_CYCLE_CODES = SETTLE_CYCLES.map((u) => u.code) as [string, ...string[]];

// --- task statuses and the transition table --------------------------------------------------

export const TASK_STATUS = [
  { code: 'draft', label: '草稿' },
  { code: 'review', label: '待审核' },
  { code: 'rejected', label: '已驳回' },
  { code: 'recruiting', label: '招募中' },
  { code: 'ongoing', label: '进行中' },
  { code: 'ended', label: '已结束' },
  { code: 'canceled', label: '已取消' },
] as const;
export type TaskStatus = (typeof TASK_STATUS)[number]['code'];
export const TASK_STATUS_CODES = TASK_STATUS.map((s) => s.code) as [TaskStatus, ...TaskStatus[]];

/**
 * Every change of a task's status: who may make it and from where. `approve`/`reject` are the
 * platform's (the operator), `start` happens when the first worker is taken on, the rest are HR's.
 */
export const TASK_TRANSITIONS = {
  submit: { from: ['draft', 'rejected'], to: 'review' },
  approve: { from: ['review'], to: 'recruiting' },
  reject: { from: ['review'], to: 'rejected' },
  start: { from: ['recruiting'], to: 'ongoing' },
  end: { from: ['recruiting', 'ongoing'], to: 'ended' },
  cancel: { from: ['review', 'recruiting'], to: 'canceled' },
} as const satisfies Record<string, { from: readonly TaskStatus[]; to: TaskStatus }>;
export type TaskTransition = keyof typeof TASK_TRANSITIONS;

/** The status after `action`, or null when the action is not allowed from `status`. */
export function nextTaskStatus(status: TaskStatus, action: TaskTransition): TaskStatus | null {
  const t = TASK_TRANSITIONS[action];
  return (t.from as readonly TaskStatus[]).includes(status) ? t.to : null;
}

/** Row actions of the task list (管理 · 编辑 · 预览 · 复制 · 结束 · 删除) and the ones they need. */
export type TaskAction = 'manage' | 'edit' | 'preview' | 'copy' | 'submit' | 'end' | 'cancel' | 'delete' | 'protocol' | 'setting';
const ACTIONS: Record<TaskStatus, TaskAction[]> = {
  draft: ['edit', 'preview', 'copy', 'submit', 'protocol', 'setting', 'delete'],
  review: ['preview', 'copy', 'cancel', 'protocol', 'setting'],
  rejected: ['edit', 'preview', 'copy', 'submit', 'protocol', 'setting', 'delete'],
  recruiting: ['manage', 'preview', 'copy', 'end', 'cancel', 'protocol', 'setting'],
  ongoing: ['manage', 'preview', 'copy', 'end', 'protocol', 'setting'],
  ended: ['manage', 'preview', 'copy'],
  canceled: ['preview', 'copy', 'delete'],
};
export const taskActions = (status: TaskStatus): readonly TaskAction[] => ACTIONS[status];
export const taskAllows = (status: TaskStatus, action: TaskAction) => ACTIONS[status].includes(action);
/** Workers can be added (named, picked, by the public link) while the task takes people. */
export const takesWorkers = (status: TaskStatus) => status === 'recruiting' || status === 'ongoing';

// --- the people of a task -------------------------------------------------------------------

export const SIGN_STATUS = [
  { code: 'pending', label: '待签署' },
  { code: 'signed', label: '签署成功' },
  { code: 'refused', label: '已拒签' },
  { code: 'expired', label: '已过期' },
] as const;
export type SignStatus = (typeof SIGN_STATUS)[number]['code'];

export const WORK_STATUS = [
  { code: 'applied', label: '已报名' },
  { code: 'hired', label: '已录用' },
  { code: 'working', label: '进行中' },
  { code: 'delivered', label: '已交付' },
  { code: 'accepted', label: '已验收' },
  { code: 'rejected', label: '已驳回' },
] as const;
export type WorkStatus = (typeof WORK_STATUS)[number]['code'];

/** HR's actions on a person of a task (录用 · 验收 · 驳回 · 移除 · 催签). */
export type WorkerAction = 'hire' | 'accept' | 'reject' | 'remove' | 'urge';
export const WORKER_ACTIONS: readonly WorkerAction[] = ['hire', 'accept', 'reject', 'remove', 'urge'];

export interface WorkerState {
  work: WorkStatus;
  sign: SignStatus;
  /** the task needs a signed agreement (是否需签约) */
  needSign: boolean;
}

/** Why HR may not do `action` to this person now (Chinese), or null when allowed. */
export function workerActionProblem(w: WorkerState, action: WorkerAction): string | null {
  switch (action) {
    case 'hire':
      return w.work === 'applied' ? null : '只有已报名的人员可以录用';
    case 'accept':
      if (w.work !== 'delivered') return '只有已交付的人员可以验收';
      return w.needSign && w.sign !== 'signed' ? '该人员尚未签署协议，不能验收' : null;
    case 'reject':
      return w.work === 'delivered' ? null : '只有已交付的人员可以驳回';
    case 'remove':
      return w.work === 'delivered' || w.work === 'accepted' ? '已交付或已验收的人员不能移除' : null;
    case 'urge':
      return w.needSign && w.sign === 'pending' && w.work !== 'applied' ? null : '只有已录用且待签署的人员可以催签';
  }
}
export const workerActions = (w: WorkerState): WorkerAction[] => WORKER_ACTIONS.filter((a) => workerActionProblem(w, a) === null);

/** After signing (or at once when no agreement is needed) a hired worker is at work. */
export const workStatusAfterHire = (needSign: boolean): WorkStatus => (needSign ? 'hired' : 'working');

/** May the worker deliver now? (from 进行中, or again after 已驳回) */
export const canDeliver = (w: WorkerState) => (w.work === 'working' || w.work === 'rejected') && (!w.needSign || w.sign === 'signed');

// --- money: integer fen ---------------------------------------------------------------------

/** 添加人员 of a person on file with another mobile or bank card: HR decides (issue 29 item 6) */
export const MSG_WORKER_DIFFERS = '该人员已在人员库中，手机号或银行卡与本次填写不一致';

export const PAY_MAX_FEN = 10_000_000; // ¥100,000.00 per unit
/** an agreement PDF */
export const AGREEMENT_MAX_BYTES = 10 * 1024 * 1024;

// --- delivery photos (issue 29 item 1) ------------------------------------------------------

/** A delivery carries at most this many photos (工作照片, 值守记录的照片). */
export const DELIVERY_PHOTOS_MAX = 9;
/** One photo, bytes. */
export const DELIVERY_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The photo types a delivery takes, content type → the extension the video service stores it under
 * (CreateUploadImage's ImageExt). HEIC is not among them: the video service's images are
 * png/jpg/gif/webp/bmp, and a phone's camera hands a web page JPEG when asked for `image/*`.
 */
export const DELIVERY_PHOTO_TYPES: Readonly<Record<string, 'jpg' | 'png' | 'webp'>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const MSG_PHOTO_TYPE = '只能上传 JPG、PNG 或 WebP 格式的照片';
export const MSG_PHOTO_SIZE = '单张照片不能超过10MB';
export const MSG_PHOTOS_MAX = `最多上传${DELIVERY_PHOTOS_MAX}张照片`;

/** The stored extension of a picked photo: by its content type, else its name's extension; null: not a photo a delivery takes. */
export function photoExt(f: { name: string; type: string }): 'jpg' | 'png' | 'webp' | null {
  const byType = DELIVERY_PHOTO_TYPES[f.type.toLowerCase()];
  if (byType) return byType;
  if (f.type && f.type !== 'application/octet-stream') return null;
  const ext = /\.([A-Za-z0-9]+)$/.exec(f.name)?.[1]?.toLowerCase();
  return ext === 'jpg' || ext === 'jpeg' ? 'jpg' : ext === 'png' || ext === 'webp' ? ext : null;
}

/** Why a picked file cannot go with a delivery (Chinese), or null. */
export function photoProblem(f: { name: string; type: string; size: number }): string | null {
  if (!photoExt(f)) return MSG_PHOTO_TYPE;
  if (f.size > DELIVERY_PHOTO_MAX_BYTES) return MSG_PHOTO_SIZE;
  if (f.size <= 0) return '照片文件为空，请重新选择';
  return null;
}

/** A photo by its content (the first 12 bytes): JPEG, PNG or WebP; null for anything else. */
export function sniffPhoto(head: Uint8Array): 'jpg' | 'png' | 'webp' | null {
  const b = (i: number) => head[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v)) return 'png';
  const ascii = (from: number, s: string) => [...s].every((c, i) => b(from + i) === c.charCodeAt(0));
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  return null;
}

export const workModeLabel = (code: string) => WORK_MODES.find((u) => u.code === code)?.label ?? code;
export const payUnitLabel = (code: string) => PAY_UNITS.find((u) => u.code === code)?.label ?? code;
export const settleModeLabel = (code: string) => SETTLE_MODES.find((u) => u.code === code)?.label ?? code;

// --- dates ----------------------------------------------------------------------------------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export function isDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export interface TaskDates {
  start_date: string;
  end_date: string;
  /** '' = until the task ends */
  signup_deadline: string;
}

/**
 * The dates of a task that is submitted for review (`today` is China's date, `YYYY-MM-DD`):
 * a real start and end, the end not before the start nor in the past, at most a year long; the
 * signup deadline between today and the end. Answers the field and the words, or null.
 */
export function taskDatesProblem(d: TaskDates, today: string): { field: keyof TaskDates; msg: string } | null {
  if (!isDate(d.start_date)) return { field: 'start_date', msg: '请选择任务开始日期' };
  if (!isDate(d.end_date)) return { field: 'end_date', msg: '请选择任务结束日期' };
  if (d.end_date < d.start_date) return { field: 'end_date', msg: '结束日期不能早于开始日期' };
  if (d.end_date < today) return { field: 'end_date', msg: '结束日期不能早于今天' };
  const days = (Date.parse(`${d.end_date}T00:00:00Z`) - Date.parse(`${d.start_date}T00:00:00Z`)) / 86_400_000;
  if (days > 366) return { field: 'end_date', msg: '任务周期不能超过一年' };
  if (d.signup_deadline) {
    if (!isDate(d.signup_deadline)) return { field: 'signup_deadline', msg: '请选择正确的报名截止日期' };
    if (d.signup_deadline > d.end_date) return { field: 'signup_deadline', msg: '报名截止日期不能晚于任务结束日期' };
    if (d.signup_deadline < today) return { field: 'signup_deadline', msg: '报名截止日期不能早于今天' };
  }
  return null;
}

/** A signing still open after the signup deadline (or the task's end) has expired. */
export const signExpired = (sign: SignStatus, deadline: string, endDate: string, today: string) => sign === 'pending' && (deadline || endDate) < today;

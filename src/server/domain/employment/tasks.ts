/**
 * 灵活用工 tasks, the core the rest of the area builds on: loading a company's task (another
 * company's answers as missing), the status machine, the platform's review, and the worker-side
 * links. The area's files: task-list.ts, task-edit.ts, agreements.ts, people.ts, task-workers.ts;
 * other areas (payouts, the sandbox, the seed) import through index.ts.
 */
import { randomBytes } from 'node:crypto';
import { nextTaskStatus, taskAllows, type TaskAction, type TaskStatus, type TaskTransition } from '../../../contract/employment-rules';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';

export const MSG_TASK_MISSING = '任务不存在';

/** The company and the HR user acting on its tasks. */
export interface TaskActor {
  companyId: number;
  userId: number;
}

export interface TaskRow {
  id: number;
  company_id: number;
  task_no: string;
  name: string;
  category: string;
  description: string;
  standard: string;
  work_mode: string;
  address: string;
  start_date: string | null;
  end_date: string | null;
  signup_deadline: string | null;
  headcount: number;
  pay_amount: number;
  pay_unit: string;
  settle_mode: string;
  need_sign: boolean;
  attachments: { media_id: string; name: string; size: number }[];
  status: TaskStatus;
  reject_reason: string;
  signup_mode: string;
  signup_review: boolean;
  need_realname: boolean;
  settle_cycle: string;
  auto_accept_days: number;
  notify_sms: boolean;
  notify_site: boolean;
  public_token: string;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

const TASK_COLS = `id, company_id, task_no, name, category, description, standard, work_mode, address,
  to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
  to_char(signup_deadline, 'YYYY-MM-DD') AS signup_deadline, headcount, pay_amount, pay_unit, settle_mode, need_sign,
  attachments, status, reject_reason, signup_mode, signup_review, need_realname, settle_cycle, auto_accept_days,
  notify_sms, notify_site, public_token, created_by, created_at, updated_at`;

/** The task if it is the company's; another company's task answers exactly like a missing one. */
export async function ownTask(db: Db, id: number, companyId: number, lock = false): Promise<TaskRow> {
  const t = await db.one<TaskRow>(`SELECT ${TASK_COLS} FROM flex_tasks WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, companyId]);
  if (!t) throw notFound(MSG_TASK_MISSING);
  return t;
}

export const taskById = (db: Db, id: number) => db.one<TaskRow>(`SELECT ${TASK_COLS} FROM flex_tasks WHERE id = $1`, [id]);
export const taskByPublicToken = (db: Db, token: string) => db.one<TaskRow>(`SELECT ${TASK_COLS} FROM flex_tasks WHERE public_token = $1`, [token]);

export const newToken = () => randomBytes(18).toString('base64url');

/** The worker's own page of a task invitation, and a task's public sign-up page (product pages, app/features/worker). */
export const workerPageUrl = (token: string) => `/m/flex/w/${token}`;
export const publicTaskUrl = (token: string) => `/m/flex/t/${token}`;

/** Refuses an action the task's status does not allow (contract/employment-rules taskAllows). */
export function need(task: Pick<TaskRow, 'status'>, action: TaskAction, words: string): void {
  if (!taskAllows(task.status, action)) throw conflict(`当前状态的任务不能${words}`);
}

/** `RW` + China date + 4 random digits, unique by the table's constraint (retried by the caller). */
export const newTaskNo = (now: Date) => `RW${fmtDate(now).replace(/-/g, '')}${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;

/** Moves a task along TASK_TRANSITIONS (inside the caller's transaction) or refuses with 409. */
export async function transitionTask(db: Db, task: Pick<TaskRow, 'id' | 'status'>, action: TaskTransition, now: Date, reason = ''): Promise<TaskStatus> {
  const to = nextTaskStatus(task.status, action);
  if (!to) throw conflict(`当前状态的任务不能${ACTION_WORDS[action]}`);
  const r = await db.one<{ id: number }>(
    `UPDATE flex_tasks SET status = $3, updated_at = $4,
            reject_reason = CASE WHEN $3 = 'rejected' THEN $5 WHEN $3 = 'review' THEN '' ELSE reject_reason END,
            submitted_at = CASE WHEN $3 = 'review' THEN $4 ELSE submitted_at END,
            reviewed_at = CASE WHEN $3 IN ('recruiting', 'rejected') AND status = 'review' THEN $4 ELSE reviewed_at END,
            ended_at = CASE WHEN $3 IN ('ended', 'canceled') THEN $4 ELSE ended_at END
      WHERE id = $1 AND status = $2 RETURNING id`,
    [task.id, task.status, to, now, reason],
  );
  // compare-and-set: someone else moved it first
  if (!r) throw conflict('任务状态已变化，请刷新后重试');
  return to;
}
const ACTION_WORDS: Record<TaskTransition, string> = {
  submit: '提交审核',
  approve: '审核通过',
  reject: '驳回',
  start: '开始',
  end: '结束',
  cancel: '取消',
};

/** The platform's review of a task (the sandbox operator page): reason required on rejection. */
export async function reviewTask(db: Db, id: number, result: 'pass' | 'reject', reason: string, now: Date) {
  if (result === 'reject' && !reason.trim()) throw badRequest('驳回时请填写驳回原因');
  return db.tx(async (t) => {
    const task = await t.one<{ id: number; status: TaskStatus }>('SELECT id, status FROM flex_tasks WHERE id = $1 FOR UPDATE', [id]);
    if (!task) throw notFound(MSG_TASK_MISSING);
    if (task.status !== 'review') throw conflict('该任务当前不在审核中');
    const status = await transitionTask(t, task, result === 'pass' ? 'approve' : 'reject', now, reason.trim());
    return { id, status };
  });
}

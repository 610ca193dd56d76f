/**
 * The events of today that write a message (issue 32 item 4), each called in its event's
 * transaction: who hears of what is decided here, in one place (docs/decisions.md "消息中心").
 * - a resignation request submitted or corrected on the leave page → 人事 (permission hr)
 * - a public signup to a task, a delivery waiting for 验收 → hr, unless the task's 站内消息通知 is off
 * - a payout batch waiting for approval (提交, or the first of two approvals) → payout.approve,
 *   without the submitter and the first approver (neither may approve it)
 * - a batch paid in full, or with rows failed or bounced → finance
 * - an interview answered on its link, or starting within the hour (the reminders job) → recruit
 * - a job-seeker's 投递 on a position's page → recruit, unless the position's 接收投递通知 is off
 */
import type { BatchStatus } from '../../../contract/payouts-rules';
import type { Db } from '../../db/types';
import { fmtDateTime } from '../../lib/time';
import { notify } from './notify';

/** 离职申请 from the leave page (dimission/scan-page.ts submitLeave). */
export const resignationSubmitted = (t: Db, companyId: number, requestId: number, name: string, resubmitted: boolean, now: Date) =>
  notify(t, {
    companyId,
    kind: 'resignation',
    perm: 'hr',
    title: `${name}${resubmitted ? '修改后重新提交了离职申请' : '提交了离职申请'}，待处理`,
    ref: { route: 'dimission', id: requestId },
    now,
  });

/**
 * A candidate answered an interview invitation on their link (recruitment/interview-moves.ts
 * answerByLink): to whoever recruits, opening the position's 邀请面试 list.
 */
export async function interviewAnswered(t: Db, interviewId: number, answer: 'confirm' | 'decline', now: Date): Promise<void> {
  const r = await t.one<{ company_id: number; position_id: number; job: string; realname: string; pick_time: Date }>(
    `SELECT i.company_id, i.position_id, p.title AS job, c.realname, i.pick_time
       FROM interviews i
       JOIN positions p ON p.id = i.position_id AND p.company_id = i.company_id
       JOIN candidates c ON c.id = i.candidate_id
      WHERE i.id = $1`,
    [interviewId],
  );
  if (!r) return;
  await notify(t, {
    companyId: r.company_id,
    kind: 'interview',
    perm: 'recruit',
    title: `${r.realname}${answer === 'confirm' ? '确认参加' : '拒绝了'}「${r.job}」的面试（${fmtDateTime(r.pick_time).slice(0, 16)}）`,
    ref: { route: 'positionInvite', id: r.position_id, name: r.job },
    now,
  });
}

/**
 * 新投递: a job-seeker applied on the position's page (recruitment/create-application.ts): to
 * whoever recruits, opening the position's 收到的简历; none when its 接收投递通知 is off.
 */
export async function applicationReceived(t: Db, applicationId: number, now: Date): Promise<boolean> {
  const r = await t.one<{ company_id: number; position_id: number; job: string; notify_apply: boolean; realname: string }>(
    `SELECT a.company_id, a.position_id, p.title AS job, p.notify_apply, c.realname
       FROM applications a
       JOIN positions p ON p.id = a.position_id AND p.company_id = a.company_id
       JOIN candidates c ON c.id = a.candidate_id
      WHERE a.id = $1`,
    [applicationId],
  );
  if (!r?.notify_apply) return false;
  return notify(t, {
    companyId: r.company_id,
    kind: 'application',
    perm: 'recruit',
    title: `${r.realname}投递了「${r.job}」，待处理`,
    ref: { route: 'positionCollection', id: r.position_id, name: r.job },
    now,
  });
}

/** An interview starts within the hour (recruitment/interview-reminders.ts): to whoever recruits. */
export async function interviewDue(
  t: Db,
  r: { company_id: number; position_id: number; job: string; realname: string; pick_time: Date; status: string },
  now: Date,
): Promise<void> {
  await notify(t, {
    companyId: r.company_id,
    kind: 'interview',
    perm: 'recruit',
    title: `${r.realname}的「${r.job}」面试将于${fmtDateTime(r.pick_time).slice(11, 16)}开始${r.status === 'pending' ? '（候选人尚未确认）' : ''}`,
    ref: { route: 'positionInvite', id: r.position_id, name: r.job },
    now,
  });
}

async function taskWorker(t: Db, taskWorkerId: number) {
  return t.one<{ company_id: number; task_id: number; task: string; name: string; work_status: string }>(
    `SELECT tw.company_id, tw.task_id, t.name AS task, w.name, tw.work_status
       FROM flex_task_workers tw
       JOIN flex_tasks t ON t.id = tw.task_id AND t.company_id = tw.company_id
       JOIN flex_workers w ON w.id = tw.worker_id AND w.company_id = tw.company_id
      WHERE tw.id = $1`,
    [taskWorkerId],
  );
}

/** 报名 through the task's public link (employment/public-signup.ts); 待审核 when the task reviews signups. */
export async function signedUp(t: Db, taskWorkerId: number, now: Date): Promise<void> {
  const w = await taskWorker(t, taskWorkerId);
  if (!w) return;
  const title = `${w.name}报名了任务「${w.task}」${w.work_status === 'applied' ? '，待审核' : ''}`;
  await notify(t, {
    companyId: w.company_id,
    kind: 'signup',
    perm: 'hr',
    title,
    ref: { route: 'employmentTask', id: w.task_id, name: w.task },
    taskId: w.task_id,
    now,
  });
}

/** 提交交付 by the worker (employment/worker-steps.ts deliverWork): waiting for 验收. */
export async function deliveryWaiting(t: Db, taskWorkerId: number, now: Date): Promise<void> {
  const w = await taskWorker(t, taskWorkerId);
  if (!w) return;
  const title = `${w.name}提交了任务「${w.task}」的交付，待验收`;
  await notify(t, {
    companyId: w.company_id,
    kind: 'delivery',
    perm: 'hr',
    title,
    ref: { route: 'employmentTask', id: w.task_id, name: w.task },
    taskId: w.task_id,
    now,
  });
}

async function batchOf(t: Db, batchId: number) {
  return t.one<{
    company_id: number;
    batch_no: string;
    task_id: number | null;
    task: string | null;
    submitted_by: number | null;
    first_approved_by: number | null;
  }>(
    `SELECT b.company_id, b.batch_no, b.task_id, t.name AS task, COALESCE(b.submitted_by, b.created_by) AS submitted_by, b.first_approved_by
       FROM payout_batches b LEFT JOIN flex_tasks t ON t.id = b.task_id AND t.company_id = b.company_id
      WHERE b.id = $1`,
    [batchId],
  );
}

/** The batch's page: 发放管理 of its task. */
const batchRef = (b: { task_id: number | null; task: string | null }, batchId: number) =>
  b.task_id === null ? { route: 'employment', id: batchId } : { route: 'specialBatch', id: b.task_id, name: b.task ?? '' };

/** A batch 待支付 (提交) or approved once of two (payouts/batch-edit.ts, confirm.ts): who may approve. */
export async function approvalWaiting(t: Db, batchId: number, now: Date): Promise<void> {
  const b = await batchOf(t, batchId);
  if (!b) return;
  const except = [b.submitted_by, b.first_approved_by].filter((x): x is number => x !== null);
  const title = b.first_approved_by ? `发放批次${b.batch_no}已通过第一位审批，待第二位审批人确认发放` : `发放批次${b.batch_no}已提交，待审批确认发放`;
  await notify(t, { companyId: b.company_id, kind: 'approval', perm: 'payout.approve', except, title, ref: batchRef(b, batchId), now });
}

/** A paying batch finished (payouts/channel.ts settleBatch): paid in full, or rows failed/bounced. */
export async function batchSettled(t: Db, batchId: number, status: BatchStatus, now: Date): Promise<void> {
  if (status !== 'done' && status !== 'partial') return;
  const b = await batchOf(t, batchId);
  if (!b) return;
  const paid = status === 'done';
  const title = paid ? `发放批次${b.batch_no}已全部发放成功` : `发放批次${b.batch_no}有明细发放失败或退汇，请处理`;
  await notify(t, { companyId: b.company_id, kind: paid ? 'batch_paid' : 'batch_failed', perm: 'finance', title, ref: batchRef(b, batchId), now });
}

/**
 * A task's public sign-up (/m/flex/t/{token}, 任务设置 → 公开报名). The answer never depends on
 * what the company's 人员库 holds: a person already in it, already on the task, or registered
 * under another name gets the same 报名成功 as a new one, and no invitation link comes back — the
 * link reaches the person by SMS, at the mobile the company has on file for them, so only they
 * can open it. Each task takes a bounded number of sign-ups a day (besides the per-IP limit every
 * public endpoint has).
 */
import type { z } from 'zod';
import { takesWorkers } from '../../../contract/employment-rules';
import type { SignupBody, SignupTaskData } from '../../../contract/worker';
import type { Db } from '../../db/types';
import { chinaDayStart, hitUnder, type LoginLimits } from '../../lib/limits';
import { conflict, notFound, Refusal, tooMany } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { notifyTaskWorker } from './notify';
import { addToTask, checkWorker, upsertFlexWorker } from './people';
import { taskByPublicToken, type TaskRow } from './tasks';
import { workerTask } from './worker-page';
import { signedUp } from '../messages/events';

export const MSG_SIGNUP_CAP = '该任务今日报名人数已达上限，请明天再试';

/** The task behind a public link while it takes sign-ups, with its company's name; else the refusal. */
async function openTask(db: Db, token: string): Promise<{ task: TaskRow; company: string }> {
  const task = await taskByPublicToken(db, token);
  if (!task || task.signup_mode !== 'public' || !takesWorkers(task.status)) throw notFound('任务不存在或已停止报名');
  const c = await db.one<{ name: string }>('SELECT name FROM companies WHERE id = $1', [task.company_id]);
  return { task, company: c?.name ?? '' };
}

const closedOn = (task: TaskRow, now: Date) => !!task.signup_deadline && task.signup_deadline < fmtDate(now);

/** The sign-up page's task. */
export async function signupTask(db: Db, token: string, now: Date): Promise<SignupTaskData> {
  const { task, company } = await openTask(db, token);
  return { ...workerTask(task, company), signup_deadline: task.signup_deadline ?? '', closed: closedOn(task, now) };
}

/**
 * Signs a person up: checked like HR's 指定人员 (contract/person), counted against the task's day,
 * then put in the 人员库 and on the task. What the 人员库 says about them is not told: a refusal
 * from there (the number registered under another name) is kept from the caller like a success.
 */
export async function signUp(db: Db, token: string, body: z.output<typeof SignupBody>, origin: string, now: Date, limits: LoginLimits): Promise<void> {
  const { task } = await openTask(db, token);
  if (closedOn(task, now)) throw conflict('报名已截止');
  const worker = checkWorker({ name: body.name, mobile: body.mobile, cert_type: 'id_card', cert_no: body.cert_no, bank_card: body.bank_card }, now);
  if (!(await hitUnder(db, `signup-task:${task.id}`, chinaDayStart(now), limits.signupsPerTaskPerDay))) throw tooMany(MSG_SIGNUP_CAP);
  try {
    await db.tx(async (t) => {
      const id = await upsertFlexWorker(t, task.company_id, worker, null, now);
      const r = await addToTask(t, task, id, 'public', now);
      // the invitation link goes by SMS to the mobile on file (issue 29 item 4)
      if (r.added) await notifyTaskWorker(t, r.id, 'flex_signup', origin, now);
      // and the company's 消息中心 (issue 32 item 4; not when the task's 站内消息通知 is off)
      if (r.added) await signedUp(t, r.id, now);
    });
  } catch (err) {
    // the 人员库's answer stays with the company (rolled back, nothing written)
    if (!(err instanceof Refusal)) throw err;
  }
}

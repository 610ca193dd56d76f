/**
 * Publishing 灵活用工 tasks: save (a draft needs only its name; submitting checks everything and
 * sends it to the platform's review), the status actions, and the task's settings.
 */
import type { z } from 'zod';
import type { SettingBody, TaskActionBody, TaskBody } from '../../../contract/employment';
import { PAY_MAX_FEN, taskDatesProblem, type TaskStatus } from '../../../contract/employment-rules';
import type { Db } from '../../db/types';
import { badRequest, conflict } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { ownMedia, type ObjectStore } from './media';
import { need, newTaskNo, newToken, ownTask, transitionTask, type TaskActor, type TaskRow } from './tasks';

/** Everything a task must have before it goes to review (a draft needs only its name). */
export function checkSubmittable(t: TaskRow, today: string): void {
  if (!t.category) throw badRequest('请选择服务类目');
  if (t.description.length < 10) throw badRequest('任务描述至少10个字');
  if (t.work_mode === 'offline' && !t.address) throw badRequest('线下任务请填写工作地址');
  const d = taskDatesProblem({ start_date: t.start_date ?? '', end_date: t.end_date ?? '', signup_deadline: t.signup_deadline ?? '' }, today);
  if (d) throw badRequest(d.msg);
  if (t.headcount < 1) throw badRequest('需求人数至少为1人');
  if (t.pay_amount < 1 || t.pay_amount > PAY_MAX_FEN) throw badRequest('请填写报酬金额');
}

/** Creates (no id) or edits a task, as a draft or submitted for review. */
export async function saveTask(
  db: Db,
  store: ObjectStore,
  a: TaskActor,
  body: z.output<typeof TaskBody>,
  now: Date,
): Promise<{ id: number; status: TaskStatus }> {
  const attachments: { media_id: string; name: string; size: number }[] = [];
  for (const id of body.attachments) {
    const m = await ownMedia(db, store, id, a.companyId, 'attached', '附件无效，请重新上传').catch(async () =>
      ownMedia(db, store, id, a.companyId, 'image', '附件无效，请重新上传'),
    );
    attachments.push({ media_id: m.media_id, name: m.file_name, size: m.size });
  }
  const f = {
    name: body.name,
    category: body.category,
    description: body.description,
    standard: body.standard,
    work_mode: body.work_mode,
    address: body.work_mode === 'offline' ? body.address : '',
    start_date: body.start_date || null,
    end_date: body.end_date || null,
    signup_deadline: body.signup_deadline || null,
    headcount: body.headcount,
    pay_amount: body.pay_amount,
    pay_unit: body.pay_unit,
    settle_mode: body.settle_mode,
    need_sign: body.need_sign,
  };
  if (f.start_date && f.end_date && f.end_date < f.start_date) throw badRequest('结束日期不能早于开始日期');
  // the columns both statements below write, in their order (name … need_sign, attachments)
  const values = [
    f.name,
    f.category,
    f.description,
    f.standard,
    f.work_mode,
    f.address,
    f.start_date,
    f.end_date,
    f.signup_deadline,
    f.headcount,
    f.pay_amount,
    f.pay_unit,
    f.settle_mode,
    f.need_sign,
    JSON.stringify(attachments),
  ];
  return db.tx(async (t) => {
    let id: number;
    if (body.id) {
      const task = await ownTask(t, body.id, a.companyId, true);
      need(task, 'edit', '编辑');
      await t.query(
        `UPDATE flex_tasks SET name=$2, category=$3, description=$4, standard=$5, work_mode=$6, address=$7, start_date=$8, end_date=$9,
                signup_deadline=$10, headcount=$11, pay_amount=$12, pay_unit=$13, settle_mode=$14, need_sign=$15, attachments=$16, updated_at=$17
          WHERE id = $1`,
        [task.id, ...values, now],
      );
      id = task.id;
    } else {
      const row = await t.one<{ id: number }>(
        `INSERT INTO flex_tasks (company_id, task_no, name, category, description, standard, work_mode, address, start_date, end_date,
           signup_deadline, headcount, pay_amount, pay_unit, settle_mode, need_sign, attachments, public_token, created_by, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20) RETURNING id`,
        [a.companyId, newTaskNo(now), ...values, newToken(), a.userId, now],
      );
      id = row!.id;
    }
    const task = await ownTask(t, id, a.companyId, true);
    if (body.action === 'submit') {
      checkSubmittable(task, fmtDate(now));
      return { id, status: await transitionTask(t, task, 'submit', now) };
    }
    return { id, status: task.status };
  });
}

export type TaskActionName = z.output<typeof TaskActionBody>['action'];

/** 提交审核 / 结束 / 取消 / 删除 / 复制 of one task; answers its id (the copy's) and new status (null: deleted). */
export async function taskAction(db: Db, a: TaskActor, id: number, action: TaskActionName, now: Date): Promise<{ id: number; status: TaskStatus | null }> {
  return db.tx(async (t) => {
    const task = await ownTask(t, id, a.companyId, true);
    switch (action) {
      case 'submit':
        need(task, 'submit', '提交审核');
        checkSubmittable(task, fmtDate(now));
        return { id: task.id, status: await transitionTask(t, task, 'submit', now) };
      case 'end':
        need(task, 'end', '结束');
        return { id: task.id, status: await transitionTask(t, task, 'end', now) };
      case 'cancel':
        need(task, 'cancel', '取消');
        if (await t.one(`SELECT 1 FROM flex_task_workers WHERE task_id = $1 AND sign_status = 'signed' LIMIT 1`, [task.id]))
          throw conflict('已有人员签约的任务不能取消，请结束任务');
        return { id: task.id, status: await transitionTask(t, task, 'cancel', now) };
      case 'delete':
        need(task, 'delete', '删除');
        await t.query('DELETE FROM flex_tasks WHERE id = $1', [task.id]);
        return { id: task.id, status: null };
      case 'copy': {
        // a new draft: the dates are left for HR to fill in again
        const row = await t.one<{ id: number }>(
          `INSERT INTO flex_tasks (company_id, task_no, name, category, description, standard, work_mode, address, start_date, end_date,
             signup_deadline, headcount, pay_amount, pay_unit, settle_mode, need_sign, attachments, signup_mode, signup_review, need_realname,
             settle_cycle, auto_accept_days, notify_sms, notify_site, public_token, created_by, created_at, updated_at)
           SELECT company_id, $2, left(name || '（副本）', 40), category, description, standard, work_mode, address, NULL, NULL,
             NULL, headcount, pay_amount, pay_unit, settle_mode, need_sign, attachments, signup_mode, signup_review, need_realname,
             settle_cycle, auto_accept_days, notify_sms, notify_site, $3, $4, $5, $5
             FROM flex_tasks WHERE id = $1 RETURNING id`,
          [task.id, newTaskNo(now), newToken(), a.userId, now],
        );
        return { id: row!.id, status: 'draft' as const };
      }
    }
  });
}

/** The task's sign-up, settlement and notification settings. */
export async function saveTaskSettings(db: Db, companyId: number, id: number, s: z.output<typeof SettingBody>, now: Date): Promise<void> {
  await db.tx(async (t) => {
    const task = await ownTask(t, id, companyId, true);
    need(task, 'setting', '修改设置');
    await t.query(
      `UPDATE flex_tasks SET signup_mode=$2, signup_review=$3, need_realname=$4, settle_cycle=$5, auto_accept_days=$6, notify_sms=$7, notify_site=$8, updated_at=$9 WHERE id = $1`,
      [task.id, s.signup_mode, s.signup_review, s.need_realname, s.settle_cycle, s.auto_accept_days, s.notify_sms, s.notify_site, now],
    );
  });
}

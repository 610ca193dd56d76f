/**
 * 灵活用工 in the sandbox: the platform's review of tasks (operator page section and
 * POST /sandbox/employment/tasks/{id}/review) — what stands in for the platform operator, an
 * outside service. The worker's pages are product pages (/m/flex/w/{token}, /m/flex/t/{token}:
 * app/features/worker, routes/worker.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../contract/common';
import { payUnitLabel } from '../../contract/employment-rules';
import { yuanText as yuan } from '../../contract/money';
import type { Db } from '../db/types';
import { reviewTask, type TaskRow } from '../domain/employment';
import { envelope } from '../http/envelope';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';
import { fmtDateTime } from '../lib/time';
import { esc } from './mobile-page';

const TaskReviewBody = z.strictObject({
  result: z.enum(['pass', 'reject'], '审核结果只能是 pass（通过）或 reject（驳回）'),
  reason: z.string().trim().max(200, '驳回原因不能超过200字').optional().default(''),
});

const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');

/** The operator page's section: tasks waiting for the platform's review. */
export async function employmentSection(db: Db): Promise<string> {
  const rows = await db.query<
    Pick<TaskRow, 'id' | 'task_no' | 'name' | 'category' | 'pay_amount' | 'pay_unit'> & { company: string; submitted_at: Date | null }
  >(
    `SELECT t.id, t.task_no, t.name, t.category, t.pay_amount, t.pay_unit, c.name AS company, t.submitted_at
       FROM flex_tasks t JOIN companies c ON c.id = t.company_id WHERE t.status = 'review' ORDER BY t.submitted_at DESC NULLS LAST, t.id DESC LIMIT 50`,
  );
  const body = rows.length
    ? rows
        .map(
          (
            t,
          ) => `<tr data-task="${t.id}"><td>${esc(t.task_no)}</td><td>${esc(t.name)}<div class="sub">${esc(t.category)} · ${esc(yuan(t.pay_amount))}${esc(payUnitLabel(t.pay_unit).slice(1))}</div></td>
<td>${esc(t.company)}</td><td>${t.submitted_at ? esc(fmtDateTime(t.submitted_at)) : ''}</td>
<td><form method="post" action="/sandbox/employment/tasks/${t.id}/review"><input type="hidden" name="result" value="pass"><button class="ok">通过</button></form>
<form method="post" action="/sandbox/employment/tasks/${t.id}/review"><input type="hidden" name="result" value="reject">
<input name="reason" placeholder="驳回原因（必填）" maxlength="200" required><button class="no">驳回</button></form></td></tr>`,
        )
        .join('')
    : '<tr><td colspan="5" class="empty">暂无待审核任务</td></tr>';
  return `<section id="employment-review"><h2>待审核任务（灵活用工）</h2><p class="sub">POST /sandbox/employment/tasks/任务ID/review（result=pass|reject，reason）。零工端页面：/m/flex/w/邀请令牌，公开报名：/m/flex/t/任务令牌</p>
<table><thead><tr><th>任务编号</th><th>任务</th><th>企业</th><th>提交时间</th><th>审核</th></tr></thead><tbody>${body}</tbody></table></section>`;
}

export function employmentSandbox(app: FastifyInstance) {
  app.post('/sandbox/employment/tasks/:id/review', async (req, reply) => {
    const fromPage = wantsHtml(req);
    try {
      const { id } = parseInput(IdParam, req.params);
      const body = parseInput(TaskReviewBody, req.body);
      const data = await reviewTask(app.db, id, body.result, body.reason, app.now());
      if (fromPage)
        return reply.redirect(`/sandbox/?done=${encodeURIComponent(`任务 ${id} 已${body.result === 'pass' ? '通过' : '驳回'}`)}#employment-review`, 303);
      return envelope(200, body.result === 'pass' ? '审核通过' : '已驳回', data);
    } catch (err) {
      const api = toApiError(err);
      if (fromPage && api.httpStatus < 500) return reply.redirect(`/sandbox/?error=${encodeURIComponent(api.message)}`, 303);
      throw err;
    }
  });
}

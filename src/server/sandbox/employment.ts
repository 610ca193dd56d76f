/**
 * 灵活用工 in the sandbox: the platform's review of tasks (operator page section and
 * POST /sandbox/employment/tasks/{id}/review), and the worker side — a phone page per task
 * invitation (/sandbox/flex/w/{token}): SMS check → real-name check (name + ID number, GB 11643)
 * → read and sign (or refuse) the agreement in effect → mark the work delivered; and the public
 * task link (/sandbox/flex/t/{token}) where a worker signs up.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../contract/common';
import { canDeliver, payUnitLabel, settleModeLabel, takesWorkers, type SignStatus, type WorkStatus } from '../../contract/employment-rules';
import { idCardProblem, isPersonName, normalizeDigits, PERSON_NAME_MSG } from '../../contract/person';
import { yuanText as yuan } from '../../contract/money';
import type { Db } from '../db/types';
import { mintCredentials, presignGet } from '../domain/accounts/credentials';
import {
  addToTask,
  checkWorker,
  currentAgreement,
  markMobileVerified,
  publicTaskUrl,
  reviewTask,
  taskById,
  taskByPublicToken,
  upsertFlexWorker,
  workerPageUrl,
  type TaskRow,
  type TaskWorkerRow,
} from '../domain/employment';
import { consumeSmsCode, issueSmsCode } from '../domain/sms-codes';
import type { LoginLimits } from '../lib/limits';
import { envelope } from '../http/envelope';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';
import { randomDigits, safeEqual, sha256hex } from '../lib/crypto';
import { blindIndex, decryptPii } from '../lib/pii';
import { addSeconds, fmtDate, fmtDateTime } from '../lib/time';
import { esc, mobilePage } from './mobile-page';

const TaskReviewBody = z.strictObject({
  result: z.enum(['pass', 'reject'], '审核结果只能是 pass（通过）或 reject（驳回）'),
  reason: z.string().trim().max(200, '驳回原因不能超过200字').optional().default(''),
});
const TokenParam = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, '链接无效') });
const SESSION_COOKIE = 'flexw';
const SESSION_S = 30 * 60;

const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');
const page = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(mobilePage(title, body));

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
  return `<section id="employment-review"><h2>待审核任务（灵活用工）</h2><p class="sub">POST /sandbox/employment/tasks/任务ID/review（result=pass|reject，reason）。零工端页面：/sandbox/flex/w/邀请令牌，公开报名：/sandbox/flex/t/任务令牌</p>
<table><thead><tr><th>任务编号</th><th>任务</th><th>企业</th><th>提交时间</th><th>审核</th></tr></thead><tbody>${body}</tbody></table></section>`;
}

interface InviteRow extends TaskWorkerRow {
  session_hash: string | null;
  session_until: Date | null;
  delivery_note: string;
  reject_reason: string;
  signed_at: Date | null;
  agreement_id: number | null;
  name: string;
  mobile_enc: string;
  cert_type: string;
  cert_no_bidx: string;
  realname_verified: boolean;
}

const loadInvite = (db: Db, token: string) =>
  db.one<InviteRow>(
    `SELECT tw.id, tw.task_id, tw.company_id, tw.worker_id, tw.work_status, tw.sign_status, tw.session_hash, tw.session_until, tw.delivery_note,
            tw.reject_reason, tw.signed_at, tw.agreement_id, tw.amount, w.name, w.mobile_enc, w.cert_type, w.cert_no_bidx, w.realname_verified
       FROM flex_task_workers tw JOIN flex_workers w ON w.id = tw.worker_id WHERE tw.invite_token = $1`,
    [token],
  );

function cookieOf(req: FastifyRequest, name: string): string {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(req.headers.cookie ?? '');
  return m ? decodeURIComponent(m[1]!) : '';
}

const hasSession = (req: FastifyRequest, w: InviteRow, now: Date) => {
  const c = cookieOf(req, SESSION_COOKIE);
  return !!c && !!w.session_hash && !!w.session_until && w.session_until > now && safeEqual(sha256hex(c), w.session_hash);
};

const SIGN_TEXT: Record<SignStatus, string> = { pending: '待签署', signed: '签署成功', refused: '已拒签', expired: '已过期' };
const WORK_TEXT: Record<WorkStatus, string> = {
  applied: '已报名',
  hired: '已录用',
  working: '进行中',
  delivered: '已交付',
  accepted: '已验收',
  rejected: '已驳回',
};

export function employmentSandbox(app: FastifyInstance, opts: { limits: LoginLimits }) {
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

  // --- the worker's invitation page ------------------------------------------------------
  app.get('/sandbox/flex/w/:token', async (req, reply) => {
    const now = app.now();
    const { token } = parseInput(TokenParam, req.params);
    const w = await loadInvite(app.db, token);
    if (!w) return page(reply, 404, '任务邀请', `<div class="card"><div class="err">!</div><p>邀请不存在或已被移除</p></div>`);
    const task = (await taskById(app.db, w.task_id))!;
    const company = await app.db.one<{ name: string }>('SELECT name FROM companies WHERE id = $1', [w.company_id]);
    const q = req.query as { error?: unknown; done?: unknown };
    const notice =
      typeof q.error === 'string'
        ? `<p class="muted" style="color:#e64340" data-testid="flex-error">${esc(q.error)}</p>`
        : typeof q.done === 'string'
          ? `<p class="muted" style="color:#07c160" data-testid="flex-done">${esc(q.done)}</p>`
          : '';
    const head = `<div class="card" style="text-align:left"><div style="font-size:18px;font-weight:600">${esc(task.name)}</div>
<div class="muted">${esc(company?.name ?? '')}</div>
<div class="row"><span>报酬</span><span>${esc(yuan(task.pay_amount))} ${esc(payUnitLabel(task.pay_unit))}</span></div>
<div class="row"><span>任务时间</span><span>${esc(task.start_date ?? '')} 至 ${esc(task.end_date ?? '')}</span></div>
<div class="row"><span>签约状态</span><span data-testid="flex-sign">${SIGN_TEXT[w.sign_status]}</span></div>
<div class="row"><span>任务状态</span><span data-testid="flex-work">${WORK_TEXT[w.work_status]}</span></div></div>`;
    let step: string;
    const act = (path: string) => `/sandbox/flex/w/${esc(token)}/${path}`;
    if (!hasSession(req, w, now)) {
      const mobile = decryptPii(w.mobile_enc);
      step = `<div class="card" style="text-align:left"><b>短信验证</b><p class="muted">验证码将发送至 ${esc(mobile.slice(0, 3))}****${esc(mobile.slice(-4))}</p>
<form method="post" action="${act('sms')}"><button class="plain" type="submit" data-testid="flex-send">获取验证码</button></form>
<form method="post" action="${act('verify')}"><label>验证码<input name="code" inputmode="numeric" maxlength="6" data-testid="flex-code"></label><button class="primary" type="submit" data-testid="flex-verify">验证</button></form></div>`;
    } else if (w.work_status === 'applied') {
      step = `<div class="card"><p>报名成功，请等待企业录用</p></div>`;
    } else if (task.need_realname && !w.realname_verified) {
      step = `<div class="card" style="text-align:left"><b>实名认证</b><p class="muted">请填写本人姓名与身份证号</p>
<form method="post" action="${act('realname')}"><label>姓名<input name="name" maxlength="40" data-testid="flex-name"></label>
<label>身份证号<input name="id_no" maxlength="18" data-testid="flex-idno"></label><button class="primary" type="submit" data-testid="flex-realname">提交认证</button></form></div>`;
    } else if (task.need_sign && w.sign_status === 'pending') {
      const a = await currentAgreement(app.db, task.id, now);
      if (!a) step = `<div class="card"><p>企业尚未上传生效的协议，请稍后再来签署</p></div>`;
      else {
        // the link is signed on behalf of the task's publisher (or any admin of the company)
        const signer =
          task.created_by ??
          (await app.db.one<{ id: number }>(`SELECT id FROM users WHERE company_id = $1 ORDER BY role = 'admin' DESC, id LIMIT 1`, [task.company_id]))?.id;
        const cred = signer ? await mintCredentials(app.db, { userId: signer, companyId: task.company_id, now, ttlS: 1800 }) : null;
        const url = cred ? presignGet(cred, a.bucket, a.object_key, addSeconds(now, 1800)) : '#';
        step = `<div class="card" style="text-align:left"><b>签署协议</b><p class="muted">${esc(a.name)}（第 ${a.version} 版，${esc(a.effective_date)} 生效）</p>
<p><a href="${esc(url)}" target="_blank" data-testid="flex-agreement">阅读协议全文（PDF）</a></p>
<form method="post" action="${act('sign')}"><input type="hidden" name="agreement_id" value="${a.id}"><label><input type="checkbox" name="agree" value="1" style="width:auto" data-testid="flex-agree"> 我已阅读并同意以上协议</label>
<button class="primary" type="submit" data-testid="flex-sign-btn">确认签署</button></form>
<form method="post" action="${act('refuse')}"><button class="plain" type="submit" data-testid="flex-refuse">拒绝签署</button></form></div>`;
      }
    } else if (canDeliver({ work: w.work_status, sign: w.sign_status, needSign: task.need_sign }) && takesWorkers(task.status)) {
      step = `<div class="card" style="text-align:left"><b>提交交付</b>${w.reject_reason ? `<p class="muted">企业驳回：${esc(w.reject_reason)}</p>` : ''}
<p class="muted">交付标准：${esc(task.standard || '按任务描述完成')}</p>
<form method="post" action="${act('deliver')}"><label>交付说明<textarea name="note" maxlength="500" rows="4" style="width:100%;box-sizing:border-box" data-testid="flex-note"></textarea></label>
<button class="primary" type="submit" data-testid="flex-deliver">确认交付</button></form></div>`;
    } else if (w.work_status === 'delivered') {
      step = `<div class="card"><div class="ok">✓</div><p>已交付，等待企业验收</p></div>`;
    } else if (w.work_status === 'accepted') {
      step = `<div class="card"><div class="ok">✓</div><p>企业已验收，应发报酬 ${esc(yuan(w.amount))}</p><p class="muted">结算方式：${esc(settleModeLabel(task.settle_mode))}</p></div>`;
    } else if (w.sign_status === 'refused' || w.sign_status === 'expired') {
      step = `<div class="card"><p>${SIGN_TEXT[w.sign_status]}</p></div>`;
    } else step = `<div class="card"><p>${WORK_TEXT[w.work_status]}</p></div>`;
    return page(reply, 200, '任务邀请', notice + head + step);
  });

  /** Runs one step of the worker page; refusals come back to the page as words. */
  const step = (path: string, fn: (w: InviteRow, req: FastifyRequest, reply: FastifyReply, now: Date) => Promise<string | void>, needSession = true) =>
    app.post(`/sandbox/flex/w/:token/${path}`, async (req, reply) => {
      const { token } = parseInput(TokenParam, req.params);
      const back = (k: 'done' | 'error', m: string) => reply.redirect(`${workerPageUrl(token)}?${k}=${encodeURIComponent(m)}`, 303);
      try {
        const now = app.now();
        const w = await loadInvite(app.db, token);
        if (!w) throw notFound('邀请不存在或已被移除');
        if (needSession && !hasSession(req, w, now)) throw badRequest('请先完成短信验证');
        const msg = await fn(w, req, reply, now);
        if (reply.sent) return reply;
        return wantsHtml(req) ? back('done', msg || '操作成功') : envelope(200, msg || 'ok', null);
      } catch (err) {
        const api = toApiError(err);
        if (wantsHtml(req) && api.httpStatus < 500) return back('error', api.message);
        throw err;
      }
    });
  const form = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;
  const str = (v: unknown, max: number) => (typeof v === 'string' && !v.includes('\u0000') ? v.trim().slice(0, max) : '');

  step(
    'sms',
    async (w, req, _reply, now) => {
      const mobile = decryptPii(w.mobile_enc);
      // the invitation link is public (a public sign-up makes one for any mobile): counted against it too
      const token = parseInput(TokenParam, req.params).token;
      const refused = await app.db.tx((t) => issueSmsCode(t, mobile, { ip: req.ip, token, purpose: 'worker' }, now, opts.limits, true));
      if (refused) throw refused;
      return '验证码已发送';
    },
    false,
  );

  step(
    'verify',
    async (w, req, reply, now) => {
      const code = str(form(req).code, 6);
      if (!/^\d{6}$/.test(code)) throw badRequest('请输入6位验证码');
      const mobile = decryptPii(w.mobile_enc);
      const wrong = await app.db.tx((t) => consumeSmsCode(t, mobile, code, 'worker', now, opts.limits));
      if (wrong) throw wrong;
      // the mobile on file is the worker's own from now on (HR can no longer replace it)
      await markMobileVerified(app.db, w.worker_id, now);
      const session = randomDigits(12) + randomDigits(12);
      await app.db.query('UPDATE flex_task_workers SET session_hash = $2, session_until = $3 WHERE id = $1', [
        w.id,
        sha256hex(session),
        addSeconds(now, SESSION_S),
      ]);
      reply.header('Set-Cookie', `${SESSION_COOKIE}=${session}; Path=/sandbox/flex/w/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_S}`);
      return '验证成功';
    },
    false,
  );

  step('realname', async (w, req, _reply, now) => {
    const f = form(req);
    const name = str(f.name, 40);
    const id = normalizeDigits(str(f.id_no, 30)).toUpperCase();
    if (!name) throw badRequest('请填写姓名');
    if (!isPersonName(name)) throw badRequest(PERSON_NAME_MSG);
    if (idCardProblem(id, now)) throw badRequest('请输入正确的身份证号');
    if (name !== w.name || w.cert_type !== 'id_card' || blindIndex('id_card', id) !== w.cert_no_bidx) throw badRequest('姓名与身份证号不一致，认证失败');
    await app.db.query('UPDATE flex_workers SET realname_verified = true WHERE id = $1', [w.worker_id]);
    return '实名认证成功';
  });

  step('sign', async (w, req, _reply, now) => {
    const f = form(req);
    if (f.agree !== '1') throw badRequest('请先阅读并同意协议');
    return app.db.tx(async (t) => {
      const task = (await taskById(t, w.task_id))!;
      if (!takesWorkers(task.status)) throw conflict('任务已结束，无法签署');
      if (task.need_realname && !(await t.one('SELECT 1 FROM flex_workers WHERE id = $1 AND realname_verified', [w.worker_id])))
        throw badRequest('请先完成实名认证');
      const a = await currentAgreement(t, task.id, now);
      // a newer version took effect while the page was open: sign the one in effect
      if (!a || String(a.id) !== str(f.agreement_id, 12)) throw conflict('协议已更新，请重新阅读后签署');
      const r = await t.one(
        `UPDATE flex_task_workers SET sign_status = 'signed', agreement_id = $2, signed_at = $3,
                work_status = CASE WHEN work_status = 'hired' THEN 'working' ELSE work_status END
          WHERE id = $1 AND sign_status = 'pending' AND work_status <> 'applied' RETURNING id`,
        [w.id, a.id, now],
      );
      if (!r) throw conflict('当前状态不能签署');
      return '签署成功';
    });
  });

  step('refuse', async (w) => {
    const r = await app.db.one(`UPDATE flex_task_workers SET sign_status = 'refused' WHERE id = $1 AND sign_status = 'pending' RETURNING id`, [w.id]);
    if (!r) throw conflict('当前状态不能拒签');
    return '已拒绝签署';
  });

  step('deliver', async (w, req, _reply, now) => {
    const note = str(form(req).note, 500);
    if (!note) throw badRequest('请填写交付说明');
    const task = (await taskById(app.db, w.task_id))!;
    if (!takesWorkers(task.status)) throw conflict('任务已结束，无法交付');
    if (!canDeliver({ work: w.work_status, sign: w.sign_status, needSign: task.need_sign }))
      throw conflict(w.sign_status !== 'signed' && task.need_sign ? '请先签署协议' : '当前状态不能交付');
    await app.db.query(
      `UPDATE flex_task_workers SET work_status = 'delivered', delivery_note = $2, delivered_at = $3 WHERE id = $1 AND work_status IN ('working', 'rejected')`,
      [w.id, note, now],
    );
    return '已提交交付，等待企业验收';
  });

  // --- the public task link ---------------------------------------------------------------
  app.get('/sandbox/flex/t/:token', async (req, reply) => {
    const { token } = parseInput(TokenParam, req.params);
    const task = await taskByPublicToken(app.db, token);
    if (!task || task.signup_mode !== 'public' || !takesWorkers(task.status))
      return page(reply, 404, '任务报名', `<div class="card"><div class="err">!</div><p>任务不存在或已停止报名</p></div>`);
    const q = req.query as { error?: unknown };
    const today = fmtDate(app.now());
    const closed = !!task.signup_deadline && task.signup_deadline < today;
    const body = `${typeof q.error === 'string' ? `<p class="muted" style="color:#e64340" data-testid="flex-error">${esc(q.error)}</p>` : ''}
<div class="card" style="text-align:left"><div style="font-size:18px;font-weight:600">${esc(task.name)}</div>
<div class="row"><span>报酬</span><span>${esc(yuan(task.pay_amount))} ${esc(payUnitLabel(task.pay_unit))}</span></div>
<div class="row"><span>任务时间</span><span>${esc(task.start_date ?? '')} 至 ${esc(task.end_date ?? '')}</span></div>
<p class="muted">${esc(task.description)}</p></div>
${
  closed
    ? '<div class="card"><p>报名已截止</p></div>'
    : `<div class="card" style="text-align:left"><b>我要报名</b><form method="post" action="${esc(publicTaskUrl(token))}">
<label>姓名<input name="name" maxlength="40"></label><label>手机号<input name="mobile" maxlength="11"></label>
<label>身份证号<input name="cert_no" maxlength="18"></label><label>银行卡号（收款账户）<input name="bank_card" maxlength="19"></label>
<button class="primary" type="submit">提交报名</button></form></div>`
}`;
    return page(reply, 200, '任务报名', body);
  });

  app.post('/sandbox/flex/t/:token', async (req, reply) => {
    const { token } = parseInput(TokenParam, req.params);
    try {
      const now = app.now();
      const f = (req.body ?? {}) as Record<string, unknown>;
      const s = (k: string, max: number) => (typeof f[k] === 'string' ? (f[k] as string).slice(0, max) : '');
      const worker = checkWorker(
        { name: s('name', 40), mobile: s('mobile', 20), cert_type: 'id_card', cert_no: s('cert_no', 30), bank_card: s('bank_card', 30) },
        now,
      );
      const r = await app.db.tx(async (t) => {
        const task = await taskByPublicToken(t, token);
        if (!task || task.signup_mode !== 'public' || !takesWorkers(task.status)) throw notFound('任务不存在或已停止报名');
        if (task.signup_deadline && task.signup_deadline < fmtDate(now)) throw conflict('报名已截止');
        const id = await upsertFlexWorker(t, task.company_id, worker, null, now);
        return addToTask(t, task, id, 'public', now);
      });
      if (wantsHtml(req)) return reply.redirect(workerPageUrl(r.token), 303);
      return envelope(200, r.added ? '报名成功' : '您已报名该任务', { invite_url: workerPageUrl(r.token) });
    } catch (err) {
      const api = toApiError(err);
      if (wantsHtml(req) && api.httpStatus < 500) return reply.redirect(`${publicTaskUrl(token)}?error=${encodeURIComponent(api.message)}`, 303);
      throw err;
    }
  });
}

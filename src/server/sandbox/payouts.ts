/**
 * The payout side's sandboxes (issue 13): the operator confirms a bank-transfer top-up on seeing
 * the money arrive; the SMS gateway's outbox of 确认发放 codes; and the payout channel, which
 * answers asynchronously like a bank — a row's success, failure (with a reason) or later 退汇 is
 * sent as an HMAC-signed callback to POST /ent/v3/payout/notify (it can be replayed to test that a
 * duplicate changes nothing).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../contract/common';
import { yuanText as yuan } from '../../contract/money';
import { MOBILE_RE } from '../../contract/patterns';
import type { Db } from '../db/types';
import { signNotify, type Notify } from '../domain/payouts/channel';
import { post } from '../domain/payouts/ledger';
import { sandboxNotification } from '../adapters/wechatpay';
import { envelope } from '../http/envelope';
import { conflict, notFound } from '../lib/refusal';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';
import { fmtDateTime } from '../lib/time';
import { esc, mobilePage } from './mobile-page';

const ResultBody = z.strictObject({
  result: z.enum(['success', 'fail', 'bounce'], 'result 只能是 success、fail 或 bounce'),
  reason: z.string().trim().max(100, '原因不能超过100字').optional().default(''),
});
const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');

/** Confirms a pending top-up once: the balance grows by one ledger entry. */
export async function confirmTopup(db: Db, id: number, now: Date) {
  return db.tx(async (t) => {
    const top = await t.one<{ id: number; company_id: number; order_no: string; amount: string; status: string; method: string }>(
      'SELECT id, company_id, order_no, amount::text, status, method FROM payout_topups WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!top) throw notFound('充值单不存在');
    if (top.method !== 'bank') throw conflict('微信支付充值由支付通知入账');
    if (top.status !== 'pending') throw conflict('该充值单已确认到账');
    await t.query(`UPDATE payout_topups SET status = 'confirmed', confirmed_at = $2 WHERE id = $1`, [id, now]);
    const balance = await post(t, top.company_id, 'topup', Number(top.amount), { topup_id: id, ref_no: top.order_no, remark: '对公转账充值' }, now);
    return { id, order_no: top.order_no, balance };
  });
}

export async function payoutsSection(db: Db): Promise<string> {
  const tops = await db.query<{ id: number; order_no: string; amount: string; company: string; created_at: Date }>(
    `SELECT t.id, t.order_no, t.amount::text, c.name AS company, t.created_at FROM payout_topups t JOIN companies c ON c.id = t.company_id
      WHERE t.status = 'pending' AND t.method = 'bank' ORDER BY t.id DESC LIMIT 30`,
  );
  const rows = await db.query<{ id: number; name: string; net: string; status: string; batch_no: string; company: string }>(
    `SELECT r.id, r.name, r.net::text, r.status, b.batch_no, c.name AS company FROM payout_rows r
       JOIN payout_batches b ON b.id = r.batch_id JOIN companies c ON c.id = r.company_id
      WHERE r.status IN ('paying', 'success') ORDER BY r.id DESC LIMIT 50`,
  );
  const topRows = tops.length
    ? tops
        .map(
          (
            t,
          ) => `<tr data-topup="${t.id}"><td>${esc(t.order_no)}</td><td>${esc(t.company)}</td><td>${esc(yuan(Number(t.amount)))}</td><td>${esc(fmtDateTime(t.created_at))}</td>
<td><form method="post" action="/sandbox/payouts/topups/${t.id}/confirm"><button class="ok">确认到账</button></form></td></tr>`,
        )
        .join('')
    : '<tr><td colspan="5" class="empty">暂无待确认的充值</td></tr>';
  const btn = (id: number, result: string, label: string, reason = '') =>
    `<form method="post" action="/sandbox/payouts/rows/${id}/result"><input type="hidden" name="result" value="${result}">${
      reason ? `<input name="reason" value="${esc(reason)}" maxlength="100">` : ''
    }<button class="${result === 'success' ? 'ok' : 'no'}">${label}</button></form>`;
  const payRows = rows.length
    ? rows
        .map(
          (
            r,
          ) => `<tr data-row="${r.id}"><td>${esc(r.batch_no)}</td><td>${esc(r.company)}</td><td>${esc(r.name)}</td><td>${esc(yuan(Number(r.net)))}</td><td>${r.status === 'paying' ? '发放中' : '发放成功'}</td>
<td>${r.status === 'paying' ? btn(r.id, 'success', '成功') + btn(r.id, 'fail', '失败', '户名与卡号不符') : btn(r.id, 'bounce', '退汇', '收款账户已销户')}</td></tr>`,
        )
        .join('')
    : '<tr><td colspan="6" class="empty">暂无发放中的明细</td></tr>';
  return `<section id="payout-topups"><h2>灵活用工账户充值（对公转账）</h2><p class="sub">看到转账到账后确认：POST /sandbox/payouts/topups/充值单ID/confirm（只入账一次）</p>
<table><thead><tr><th>充值单号</th><th>企业</th><th>金额</th><th>提交时间</th><th>操作</th></tr></thead><tbody>${topRows}</tbody></table></section>
<section id="payout-channel"><h2>发放通道（银行沙箱）</h2><p class="sub">POST /sandbox/payouts/rows/明细ID/result（result=success|fail|bounce，reason）。通道以签名回调通知服务端：POST /ent/v3/payout/notify。验证码：<a href="/sandbox/payouts/sms">/sandbox/payouts/sms</a>?mobile=手机号</p>
<table><thead><tr><th>批次号</th><th>企业</th><th>姓名</th><th>实发</th><th>状态</th><th>通道结果</th></tr></thead><tbody>${payRows}</tbody></table></section>`;
}

const TopupParam = z.strictObject({ order_no: z.string().regex(/^CZ\d{18}$/, '充值单号无效') });
const PayTimes = z.strictObject({ times: z.coerce.number().int().min(1).max(5).default(1) });

/**
 * 微信支付充值 in the pay sandbox: the page the QR opens and its 确认支付, which makes WeChat Pay v3's
 * signed, encrypted notification and delivers it to /notify/wechatpay `times` times (WeChat repeats notifications until it is
 * answered; the server credits one).
 */
function wxTopupSandbox(app: FastifyInstance) {
  const load = (orderNo: string) =>
    app.db.one<{ order_no: string; amount: string; status: string; method: string; company: string }>(
      'SELECT t.order_no, t.amount::text, t.status, t.method, c.name AS company FROM payout_topups t JOIN companies c ON c.id = t.company_id WHERE t.order_no = $1',
      [orderNo],
    );
  const page = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(mobilePage('微信支付', body));
  app.get('/sandbox/pay/topup/:order_no', async (req, reply) => {
    const { order_no } = parseInput(TopupParam, req.params);
    const o = await load(order_no);
    if (!o || o.method !== 'wechat') return page(reply, 404, '<div class="card"><div class="err">!</div><p>订单不存在</p></div>');
    const paid = o.status === 'confirmed';
    return page(
      reply,
      200,
      `<div class="card">${paid ? '<div class="ok">✓</div><p><b>支付成功</b></p>' : '<div class="logo">企</div>'}
<div class="amount" data-testid="pay-amount">${esc(yuan(Number(o.amount)))}</div>
<div class="row"><span>商品</span><span>灵活用工账户充值</span></div><div class="row"><span>付款企业</span><span>${esc(o.company)}</span></div>
<div class="row"><span>订单号</span><span>${esc(o.order_no)}</span></div>
${paid ? '' : `<form method="post" action="/sandbox/pay/topup/${esc(o.order_no)}"><button class="primary" type="submit">确认支付</button></form>`}</div>`,
    );
  });
  app.post('/sandbox/pay/topup/:order_no', async (req, reply) => {
    try {
      const { order_no } = parseInput(TopupParam, req.params);
      const { times } = parseInput(PayTimes, req.body ?? {});
      const o = await load(order_no);
      if (!o || o.method !== 'wechat') throw notFound('订单不存在');
      // WeChat Pay v3's signed, encrypted notification (the same as for any order), delivered
      // `times` times to the server's notify URL as the platform retries it
      const notification = sandboxNotification(order_no, Number(o.amount), app.now());
      const answers: { status: number; body: unknown }[] = [];
      for (let i = 0; i < times; i++) {
        const res = await app.inject({ method: 'POST', url: '/notify/wechatpay', payload: notification.body, headers: notification.headers });
        answers.push({ status: res.statusCode, body: res.json() });
      }
      if (wantsHtml(req)) return reply.redirect(`/sandbox/pay/topup/${order_no}`, 303);
      return { notification, answers };
    } catch (e) {
      const api = toApiError(e);
      return reply.status(api.httpStatus).send(envelope(api.code, api.message, null));
    }
  });
}

export function payoutsSandbox(app: FastifyInstance) {
  wxTopupSandbox(app);
  app.get('/sandbox/payouts/sms', async (req, reply) => {
    const q = req.query as { mobile?: unknown };
    const mobile = typeof q.mobile === 'string' && MOBILE_RE.test(q.mobile) ? q.mobile : null;
    const row = await app.db.one<{ mobile: string; batch_no: string; code: string; sent_at: Date }>(
      `SELECT mobile, batch_no, code, sent_at FROM sandbox_payout_sms_outbox ${mobile ? 'WHERE mobile = $1' : ''} ORDER BY id DESC LIMIT 1`,
      mobile ? [mobile] : [],
    );
    if (!row) return reply.status(404).send({ msg: '暂无验证码' });
    return { mobile: row.mobile, batch_no: row.batch_no, code: row.code, sent_at: fmtDateTime(row.sent_at) };
  });

  app.post('/sandbox/payouts/topups/:id/confirm', async (req, reply) => {
    const fromPage = wantsHtml(req);
    try {
      const { id } = parseInput(IdParam, req.params);
      const r = await confirmTopup(app.db, id, app.now());
      if (fromPage) return reply.redirect(`/sandbox/?done=${encodeURIComponent(`充值单 ${r.order_no} 已确认到账`)}#payout-topups`, 303);
      return r;
    } catch (e) {
      const api = toApiError(e);
      if (fromPage && api.httpStatus < 500) return reply.redirect(`/sandbox/?error=${encodeURIComponent(api.message)}`, 303);
      return reply.status(api.httpStatus).send(envelope(api.code, api.message, null));
    }
  });

  /** The channel reports a row's result: signs a callback and delivers it to the server. */
  app.post('/sandbox/payouts/rows/:id/result', async (req, reply) => {
    const fromPage = wantsHtml(req);
    try {
      const { id } = parseInput(IdParam, req.params);
      const body = parseInput(ResultBody, req.body ?? {});
      const row = await app.db.one<{ channel_no: string }>('SELECT channel_no FROM payout_rows WHERE id = $1', [id]);
      if (!row) throw notFound('发放明细不存在');
      const n: Notify = {
        notify_id: `N${randomBytes(12).toString('hex')}`,
        channel_no: row.channel_no,
        result: body.result,
        reason: body.result === 'success' ? '' : body.reason || (body.result === 'fail' ? '户名与卡号不符' : '收款账户已销户'),
        ts: String(app.now().getTime()),
      };
      const payload = { ...n, sign: signNotify(n) };
      const res = await app.inject({ method: 'POST', url: '/ent/v3/payout/notify', payload, headers: { 'content-type': 'application/json' } });
      const answer = res.json() as { code: number; msg: string };
      if (fromPage)
        return reply.redirect(`/sandbox/?${answer.code === 200 ? 'done' : 'error'}=${encodeURIComponent(`回调：${answer.msg}`)}#payout-channel`, 303);
      return { payload, answer };
    } catch (e) {
      const api = toApiError(e);
      if (fromPage && api.httpStatus < 500) return reply.redirect(`/sandbox/?error=${encodeURIComponent(api.message)}`, 303);
      return reply.status(api.httpStatus).send(envelope(api.code, api.message, null));
    }
  });
}

/**
 * The payout side's sandboxes (issue 13): the SMS gateway's outbox of 确认发放 codes, WeChat Pay's
 * pages for a top-up, and the operator's 确认到账 of a bank top-up of this server — which is the
 * company's transfer arriving at the demo's payout channel (sandbox/payout-channel.ts): the channel
 * sends its signed 来账 notification over HTTP to this server, which credits it (issue 29, "the
 * batch pays"; domain/payouts/transfers.ts). The operator page's sections: payout-channel-page.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../contract/common';
import { yuanText as yuan } from '../../contract/money';
import { MOBILE_RE } from '../../contract/patterns';
import { sandboxNotification } from '../adapters/wechatpay';
import { envelope } from '../http/envelope';
import { selfOrigin } from '../http/self-origin';
import { conflict, notFound } from '../lib/refusal';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';
import { fmtDateTime } from '../lib/time';
import { sendTransfer } from './payout-channel-events';
import { TRANSFER_NOTIFY_PATH } from './payout-channel-ops';
import { esc, mobilePage } from './mobile-page';

const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');

/** The bank account the demo's companies transfer from (the sandbox invents one per company). */
const payerAccount = (companyId: number) => `3301040160000${String(companyId).padStart(6, '0')}`;

/**
 * 确认到账 of this server's pending bank top-up: its company transfers the amount with the order
 * number in the remark, and the channel notifies this server. Refused when the order is not a
 * pending bank top-up (a second press would be a second transfer: kept unmatched, never credited).
 */
async function transferFor(app: FastifyInstance, id: number) {
  const top = await app.db.one<{ order_no: string; amount: string; status: string; method: string; company_id: number; company: string }>(
    'SELECT t.order_no, t.amount::text, t.status, t.method, t.company_id, c.name AS company FROM payout_topups t JOIN companies c ON c.id = t.company_id WHERE t.id = $1',
    [id],
  );
  if (!top) throw notFound('充值单不存在');
  if (top.method !== 'bank') throw conflict('微信支付充值由支付通知入账');
  if (top.status !== 'pending') throw conflict('该充值单已确认到账');
  const t = await sendTransfer(
    app,
    { amount: Number(top.amount), payer_name: top.company, payer_account: payerAccount(top.company_id), remark: `${top.order_no} 灵活用工账户充值` },
    selfOrigin(app) + TRANSFER_NOTIFY_PATH,
  );
  const a = t.answers[0]!;
  return { id, order_no: top.order_no, transfer_no: t.payload.transfer_no, status: a.status, answer: a.answer };
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
      const r = await transferFor(app, id);
      const msg = (r.answer as { msg?: unknown } | null)?.msg;
      if (fromPage)
        return reply.redirect(
          `/sandbox/?done=${encodeURIComponent(`充值单 ${r.order_no}：已发送来账通知（${typeof msg === 'string' ? msg : `HTTP ${r.status}`}）`)}#payout-topups`,
          303,
        );
      return r;
    } catch (e) {
      const api = toApiError(e);
      if (fromPage && api.httpStatus < 500) return reply.redirect(`/sandbox/?error=${encodeURIComponent(api.message)}`, 303);
      return reply.status(api.httpStatus).send(envelope(api.code, api.message, null));
    }
  });
}

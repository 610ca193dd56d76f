import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { yuanText } from '../../contract/money';
import { isTaxOrder, taxOrderForPayPage } from '../domain/tax/orders';
import { handlePayNotify } from '../domain/payouts/pay-notify';
import { sandboxNotification, sandboxWechatPay } from '../adapters/wechatpay';
import { envelope } from '../http/envelope';
import { notFound } from '../lib/refusal';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';
import { fmtDateTime } from '../lib/time';
import { esc, mobilePage } from './mobile-page';

const OrderParam = z.strictObject({ order_id: z.string().regex(/^[A-Za-z0-9]{6,40}$/, '订单号无效') });

interface PayRow {
  order_id: string;
  name: string;
  amount: number;
  status: string;
  created_at: Date;
  paid_at: Date | null;
  company_name: string;
}

// a tax-service order (完税服务, issue 14) is paid on the same page through the same path
const loadOrder = (app: FastifyInstance, id: string): Promise<PayRow | undefined> =>
  isTaxOrder(id)
    ? taxOrderForPayPage(app.db, id)
    : app.db.one<PayRow>(
        `SELECT o.order_id, o.name, o.amount, o.status, o.created_at, o.paid_at, c.name AS company_name
       FROM member_orders o JOIN companies c ON c.id = o.company_id WHERE o.order_id = $1`,
        [id],
      );

const yuan = (fen: number) => yuanText(fen, { grouping: false });

export const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');
const html = (reply: FastifyReply, status: number, s: string) =>
  reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(s);

/**
 * WeChat Pay stand-in: the page a `code_url` points to (a phone on the same network can open
 * it), and the confirmation, which is idempotent (the membership and CRC are granted once).
 */
export function paySandbox(app: FastifyInstance) {
  app.get('/sandbox/pay/:order_id', async (req, reply) => {
    const { order_id } = parseInput(OrderParam, req.params);
    const o = await loadOrder(app, order_id);
    if (!o) {
      return html(
        reply,
        404,
        mobilePage('微信支付', `<div class="card"><div class="err">!</div><p>订单不存在</p><p class="muted">请回到电脑上重新下单</p></div>`),
      );
    }
    const paid = o.status === 'paid';
    const body = `<div class="card">
${paid ? '<div class="ok">✓</div><p><b>支付成功</b></p><p class="muted">请回到电脑上点击“我已完成支付”</p>' : '<div class="logo">企</div><div class="muted">企业服务平台</div>'}
<div class="amount" data-testid="pay-amount">${yuan(o.amount)}</div>
<div class="row"><span>商品</span><span>${esc(o.name)}</span></div>
<div class="row"><span>付款企业</span><span>${esc(o.company_name)}</span></div>
<div class="row"><span>订单号</span><span>${esc(o.order_id)}</span></div>
<div class="row"><span>${paid ? '支付时间' : '下单时间'}</span><span>${esc(fmtDateTime(paid ? o.paid_at! : o.created_at))}</span></div>
${paid ? '' : `<form method="post" action="/sandbox/pay/${esc(o.order_id)}"><button class="primary" type="submit">确认支付</button></form>`}
</div>`;
    return html(reply, 200, mobilePage('微信支付', body));
  });

  app.post('/sandbox/pay/:order_id', async (req, reply) => {
    try {
      const { order_id } = parseInput(OrderParam, req.params);
      const o = await loadOrder(app, order_id);
      if (!o) throw notFound('订单不存在');
      const now = app.now();
      // the platform's notification, signed and encrypted as WeChat Pay v3 does, through the
      // server's own verifier (adapters/wechatpay.ts): the path a real payment takes, for a
      // membership order and a tax-service order alike
      const n = sandboxNotification(order_id, o.amount, now);
      const r = (await handlePayNotify(app.db, sandboxWechatPay().config, n.headers, n.body, now))!;
      if (wantsHtml(req)) return reply.redirect(`/sandbox/pay/${order_id}`, 303);
      return envelope(200, r.paid_now ? '支付成功' : '订单已支付', r);
    } catch (err) {
      const api = toApiError(err);
      if (wantsHtml(req) && api.httpStatus < 500) {
        return html(reply, 200, mobilePage('微信支付', `<div class="card"><div class="err">!</div><p>${esc(api.message)}</p></div>`));
      }
      throw err;
    }
  });
}

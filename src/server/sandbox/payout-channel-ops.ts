/**
 * The operator's (and tests') controls of the demo's payout channel (sandbox/payout-channel.ts),
 * under /sandbox/payout-channel/ops/: its orders, a result for one of them (sent as the signed
 * callback, over HTTP, to the order's notify_url), the last callback again, a 来账 (a transfer into
 * the platform account, notified to the merchant's address), the auto mode. The page's forms post
 * here too (Accept: text/html → back to the page with the outcome).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { selfOrigin } from '../http/self-origin';
import { orderResult, PAYOUT_CHANNEL_SANDBOX_PATH, resendResult, saveChannelSettings, sendTransfer, settleDue, type Delivery } from './payout-channel-events';

const P = `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops`;
export const TRANSFER_NOTIFY_PATH = '/ent/v3/payout/transfer-notify';

const NoParam = z.strictObject({ no: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, '订单号无效') });
const ResultBody = z.strictObject({
  result: z.enum(['success', 'fail', 'bounce'], 'result 只能是 success、fail 或 bounce'),
  reason: z.string().trim().max(100, '原因不能超过100字').optional().default(''),
  deliver: z.enum(['0', '1']).optional().default('1'),
});
const TransferBody = z.strictObject({
  amount: z.string().regex(/^\d{1,12}$/, '金额须为整数分'),
  payer_name: z.string().trim().max(100).optional().default(''),
  payer_account: z
    .string()
    .trim()
    .regex(/^[\d ]{0,40}$/, '付款账号只能是数字')
    .optional()
    .default(''),
  remark: z.string().trim().max(100).optional().default(''),
  notify_url: z.url({ protocol: /^https?$/, error: '通知地址无效' }).optional(),
  times: z.coerce.number().int().min(1).max(5).default(1),
});
const SettingsBody = z.strictObject({
  auto: z.enum(['0', '1'], 'auto 只能是 0 或 1'),
  auto_delay_ms: z.coerce.number().int().min(0).max(600_000).default(3000),
});

const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');
const answerOk = (d: Delivery) => d.status === 200 && (d.answer as { code?: unknown } | null)?.code === 200;
const answerMsg = (d: Delivery) =>
  typeof d.answer === 'object' && d.answer && 'msg' in d.answer ? String(d.answer.msg) : `HTTP ${d.status} ${String(d.answer)}`;

/** A control refused (HTTP `status`, JSON {msg}). */
class Refused extends Error {
  constructor(
    message: string,
    readonly status = 404,
  ) {
    super(message);
  }
}

/** A form's outcome: back to the page (from the page) or JSON; refusals as 400 {msg}. */
function handle(fn: (req: FastifyRequest) => Promise<{ json: object; page: { ok: boolean; text: string } }>, anchor: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const html = wantsHtml(req);
    let out: Awaited<ReturnType<typeof fn>>;
    try {
      out = await fn(req);
    } catch (e) {
      const msg = e instanceof z.ZodError ? (e.issues[0]?.message ?? '参数错误') : e instanceof Refused ? e.message : null;
      if (msg === null) throw e;
      if (html) return reply.redirect(`/sandbox/?error=${encodeURIComponent(msg)}#${anchor}`, 303);
      return reply.status(e instanceof Refused ? e.status : 400).send({ msg });
    }
    if (html) return reply.redirect(`/sandbox/?${out.page.ok ? 'done' : 'error'}=${encodeURIComponent(out.page.text)}#${anchor}`, 303);
    return out.json;
  };
}
export function channelOps(app: FastifyInstance) {
  app.get(`${P}/orders`, async () => {
    // auto mode's due orders first, so the list is current
    await settleDue(app);
    const list = await app.db.query(
      `SELECT out_trade_no, order_id, amount::int AS amount, payee_name, pay_method, account_mask, status, reason, notify_url, created_at
         FROM sandbox_channel_orders ORDER BY id DESC LIMIT 100`,
    );
    return { list };
  });

  app.post(
    `${P}/orders/:no/result`,
    handle(async (req) => {
      const { no } = NoParam.parse(req.params);
      const b = ResultBody.parse(req.body ?? {});
      const d = await orderResult(app, no, b.result, b.reason, { deliver: b.deliver === '1' });
      if (!d) throw new Refused('通道订单不存在');
      return { json: d, page: { ok: b.deliver === '0' || answerOk(d), text: `回调：${b.deliver === '0' ? '未发送（模拟回调丢失）' : answerMsg(d)}` } };
    }, 'payout-channel'),
  );

  app.post(
    `${P}/orders/:no/resend`,
    handle(async (req) => {
      const { no } = NoParam.parse(req.params);
      const d = await resendResult(app, no);
      if (!d) throw new Refused('该订单尚未发送过回调');
      return { json: d, page: { ok: answerOk(d), text: `重发回调：${answerMsg(d)}` } };
    }, 'payout-channel'),
  );

  app.post(
    `${P}/transfers`,
    handle(async (req) => {
      const b = TransferBody.parse(req.body ?? {});
      if (Number(b.amount) < 1) throw new Refused('金额须大于0', 400);
      // the merchant's 来账 address: this server's unless the transfer names another's
      const url = b.notify_url ?? selfOrigin(app) + TRANSFER_NOTIFY_PATH;
      const t = await sendTransfer(app, { amount: Number(b.amount), payer_name: b.payer_name, payer_account: b.payer_account, remark: b.remark }, url, b.times);
      const last = t.answers.at(-1)!;
      return { json: t, page: { ok: answerOk(last), text: `来账通知：${answerMsg(last)}` } };
    }, 'payout-topups'),
  );

  app.post(
    `${P}/settings`,
    handle(async (req) => {
      const b = SettingsBody.parse(req.body ?? {});
      const s = { auto: b.auto === '1', auto_delay_ms: b.auto_delay_ms };
      await saveChannelSettings(app, s);
      return { json: s, page: { ok: true, text: s.auto ? `自动模式已开启（${s.auto_delay_ms / 1000}秒后出结果）` : '自动模式已关闭' } };
    }, 'payout-channel'),
  );
}

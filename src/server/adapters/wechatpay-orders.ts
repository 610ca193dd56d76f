/**
 * Every WeChat Pay order of the console gets its QR one way (issue 16 item 2): membership
 * (member_orders), the tax service fee (tax_orders, `TAX…`) and the flexible-employment account
 * top-up (payout_topups, `CZ…`).
 * - production (WECHATPAY_* with the merchant key, config.ts): WeChat Pay v3 Native下单
 *   (wechatpay-native.ts); the answer's `weixin://wxpay/…` is the QR; the platform's notification
 *   (read by wechatpay.ts, applied by domain/payouts/pay-notify.ts handlePayNotify) pays the order of its kind;
 * - the demo (sandboxes on): the pay sandbox's page on this server (a phone on the LAN opens it),
 *   whose 确认支付 sends the same signed, encrypted v3 notification through the same handler;
 * - neither: WeChat Pay is not offered (a clear 409, nothing created).
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../contract/envelope';
import { Refusal, conflict } from '../lib/refusal';
import { requestOrigin } from '../http/origin';
import { createNativeOrder } from './wechatpay-native';
import type { WechatPayConfig } from './wechatpay';

declare module 'fastify' {
  interface FastifyInstance {
    /** how orders are paid: the configured merchant (production), the sandbox (demo), or neither */
    payments: { wechatPay: WechatPayConfig | null; sandbox: boolean };
  }
}

/** Unpaid orders stop being payable on the platform after this long. */
export const ORDER_EXPIRE_MS = 2 * 3600_000;

export const MSG_NO_WECHATPAY = '暂未开通微信支付，请选择其他支付方式';
export const MSG_ORDER_FAILED = '微信支付下单失败，请稍后再试';

/** The pay sandbox's page a phone opens from the demo's QR code (the real code_url is weixin://wxpay/…). */
export const sandboxPayPage = (origin: string, path: string) => `${origin}/sandbox/pay/${path}`;

/**
 * The QR content of one order: the platform's code_url (production) or the sandbox page
 * `/sandbox/pay/<sandboxPath>` (demo). Call it before writing the order: a refusal throws and
 * leaves nothing unpayable behind.
 */
export async function wechatCodeUrl(
  req: FastifyRequest,
  o: { out_trade_no: string; description: string; amount: number; sandboxPath: string },
  now: Date,
): Promise<string> {
  const { wechatPay, sandbox } = req.server.payments;
  if (!wechatPay?.merchantPrivateKey) {
    if (!sandbox) throw conflict(MSG_NO_WECHATPAY);
    return sandboxPayPage(requestOrigin(req), o.sandboxPath);
  }
  try {
    return await createNativeOrder(
      wechatPay,
      {
        out_trade_no: o.out_trade_no,
        description: `企业服务平台-${o.description}`,
        amount: o.amount,
        notify_url: wechatPay.notifyUrl ?? `${requestOrigin(req)}/notify/wechatpay`,
        time_expire: new Date(now.getTime() + ORDER_EXPIRE_MS),
      },
      now,
    );
  } catch (err) {
    req.log.error({ err: err instanceof Error ? err.message : String(err), order: o.out_trade_no }, '微信支付下单失败');
    throw new Refusal(Code.SERVER_ERROR, MSG_ORDER_FAILED);
  }
}

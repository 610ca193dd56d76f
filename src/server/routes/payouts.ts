/**
 * 发放管理 (issue 13): the company account (balance, bank and WeChat Pay top-ups, rates) and the
 * payout channel's signed callbacks (results, 来账), here; the batches (payouts-batches.ts), 操作日志 and 费用记录
 * (payouts-records.ts), 电子回单 and the quarterly export (payouts-reports.ts). Members only; the
 * rules and their SQL are domain/payouts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { memberCompanyOf } from '../domain/access';
import { accountView, createTopup, createWxTopup } from '../domain/payouts/account';
import { receiveChannelResult } from '../domain/payouts/channel-callback';
import { receiveTransfer } from '../domain/payouts/transfers';
import type { PayoutChannelClient } from '../adapters/payout-channel';
import { saveSettings, settingsChanges } from '../domain/payouts/settings';
import { addRoute } from '../http/route';
import { wechatCodeUrl } from '../adapters/wechatpay-orders';
import { payoutsBatchRoutes } from './payouts-batches';
import { payoutsRecordsRoutes } from './payouts-records';
import { payoutsReportRoutes } from './payouts-reports';

export function payoutsRoutes(app: FastifyInstance, opts: { sandbox: boolean; channel: PayoutChannelClient | null }) {
  addRoute(app, endpoints.payAccount, async ({ auth, db, now }) => accountView(db, memberCompanyOf(auth, now).id));

  addRoute(app, endpoints.payTopup, async ({ auth, db, now, body, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const t = await createTopup(db, company.id, auth.user.id, body.amount, now);
    setMsg('充值单已提交，请按收款信息转账并在备注中填写充值单号');
    return t;
  });

  /** 微信支付充值: a pending order and its QR (the pay sandbox's page); credited by the signed notification. */
  addRoute(app, endpoints.payTopupWx, async ({ auth, db, now, body, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const codeUrl = (orderNo: string) =>
      wechatCodeUrl(req, { out_trade_no: orderNo, description: '灵活用工账户充值', amount: body.amount, sandboxPath: `topup/${orderNo}` }, now);
    const t = await createWxTopup(db, company.id, auth.user.id, body.amount, now, codeUrl);
    setMsg('请使用微信扫码支付');
    return t;
  });

  addRoute(app, endpoints.paySettings, async ({ auth, db, now, body, setMsg }) => {
    const s = await saveSettings(db, { companyId: memberCompanyOf(auth, now).id, userId: auth.user.id }, body, now);
    setMsg('已保存');
    return s;
  });

  addRoute(app, endpoints.paySettingsChanges, async ({ auth, db, now, query }) => settingsChanges(db, memberCompanyOf(auth, now).id, query));

  /** The channel's result: checked, then applied by the durable `payout-result` job (jobs/payouts.ts), or inline without a queue. */
  addRoute(app, endpoints.payNotify, async ({ body, db, now, setMsg }) => {
    const { sign, ...n } = body;
    const r = await receiveChannelResult(db, n, sign, now);
    if (r.queued) setMsg('已受理，发放结果由后台任务入账');
    if (r.waiting) setMsg('退汇先于发放成功到达，已暂存，待发放成功后入账');
    return r;
  });

  /** 来账: a transfer into the platform account, credited to the top-up its remark names, or kept unmatched (transfers.ts). */
  addRoute(app, endpoints.payTransferNotify, async ({ body, db, now, req, setMsg }) => {
    const { sign, ...n } = body;
    const r = await receiveTransfer(db, n, sign, now);
    // never credited silently: the operator hears of it (and /metrics counts it); ids and amounts only
    if (r.state === 'unmatched')
      req.log.warn({ transferNo: n.transfer_no, amount: Number(n.amount), reason: r.reason }, '来账未匹配充值单，未入账，请人工核对');
    setMsg(r.state === 'credited' ? '已入账' : r.state === 'unmatched' ? `已收到，未入账：${r.reason}` : '已处理过该来账');
    return { state: r.state };
  });

  payoutsBatchRoutes(app, opts);
  payoutsRecordsRoutes(app);
  payoutsReportRoutes(app);
}

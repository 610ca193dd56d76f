/**
 * 发放管理 (issue 13): the company account (balance, bank and WeChat Pay top-ups, rates) and the
 * payout channel's signed callback, here; the batches (payouts-batches.ts), 操作日志 and 费用记录
 * (payouts-records.ts), 电子回单 and the quarterly export (payouts-reports.ts). Members only;
 * another company's batch answers 404 like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { PLATFORM_BANK, applyNotify, balanceOf, newOrderNo, settingsOf, verifyNotify } from '../domain/payouts';
import { dt } from '../domain/payouts-batches';
import { memberCompanyOf } from '../domain/access';
import { enqueuePayoutResult } from '../jobs/payouts';
import { badRequest, conflict } from '../lib/refusal';
import { addRoute } from '../http/route';
import { fmtDateTime } from '../lib/time';
import { wechatCodeUrl } from '../adapters/wechatpay-orders';
import { payoutsBatchRoutes } from './payouts-batches';
import { payoutsRecordsRoutes } from './payouts-records';
import { payoutsReportRoutes } from './payouts-reports';

export function payoutsRoutes(app: FastifyInstance, opts: { sandbox: boolean }) {
  addRoute(app, endpoints.payAccount, async ({ auth, db, now }) => {
    const company = memberCompanyOf(auth, now);
    const topups = await db.query<{ id: number; order_no: string; amount: string; status: 'pending' | 'confirmed'; method: 'bank' | 'wechat'; created_at: Date; confirmed_at: Date | null }>(
      'SELECT id, order_no, amount::text, status, method, created_at, confirmed_at FROM payout_topups WHERE company_id = $1 ORDER BY id DESC LIMIT 20',
      [company.id],
    );
    return {
      balance: await balanceOf(db, company.id),
      settings: await settingsOf(db, company.id),
      bank: PLATFORM_BANK,
      topups: topups.map((t) => ({ ...t, amount: Number(t.amount), created_at: fmtDateTime(t.created_at), confirmed_at: dt(t.confirmed_at) })),
    };
  });

  addRoute(app, endpoints.payTopup, async ({ auth, db, now, body, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const open = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_topups WHERE company_id = $1 AND status = 'pending'`, [company.id]);
    if (open!.n >= 10) throw conflict('待确认的充值单过多，请等待到账确认后再提交');
    const t = await db.one<{ id: number; order_no: string; created_at: Date }>(
      'INSERT INTO payout_topups (company_id, order_no, amount, created_by, created_at) VALUES ($1,$2,$3,$4,$5) RETURNING id, order_no, created_at',
      [company.id, newOrderNo(now), body.amount, auth.user.id, now],
    );
    setMsg('充值单已提交，请按收款信息转账并在备注中填写充值单号');
    return { id: t!.id, order_no: t!.order_no, amount: body.amount, status: 'pending' as const, method: 'bank' as const, created_at: fmtDateTime(t!.created_at), confirmed_at: '' };
  });

  /** 微信支付充值: a pending order and its QR (the pay sandbox's page); credited by the signed notification. */
  addRoute(app, endpoints.payTopupWx, async ({ auth, db, now, body, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const open = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_topups WHERE company_id = $1 AND status = 'pending'`, [company.id]);
    if (open!.n >= 10) throw conflict('待确认的充值单过多，请等待到账确认后再提交');
    const orderNo = newOrderNo(now);
    // the platform's order first (production: Native下单; demo: the pay sandbox): a refusal leaves no order
    const codeUrl = await wechatCodeUrl(req, { out_trade_no: orderNo, description: '灵活用工账户充值', amount: body.amount, sandboxPath: `topup/${orderNo}` }, now);
    const t = await db.one<{ id: number; order_no: string }>(
      `INSERT INTO payout_topups (company_id, order_no, amount, method, created_by, created_at) VALUES ($1,$2,$3,'wechat',$4,$5) RETURNING id, order_no`,
      [company.id, orderNo, body.amount, auth.user.id, now],
    );
    setMsg('请使用微信扫码支付');
    return { id: t!.id, order_no: t!.order_no, amount: body.amount, code_url: codeUrl };
  });

  addRoute(app, endpoints.paySettings, async ({ auth, db, now, body, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    await db.query(
      `INSERT INTO payout_settings (company_id, fee_rate_bp, tax_rate_bp, monthly_cap_fen, updated_at) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (company_id) DO UPDATE SET fee_rate_bp = $2, tax_rate_bp = $3, monthly_cap_fen = $4, updated_at = $5`,
      [company.id, body.fee_rate_bp, body.tax_rate_bp, body.monthly_cap_fen, now],
    );
    setMsg('已保存');
    return settingsOf(db, company.id);
  });

  /** The channel's result: checked, then applied by the durable `payout-result` job (jobs/payouts.ts), or inline without a queue. */
  addRoute(app, endpoints.payNotify, async ({ body, now, setMsg }) => {
    const { sign, ...n } = body;
    if (!verifyNotify(n, sign)) throw badRequest('签名无效');
    if (await enqueuePayoutResult(app.db, n, sign, now)) {
      setMsg('已受理，发放结果由后台任务入账');
      return { applied: false, queued: true };
    }
    return { applied: await applyNotify(app.db, n, now) };
  });

  payoutsBatchRoutes(app, opts);
  payoutsRecordsRoutes(app);
  payoutsReportRoutes(app);
}

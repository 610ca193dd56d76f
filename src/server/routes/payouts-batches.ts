/**
 * Payout batches (issue 13): the list, a batch made from a task's accepted deliveries (or a 失败重发
 * child batch), 提交 / 撤销, 修改金额, the SMS code and 确认发放 (four eyes: domain/payouts/approval.ts). Members only; the rules and their
 * SQL are domain/payouts (batch-edit.ts, confirm.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AuthInfo } from '../domain/users';
import { endpoints } from '../../contract/endpoints';
import { memberCompanyOf, operatorOf } from '../domain/access';
import { batchAction, changeRowAmount, createBatch } from '../domain/payouts/batch-edit';
import { MSG_PENDING_RESULT, batchDetail, listBatches, type Actor } from '../domain/payouts/batches';
import { confirmBatch, sendBatchCode } from '../domain/payouts/confirm';
import { addRoute } from '../http/route';
import type { PayoutChannelClient } from '../adapters/payout-channel';

/** The member company's caller as the 操作日志 records them. */
const actorOf = (auth: AuthInfo, now: Date, ip: string): Actor => ({
  companyId: memberCompanyOf(auth, now).id,
  userId: auth.user.id,
  actor: operatorOf(auth),
  ip,
});

export function payoutsBatchRoutes(app: FastifyInstance, opts: { sandbox: boolean; channel: PayoutChannelClient | null }) {
  addRoute(app, endpoints.payBatches, async ({ auth, db, now, query }) => listBatches(db, memberCompanyOf(auth, now).id, query));

  addRoute(app, endpoints.payBatchCreate, async ({ auth, db, now, body, req, setMsg }) => {
    const by = actorOf(auth, now, req.ip);
    const id = await createBatch(db, by, body, now);
    setMsg('发放批次已创建');
    return batchDetail(db, id, by.companyId, by.userId);
  });

  addRoute(app, endpoints.payBatch, async ({ auth, db, now, params, query }) => batchDetail(db, params.id, memberCompanyOf(auth, now).id, auth.user.id, query));

  addRoute(app, endpoints.payBatchAction, async ({ auth, db, now, params, body, req, setMsg }) => {
    const by = actorOf(auth, now, req.ip);
    await batchAction(db, by, params.id, body.action, now);
    setMsg(body.action === 'submit' ? '已提交，请确认发放' : '批次已撤销');
    return batchDetail(db, params.id, by.companyId, by.userId);
  });

  addRoute(app, endpoints.payRowAmount, async ({ auth, db, now, params, body, req, setMsg }) => {
    const by = actorOf(auth, now, req.ip);
    await changeRowAmount(db, by, params.id, params.row_id, body.amount, now);
    setMsg('金额已修改');
    return batchDetail(db, params.id, by.companyId, by.userId);
  });

  addRoute(app, endpoints.payBatchCode, async ({ auth, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const sent = await sendBatchCode(db, { companyId: company.id, batchId: params.id, userId: auth.user.id, mobileEnc: auth.user.mobile_enc }, now, {
      sandbox: opts.sandbox,
    });
    setMsg(`验证码已发送至${sent.mobile}`);
    return sent;
  });

  addRoute(app, endpoints.payBatchConfirm, async ({ auth, db, now, params, body, req, setMsg }) => {
    const out = await confirmBatch(db, { ...actorOf(auth, now, req.ip), batchId: params.id, code: body.code, mobileEnc: auth.user.mobile_enc }, now, {
      channel: opts.channel,
      log: req.log,
    });
    setMsg(out.duplicate ? MSG_PENDING_RESULT : out.first_approval ? '已审批，待第二位审批人确认发放' : '已确认发放，发放结果确认中');
    return out;
  });
}

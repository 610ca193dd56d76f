/**
 * 完税服务 (issue 14). The service opening (any verified company may apply; the operator decides),
 * then — only for members with the tax flag, checked here on every call — applications from paid
 * payout rows, the check step, the payment order (WeChat Pay through the same pay sandbox and
 * confirmation path as membership, or a bank transfer with a voucher from the upload engine), the
 * invoice detail and the issued documents. Another company's application answers 404.
 * The rules and their SQL: domain/tax/.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { wechatCodeUrl } from '../adapters/wechatpay-orders';
import { activeCompany, adminCompany, taxCompany } from '../domain/access';
import { actOnApplication, applyForTax, submitChecked } from '../domain/tax/apply';
import { listApplications } from '../domain/tax/applications';
import { applicationDetail, invoicePage } from '../domain/tax/detail';
import { taxFile } from '../domain/tax/files';
import { checkTaxProof } from '../domain/tax/proof-file';
import { payTaxByBank, payTaxByWechat, taxOrder } from '../domain/tax/orders';
import { eligibleOf } from '../domain/tax/paid-rows';
import { applyForTaxService, taxServiceOf } from '../domain/tax/service';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';

export function taxRoutes(app: FastifyInstance) {
  // --- opening the service (no tax flag needed: this is how a company gets it) ---------------
  addRoute(app, endpoints.taxService, async ({ auth, db }) => taxServiceOf(db, activeCompany(auth)));

  addRoute(app, endpoints.taxServiceApply, async ({ auth, body, db, now, setMsg }) => {
    const c = adminCompany(auth, '申请开通完税服务');
    const r = await applyForTaxService(db, c, auth.user.id, body, now);
    setMsg(r.submitted ? '开通申请已提交，平台将在1-3个工作日内审核' : '保存成功');
    return r.service;
  });

  // --- applications (tax flag) -------------------------------------------------------------
  addRoute(app, endpoints.taxEligible, async ({ auth, db, now, query }) => eligibleOf(db, taxCompany(auth, now), query.start, query.end, now));

  addRoute(app, endpoints.taxCreate, async ({ auth, db, now, body, req, setMsg }) => {
    const c = taxCompany(auth, now);
    const input = {
      start: body.start,
      end: body.end,
      mode: body.mode,
      ids: body.ids,
      proof_type: body.proof_type,
      receive: body.receive,
      email: body.receive === 'email' ? body.email : '',
      remark: body.remark,
      draft: body.draft === '1',
      bulk: body.bulk === '1',
    };
    const detail = await applyForTax(db, c.id, auth.user.id, input, now, requestOrigin(req));
    setMsg(body.draft === '1' ? '申请已保存' : '申请已创建，请核对信息');
    return detail;
  });

  addRoute(app, endpoints.taxList, async ({ auth, db, now, query }) => listApplications(db, taxCompany(auth, now).id, query));

  addRoute(app, endpoints.taxDetail, async ({ auth, db, now, params, req }) => applicationDetail(db, taxCompany(auth, now).id, params.id, requestOrigin(req)));

  addRoute(app, endpoints.taxAction, async ({ auth, db, now, params, body, req, setMsg }) => {
    const c = taxCompany(auth, now);
    const detail = await actOnApplication(db, c.id, params.id, body.action, now, requestOrigin(req));
    setMsg(body.action === 'prepare' ? '已提交核对' : '申请已撤回');
    return detail;
  });

  /** 我已核对以上信息无误 → 待支付: the order and the invoice (the company's details, SPEC §5 rules). */
  addRoute(app, endpoints.taxSubmit, async ({ auth, db, now, params, req, setMsg }) => {
    const c = taxCompany(auth, now);
    const detail = await submitChecked(db, c.id, params.id, now, requestOrigin(req), req.server.taxSeller);
    setMsg('核对完成，请支付服务费');
    return detail;
  });

  // --- payment -------------------------------------------------------------------------------
  addRoute(app, endpoints.taxOrder, async ({ auth, db, now, params, req }) => taxOrder(db, taxCompany(auth, now).id, params.id, requestOrigin(req)));

  addRoute(app, endpoints.taxPayWechat, async ({ auth, db, now, params, req }) => {
    const c = taxCompany(auth, now);
    // the platform's order (production: Native下单, the same order again answers its code_url,
    // kept for the order page), or the pay sandbox's page (demo)
    return payTaxByWechat(db, c.id, params.id, (o) => wechatCodeUrl(req, o, now), Boolean(req.server.payments.wechatPay));
  });

  addRoute(app, endpoints.taxPayBank, async ({ auth, db, now, params, body, req, setMsg }) => {
    const c = taxCompany(auth, now);
    const order = await payTaxByBank(db, c.id, params.id, body.media_id, now, requestOrigin(req));
    setMsg('转账凭证已提交，平台确认到账后开始开具');
    return order;
  });

  // --- invoice detail and documents ------------------------------------------------------------
  addRoute(app, endpoints.taxInvoice, async ({ auth, db, now, params, req }) =>
    invoicePage(db, taxCompany(auth, now).id, params.id, params.number, requestOrigin(req)),
  );

  addRoute(app, endpoints.taxFile, async ({ auth, db, now, params, query, req }) =>
    taxFile(db, taxCompany(auth, now).id, params.id, query.kind, requestOrigin(req), req.server.taxSeller),
  );

  /** 验真 of a 完税证明 (public, like the departure proof's): by its code, and a presented file's hash. */
  addRoute(app, endpoints.taxProofCheck, async ({ db, params, query }) => checkTaxProof(db, params.code, query.sha256));
}

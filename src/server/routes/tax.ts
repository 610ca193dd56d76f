/**
 * 完税服务 (issue 14). The service opening (any verified company may apply; the operator decides),
 * then — only for members with the tax flag, checked here on every call — applications from paid
 * payout rows, the check step, the payment order (WeChat Pay through the same pay sandbox and
 * confirmation path as membership, or a bank transfer with a voucher from the upload engine), the
 * invoice detail and the issued documents. Another company's application answers 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { invoiceProblem } from '../../contract/invoice-rules';
import { periodProblem } from '../../contract/tax-rules';
import type { Db } from '../db/types';
import { activeCompany, adminCompany, taxCompany } from '../domain/access';
import { INVOICE_CONTENT, checkRows, createApplication, detailOf, invoiceOf, itemOf, listApplications, move, newTaxOrderId, orderOf, orderRow, TAX_SERVICE_NAME, ownApplication, paidRows, type PaidRow } from '../domain/tax';
import { invoiceFile, proofFile } from '../domain/tax-files';
import type { CompanyRow } from '../domain/users';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { addRoute } from '../http/route';
import { sealPii } from '../lib/pii';
import { fmtDateTime } from '../lib/time';
import { payUrl } from './membership';
import { wechatCodeUrl } from '../adapters/wechatpay-orders';

const SELLER = { name: '杭州灵活用工服务有限公司', taxNo: '91330106MA2KXXXX0T' };

async function serviceOf(db: Db, c: CompanyRow) {
  const s = await db.one<{
    status: 'pending' | 'approved' | 'rejected'; tax_office: string; contact_name: string; contact_phone_mask: string;
    reject_reason: string; applied_at: Date; decided_at: Date | null;
  }>('SELECT status, tax_office, contact_name, contact_phone_mask, reject_reason, applied_at, decided_at FROM tax_services WHERE company_id = $1', [c.id]);
  const co = await db.one<{ name: string; creditcode: string }>('SELECT name, creditcode FROM companies WHERE id = $1', [c.id]);
  return {
    status: s?.status ?? ('none' as const),
    is_pay_taxe: c.is_pay_taxe,
    company_name: co!.name,
    tax_no: co!.creditcode,
    tax_office: s?.tax_office ?? '',
    contact_name: s?.contact_name ?? '',
    contact_phone: s?.contact_phone_mask ?? '',
    reject_reason: s?.reject_reason ?? '',
    applied_at: s ? fmtDateTime(s.applied_at) : '',
    decided_at: s?.decided_at ? fmtDateTime(s.decided_at) : '',
  };
}

const sum = (rows: PaidRow[], k: 'income' | 'tax' | 'fee') => rows.reduce((n, r) => n + r[k], 0);

export function taxRoutes(app: FastifyInstance) {
  const codeUrl = (req: FastifyRequest) => (orderId: string) => payUrl(req, orderId);

  // --- opening the service (no tax flag needed: this is how a company gets it) ---------------
  addRoute(app, endpoints.taxService, async ({ auth, db }) => serviceOf(db, activeCompany(auth)));

  addRoute(app, endpoints.taxServiceApply, async ({ auth, body, db, now, setMsg }) => {
    const c = adminCompany(auth, '申请开通完税服务');
    const phone = sealPii('mobile', body.contact_phone);
    await db.tx(async (t) => {
      const s = await t.one<{ status: string }>('SELECT status FROM tax_services WHERE company_id = $1 FOR UPDATE', [c.id]);
      if (s?.status === 'pending') throw conflict('开通申请正在审核中，请耐心等待');
      // approved: the contact data are updated, the service stays open
      const status = s?.status === 'approved' && c.is_pay_taxe ? 'approved' : 'pending';
      await t.query(
        `INSERT INTO tax_services (company_id, status, tax_office, contact_name, contact_phone_enc, contact_phone_mask, applied_by, applied_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
         ON CONFLICT (company_id) DO UPDATE SET status = $2, tax_office = $3, contact_name = $4, contact_phone_enc = $5,
           contact_phone_mask = $6, applied_by = $7, applied_at = CASE WHEN $2 = 'pending' THEN $8 ELSE tax_services.applied_at END,
           reject_reason = CASE WHEN $2 = 'pending' THEN '' ELSE tax_services.reject_reason END`,
        [c.id, status, body.tax_office, body.contact_name, phone.enc, phone.mask, auth.user.id, now],
      );
      setMsg(status === 'pending' ? '开通申请已提交，平台将在1-3个工作日内审核' : '保存成功');
    });
    return serviceOf(db, c);
  });

  // --- applications (tax flag) -------------------------------------------------------------
  addRoute(app, endpoints.taxEligible, async ({ auth, db, now, query }) => {
    const c = taxCompany(auth, now);
    const problem = periodProblem(query.start, query.end);
    if (problem) throw badRequest(problem);
    const rows = await paidRows(db, c.id, query.start, query.end);
    const batches = new Map<number, { id: number; batch_no: string; task_name: string; period: string; rows: PaidRow[] }>();
    const people = new Map<number, { worker_id: number; name: string; cert_no: string; rows: PaidRow[] }>();
    for (const r of rows) {
      const b = batches.get(r.batch_id) ?? { id: r.batch_id, batch_no: r.batch_no, task_name: r.task_name, period: r.period, rows: [] };
      b.rows.push(r);
      if (r.period > b.period) b.period = r.period;
      batches.set(r.batch_id, b);
      const p = people.get(r.worker_id) ?? { worker_id: r.worker_id, name: r.name, cert_no: r.cert_no, rows: [] };
      p.rows.push(r);
      people.set(r.worker_id, p);
    }
    const inv = await db.one<{ company_name: string }>('SELECT company_name FROM company_invoices WHERE company_id = $1', [c.id]);
    return {
      batches: [...batches.values()].map(({ rows: rs, ...b }) => ({
        ...b,
        head_count: new Set(rs.map((r) => r.worker_id)).size,
        income: sum(rs, 'income'),
        tax: sum(rs, 'tax'),
        invoiceable: sum(rs, 'income') + sum(rs, 'fee'),
      })),
      people: [...people.values()].map(({ rows: rs, ...p }) => ({
        ...p,
        rows: rs.length,
        income: sum(rs, 'income'),
        tax: sum(rs, 'tax'),
        invoiceable: sum(rs, 'income') + sum(rs, 'fee'),
      })),
      title: inv?.company_name ?? c.name,
    };
  });

  addRoute(app, endpoints.taxCreate, async ({ auth, db, now, body, req, setMsg }) => {
    const c = taxCompany(auth, now);
    const problem = periodProblem(body.start, body.end);
    if (problem) throw badRequest(problem);
    if (body.bulk === '1' && (body.mode !== 'batches' || body.start !== body.end)) throw badRequest('批量申请须选择同一税款所属期的发放批次');
    if (body.bulk === '1' && body.ids.length < 2) throw badRequest('批量申请请至少选择两个发放批次');
    const id = await db.tx((t) =>
      createApplication(t, c.id, auth.user.id, {
        start: body.start, end: body.end, mode: body.mode, ids: body.ids, proof_type: body.proof_type, receive: body.receive,
        email: body.receive === 'email' ? body.email : '', remark: body.remark, draft: body.draft === '1', bulk: body.bulk === '1',
      }, now),
    );
    setMsg(body.draft === '1' ? '申请已保存' : '申请已创建，请核对信息');
    return detailOf(db, await ownApplication(db, id, c.id), codeUrl(req));
  });

  addRoute(app, endpoints.taxList, async ({ auth, db, now, query }) => listApplications(db, taxCompany(auth, now).id, query));

  addRoute(app, endpoints.taxDetail, async ({ auth, db, now, params, req }) => {
    const c = taxCompany(auth, now);
    return detailOf(db, await ownApplication(db, params.id, c.id), codeUrl(req));
  });

  addRoute(app, endpoints.taxAction, async ({ auth, db, now, params, body, req, setMsg }) => {
    const c = taxCompany(auth, now);
    await db.tx(async (t) => {
      const a = await ownApplication(t, params.id, c.id, true);
      await move(t, a, body.action, body.action === 'prepare' ? 'checking' : 'withdrawn', now);
    });
    setMsg(body.action === 'prepare' ? '已提交核对' : '申请已撤回');
    return detailOf(db, await ownApplication(db, params.id, c.id), codeUrl(req));
  });

  /** 我已核对以上信息无误 → 待支付: the order and the invoice (the company's details, SPEC §5 rules). */
  addRoute(app, endpoints.taxSubmit, async ({ auth, db, now, params, req, setMsg }) => {
    const c = taxCompany(auth, now);
    await db.tx(async (t) => {
      const a = await ownApplication(t, params.id, c.id, true);
      if (a.status !== 'checking') throw conflict('当前状态的申请不能提交核对');
      const rows = await checkRows(t, a.id);
      if (rows.length === 0 || rows.some((r) => !r.consistent)) throw conflict('存在与发放记录不一致的信息，请撤回后重新申请');
      const inv = await t.one<{
        company_name: string; creditcode: string; invoice_type: number; bank_name: string; bank_account: string; address: string; phone: string;
        ship_name: string; ship_phone: string; ship_address: string;
      }>(
        `SELECT company_name, creditcode, invoice_type, bank_name, bank_account, address, phone, ship_name, ship_phone, ship_address
           FROM company_invoices WHERE company_id = $1`,
        [c.id],
      );
      if (!inv) throw badRequest('请先填写开票信息');
      const shipping = [inv.ship_name, inv.ship_phone, inv.ship_address].some((v) => v.trim() !== '');
      const p = invoiceProblem({ ...inv, invoice_type: inv.invoice_type === 1 ? 1 : 0 }, shipping);
      if (p) throw badRequest(`开票信息不完整：${p.message}`);
      await move(t, a, 'submit', 'unpaid', now);
      await t.query('UPDATE tax_applications SET checked_at = $2 WHERE id = $1', [a.id, now]);
      await t.query('INSERT INTO tax_orders (order_id, application_id, company_id, amount, created_at) VALUES ($1,$2,$3,$4,$5)', [
        newTaxOrderId(now), a.id, c.id, Number(a.fee), now,
      ]);
      await t.query(
        `INSERT INTO tax_invoices (application_id, company_id, invoice_type, medium, company_name, creditcode, address, phone, bank_name, bank_account,
           ship_name, ship_phone, ship_address, amount, content, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)`,
        [
          a.id, c.id, inv.invoice_type, shipping ? 'paper' : 'electronic', inv.company_name, inv.creditcode, inv.address, inv.phone, inv.bank_name,
          inv.bank_account, inv.ship_name, inv.ship_phone, inv.ship_address, Number(a.invoiceable), INVOICE_CONTENT, now,
        ],
      );
    });
    setMsg('核对完成，请支付服务费');
    return detailOf(db, await ownApplication(db, params.id, c.id), codeUrl(req));
  });

  // --- payment -------------------------------------------------------------------------------
  const ownOrder = async (db: Db, applicationId: number, companyId: number) => {
    await ownApplication(db, applicationId, companyId);
    const o = await orderRow(db, applicationId);
    if (!o) throw notFound('订单不存在');
    return o;
  };

  addRoute(app, endpoints.taxOrder, async ({ auth, db, now, params, req }) => {
    const c = taxCompany(auth, now);
    const o = await ownOrder(db, params.id, c.id);
    return orderOf(o, payUrl(req, o.order_id));
  });

  addRoute(app, endpoints.taxPayWechat, async ({ auth, db, now, params, req }) => {
    const c = taxCompany(auth, now);
    const a = await ownApplication(db, params.id, c.id);
    const o = await ownOrder(db, params.id, c.id);
    if (a.status !== 'unpaid' || o.status !== 'unpaid') throw conflict('该订单当前不能支付');
    // the platform's order (production: Native下单, the same order again answers its code_url,
    // kept for the order page), or the pay sandbox's page (demo)
    const url = await wechatCodeUrl(req, { out_trade_no: o.order_id, description: TAX_SERVICE_NAME, amount: Number(o.amount), sandboxPath: o.order_id }, now);
    const stored = req.server.payments.wechatPay ? url : '';
    await db.query(`UPDATE tax_orders SET method = 'wechat', code_url = $2 WHERE order_id = $1 AND status = 'unpaid'`, [o.order_id, stored]);
    return { order_id: o.order_id, code_url: url };
  });

  addRoute(app, endpoints.taxPayBank, async ({ auth, db, now, params, body, req, setMsg }) => {
    const c = taxCompany(auth, now);
    const m = await db.one<{ status: string; file_name: string }>(
      `SELECT status, file_name FROM media WHERE media_id = $1 AND company_id = $2 AND kind IN ('image', 'attached')`,
      [body.media_id, c.id],
    );
    if (!m) throw badRequest('请上传转账凭证');
    if (m.status !== 'Normal') throw badRequest('文件尚未上传完成，请稍后再试');
    await db.tx(async (t) => {
      const a = await ownApplication(t, params.id, c.id, true);
      const o = await ownOrder(t, params.id, c.id);
      if (o.status !== 'unpaid') throw conflict('该订单当前不能上传凭证');
      await move(t, a, 'voucher', 'paying', now);
      await t.query(`UPDATE tax_orders SET method = 'bank', status = 'confirming', voucher_media = $2, voucher_name = $3 WHERE order_id = $1`, [
        o.order_id, body.media_id, m.file_name,
      ]);
    });
    setMsg('转账凭证已提交，平台确认到账后开始开具');
    const o = await ownOrder(db, params.id, c.id);
    return orderOf(o, payUrl(req, o.order_id));
  });

  // --- invoice detail and documents ------------------------------------------------------------
  addRoute(app, endpoints.taxInvoice, async ({ auth, db, now, params, req }) => {
    const c = taxCompany(auth, now);
    const a = await ownApplication(db, params.id, c.id);
    if (a.apply_no !== params.number) throw notFound(MSG_MISSING_INVOICE);
    // before the check step there is no invoice yet: the page shows the application alone
    return detailOf(db, a, codeUrl(req));
  });

  addRoute(app, endpoints.taxFile, async ({ auth, db, now, params, query }) => {
    const c = taxCompany(auth, now);
    const a = await ownApplication(db, params.id, c.id);
    if (query.kind === 'proof') {
      if (a.status !== 'issued') throw conflict('完税证明尚未开具');
      const co = await db.one<{ name: string; creditcode: string }>('SELECT name, creditcode FROM companies WHERE id = $1', [c.id]);
      return proofFile(itemOf(a), co!, await checkRows(db, a.id));
    }
    const inv = await invoiceOf(db, a.id);
    if (!inv || inv.status !== 'issued') throw conflict('发票尚未开具');
    return invoiceFile(itemOf(a), inv, SELLER);
  });
}

const MSG_MISSING_INVOICE = '发票不存在';


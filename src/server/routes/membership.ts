/**
 * Membership (SPEC §4 purchase, §7 calls): orders paid by WeChat Pay (the sandbox stands in
 * for it), the company's invoice details and an order's invoice (domain/accounts/membership.ts,
 * invoices.ts).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { grants } from '../../contract/roles';
import { activeCompany, adminCompany } from '../domain/access';
import { companyInvoice, invoiceDefaults, saveCompanyInvoice, saveOrderInvoice } from '../domain/accounts/invoices';
import { createMemberOrder, memberOrder, memberOrders } from '../domain/accounts/membership';
import { wechatCodeUrl } from '../adapters/wechatpay-orders';
import { addRoute } from '../http/route';

export function membershipRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.orderCreate, async ({ auth, body, db, now, req }) => {
    const c = adminCompany(auth, '开通会员');
    return createMemberOrder(db, { companyId: c.id, userId: auth.user.id, pack: body.pack }, now, (o) => wechatCodeUrl(req, o, now));
  });

  addRoute(app, endpoints.order, async ({ auth, params, db }) => memberOrder(db, activeCompany(auth).id, params.id));

  addRoute(app, endpoints.orders, async ({ auth, db }) => ({ list: await memberOrders(db, activeCompany(auth).id) }));

  // the recipient's phone whole to who may edit the details (财务, 管理员), masked to other members
  addRoute(app, endpoints.invoice, async ({ auth, db }) => {
    const c = activeCompany(auth);
    return { invoice: await companyInvoice(db, c.id, grants(auth.user.roles, 'finance')), defaults: await invoiceDefaults(db, c.id) };
  });

  // the invoice details are the company's billing identity: 财务 and 管理员 (the table's perm)
  addRoute(app, endpoints.saveInvoice, async ({ auth, body, db, now, setMsg }) => {
    const c = activeCompany(auth);
    await saveCompanyInvoice(db, c.id, body, now);
    setMsg('保存成功');
    return null;
  });

  addRoute(app, endpoints.saveOrderInvoice, async ({ auth, params, body, db, now, setMsg }) => {
    const c = activeCompany(auth);
    await saveOrderInvoice(db, c.id, params.id, body, now);
    setMsg('发票申请已提交，我们将在5个工作日内开具');
    return null;
  });
}

/**
 * Personal information (issue 9 items 6 and 11; docs/pii.md): 查看联系方式 of a candidate and the
 * company's audit trail of full views (domain/accounts/privacy.ts).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { adminCompany, memberCompanyOf } from '../domain/access';
import { piiViewList, revealContact } from '../domain/accounts/privacy';
import { addRoute } from '../http/route';

export function privacyRoutes(app: FastifyInstance) {
  /** 查看联系方式: paid features are for members; the first opening costs CRC. */
  addRoute(app, endpoints.contactReveal, async ({ auth, db, now, params, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const out = await revealContact(db, { companyId: company.id, userId: auth.user.id, candidateId: params.id, ip: req.ip }, now);
    if (out.charged > 0) setMsg(`已消耗 ${out.charged} CRC积分`);
    return out;
  });

  /** The company's audit trail of full views: administrators only. */
  addRoute(app, endpoints.piiViews, async ({ auth, db, query }) => piiViewList(db, adminCompany(auth, '查看个人信息查看记录').id, query.page));
}

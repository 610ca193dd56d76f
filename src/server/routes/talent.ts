/**
 * SPEC §7 calls of the recruitment area: talent/view_user, talent/invite (GET/POST),
 * index/company, index/plan (GET/POST); and the signed departure-proof images (`no8_pic`).
 * The rules and SQL are domain/recruitment/.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { companyOf, isPaid, memberCompanyOf } from '../domain/access';
import { interviewDay, interviewDays, inviteInfo, sendInvitation } from '../domain/recruitment/interviews';
import { companyFacts, proofImage, viewResume } from '../domain/recruitment/resume';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';

export function talentRoutes(app: FastifyInstance) {
  /**
   * A candidate's resume; every view is logged. The mobile is always masked: member companies
   * open it with 查看联系方式 (POST /talent/contact/:id, check_info CRC once, audited).
   */
  addRoute(app, endpoints.viewUser, async ({ auth, db, now, params }) => {
    const company = companyOf(auth);
    return viewResume(db, { companyId: company.id, userId: auth.user.id, paid: isPaid(company, now) }, params.id, now);
  });

  /**
   * Business-registration facts of a verified company (public information), for verified companies'
   * admitted members only: anyone else could walk the ids.
   */
  addRoute(app, endpoints.companyInfo, async ({ auth, db, params }) => {
    companyOf(auth);
    return companyFacts(db, params.id);
  });

  /** What the invitation dialog pre-fills. type user: id = candidate; type intention: id = application. */
  addRoute(app, endpoints.inviteInfo, async ({ auth, db, now, params, query }) => {
    const company = memberCompanyOf(auth, now);
    const hr = { companyId: company.id, companyName: company.name, userId: auth.user.id, mobileEnc: auth.user.mobile_enc, realname: auth.user.realname };
    return inviteInfo(db, hr, params.id, query.type);
  });

  /** Sends an invitation; the msg is the console's success text. */
  addRoute(app, endpoints.invite, async ({ auth, db, now, params, body, setMsg, req }) => {
    const company = memberCompanyOf(auth, now);
    await sendInvitation(db, { companyId: company.id, userId: auth.user.id }, params.id, body, requestOrigin(req), now);
    setMsg('面试邀请已发送');
    return null;
  });

  /** Days from today on with scheduled interviews. */
  addRoute(app, endpoints.planDays, async ({ auth, db, now }) => interviewDays(db, memberCompanyOf(auth, now).id, now));

  /** One day's interviews grouped into 上午 / 下午 / 晚上. */
  addRoute(app, endpoints.planDay, async ({ auth, db, now, body }) => interviewDay(db, memberCompanyOf(auth, now).id, body.date));

  /** The departure-proof image behind a signed `no8_pic` URL. */
  app.get<{ Params: { file: string }; Querystring: { exp?: string; sig?: string } }>('/files/proof/:file', async (req, reply) => {
    const img = await proofImage(app.db, req.params.file, Number(req.query.exp), String(req.query.sig ?? ''), app.now());
    if ('refused' in img) {
      return img.refused === 'link'
        ? reply.status(403).type('text/plain; charset=utf-8').send('链接已失效，请重新打开简历')
        : reply.status(404).type('text/plain; charset=utf-8').send('离职证明不存在');
    }
    return reply
      .header('Cache-Control', 'private, max-age=600')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml; charset=utf-8')
      .send(img.svg);
  });
}

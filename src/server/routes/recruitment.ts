/**
 * Positions (publish, edit, close, reopen, per-position lists) and the talent-hall search.
 * Every object is checked to belong to the caller's company; paid actions need a membership.
 * The rules and SQL are domain/recruitment/.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { companyOf, memberCompanyOf } from '../domain/access';
import { hireApplication, listApplications, listHired, listInvited, markUnsuitable } from '../domain/recruitment/applications';
import { searchHall } from '../domain/recruitment/hall';
import { listPositions, positionDetail, savePosition, setPositionStatus } from '../domain/recruitment/positions';
import { addRoute } from '../http/route';

export function recruitmentRoutes(app: FastifyInstance) {
  // --- talent hall --------------------------------------------------------------------------
  /**
   * Verified companies' admitted members search (issue 9: not any logged-in user); names are
   * masked and contact details never listed.
   */
  addRoute(app, endpoints.hall, async ({ auth, db, now, query }) => searchHall(db, companyOf(auth).id, query, now));

  // --- positions ----------------------------------------------------------------------------
  addRoute(app, endpoints.positions, async ({ auth, db, query, now }) => listPositions(db, companyOf(auth).id, query, now));

  addRoute(app, endpoints.position, async ({ auth, db, params }) => positionDetail(db, companyOf(auth).id, params.id));

  /** Publish (no id) or edit; members only. Text asking applicants for fees goes to review. */
  addRoute(app, endpoints.positionSave, async ({ auth, db, now, body }) =>
    savePosition(db, { companyId: memberCompanyOf(auth, now).id, userId: auth.user.id }, body, now),
  );

  /** 下线 (close) any live position; 重新上线 (reopen, members only) a closed one. */
  addRoute(app, endpoints.positionStatus, async ({ auth, db, now, params, body, setMsg }) => {
    const company = body.action === 'reopen' ? memberCompanyOf(auth, now) : companyOf(auth);
    const r = await setPositionStatus(db, company.id, params.id, body.action, now);
    setMsg(body.action === 'close' ? '职位已下线' : '职位已重新上线');
    return r;
  });

  addRoute(app, endpoints.positionApplies, async ({ auth, db, now, params, query }) => listApplications(db, companyOf(auth).id, params.id, query, now));

  addRoute(app, endpoints.positionHired, async ({ auth, db, now, params, query }) => listHired(db, companyOf(auth).id, params.id, query, now));

  addRoute(app, endpoints.positionInvited, async ({ auth, db, now, params, query }) => listInvited(db, companyOf(auth).id, params.id, query, now));

  addRoute(app, endpoints.applyUnsuitable, async ({ auth, db, now, params, body, setMsg }) => {
    const r = await markUnsuitable(db, companyOf(auth).id, params.id, now, body);
    setMsg('已标记为不合适');
    return r;
  });

  addRoute(app, endpoints.applyHire, async ({ auth, db, now, params, setMsg }) => {
    const r = await hireApplication(db, memberCompanyOf(auth, now).id, params.id, now);
    setMsg('已录用');
    return r;
  });
}

/**
 * The interview after the invitation (issue 32 item 1): HR's moves (recruit permission, the
 * company's own interviews only), the scorecard's criteria, and the candidate's SMS link (public,
 * within the per-address limit of public endpoints). The rules: domain/recruitment/interview-*.ts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { companyOf } from '../domain/access';
import { answerByLink, interviewByLink, moveInterview, type Move } from '../domain/recruitment/interview-moves';
import { criteriaData, saveCriteria } from '../domain/recruitment/interview-settings';
import { requestOrigin } from '../http/origin';
import { addRoute, type RouteCtx } from '../http/route';

const MSG: Record<Move['action'], string> = {
  confirm: '已记录：候选人确认参加',
  decline: '已记录：候选人拒绝参加',
  reschedule: '已改期，并已短信通知候选人',
  cancel: '面试已取消，并已短信通知候选人',
  check_in: '已签到',
  no_show: '已标记为未到场',
  feedback: '面试反馈已提交',
};

export function interviewRoutes(app: FastifyInstance) {
  const hrMove = async (x: Pick<RouteCtx<typeof endpoints.interviewCheckIn>, 'auth' | 'db' | 'now' | 'req' | 'setMsg'>, id: number, m: Move) => {
    const r = await moveInterview(x.db, { companyId: companyOf(x.auth).id, userId: x.auth.user.id }, id, m, requestOrigin(x.req), x.now);
    x.setMsg(MSG[m.action]);
    return r;
  };
  addRoute(app, endpoints.interviewAnswer, async (x) => hrMove(x, x.params.id, { action: x.body.answer }));
  addRoute(app, endpoints.interviewReschedule, async (x) => hrMove(x, x.params.id, { action: 'reschedule', ...x.body }));
  addRoute(app, endpoints.interviewCancel, async (x) => hrMove(x, x.params.id, { action: 'cancel', ...x.body }));
  addRoute(app, endpoints.interviewCheckIn, async (x) => hrMove(x, x.params.id, { action: 'check_in' }));
  addRoute(app, endpoints.interviewNoShow, async (x) => hrMove(x, x.params.id, { action: 'no_show' }));
  addRoute(app, endpoints.interviewFeedback, async (x) => hrMove(x, x.params.id, { action: 'feedback', ...x.body }));

  addRoute(app, endpoints.interviewCriteria, async ({ auth, db }) => criteriaData(db, companyOf(auth).id));
  addRoute(app, endpoints.interviewCriteriaSave, async ({ auth, db, now, body, setMsg }) => {
    const r = await saveCriteria(db, { companyId: companyOf(auth).id, userId: auth.user.id }, body.criteria, now);
    setMsg('评分项已保存');
    return r;
  });

  addRoute(app, endpoints.interviewLink, async ({ db, params, now }) => interviewByLink(db, params.token, now));
  addRoute(app, endpoints.interviewLinkAnswer, async ({ db, params, body, now, setMsg }) => {
    const r = await answerByLink(db, params.token, body.answer, now);
    setMsg(body.answer === 'confirm' ? '已确认参加，期待您的到来' : '已告知企业您无法参加');
    return r;
  });
}

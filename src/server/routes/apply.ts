/**
 * The job-seeker's own application (投递, issue 32): 分享 (a position's public link, whoever
 * recruits) and the public page behind it (/m/job/{token}: the position, the SMS code, 投递简历).
 * The rules and SQL are domain/recruitment/job-link.ts and create-application.ts.
 */
import type { FastifyInstance } from 'fastify';
import { MSG_APPLIED } from '../../contract/apply';
import { endpoints } from '../../contract/endpoints';
import { companyOf } from '../domain/access';
import { applyForJob, jobPage, sendApplyCode, sharePosition } from '../domain/recruitment/job-link';
import { SMS_INTERVAL_S } from '../domain/sms-codes';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';
import { limitIp, type LoginLimits } from '../lib/limits';

export function applyRoutes(app: FastifyInstance, opts: { sandbox: boolean; limits: LoginLimits }) {
  addRoute(app, endpoints.positionShare, async ({ auth, db, params, body, now, req }) =>
    sharePosition(db, companyOf(auth).id, params.id, body.rotate === '1', requestOrigin(req), now),
  );
  addRoute(app, endpoints.jobPage, async ({ db, params, now }) => jobPage(db, params.token, now));
  addRoute(app, endpoints.jobCode, async ({ db, params, body, now, setMsg, req }) => {
    await sendApplyCode(db, params.token, body.mobile, req.ip, now, opts.limits, opts.sandbox);
    req.log.info({ purpose: 'apply' }, 'sms code sent');
    setMsg('验证码已发送');
    return { retry_after: SMS_INTERVAL_S };
  });
  addRoute(app, endpoints.jobApply, async ({ db, params, body, now, req, setMsg }) => {
    await limitIp(db, req.ip, 'apply', opts.limits.ipPerMinute, now);
    await applyForJob(db, params.token, body, now, opts.limits);
    setMsg(MSG_APPLIED);
    return { applied: true as const };
  });
}

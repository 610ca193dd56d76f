/**
 * The worker's side of 灵活用工 (issue 29 item 1): the invitation page's calls and a task's public
 * sign-up, all public (the link is the key; http/route.ts bounds each IP's calls). The steps after
 * the SMS check need the worker session's cookie (http/worker-cookie.ts). The rules and their SQL
 * are domain/employment/worker-*.ts and public-signup.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { MSG_SIGNED_UP } from '../../contract/worker';
import { signUp, signupTask } from '../domain/employment/public-signup';
import { inviteView, type WorkerCtx } from '../domain/employment/worker-page';
import { workerRecords, workerSignedFile } from '../domain/employment/worker-records';
import { sendSignCode, sendWorkerCode, verifyWorkerCode } from '../domain/employment/worker-session';
import { signWithEvidence } from '../domain/employment/sign-evidence';
import { MSG_NO_OPEN_FLOW, resumeSignFlow, startSignFlow, type SignFlowProvider } from '../domain/employment/sign-flow';
import { pollOpenFlow } from '../domain/employment/sign-flow-settle';
import { conflict } from '../lib/refusal';
import { deliverWork, refuseAgreement, verifyRealname } from '../domain/employment/worker-steps';
import { workerRegisterMedia, workerUploadCredentials, type UploadServices } from '../domain/employment/worker-uploads';
import { serverStore } from '../domain/media/object';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';
import { setWorkerCookie, workerSecret } from '../http/worker-cookie';
import type { LoginLimits } from '../lib/limits';
import type { RealnameProvider } from '../domain/employment/realname';
import type { ServerTsa } from './tsa-provider';

export function workerRoutes(
  app: FastifyInstance,
  // tsa: the trusted timestamp of each signature (routes/tsa-provider.ts); flows: e签宝's signing
  // flows when configured (routes/sign-flow-provider.ts; null: signed in-house); uploads: the
  // console's upload services (routes/upload.ts), for the photos of a delivery
  opts: {
    sandbox: boolean;
    limits: LoginLimits;
    realname: RealnameProvider | null;
    tsa: ServerTsa | null;
    flows: SignFlowProvider | null;
    uploads: UploadServices;
  },
) {
  const store = serverStore(app);
  const ctx = (req: FastifyRequest, token: string, now: Date): WorkerCtx => ({
    token,
    secret: workerSecret(req),
    now,
    // agreement files through this server's signer (domain/media/object.ts)
    link: store.link,
  });

  addRoute(app, endpoints.workerInvite, async ({ db, params, now, req }) => {
    // 签署确认中: the page's look asks e签宝 too, so a late callback does not keep the worker waiting
    if (opts.flows)
      await pollOpenFlow(db, { flows: opts.flows, tsa: opts.tsa, log: (err) => req.log.error({ err }, 'e签宝签署结果查询失败') }, params.token, now);
    return inviteView(db, ctx(req, params.token, now));
  });
  addRoute(app, endpoints.workerCode, async ({ db, params, now, req, setMsg }) => {
    const sent = await sendWorkerCode(db, params.token, req.ip, now, opts.limits, opts.sandbox);
    req.log.info({ purpose: 'worker-invite' }, 'sms code sent');
    setMsg(`验证码已发送至${sent.mobile_mask}`);
    return sent;
  });
  addRoute(app, endpoints.workerVerify, async ({ db, params, body, now, req, reply }) => {
    const { secret, view } = await verifyWorkerCode(db, ctx(req, params.token, now), body.code, opts.limits);
    setWorkerCookie(req, reply, params.token, secret);
    return view;
  });
  addRoute(app, endpoints.workerRealname, async ({ db, params, body, now, req, setMsg }) => {
    setMsg('实名认证成功');
    return verifyRealname(db, ctx(req, params.token, now), body.name, body.id_no, opts.realname, (err) => req.log.error({ err }, '实名认证服务调用失败'));
  });
  addRoute(app, endpoints.workerSignCode, async ({ db, params, now, req, setMsg }) => {
    const sent = await sendSignCode(db, params.token, workerSecret(req), req.ip, now, opts.limits, opts.sandbox);
    req.log.info({ purpose: 'worker-sign' }, 'sms code sent');
    setMsg(`验证码已发送至${sent.mobile_mask}`);
    return sent;
  });
  addRoute(app, endpoints.workerSign, async ({ db, params, body, now, req, setMsg }) => {
    const client = { ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 512) };
    if (opts.flows) {
      // signing at e签宝: the phone goes to its page, and comes back to 签署确认中
      const { sign_url } = await startSignFlow(db, params.token, workerSecret(req), now, body.agreement_id, body.code, {
        flows: opts.flows,
        store,
        tsa: opts.tsa,
        limits: opts.limits,
        client,
        origin: requestOrigin(req),
        log: (err) => req.log.error({ err }, 'e签宝签署流程发起失败'),
      });
      setMsg('请在 e签宝 签署页面完成签署');
      return { ...(await inviteView(db, ctx(req, params.token, now))), sign_url };
    }
    await signWithEvidence(db, params.token, workerSecret(req), now, body.agreement_id, body.code, {
      store,
      tsa: opts.tsa,
      limits: opts.limits,
      client,
      log: (err) => req.log.error({ err }, '可信时间戳服务调用失败'),
    });
    setMsg('签署成功');
    return { ...(await inviteView(db, ctx(req, params.token, now))), sign_url: '' };
  });
  addRoute(app, endpoints.workerSignUrl, async ({ db, params, now, req }) => {
    if (!opts.flows) throw conflict(MSG_NO_OPEN_FLOW);
    return resumeSignFlow(db, params.token, workerSecret(req), now, {
      flows: opts.flows,
      origin: requestOrigin(req),
      log: (err) => req.log.error({ err }, 'e签宝签署链接获取失败'),
    });
  });
  addRoute(app, endpoints.workerRefuse, async ({ db, params, now, req, setMsg }) => {
    setMsg('已拒绝签署');
    return refuseAgreement(db, ctx(req, params.token, now));
  });
  addRoute(app, endpoints.workerDeliver, async ({ db, params, body, now, req, setMsg }) => {
    setMsg('已提交交付，等待企业验收');
    return deliverWork(db, ctx(req, params.token, now), body.note, body.media_ids, store);
  });
  // the photos of a delivery through the upload engine: this task worker's credentials, claim and
  // register, as the console's (domain/employment/worker-uploads.ts)
  addRoute(app, endpoints.workerUploadSts, async ({ db, params, now, req }) =>
    workerUploadCredentials(db, ctx(req, params.token, now), opts.uploads, (err) => req.log.error({ err }, 'STS AssumeRole 失败')),
  );
  for (const [ep, finish] of [
    [endpoints.workerMediaClaim, false],
    [endpoints.workerMediaRegister, true],
  ] as const) {
    addRoute(app, ep, async ({ db, params, body, now, req }) =>
      workerRegisterMedia(db, ctx(req, params.token, now), opts.uploads, body, { finish, log: (msg) => req.log.error({ err: msg }, '视频点播查询失败') }),
    );
  }
  addRoute(app, endpoints.workerRecords, async ({ db, params, now, req }) => workerRecords(db, ctx(req, params.token, now)));
  addRoute(app, endpoints.workerSignedFile, async ({ db, params, now, req }) => workerSignedFile(db, ctx(req, params.token, now)));

  // the public sign-up: one answer whatever the company's 人员库 holds (public-signup.ts)
  addRoute(app, endpoints.signupTask, async ({ db, params, now }) => signupTask(db, params.token, now));
  addRoute(app, endpoints.signup, async ({ db, params, body, now, req, setMsg }) => {
    await signUp(db, params.token, body, requestOrigin(req), now, opts.limits);
    setMsg(MSG_SIGNED_UP);
    return null;
  });
}

/**
 * 灵活用工 tasks (issue 12): list, publish (draft / submit for the platform's review), status
 * actions, settings, agreement versions through the upload engine, the people of a task.
 * Members only; every object is the caller's company's (another company's answers 404).
 * The rules and SQL are domain/employment/.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { memberCompanyOf } from '../domain/access';
import { agreementUrl, listAgreements, saveAgreement } from '../domain/employment/agreements';
import type { ObjectStore } from '../domain/employment/media';
import { addNamedWorker, listFlexWorkers, pickWorkers } from '../domain/employment/people';
import { saveTask, saveTaskSettings, taskAction, type TaskActionName } from '../domain/employment/task-edit';
import { listTasks, taskDetail } from '../domain/employment/task-list';
import { listTaskWorkers, workerAction } from '../domain/employment/task-workers';
import { serverStore } from '../domain/media/object';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';

const TASK_ACTION_MSG: Record<TaskActionName, string> = {
  submit: '已提交审核',
  end: '任务已结束',
  cancel: '任务已取消',
  delete: '任务已删除',
  copy: '已复制为新草稿，请补充任务时间后提交',
};

const WORKER_ACTION_MSG = {
  hire: '已录用',
  accept: '验收通过',
  reject: '已驳回，人员可重新交付',
  remove: '已移除',
  urge: '已发送催签短信',
} as const;

/** Says what was sent, and nothing where nothing was (issue 29 item 4). */
const sentText = (r: { notified: number; need_sign: boolean }) => (r.notified ? `，已发送${r.need_sign ? '签约' : '任务通知'}短信` : '');

export function employmentRoutes(app: FastifyInstance) {
  // the upload engine's objects through this server's signer (domain/media/object.ts)
  const store: ObjectStore = serverStore(app);

  addRoute(app, endpoints.empTasks, async ({ auth, db, now, query }) => listTasks(db, memberCompanyOf(auth, now).id, query));

  addRoute(app, endpoints.empTask, async ({ auth, db, now, params }) => {
    const company = memberCompanyOf(auth, now);
    return taskDetail(db, store, { companyId: company.id, companyName: company.name }, params.id, now);
  });

  addRoute(app, endpoints.empTaskSave, async ({ auth, body, db, now, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const saved = await saveTask(db, store, { companyId: company.id, userId: auth.user.id }, body, now);
    setMsg(body.action === 'submit' ? '已提交审核，平台审核通过后开始招募' : '草稿已保存');
    return saved;
  });

  addRoute(app, endpoints.empTaskAction, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const r = await taskAction(db, { companyId: company.id, userId: auth.user.id }, params.id, body.action, now);
    setMsg(TASK_ACTION_MSG[body.action]);
    return r;
  });

  addRoute(app, endpoints.empTaskSetting, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    await saveTaskSettings(db, company.id, params.id, body, now);
    setMsg('保存成功');
    return null;
  });

  // --- agreements -------------------------------------------------------------------------
  addRoute(app, endpoints.empAgreements, async ({ auth, db, now, params }) => listAgreements(db, memberCompanyOf(auth, now).id, params.id, now));

  addRoute(app, endpoints.empAgreementSave, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const item = await saveAgreement(db, store, { companyId: company.id, userId: auth.user.id }, params.id, body, now);
    setMsg('协议已上传');
    return item;
  });

  addRoute(app, endpoints.empAgreementUrl, async ({ auth, db, now, params }) => agreementUrl(db, store, memberCompanyOf(auth, now).id, params.id, now));

  // --- people -----------------------------------------------------------------------------
  addRoute(app, endpoints.empWorkers, async ({ auth, db, now, params, query }) =>
    listTaskWorkers(db, memberCompanyOf(auth, now).id, params.id, query, now, store.link),
  );

  addRoute(app, endpoints.empWorkerAdd, async ({ auth, body, db, now, params, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const r = await addNamedWorker(db, { companyId: company.id, userId: auth.user.id }, params.id, body, requestOrigin(req), now);
    setMsg(r.added ? `人员已添加${sentText(r)}` : '该人员已在任务中');
    return r;
  });

  addRoute(app, endpoints.empWorkerPick, async ({ auth, body, db, now, params, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const r = await pickWorkers(db, company.id, params.id, body.ids, requestOrigin(req), now);
    setMsg(`已添加 ${r.added} 人${r.skipped ? `，${r.skipped} 人已在任务中` : ''}${sentText(r)}`);
    return r;
  });

  addRoute(app, endpoints.empFlexWorkers, async ({ auth, db, now, query }) => listFlexWorkers(db, memberCompanyOf(auth, now).id, query));

  addRoute(app, endpoints.empWorkerAction, async ({ auth, body, db, now, params, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const r = await workerAction(db, { companyId: company.id, userId: auth.user.id }, params.id, body, requestOrigin(req), now);
    setMsg(WORKER_ACTION_MSG[body.action]);
    return r;
  });
}

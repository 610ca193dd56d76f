/**
 * Reviewing applications where the résumé is read, batches, the export (issue 32 item 2) and
 * duplicates (item 3). Thin adapters: the rules and SQL are domain/recruitment/review*.ts and
 * duplicates*.ts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { adminCompany, companyOf } from '../domain/access';
import { listDuplicates, mergeCandidates, mergePreview } from '../domain/recruitment/duplicates';
import { addNote, addTag, batchApplications, removeTag, reviewOf } from '../domain/recruitment/review';
import { exportApplications } from '../domain/recruitment/review-export';
import { addRoute } from '../http/route';

export function reviewRoutes(app: FastifyInstance) {
  const caller = (auth: Parameters<typeof companyOf>[0]) => ({ companyId: companyOf(auth).id, userId: auth.user.id });

  /** The company's notes, tags and applications of a candidate (the résumé dialog's side). */
  addRoute(app, endpoints.applyReview, async ({ auth, db, params }) => reviewOf(db, caller(auth), params.id));
  addRoute(app, endpoints.noteAdd, async ({ auth, db, now, params, body, setMsg }) => {
    setMsg('备注已保存');
    return addNote(db, caller(auth), params.id, body.body, now);
  });
  addRoute(app, endpoints.tagAdd, async ({ auth, db, now, params, body }) => addTag(db, caller(auth), params.id, body.tag, now));
  addRoute(app, endpoints.tagRemove, async ({ auth, db, params, body }) => removeTag(db, caller(auth), params.id, body.tag));

  /** 批量不合适 / 批量标记: every row reported (done or refused with its reason). */
  addRoute(app, endpoints.applyBatch, async ({ auth, db, now, params, body, setMsg }) => {
    const r = await batchApplications(db, caller(auth), params.id, body, now);
    setMsg(r.refused.length ? `已处理${r.done.length}份，${r.refused.length}份未处理` : `已处理${r.done.length}份`);
    return r;
  });

  /** .xlsx of the list; whole mobiles only with pii.full and a reason (audited per person). */
  addRoute(app, endpoints.applyExport, async ({ auth, db, now, params, query, req }) =>
    exportApplications(db, { ...caller(auth), roles: auth.user.roles, ip: req.ip }, params.id, query, now),
  );

  addRoute(app, endpoints.duplicates, async ({ auth, db }) => listDuplicates(db, adminCompany(auth, '合并重复人才').id));
  addRoute(app, endpoints.mergePreview, async ({ auth, db, query }) => mergePreview(db, adminCompany(auth, '合并重复人才').id, query.keep, query.drop));
  addRoute(app, endpoints.merge, async ({ auth, db, now, body, setMsg }) => {
    const r = await mergeCandidates(db, { companyId: adminCompany(auth, '合并重复人才').id, userId: auth.user.id }, body.keep, body.drop, now);
    setMsg('已合并为一条人才记录');
    return r;
  });
}

/**
 * Bulk import (issue 10): templates, upload + validation (phase 1), the all-or-nothing commit
 * (phase 2, idempotent per batch) and the company's batches with their files. Members only; the
 * tax service's type needs the tax flag too. The work and its SQL: src/server/imports/.
 * Never logs row values: handlers log nothing but ids, and the files are stored encrypted.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { memberCompanyOf } from '../domain/access';
import { addRoute } from '../http/route';
import { batchDetail, issuesPage, listBatches } from '../imports/batches';
import { commitBatch } from '../imports/commit';
import { errorFile, originalFile, templateFile } from '../imports/files';
import { importCompany, importTypeOf } from '../imports/registry';
import { uploadBatch } from '../imports/upload';

export function importRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.importTemplate, async ({ auth, params, now }) => {
    const type = importTypeOf(params.type);
    importCompany(auth, now, type);
    return templateFile(type);
  });

  /** Phase 1: the file is stored (encrypted), every row validated; the batch ends 待确认 or 导入失败. */
  addRoute(app, endpoints.importUpload, async ({ auth, params, body, db, now }) => {
    const type = importTypeOf(params.type);
    const company = importCompany(auth, now, type);
    return uploadBatch(db, company.id, auth.user.id, type, body, now);
  });

  addRoute(app, endpoints.importBatches, async ({ auth, query, db, now }) => listBatches(db, memberCompanyOf(auth, now).id, query));

  addRoute(app, endpoints.importBatch, async ({ auth, params, db, now }) => batchDetail(db, memberCompanyOf(auth, now).id, params.id));

  /** The error table a page at a time (行号 · 列 · 原值 · 错误原因, personal numbers masked). */
  addRoute(app, endpoints.importIssues, async ({ auth, params, query, db, now }) => issuesPage(db, memberCompanyOf(auth, now).id, params.id, query));

  /** Phase 2: all rows in one transaction or none; a second commit of an imported batch writes nothing. */
  addRoute(app, endpoints.importCommit, async ({ auth, params, db, now, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const r = await commitBatch(db, auth, company.id, params.id, {
      now,
      ip: req.ip,
      log: (err) => app.log.error({ batch: params.id, err }, 'import commit failed'),
    });
    if (r.again) setMsg('该批次已导入，未重复写入');
    return r.batch;
  });

  /** The original upload (full personal numbers): members of the company only, each download audited. */
  addRoute(app, endpoints.importOriginal, async ({ auth, params, db, now, req }) =>
    originalFile(db, { companyId: memberCompanyOf(auth, now).id, userId: auth.user.id, batchId: params.id, ip: req.ip }),
  );

  /** The uploaded rows with an 错误原因 column, to fix and upload again. */
  addRoute(app, endpoints.importErrorFile, async ({ auth, params, db, now, req }) =>
    errorFile(db, { companyId: memberCompanyOf(auth, now).id, userId: auth.user.id, batchId: params.id, ip: req.ip }, now),
  );
}

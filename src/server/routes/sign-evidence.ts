/**
 * 签署证据 (issue 29 item 2): HR's page of a signature and its package, and the public check of a
 * signed document's hash. The rules: domain/employment/evidence-view.ts and verify-signed.ts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { evidencePackage, signedFileExport, signEvidence } from '../domain/employment/evidence-view';
import type { ServerTsa } from './tsa-provider';
import { verifySigned } from '../domain/employment/verify-signed';
import { serverStore } from '../domain/media/object';
import { memberCompanyOf } from '../domain/access';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';

export function signEvidenceRoutes(app: FastifyInstance, opts: { tsa: ServerTsa | null }) {
  const store = serverStore(app);
  addRoute(app, endpoints.empSignEvidence, async ({ auth, db, now, params }) => signEvidence(db, store, opts.tsa, memberCompanyOf(auth, now).id, params.id));
  addRoute(app, endpoints.empSignEvidencePackage, async ({ auth, db, now, params, req }) =>
    evidencePackage(db, store, memberCompanyOf(auth, now).id, params.id, requestOrigin(req)),
  );
  addRoute(app, endpoints.empSignedFile, async ({ auth, db, now, params }) => signedFileExport(db, memberCompanyOf(auth, now).id, params.id));
  addRoute(app, endpoints.verifySigned, async ({ db, query }) => verifySigned(db, opts.tsa, query.sha256));
}

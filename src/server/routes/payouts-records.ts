/**
 * 操作日志 and 费用记录 (issue 13): the operation log across batches, the ledger with its filters,
 * and the ledger as .xlsx. Members only; the queries are domain/payouts/records.ts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { memberCompanyOf } from '../domain/access';
import { batchLogs, exportLedger, listLedger, listLogs } from '../domain/payouts/records';
import { addRoute } from '../http/route';

export function payoutsRecordsRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.payBatchLogs, async ({ auth, db, now, params }) => batchLogs(db, memberCompanyOf(auth, now).id, params.id));

  addRoute(app, endpoints.payLogs, async ({ auth, db, now, query }) => listLogs(db, memberCompanyOf(auth, now).id, query));

  addRoute(app, endpoints.payLedger, async ({ auth, db, now, query }) => listLedger(db, memberCompanyOf(auth, now).id, query));

  /** 费用记录 as .xlsx: the same filters, any number of rows; answers a ticket (the file streams from exportFile). */
  addRoute(app, endpoints.payLedgerExport, async ({ auth, db, now, query }) =>
    exportLedger(db, { companyId: memberCompanyOf(auth, now).id, userId: auth.user.id }, query, now),
  );
}

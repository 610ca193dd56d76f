/**
 * 电子回单 and the quarterly export of each worker's identity and income (full ID numbers, audited
 * in pii_views). Members only; the queries and the workbooks are domain/payouts/reports.ts and quarter-export.ts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { memberCompanyOf } from '../domain/access';
import { quarterExport } from '../domain/payouts/quarter-export';
import { receipt } from '../domain/payouts/reports';
import { addRoute } from '../http/route';

export function payoutsReportRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.payReceipt, async ({ auth, db, now, params, query }) => receipt(db, memberCompanyOf(auth, now), params.id, query.row_id, now));

  /** 季度收入报送 (.xlsx): one line per worker paid in the quarter (rows 发放成功, by payment time); a ticket, the file streams (issue 34). */
  addRoute(app, endpoints.payQuarterExport, async ({ auth, db, now, query }) => {
    const company = memberCompanyOf(auth, now);
    return quarterExport(db, { companyId: company.id, companyName: company.name, userId: auth.user.id, reason: query.reason }, query.year, query.quarter, now);
  });
}

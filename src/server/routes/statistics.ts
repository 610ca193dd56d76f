/**
 * 数据面板 (issue 15): recruitment and departure aggregates of the caller's company over a range of
 * China days, and their .xlsx export (members only). The queries read the daily roll-ups of
 * 019_statistics_rollups.sql: domain/statistics/. docs/decisions.md (statistics).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { companyOf, memberCompanyOf } from '../domain/access';
import { departureStats } from '../domain/statistics/departure';
import { statsExport } from '../domain/statistics/export';
import { crcStats, flexStats } from '../domain/statistics/flex-crc';
import { listHeadcountFigures, setHeadcountFigure } from '../domain/statistics/headcount';
import { rangeOf } from '../domain/statistics/range';
import { recruitStats } from '../domain/statistics/recruit';
import { addRoute } from '../http/route';

export function statisticsRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.statsRecruit, async ({ auth, db, query, now }) => recruitStats(db, companyOf(auth).id, rangeOf(query, now)));
  addRoute(app, endpoints.statsDeparture, async ({ auth, db, query, now }) => departureStats(db, companyOf(auth).id, rangeOf(query, now)));
  addRoute(app, endpoints.statsFlex, async ({ auth, db, query, now }) => flexStats(db, companyOf(auth).id, rangeOf(query, now)));
  addRoute(app, endpoints.statsCrc, async ({ auth, db, query, now }) => crcStats(db, companyOf(auth).id, rangeOf(query, now)));

  /** .xlsx: one sheet per table the panel shows, the same numbers; a ticket, the file streams from POST /export/file (issue 34). */
  addRoute(app, endpoints.statsExport, async ({ auth, db, query, now }) =>
    statsExport(db, { companyId: memberCompanyOf(auth, now).id, userId: auth.user.id }, rangeOf(query, now), now),
  );

  /** 在职人数 as history (issue 31): the figures set, and an admin setting one as of a day. */
  addRoute(app, endpoints.statsHeadcount, async ({ auth, db }) => ({ list: await listHeadcountFigures(db, companyOf(auth).id) }));
  addRoute(app, endpoints.statsHeadcountSet, async ({ auth, db, body, now }) => {
    await setHeadcountFigure(db, { companyId: companyOf(auth).id, userId: auth.user.id }, body, now);
    return null;
  });
}

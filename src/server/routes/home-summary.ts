/**
 * 首页 (issue 15): the to-do counts, the 招聘 · 灵活用工 · 离职 overview, the account card's
 * 灵活用工 balance (domain/accounts/home.ts), and the platform's announcements.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { addRoute } from '../http/route';
import { companyOf } from '../domain/access';
import { announcements, homeSummary } from '../domain/accounts/home';

export function homeSummaryRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.homeSummary, async ({ auth, db, now }) => homeSummary(db, companyOf(auth).id, now));

  /** Every signed-in user sees the announcements. */
  addRoute(app, endpoints.announcements, async ({ db, now }) => ({ list: await announcements(db, now) }));
}

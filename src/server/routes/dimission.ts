import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { isActiveMember } from '../domain/users';
import { addRoute } from '../http/route';

export function dimissionRoutes(app: FastifyInstance) {
  /** Pending resignation requests of the caller's own company (0 until admitted to one). */
  addRoute(app, endpoints.urge, async ({ auth, db }) => {
    if (!isActiveMember(auth.user, auth.company)) return { count: 0 };
    const row = await db.one<{ n: number }>(
      `SELECT count(*) AS n FROM resignation_requests WHERE company_id = $1 AND status = 'pending'`,
      [auth.company.id],
    );
    return { count: row?.n ?? 0 };
  });
}

/**
 * Operations endpoints for a load balancer or an orchestrator (README: Production):
 * - `GET /healthz`: the process is alive and serving (no database call);
 * - `GET /readyz`: the database answers and holds every migration this build knows; 503 while
 *   the server is shutting down, so the balancer stops sending before the port closes.
 * Neither needs a token nor tells anything about the data.
 */
import type { FastifyInstance } from 'fastify';
import { loadMigrations } from '../db/migrate';

/** The newest migration this build knows (computed once). */
let latest: string | null = null;
const latestMigration = () => (latest ??= loadMigrations().at(-1)?.version ?? '');

export function opsRoutes(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (closing) return reply.status(503).send({ status: 'closing' });
    try {
      const row = await app.db.one('SELECT 1 AS ok FROM schema_migrations WHERE version = $1', [latestMigration()]);
      if (!row) return reply.status(503).send({ status: 'migrating', expected: latestMigration() });
      return reply.send({ status: 'ready', migration: latestMigration() });
    } catch (err) {
      req.log.warn({ err }, '就绪检查：数据库不可用');
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}

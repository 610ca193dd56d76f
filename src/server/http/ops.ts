/**
 * Operations endpoints for a load balancer or an orchestrator (README: Production):
 * - `GET /healthz`: the process is alive and serving (no database call);
 * - `GET /readyz`: the database answers and holds every migration this build knows; 503 while
 *   the server is shutting down, so the balancer stops sending before the port closes, and 503
 *   within READY_TIMEOUT_MS while the database does not answer (a frozen database must not make
 *   the balancer's check hang: it would keep sending traffic here).
 * Neither needs a token nor tells anything about the data.
 */
import type { FastifyInstance } from 'fastify';
import { loadMigrations } from '../db/migrate';

/** How long /readyz waits for the database before it says 503. */
export const READY_TIMEOUT_MS = 1500;

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
      let timer: NodeJS.Timeout | undefined;
      const row = await Promise.race([
        app.db.one('SELECT 1 AS ok FROM schema_migrations WHERE version = $1', [latestMigration()]).finally(() => clearTimeout(timer)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        }),
      ]);
      if (!row) return reply.status(503).send({ status: 'migrating', expected: latestMigration() });
      return reply.send({ status: 'ready', migration: latestMigration() });
    } catch (err) {
      req.log.warn({ err: err instanceof Error ? err.message : String(err) }, '就绪检查：数据库不可用');
      return reply.status(503).header('retry-after', '2').send({ status: 'database unavailable' });
    }
  });
}

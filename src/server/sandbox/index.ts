import type { FastifyInstance } from 'fastify';
import { operatorPage } from './operator-page';
import { reviewSandbox } from './review';
import { smsSandbox } from './sms';

/** The stand-ins for outside services (ARCHITECTURE §2). No auth: never on in production. */
export function registerSandboxes(app: FastifyInstance) {
  smsSandbox(app);
  reviewSandbox(app);
  operatorPage(app);
}

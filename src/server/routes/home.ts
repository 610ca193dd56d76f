import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { siteSetting } from '../domain/accounts/home';
import { addRoute } from '../http/route';

export function homeRoutes(app: FastifyInstance) {
  /** CRC values and the membership packs on sale. */
  addRoute(app, endpoints.setting, async ({ db }) => siteSetting(db));
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { toApiMember, toApiUser } from '../domain/users';
import { addRoute } from '../http/route';

export function usercenterRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.userInfo, async ({ auth, db, now }) => ({
    user: toApiUser(auth.user, auth.company),
    member: await toApiMember(db, auth.user, auth.company, now, auth.pendingMembers),
  }));
}

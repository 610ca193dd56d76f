/**
 * 消息中心 (issue 32 item 4): the bell's count, the list and read state of the caller's own
 * messages (domain/messages/inbox.ts). Any admitted member; the messages each one sees follow
 * their roles. Someone not admitted yet has no messages: the count answers 0.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { activeCompany } from '../domain/access';
import { listMessages, markAllRead, markRead, unreadCount, type Reader } from '../domain/messages/inbox';
import { isActiveMember, type AuthInfo } from '../domain/users';
import { addRoute } from '../http/route';

const readerOf = (auth: AuthInfo): Reader => ({ companyId: activeCompany(auth).id, userId: auth.user.id, roles: auth.user.roles });

export function messagesRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.msgUnread, async ({ auth, db }) => ({
    unread: isActiveMember(auth.user, auth.company) ? await unreadCount(db, readerOf(auth)) : 0,
  }));

  addRoute(app, endpoints.msgList, async ({ auth, db, query }) => listMessages(db, readerOf(auth), query));

  addRoute(app, endpoints.msgRead, async ({ auth, db, params, now }) => ({ unread: await markRead(db, readerOf(auth), params.id, now) }));

  addRoute(app, endpoints.msgReadAll, async ({ auth, db, setMsg }) => {
    setMsg('已全部标为已读');
    return { unread: await markAllRead(db, readerOf(auth)) };
  });
}

/**
 * 消息中心 (issue 32 item 4): the bell's unread count, the list (panel and /messages) and read
 * state, per user. Messages are written by the server in the transaction of their event
 * (src/server/domain/messages/); nobody posts one through the API. Any member of the company
 * reads the messages of their own roles (no `perm`: the audience is resolved per message).
 */
import { z } from 'zod';
import { DateTimeText, formInt, Id, IdParam } from './common';
import { ep, type Endpoint } from './endpoint';

/**
 * What a message is about; the console labels them (zh-CN.messages.ts kinds). `interview`: a
 * candidate's answer on their link (messages/events.ts interviewAnswered) and 面试即将开始
 * (interviewDue, the interview-reminders job). `application` (新投递): a job-seeker applied on
 * a position's page (/m/job, messages/events.ts applicationReceived).
 */
export const MESSAGE_KINDS = ['application', 'interview', 'signup', 'delivery', 'resignation', 'batch_paid', 'batch_failed', 'approval'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * The record a message opens: a console route's name (src/app/routes.ts) with its id and, where
 * the route's path has one, its name parameter (the task's name of /employment/task/:id/:name).
 */
export const MessageRef = z.object({ route: z.string(), id: z.string(), name: z.string() });
export type MessageRef = z.infer<typeof MessageRef>;

export const Message = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  ref: MessageRef,
  read: z.boolean(),
  created_at: DateTimeText,
});
export type Message = z.infer<typeof Message>;

export const MESSAGE_PAGE_SIZE = 20;

export const MessagesQuery = z.strictObject({
  /** unread: only the caller's unread ones */
  status: z.enum(['all', 'unread']).default('all'),
  kind: z.enum(MESSAGE_KINDS).optional(),
  /** keyset paging: messages older than this id (the last one of the previous page) */
  before: Id.optional(),
  size: formInt(1, 50).default(MESSAGE_PAGE_SIZE),
});

export const UnreadData = z.object({ unread: z.number().int() });
export const MessagesData = z.object({
  list: z.array(Message),
  /** the `before` of the next page; null when this was the last */
  next: z.number().int().nullable(),
  unread: z.number().int(),
});
export type MessagesData = z.infer<typeof MessagesData>;

export const messagesEndpoints = {
  // polled every 60 s by the bell: never toasts
  msgUnread: ep({ method: 'GET', path: '/messages/unread', data: UnreadData, auth: true, silent: true }),
  msgList: ep({ method: 'GET', path: '/messages', query: MessagesQuery, data: MessagesData, auth: true }),
  msgRead: ep({ method: 'POST', path: '/messages/:id/read', params: IdParam, data: UnreadData, auth: true }),
  msgReadAll: ep({ method: 'POST', path: '/messages/read-all', data: UnreadData, auth: true }),
} as const satisfies Record<string, Endpoint>;

/**
 * 消息中心 (issue 32 item 4): reading messages. A reader sees the messages of their company
 * addressed to them, to one of their roles or to a permission their roles grant — the roles as
 * they are now (docs/roles.md) — except those leaving them out. Read state is per user: a row per
 * message read, and 全部已读 as one mark (every visible message up to it is read).
 */
import type { Message, MessageKind, MessagesData } from '../../../contract/messages';
import { normalRoles, permissionsOf } from '../../../contract/roles';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';

export interface Reader {
  companyId: number;
  userId: number;
  roles: readonly string[];
}

/** The reader's messages ($1 company, $2 user, $3 permissions, $4 roles), as `m`. */
const VISIBLE = `m.company_id = $1 AND (m.user_id = $2 OR m.perm = ANY($3::text[]) OR m.role = ANY($4::text[])) AND NOT ($2 = ANY(m.except_ids))`;
/** … that the reader has read (needs `mk`, their mark, joined). */
const READ = `(m.id <= COALESCE(mk.read_upto, 0) OR EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.company_id = m.company_id AND r.user_id = $2))`;
const MARK = 'LEFT JOIN message_marks mk ON mk.company_id = m.company_id AND mk.user_id = $2';

const args = (r: Reader) => [r.companyId, r.userId, permissionsOf(r.roles), normalRoles(r.roles)];

export async function unreadCount(db: Db, r: Reader): Promise<number> {
  const row = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM messages m ${MARK} WHERE ${VISIBLE} AND NOT ${READ}`, args(r));
  return row?.n ?? 0;
}

/** Newest first, `size` at a time, keyset on the id (`before`: the last id of the previous page). */
export async function listMessages(
  db: Db,
  r: Reader,
  q: { status: 'all' | 'unread'; kind?: MessageKind; before?: number; size: number },
): Promise<MessagesData> {
  const params: unknown[] = [...args(r), q.size + 1];
  let where = VISIBLE;
  if (q.status === 'unread') where += ` AND NOT ${READ}`;
  if (q.kind) where += ` AND m.kind = $${params.push(q.kind)}`;
  if (q.before) where += ` AND m.id < $${params.push(q.before)}`;
  const rows = await db.query<{
    id: number;
    kind: MessageKind;
    title: string;
    ref_route: string;
    ref_id: string;
    ref_name: string;
    created_at: Date;
    read: boolean;
  }>(
    `SELECT m.id, m.kind, m.title, m.ref_route, m.ref_id, m.ref_name, m.created_at, ${READ} AS read
       FROM messages m ${MARK} WHERE ${where} ORDER BY m.id DESC LIMIT $5`,
    params,
  );
  const page = rows.slice(0, q.size);
  const list: Message[] = page.map((m) => ({
    id: m.id,
    kind: m.kind,
    title: m.title,
    ref: { route: m.ref_route, id: m.ref_id, name: m.ref_name },
    read: m.read,
    created_at: fmtDateTime(m.created_at),
  }));
  return { list, next: rows.length > q.size ? page[page.length - 1]!.id : null, unread: await unreadCount(db, r) };
}

/** 已读 of one message the reader sees (another's or another company's: 404, nothing written). */
export async function markRead(db: Db, r: Reader, id: number, now: Date): Promise<number> {
  const seen = await db.one(`SELECT 1 AS one FROM messages m WHERE m.id = $5 AND ${VISIBLE}`, [...args(r), id]);
  if (!seen) throw notFound('消息不存在或已删除');
  await db.query(
    `INSERT INTO message_reads (company_id, message_id, user_id, read_at) VALUES ($1, $2, $3, $4) ON CONFLICT (message_id, user_id, company_id) DO NOTHING`,
    [r.companyId, id, r.userId, now],
  );
  return unreadCount(db, r);
}

/** 全部已读: the mark moves to the newest message the reader sees; the single reads under it go. */
export async function markAllRead(db: Db, r: Reader): Promise<number> {
  await db.tx(async (t) => {
    const top = await t.one<{ id: number | null }>(`SELECT max(m.id) AS id FROM messages m WHERE ${VISIBLE}`, args(r));
    if (!top?.id) return;
    await t.query(
      `INSERT INTO message_marks (company_id, user_id, read_upto) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, company_id) DO UPDATE SET read_upto = GREATEST(message_marks.read_upto, EXCLUDED.read_upto)`,
      [r.companyId, r.userId, top.id],
    );
    await t.query('DELETE FROM message_reads WHERE company_id = $1 AND user_id = $2 AND message_id <= $3', [r.companyId, r.userId, top.id]);
  });
  return unreadCount(db, r);
}

/**
 * 消息中心 (issue 32 item 4): writing a message. `notify` is called inside the transaction of its
 * event (a message exists exactly when the event committed) with an audience — a permission, a
 * role or one user of the company. Who sees it is resolved when read, against the reader's live
 * roles (inbox.ts; docs/roles.md): a message for an approval waiting goes to whoever may approve.
 * A message about a flexible-employment task is not written when the task's 站内消息通知 is off.
 */
import type { MessageKind } from '../../../contract/messages';
import type { Permission, Role } from '../../../contract/roles';
import type { Db } from '../../db/types';

export type Audience = { perm: Permission } | { role: Role } | { userId: number };

export type NotifyInput = {
  companyId: number;
  kind: MessageKind;
  title: string;
  ref: { route: string; id: number | string; name?: string };
  /** users of the audience left out (the one who asked: a submitter never approves their own batch) */
  except?: number[];
  /** the flexible-employment task the message is about: none is written when its 站内消息通知 is off */
  taskId?: number;
  now: Date;
} & Audience;

/** Longest title kept: a title names a person or a task, never more. */
const TITLE_MAX = 120;

/** Writes one message; false when the task's setting said no. */
export async function notify(db: Db, m: NotifyInput): Promise<boolean> {
  if (m.taskId !== undefined) {
    const task = await db.one<{ notify_site: boolean }>('SELECT notify_site FROM flex_tasks WHERE id = $1 AND company_id = $2', [m.taskId, m.companyId]);
    if (!task?.notify_site) return false;
  }
  await db.query(
    `INSERT INTO messages (company_id, kind, perm, role, user_id, except_ids, title, ref_route, ref_id, ref_name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      m.companyId,
      m.kind,
      'perm' in m ? m.perm : null,
      'role' in m ? m.role : null,
      'userId' in m ? m.userId : null,
      m.except ?? [],
      m.title.slice(0, TITLE_MAX),
      m.ref.route,
      String(m.ref.id),
      (m.ref.name ?? '').slice(0, TITLE_MAX),
      m.now,
    ],
  );
  return true;
}

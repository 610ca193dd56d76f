/**
 * A worker's invitation (flex_task_workers.invite_token, the link HR sends) and the worker
 * session that follows the SMS check: a random secret, kept only as its sha256 in
 * flex_task_workers.session_hash until session_until. The secret travels in an HttpOnly cookie
 * scoped to this invitation's API paths (routes/worker.ts); it is never a console session and the
 * console's bearer tokens never stand for it.
 */
import type { SignStatus, WorkStatus } from '../../../contract/employment-rules';
import type { Db } from '../../db/types';
import { safeEqual, sha256hex } from '../../lib/crypto';
import { badRequest, notFound } from '../../lib/refusal';

/** How long the SMS check holds: half an hour, as the scan-to-leave ticket. */
export const WORKER_SESSION_S = 30 * 60;

export const MSG_INVITE_MISSING = '邀请不存在或已被移除';
export const MSG_NEED_SESSION = '请先完成短信验证';

export interface InviteRow {
  id: number;
  task_id: number;
  company_id: number;
  worker_id: number;
  work_status: WorkStatus;
  sign_status: SignStatus;
  amount: number;
  agreement_id: number | null;
  signed_at: Date | null;
  delivery_note: string;
  reject_reason: string;
  session_hash: string | null;
  session_until: Date | null;
  name: string;
  mobile_enc: string;
  mobile_mask: string;
  cert_type: string;
  cert_no_bidx: string;
  realname_verified: boolean;
  company_name: string;
}

/** The invitation behind a link with its person and company, else the refusal (a removed person's link too). */
export async function loadInvite(db: Db, token: string, lock = false): Promise<InviteRow> {
  const w = await db.one<InviteRow>(
    `SELECT tw.id, tw.task_id, tw.company_id, tw.worker_id, tw.work_status, tw.sign_status, tw.amount, tw.agreement_id, tw.signed_at,
            tw.delivery_note, tw.reject_reason, tw.session_hash, tw.session_until,
            w.name, w.mobile_enc, w.mobile_mask, w.cert_type, w.cert_no_bidx, w.realname_verified, c.name AS company_name
       FROM flex_task_workers tw JOIN flex_workers w ON w.id = tw.worker_id AND w.company_id = tw.company_id
            JOIN companies c ON c.id = tw.company_id
      WHERE tw.invite_token = $1${lock ? ' FOR UPDATE OF tw' : ''}`,
    [token],
  );
  if (!w) throw notFound(MSG_INVITE_MISSING);
  return w;
}

/** The cookie's secret opens this invitation now. */
export const sessionLive = (w: Pick<InviteRow, 'session_hash' | 'session_until'>, secret: string, now: Date) =>
  !!secret && !!w.session_hash && !!w.session_until && w.session_until > now && safeEqual(sha256hex(secret), w.session_hash);

/** The invitation, when the caller's worker session opens it; else the refusal. */
export async function sessionInvite(db: Db, token: string, secret: string, now: Date, lock = false): Promise<InviteRow> {
  const w = await loadInvite(db, token, lock);
  if (!sessionLive(w, secret, now)) throw badRequest(MSG_NEED_SESSION);
  return w;
}

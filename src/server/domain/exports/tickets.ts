/**
 * Export tickets (issue 34, migration 071): the export call issues one after its checks, the
 * download claims it. Only the SHA-256 of a ticket is stored. A ticket that is unknown or another
 * user's reads the same as an invalid one (and is not consumed); a used or expired one says so.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EXPORT_TICKET_TTL_MS, MSG_TICKET_EXPIRED, MSG_TICKET_INVALID, MSG_TICKET_USED, type ExportTicket } from '../../../contract/exports';
import type { Db } from '../../db/types';
import { forbidden } from '../../lib/refusal';

export interface TicketOwner {
  companyId: number;
  userId: number;
}
export interface ClaimedTicket {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  filename: string;
  total: number;
}
export type TicketEnd = 'done' | 'cancelled' | 'failed';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueExportTicket(
  db: Db,
  o: TicketOwner,
  spec: { kind: string; params: Record<string, unknown>; filename: string; total: number },
  now: Date,
): Promise<ExportTicket> {
  const ticket = randomBytes(24).toString('base64url');
  // a day's tickets are plenty to see how exports ended; older ones go as new ones come
  await db.query(`DELETE FROM export_tickets WHERE company_id = $1 AND created_at < $2`, [o.companyId, new Date(now.getTime() - 86_400_000)]);
  await db.query(
    `INSERT INTO export_tickets (ticket_hash, company_id, user_id, kind, params, filename, total, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashOf(ticket),
      o.companyId,
      o.userId,
      spec.kind,
      JSON.stringify(spec.params),
      spec.filename,
      spec.total,
      now,
      new Date(now.getTime() + EXPORT_TICKET_TTL_MS),
    ],
  );
  return { ticket, filename: spec.filename, total: spec.total };
}

/** Claims a ticket for its owner, once, before it expires. */
export async function claimExportTicket(db: Db, ticket: string, o: TicketOwner, now: Date): Promise<ClaimedTicket> {
  return db.tx(async (t) => {
    const r = await t.one<ClaimedTicket & { company_id: number; user_id: number; claimed_at: Date | null; expires_at: Date }>(
      `SELECT id, kind, params, filename, total, company_id, user_id, claimed_at, expires_at FROM export_tickets WHERE ticket_hash = $1 AND company_id = $2 FOR UPDATE`,
      [hashOf(ticket), o.companyId],
    );
    if (!r || r.company_id !== o.companyId || r.user_id !== o.userId) throw forbidden(MSG_TICKET_INVALID);
    if (r.claimed_at) throw forbidden(MSG_TICKET_USED);
    if (r.expires_at.getTime() <= now.getTime()) throw forbidden(MSG_TICKET_EXPIRED);
    await t.query(`UPDATE export_tickets SET claimed_at = $2, status = 'streaming' WHERE id = $1`, [r.id, now]);
    return { id: r.id, kind: r.kind, params: r.params, filename: r.filename, total: r.total };
  });
}

export async function ticketProgress(db: Db, id: number, rows: number): Promise<void> {
  await db.query(`UPDATE export_tickets SET rows_written = $2 WHERE id = $1`, [id, rows]);
}

export async function endTicket(db: Db, id: number, status: TicketEnd, rows: number, now: Date): Promise<void> {
  await db.query(`UPDATE export_tickets SET status = $2, rows_written = $3, finished_at = $4 WHERE id = $1`, [id, status, rows, now]);
}

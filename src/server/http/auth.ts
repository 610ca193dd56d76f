import type { FastifyReply, FastifyRequest } from 'fastify';
import { PgliteDb } from '../db/pglite';
import type { Db } from '../db/types';
import { normalRoles, ROLES_HEADER } from '../../contract/roles';
import { COMPANY_COLUMNS, isActiveMember, USER_COLUMNS, type AuthInfo, type CompanyRow, type UserRow } from '../domain/users';

import { sha256hex } from '../lib/crypto';
import { tokenInvalid } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

function bearer(header: string | undefined): string | null {
  const m = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]{20,200})[ \t]*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

const list = (cols: string) => cols.split(', ');
/**
 * The session, its user, the user's company and their membership in ONE statement (every call of
 * the console pays for this lookup; on the embedded database each statement waits its turn).
 */
const AUTH_SQL = `SELECT ${list(USER_COLUMNS)
  .map((c) => `u.${c}`)
  .join(', ')},
       ${list(COMPANY_COLUMNS)
         .map((c) => `c.${c} AS c_${c}`)
         .join(', ')},
       CASE WHEN u.role = 'admin' AND u.member_status = 'normal' AND c.status = 'normal'
            THEN (SELECT count(*) FROM users p WHERE p.company_id = c.id AND p.member_status = 'pending' AND p.role = 'member')
            ELSE 0 END AS pending_members
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN companies c ON c.id = u.company_id
 WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`;

/**
 * Runs AUTH_SQL as a prepared statement, parsed and planned once per connection: on PostgreSQL a
 * named statement from its third use like every repeated statement (none behind a transaction-mode
 * pooler, db/pg.ts); on PGlite (one session, every microsecond shared with the
 * server's event loop) `PREPARE` once and `EXECUTE` over the simple protocol. The two arguments are
 * a sha256 hex digest and an ISO timestamp, checked to be exactly that before they are inlined.
 */
const prepared = new WeakSet<object>();
async function authRow(db: Db, tokenHash: string, now: Date): Promise<Record<string, unknown> | undefined> {
  if (db instanceof PgliteDb) {
    const iso = now.toISOString();
    if (!/^[0-9a-f]{64}$/.test(tokenHash) || !/^[0-9T:.Z-]{20,30}$/.test(iso)) throw tokenInvalid();
    if (!prepared.has(db.pg)) {
      await db.pg.exec(`PREPARE hr_auth_lookup (text, timestamptz) AS ${AUTH_SQL}`);
      prepared.add(db.pg);
    }
    const res = await db.pg.exec(`EXECUTE hr_auth_lookup('${tokenHash}', '${iso}')`);
    return res.at(-1)?.rows[0] as Record<string, unknown> | undefined;
  }
  return db.one<Record<string, unknown>>(AUTH_SQL, [tokenHash, now]);
}

/** Missing, unknown, expired or revoked token → 410000. Lookups go by hash only. */
export async function authenticate(db: Db, header: string | undefined, now: Date): Promise<AuthInfo> {
  const token = bearer(header);
  if (!token) throw tokenInvalid();
  const tokenHash = sha256hex(token);
  const row = await authRow(db, tokenHash, now);
  if (!row) throw tokenInvalid();
  const user = Object.fromEntries(list(USER_COLUMNS).map((c) => [c, row[c]])) as unknown as UserRow;
  const company =
    row.c_id === null || row.c_id === undefined ? null : (Object.fromEntries(list(COMPANY_COLUMNS).map((c) => [c, row[`c_${c}`]])) as unknown as CompanyRow);
  return { user, company, tokenHash, pendingMembers: Number(row.pending_members ?? 0) };
}

/**
 * The caller's roles as the user info states them (`member.roles`: 成员 alone before admission),
 * read from the database with this very request; null without a company.
 */
export function rolesHeaderOf(auth: AuthInfo): string | null {
  if (!auth.company) return null;
  return (isActiveMember(auth.user, auth.company) ? normalRoles(auth.user.roles) : ['member']).join(',');
}

/**
 * preHandler of every endpoint with `auth: true`: sets `request.auth`, and answers the caller's
 * roles in `X-Roles` (issue 27): an open console whose stored roles differ refreshes the user info
 * at once, so an admin's change reaches it with its next call (the 403 of a refusal carries it too).
 */
export function requireAuth(db: Db, now: () => Date) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    req.auth = await authenticate(db, req.headers.authorization, now());
    const roles = rolesHeaderOf(req.auth);
    if (roles !== null) reply.header(ROLES_HEADER, roles);
  };
}

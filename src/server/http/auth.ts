import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import { loadCompany, USER_COLUMNS, type CompanyRow, type UserRow } from '../domain/users';
import { newToken, sha256hex } from '../lib/crypto';
import { addDays } from '../lib/time';
import { tokenInvalid } from './envelope';

/** SPEC §6: the console keeps the token in a cookie for 15 days; the server agrees. */
export const SESSION_DAYS = 15;

/** Who calls an authenticated endpoint, loaded fresh for every request. */
export interface AuthInfo {
  user: UserRow;
  /** the user's company (any status), null without one */
  company: CompanyRow | null;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

/** Creates a session; only the token's sha256 is stored. */
export async function issueToken(db: Db, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = addDays(now, SESSION_DAYS);
  await db.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    sha256hex(token),
    userId,
    now,
    expiresAt,
  ]);
  return { token, expiresAt };
}

function bearer(header: string | undefined): string | null {
  const m = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]{20,200})[ \t]*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

/** Missing, unknown, expired or revoked token → 410000. Lookups go by hash only. */
export async function authenticate(db: Db, header: string | undefined, now: Date): Promise<AuthInfo> {
  const token = bearer(header);
  if (!token) throw tokenInvalid();
  const tokenHash = sha256hex(token);
  const user = await db.one<UserRow>(
    `SELECT ${USER_COLUMNS.split(', ').map((c) => `u.${c}`).join(', ')}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [tokenHash, now],
  );
  if (!user) throw tokenInvalid();
  return { user, company: await loadCompany(db, user.company_id), tokenHash };
}

/** preHandler of every endpoint with `auth: true`: sets `request.auth`. */
export function requireAuth(db: Db, now: () => Date) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.auth = await authenticate(db, req.headers.authorization, now());
  };
}

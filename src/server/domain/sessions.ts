/**
 * Sessions: signing in with an SMS code (the first sign-in creates the account), the token, and
 * signing out. Only a token's sha256 is stored; http/auth.ts looks sessions up on every call.
 */
import { normalizeDigits } from '../../contract/person';
import type { Db } from '../db/types';
import { newToken, sha256hex } from '../lib/crypto';
import { sealPii } from '../lib/pii';
import type { LoginLimits } from '../lib/limits';
import { commitThenRefuse, type Refusal } from '../lib/refusal';
import { addDays } from '../lib/time';
import { consumeSmsCode, issueSmsCode } from './sms-codes';
import { USER_COLUMNS, type UserRow } from './users';

/** SPEC §6: the console keeps the token in a cookie for 15 days; the server agrees. */
export const SESSION_DAYS = 15;

/** Creates a session; only the token's sha256 is stored. */
export async function issueToken(db: Db, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = addDays(now, SESSION_DAYS);
  await db.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [sha256hex(token), userId, now, expiresAt]);
  return { token, expiresAt };
}

/** Sends a sign-in code to `mobile`, asked for from `ip` (the SMS-code service's limits), or refuses. */
export async function sendLoginCode(db: Db, mobile: string, ip: string, now: Date, limits: LoginLimits, sandbox: boolean): Promise<void> {
  await commitThenRefuse(db, (t) => issueSmsCode(t, mobile, { ip, purpose: 'login' }, now, limits, sandbox));
}

/**
 * Signs in with an SMS code: the code is used up and the token issued in one transaction, both or
 * neither; a wrong code is refused after the commit, so the try stays counted.
 */
export async function loginWithCode(
  db: Db,
  mobile: string,
  code: string,
  now: Date,
  limits: LoginLimits,
): Promise<{ user: UserRow; session: { token: string; expiresAt: Date } }> {
  return commitThenRefuse(db, async (t): Promise<{ user: UserRow; session: { token: string; expiresAt: Date } } | Refusal> => {
    const wrong = await consumeSmsCode(t, mobile, code, 'login', now, limits);
    if (wrong) return wrong;
    // the account is found by the mobile's blind index; a new one is stored sealed (docs/pii.md)
    const m = sealPii('mobile', normalizeDigits(mobile));
    const user = (await t.one<UserRow>(
      `INSERT INTO users (mobile_enc, mobile_bidx, mobile_mask, created_at, last_login_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (mobile_bidx) DO UPDATE SET last_login_at = EXCLUDED.last_login_at
       RETURNING ${USER_COLUMNS}`,
      [m.enc, m.bidx, m.mask, now],
    ))!;
    return { user, session: await issueToken(t, user.id, now) };
  });
}

/** Ends the session of `tokenHash` (another device's sessions stay). */
export async function logout(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash, now]);
}

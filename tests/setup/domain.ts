/**
 * The shared setup of the domain rule tests (the tests under src/server/domain): the rules are called
 * directly on the file's database (db.ts useTestDb) as the demo's callers, and refuse with a
 * Refusal (src/server/lib/refusal.ts) that `refusal` matches.
 */
import { beforeAll, expect } from 'vitest';
import type { Db } from '../../src/server/db';
import { mobileIndex } from '../../src/server/domain/users';

/** A caller of the domain functions: the user's company and id. */
export interface Actor {
  companyId: number;
  userId: number;
}

/**
 * The demo's 13800000001 (admin of the member company 1) as `mine` and 13800000002 (admin of
 * company 2) as `other`, read from `db` before the first test.
 */
export function demoActors(db: Db): { mine: Actor; other: Actor } {
  const actor = async (mobile: string) =>
    (await db.one<Actor>('SELECT company_id AS "companyId", id AS "userId" FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!;
  const mine = { companyId: 0, userId: 0 };
  const other = { companyId: 0, userId: 0 };
  beforeAll(async () => {
    Object.assign(mine, await actor('13800000001'));
    Object.assign(other, await actor('13800000002'));
  });
  return { mine, other };
}

/** Matches the Refusal a domain function throws with this code and message. */
export const refusal = (code: number, message: string) => expect.objectContaining({ name: 'Refusal', code, message });

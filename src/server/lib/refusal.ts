/**
 * A refusal: the business answer "no" with the contract's code and a Chinese message (SPEC §7
 * envelope `{code, msg, data}`). Domain functions throw it — or return it, see commitThenRefuse —
 * and know nothing of HTTP; http/errors.ts writes it as an HTTP 200 envelope.
 */
import { Code } from '../../contract/envelope';
import type { Db, TxOptions } from '../db/types';

export class Refusal extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'Refusal';
  }
}

export const badRequest = (msg: string) => new Refusal(Code.BAD_REQUEST, msg);
export const notFound = (msg: string) => new Refusal(Code.NOT_FOUND, msg);
export const conflict = (msg: string) => new Refusal(Code.CONFLICT, msg);
export const tooMany = (msg: string, data: unknown = null) => new Refusal(Code.TOO_MANY, msg, data);
export const forbidden = (msg: string) => new Refusal(Code.FORBIDDEN, msg);
export const failed = (msg: string) => new Refusal(Code.SERVER_ERROR, msg);

/**
 * Runs `fn` in a transaction; a Refusal that `fn` *returns* is thrown after the commit.
 *
 * The one mechanism for "refuse, but keep what was counted": a wrong SMS code must leave its
 * attempt counted, or a caller could guess without limit. A Refusal *thrown* inside `fn` rolls
 * everything back, as any error does — use that for refusals that have written nothing worth keeping.
 */
export async function commitThenRefuse<T>(db: Db, fn: (t: Db) => Promise<T | Refusal>, opts?: TxOptions): Promise<Exclude<T, Refusal>> {
  const out = await db.tx(fn, opts);
  if (out instanceof Refusal) throw out;
  return out as Exclude<T, Refusal>;
}

import type { ImportTypeDef } from '../../contract/imports';
import type { Db } from '../db/types';

/** The server half of one import type (src/server/imports/types/<type>.ts). */
export interface ServerImportType<R> {
  def: ImportTypeDef<R>;
  /** the dupKeys of `rows` that the company already has (through the blind index) */
  existing(db: Db, companyId: number, rows: R[]): Promise<Set<string>>;
  /** optional: per dupKey, why a row cannot be imported (checked against stored data in phase 1) */
  problems?(db: Db, companyId: number, rows: R[]): Promise<Map<string, string>>;
  /** writes every row in the caller's transaction `tx`; answers how many were written */
  commit(tx: Db, companyId: number, batchId: number, rows: R[], userId: number, ctx?: CommitContext): Promise<number>;
}

/** The request's clock and address, for types that log what they make (the payout list's 操作日志). */
export interface CommitContext {
  now: Date;
  ip: string;
}

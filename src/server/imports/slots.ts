/**
 * How many uploads are parsed at once (issue 28: four large uploads at once took 4.2 GB and 70 s).
 * One per company and two per server; one more is refused at once rather than queued, so a burst
 * of uploads cannot pile up in memory. In-process: each server process counts its own.
 */
import { tooMany } from '../lib/refusal';

export const PARSE_SLOTS_PER_COMPANY = 1;
export const PARSE_SLOTS_PER_SERVER = 2;
export const MSG_IMPORT_BUSY = '导入任务较多，请稍后再试';

const byCompany = new Map<number, number>();
let running = 0;

/** Runs `fn` in one of the company's parse slots; refused (429) when none is free. */
export async function withParseSlot<T>(companyId: number, fn: () => Promise<T>): Promise<T> {
  const mine = byCompany.get(companyId) ?? 0;
  if (running >= PARSE_SLOTS_PER_SERVER || mine >= PARSE_SLOTS_PER_COMPANY) throw tooMany(MSG_IMPORT_BUSY);
  running++;
  byCompany.set(companyId, mine + 1);
  try {
    return await fn();
  } finally {
    running--;
    const left = (byCompany.get(companyId) ?? 1) - 1;
    if (left > 0) byCompany.set(companyId, left);
    else byCompany.delete(companyId);
  }
}

/**
 * The nightly ledger check as a durable job (issue 28 item 5): one pg-boss schedule for all
 * servers; the comparison and its record are domain/payouts/ledger-check.ts, /metrics shows the
 * newest result (hr_ledger_mismatch_companies; alert when it is not 0). A mismatch is also a log
 * line naming the companies (ids only, no amounts).
 */
import { checkAllLedgers } from '../domain/payouts/ledger-check';
import type { JobDef } from '.';

export const LEDGER_CHECK_JOB = 'ledger-check';

export interface LedgerCheckLog {
  warn(o: object, m: string): void;
}

export function ledgerCheckJob(log?: LedgerCheckLog): JobDef {
  return {
    name: LEDGER_CHECK_JOB,
    // 02:47 China time: after the day's payouts, apart from retention (03:17) and the hourly cleanup
    cron: '47 18 * * *',
    retryLimit: 3,
    retryDelay: 60,
    async run(_data, { db, now }) {
      const r = await checkAllLedgers(db, now);
      if (r.mismatched.length) log?.warn({ ledgerMismatch: r.mismatched, companies: r.companies }, '账户余额与资金流水合计不符，请核查');
    },
  };
}

/**
 * POST /export/file: claims the ticket, checks again that the caller may (the kind's
 * permission, the member gate of 费用记录, 离职记录, 季度收入报送 and 数据面板 — roles or membership
 * may have changed since the ticket),
 * and starts the streamed file.
 */
import type { PermRule } from '../../../contract/roles';
import type { Db } from '../../db/types';
import { companyOf, memberCompanyOf, requirePermission } from '../access';
import type { AuthInfo } from '../users';
import { recordsSource, RECORDS_EXPORT } from '../dimission/records-export';
import { hrOf } from '../dimission/shared';
import { quarterSource, QUARTER_EXPORT } from '../payouts/quarter-export';
import { ledgerSource, LEDGER_EXPORT } from '../payouts/records';
import { applicationsSource, APPLICATIONS_EXPORT } from '../recruitment/review-export';
import { statsSource, STATS_EXPORT } from '../statistics/export';
import { runExport, type ExportSource, type RunningExport } from './stream';
import { claimExportTicket, endTicket, type ClaimedTicket } from './tickets';

interface Kind {
  /** the export call's permission (none: any member) */
  perm?: PermRule;
  source(t: ClaimedTicket, auth: AuthInfo, ip: string, now: Date): ExportSource<never>;
}
const KINDS: Record<string, Kind> = {
  [APPLICATIONS_EXPORT]: {
    perm: 'recruit',
    source: (t, auth, ip, now) =>
      applicationsSource(t.params, { companyId: companyOf(auth).id, userId: auth.user.id, roles: auth.user.roles, ip }, now) as ExportSource<never>,
  },
  [LEDGER_EXPORT]: { perm: 'payout.prepare', source: (t, auth, _ip, now) => ledgerSource(t.params, memberCompanyOf(auth, now).id) as ExportSource<never> },
  [RECORDS_EXPORT]: { perm: 'pii.full', source: (t, auth, _ip, now) => recordsSource(t.params, hrOf(auth, now).company.id, now) as ExportSource<never> },
  [QUARTER_EXPORT]: {
    perm: 'pii.full',
    source: (t, auth, ip, now) => quarterSource(t.params, { companyId: memberCompanyOf(auth, now).id, userId: auth.user.id, ip }, now) as ExportSource<never>,
  },
  [STATS_EXPORT]: { source: (t, auth, _ip, now) => statsSource(t.params, memberCompanyOf(auth, now).id) as ExportSource<never> },
};

export async function openExport(
  db: Db,
  ticket: string,
  auth: AuthInfo,
  ip: string,
  signal: AbortSignal,
  clock: () => Date,
): Promise<{ filename: string; total: number; running: RunningExport }> {
  const now = clock();
  const t = await claimExportTicket(db, ticket, { companyId: companyOf(auth).id, userId: auth.user.id }, now);
  let src: ExportSource<never>;
  try {
    const kind = KINDS[t.kind]!;
    if (kind.perm) requirePermission(auth, kind.perm);
    src = kind.source(t, auth, ip, now);
  } catch (e) {
    await endTicket(db, t.id, 'failed', 0, now);
    throw e;
  }
  return { filename: t.filename, total: t.total, running: runExport(db, t, src, signal, clock) };
}

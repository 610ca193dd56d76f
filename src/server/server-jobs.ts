/**
 * The durable jobs of the server (README: Production → Background work), in one list: main.ts
 * starts and works them; migrate-main.ts (`npm run migrate`) creates their queues, since a
 * production server runs no DDL and refuses to start while a queue of this list is missing.
 * A new job goes here, not into main.ts.
 */
import type { PayoutChannelClient } from './adapters/payout-channel';
import type { VodClient } from './adapters/vod';
import type { JobDef } from './jobs';
import { smsJob } from './jobs/sms';
import { importRecoverJob } from './jobs/imports';
import { payoutResultJob } from './jobs/payouts';
import { autoAcceptJob } from './jobs/acceptance';
import { interviewRemindersJob } from './jobs/interview-reminders';
import { mediaFinishJob } from './jobs/media';
import { retentionJob, retentionMediaJob, type RetentionLog } from './jobs/retention';
import { cleanupJob } from './jobs/cleanup';
import { ledgerCheckJob, type LedgerCheckLog } from './jobs/ledger-check';
import { payoutReconcileJob, payoutSubmitJob, type PayoutChannelLog } from './jobs/payout-submit';

export interface ServerJobsDeps {
  /** the server's own client of the video service (media-finish, retention-media); null: no video service, no such jobs */
  vod: VodClient | null;
  onVodError?: (msg: string) => void;
  /** the server's payout channel (payout-submit, payout-reconcile); null: none, no such jobs (确认发放 is refused) */
  payoutChannel?: PayoutChannelClient | null;
  /** the server's logger: the retention job's line of counts per run, the ledger check's warning, the payout jobs' problems */
  log?: RetentionLog & LedgerCheckLog & PayoutChannelLog;
}

export function serverJobs({ vod, onVodError, payoutChannel, log }: ServerJobsDeps): JobDef<never>[] {
  return [
    cleanupJob,
    smsJob as JobDef<never>,
    importRecoverJob,
    payoutResultJob as JobDef<never>,
    autoAcceptJob,
    interviewRemindersJob,
    retentionJob({ log }),
    ledgerCheckJob(log),
    ...(vod ? [mediaFinishJob(vod, onVodError), retentionMediaJob(vod, log)] : []),
    ...(payoutChannel ? [payoutSubmitJob(payoutChannel, log) as JobDef<never>, payoutReconcileJob(payoutChannel, log)] : []),
  ];
}

/**
 * Every queue a server of this build may work, whatever its configuration (media-finish and the
 * payout channel's too): what `npm run migrate` prepares. The stand-in clients are never called
 * (no job runs there).
 */
export const allServerJobs = (): JobDef<never>[] => serverJobs({ vod: {} as VodClient, payoutChannel: {} as PayoutChannelClient });

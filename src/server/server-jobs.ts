/**
 * The durable jobs of the server (README: Production → Background work), in one list: main.ts
 * starts and works them; migrate-main.ts (`npm run migrate`) creates their queues, since a
 * production server runs no DDL and refuses to start while a queue of this list is missing.
 * A new job goes here, not into main.ts.
 */
import type { VodClient } from './adapters/vod';
import type { JobDef } from './jobs';
import { smsJob } from './jobs/sms';
import { importRecoverJob } from './jobs/imports';
import { payoutResultJob } from './jobs/payouts';
import { autoAcceptJob } from './jobs/acceptance';
import { mediaFinishJob } from './jobs/media';
import { retentionJob, retentionMediaJob, type RetentionLog } from './jobs/retention';
import { cleanupJob } from './jobs/cleanup';
import { ledgerCheckJob, type LedgerCheckLog } from './jobs/ledger-check';

export interface ServerJobsDeps {
  /** the server's own client of the video service (media-finish, retention-media); null: no video service, no such jobs */
  vod: VodClient | null;
  onVodError?: (msg: string) => void;
  /** the server's logger: the retention job's line of counts per run, the ledger check's warning */
  log?: RetentionLog & LedgerCheckLog;
}

export function serverJobs({ vod, onVodError, log }: ServerJobsDeps): JobDef<never>[] {
  return [
    cleanupJob,
    smsJob as JobDef<never>,
    importRecoverJob,
    payoutResultJob as JobDef<never>,
    autoAcceptJob,
    retentionJob({ log }),
    ledgerCheckJob(log),
    ...(vod ? [mediaFinishJob(vod, onVodError), retentionMediaJob(vod, log)] : []),
  ];
}

/**
 * Every queue a server of this build may work, whatever its configuration (media-finish too):
 * what `npm run migrate` prepares. The stand-in client is never called (no job runs there).
 */
export const allServerJobs = (): JobDef<never>[] => serverJobs({ vod: {} as VodClient });

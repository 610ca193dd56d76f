/**
 * SMS sending as a durable job (issue 16 item 5): the request that issues a login code or a
 * notice (approval, 催办, proof link) only enqueues `sms-send` in its own transaction
 * (Jobs.sendIn), so the job exists exactly when the code/notice row committed. A worker on any
 * server then calls the configured provider (adapters/sms.ts, Alibaba Cloud SendSms, OutId = the
 * job's id); a refused or unreachable provider is retried with exponential backoff (2, 4, 8, 16,
 * 32 s). A login code no longer worth sending (used, or expired) is skipped, not sent late.
 * The mobile, the code and a notice's text travel encrypted (lib/pii.ts): the queue's table holds
 * no plain number and no link.
 * An `outside` job (jobs/index.ts): no transaction is held while the provider answers, up to 20 jobs
 * are taken at once and 10 sent side by side, so a hundred codes asked at once leave in about a second.
 */
import { smsSender } from '../adapters/sms';
import type { Db } from '../db/types';
import { decryptPii, encryptPii } from '../lib/pii';
import { jobQueue, type JobDef } from '.';

export const SMS_JOB = 'sms-send';

/** Sealed (lib/pii.ts): a notice's text may hold a link that opens a person's document. */
export type SmsJobData =
  | { kind: 'code'; sms_code_id: number; mobile: string; code: string }
  /** a 确认发放 code (payout_codes): to the approver's own mobile */
  | { kind: 'payout_code'; payout_code_id: number; mobile: string; code: string }
  | { kind: 'notice'; mobile: string; content_enc: string }
  /** a notice enqueued before its text was sealed (jobs already queued at the upgrade) */
  | { kind: 'notice'; mobile: string; content: string };

export const smsJob: JobDef<SmsJobData> = {
  name: SMS_JOB,
  retryLimit: 5,
  retryDelay: 2,
  expireInSeconds: 60,
  outside: true,
  batchSize: 20,
  concurrency: 10,
  pollingSeconds: 0.5,
  async run(d, { db, now, jobId }) {
    const provider = smsSender();
    // a server without a provider must not swallow the job: fail it, another try comes later
    if (!provider) throw new Error('no SMS provider configured on this server');
    if (d.kind === 'payout_code') {
      const row = await db.one<{ expires_at: Date; consumed_at: Date | null }>('SELECT expires_at, consumed_at FROM payout_codes WHERE id = $1', [
        d.payout_code_id,
      ]);
      if (!row || row.consumed_at || new Date(row.expires_at) <= now) return;
      await provider.sendCode(decryptPii(d.mobile), decryptPii(d.code), jobId);
      return;
    }
    if (d.kind === 'code') {
      const row = await db.one<{ expires_at: Date; consumed_at: Date | null }>('SELECT expires_at, consumed_at FROM sms_codes WHERE id = $1', [d.sms_code_id]);
      if (!row || row.consumed_at || new Date(row.expires_at) <= now) return;
      await provider.sendCode(decryptPii(d.mobile), decryptPii(d.code), jobId);
      return;
    }
    await provider.sendNotice?.(decryptPii(d.mobile), 'content_enc' in d ? decryptPii(d.content_enc) : d.content, jobId);
  },
};

/**
 * Sends through the queue when this server has one and a provider: enqueued in `t`, answers true.
 * False: no queue or no provider (the demo's sandbox outbox, or a test's inline provider).
 */
export async function enqueueSmsCode(t: Db, smsCodeId: number, mobile: string, code: string): Promise<boolean> {
  const q = jobQueue();
  if (!q || !smsSender() || !q.has(SMS_JOB)) return false;
  await q.sendIn<SmsJobData>(t, SMS_JOB, { kind: 'code', sms_code_id: smsCodeId, mobile: encryptPii(mobile), code: encryptPii(code) });
  return true;
}

/** A 确认发放 code (payout_codes row `payoutCodeId`), like enqueueSmsCode. */
export async function enqueuePayoutCode(t: Db, payoutCodeId: number, mobile: string, code: string): Promise<boolean> {
  const q = jobQueue();
  if (!q || !smsSender() || !q.has(SMS_JOB)) return false;
  await q.sendIn<SmsJobData>(t, SMS_JOB, { kind: 'payout_code', payout_code_id: payoutCodeId, mobile: encryptPii(mobile), code: encryptPii(code) });
  return true;
}

/** A notice to a sealed mobile (`<f>_enc`), through the queue when there is one and a provider. */
export async function enqueueSmsNotice(t: Db, mobileEnc: string, content: string): Promise<boolean> {
  const q = jobQueue();
  if (!q || !smsSender() || !q.has(SMS_JOB)) return false;
  await q.sendIn<SmsJobData>(t, SMS_JOB, { kind: 'notice', mobile: mobileEnc, content_enc: encryptPii(content) });
  return true;
}

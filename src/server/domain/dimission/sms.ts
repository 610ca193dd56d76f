/** The departure area's text messages (approval, return, proof links, urging). */
import type { Db } from '../../db/types';
import { enqueueSmsNotice } from '../../jobs/sms';
import { blindIndex, decryptPii } from '../../lib/pii';

/** The area's SMS gateway: the outbox the sandbox inbox reads (GET /sandbox/dimission/sms). */
export async function sendAreaSms(db: Db, companyId: number, mobileEnc: string | null, kind: string, body: string, now: Date): Promise<boolean> {
  if (!mobileEnc) return false;
  const mobile = decryptPii(mobileEnc);
  await db.query('INSERT INTO dimission_sms (company_id, mobile_bidx, mobile_mask, kind, body, sent_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    companyId,
    blindIndex('mobile', mobile),
    `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
    kind,
    body,
    now,
  ]);
  // production: delivered by the durable `sms-send` job (jobs/sms.ts) once this transaction commits
  await enqueueSmsNotice(db, mobileEnc, body);
  return true;
}

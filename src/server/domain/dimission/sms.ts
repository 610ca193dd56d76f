/** The departure area's text messages (approval, return, proof links, urging). */
import type { Db } from '../../db/types';
import { enqueueSmsNotice } from '../../jobs/sms';
import { blindIndex, decryptPii, encryptPii } from '../../lib/pii';
import { AREA_SMS, type AreaSmsTemplate, areaSmsText } from './sms-templates';

/**
 * The area's SMS gateway: the outbox the sandbox inbox reads (GET /sandbox/dimission/sms) keeps the
 * template and its parameters sealed; production sends through the `sms-send` job, whose data is
 * sealed too (jobs/sms.ts). False when the person has no mobile.
 */
export async function sendAreaSms(
  db: Db,
  companyId: number,
  mobileEnc: string | null,
  template: AreaSmsTemplate,
  params: Record<string, string>,
  now: Date,
): Promise<boolean> {
  if (!mobileEnc) return false;
  const mobile = decryptPii(mobileEnc);
  await db.query('INSERT INTO dimission_sms (company_id, mobile_bidx, mobile_mask, kind, template, params_enc, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    companyId,
    blindIndex('mobile', mobile),
    `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
    AREA_SMS[template].kind,
    template,
    encryptPii(JSON.stringify(params)),
    now,
  ]);
  // production: delivered by the durable `sms-send` job (jobs/sms.ts) once this transaction commits
  await enqueueSmsNotice(db, mobileEnc, areaSmsText(template, params));
  return true;
}

/** A stored message's text, opened from its sealed parameters (the sandbox inbox). */
export const storedAreaSms = (row: { template: string; params_enc: string }) =>
  areaSmsText(row.template, JSON.parse(decryptPii(row.params_enc)) as Record<string, string>);

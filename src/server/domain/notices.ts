/**
 * Notices by SMS, for every area (issue 29 item 4): the departure area's approvals, returns, proof
 * links and urges; flexible employment's 签约短信, 催签, 验收 and 发放; the candidate's interview invitation, 改期 and 取消. One outbox (`notice_sms`,
 * what the sandbox inbox reads) keeps each message's template and its parameters sealed, never the
 * text: a link in a message is a key to a person's page (issue 28 item 2). Production delivers it
 * through the durable `sms-send` job, whose data holds the text sealed (jobs/sms.ts).
 */
import type { Db } from '../db/types';
import { enqueueSmsNotice } from '../jobs/sms';
import { blindIndex, decryptPii, encryptPii } from '../lib/pii';
import { AREA_SMS } from './dimission/sms-templates';
import { FLEX_SMS } from './employment/sms-templates';
import { RECRUIT_SMS } from './recruitment/sms-templates';

type P = Record<string, string>;
const TEMPLATES = { ...AREA_SMS, ...FLEX_SMS, ...RECRUIT_SMS } as const;
export type NoticeTemplate = keyof typeof TEMPLATES;
const AREA_OF = (t: NoticeTemplate): 'dimission' | 'flex' | 'recruit' => (t in FLEX_SMS ? 'flex' : t in RECRUIT_SMS ? 'recruit' : 'dimission');

/** A stored message's text (the sandbox inbox; the provider's notice template takes it whole). */
const textOf = (template: string, params: P): string => (template in TEMPLATES ? TEMPLATES[template as NoticeTemplate].text(params) : (params.text ?? ''));

/** Records and sends one notice to a sealed mobile; false when the person has no mobile (nothing is sent). */
export async function sendNotice(db: Db, companyId: number, mobileEnc: string | null, template: NoticeTemplate, params: P, now: Date): Promise<boolean> {
  if (!mobileEnc) return false;
  const mobile = decryptPii(mobileEnc);
  await db.query(
    'INSERT INTO notice_sms (company_id, area, mobile_bidx, mobile_mask, kind, template, params_enc, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [
      companyId,
      AREA_OF(template),
      blindIndex('mobile', mobile),
      `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      TEMPLATES[template].kind,
      template,
      encryptPii(JSON.stringify(params)),
      now,
    ],
  );
  // production: delivered by the durable `sms-send` job (jobs/sms.ts) once this transaction commits
  await enqueueSmsNotice(db, mobileEnc, textOf(template, params));
  return true;
}

/** A stored message's text, opened from its sealed parameters (the sandbox inbox). */
export const storedNoticeText = (row: { template: string; params_enc: string }) => textOf(row.template, JSON.parse(decryptPii(row.params_enc)) as P);

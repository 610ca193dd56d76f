/**
 * Retention (保存期限, issue 25 item 6; the table of docs/pii.md "Retention"): personal data is kept
 * only as long as its purpose needs (PIPL art. 19 and 47), and what the law makes us keep is kept
 * that long (劳动合同法 art. 50: departure records at least 2 years; 电子签名法 art. 24: signature
 * evidence at least 5 years after the signature's validity ends). This file holds the periods,
 * the messages that name them and the shapes the sweeps share; retention-sweep.ts applies them
 * (the daily job), retention-settings.ts is the company's choice. No HTTP here.
 */
import { DEPARTURE_KEEP_YEARS } from '../../../contract/retention';
import type { Db } from '../../db/types';

/** The periods of docs/pii.md "Retention" (change both together). */
export const RETENTION_RULES = {
  /** import originals (file, clean rows, issue list) after a successful import */
  importAfterImportDays: 7,
  /** … of a batch never imported (failed, or left 待确认 / 校验中) after its upload */
  importUnfinishedDays: 30,
  /** departure records (and their proofs and resignation request) after the leave date */
  departureYears: DEPARTURE_KEEP_YEARS,
  /** a resignation request returned or withdrawn, with no record, after its last change */
  closedRequestYears: DEPARTURE_KEEP_YEARS,
  /** audit trails of full views (pii_views, resume_views): PIPL art. 56 处理情况记录 ≥ 3 years */
  auditYears: 3,
  /** the notice SMS outbox of every area (notice_sms; its parameters hold links and names, sealed) */
  areaSmsDays: 30,
  /** expired secrets (login sessions, payout codes, leave tickets, worker sessions), after expiry */
  expiredDays: 1,
  /** rate-limit windows (buckets name IPs and mobiles), after the window started */
  rateCounterDays: 2,
  /**
   * a signature's evidence (sign_evidence: 签署记录, timestamp, IP, UA), after the engagement it
   * backs ended (电子签名法 art. 24: ≥ 5 years after the signature's validity ends; 劳动合同法 art. 50's
   * 2 years and 民法典 art. 188's 3 are inside it). Also the 055 trigger's number.
   */
  evidenceYears: 5,
  /** a real-name check no evidence cites, after the engagement ended (PIPL art. 6 and 19: minimum necessary) */
  realnameYears: 1,
  /** a delivery's photos, after the engagement ended (税收征管法 art. 52's 5-year window; not 会计凭证) */
  deliveryPhotoYears: 5,
  /** a task worker's photo no delivery names (replaced after 驳回, never delivered, person removed), after its upload */
  unlinkedPhotoDays: 30,
  /** 消息中心 messages (titles name people and tasks; issue 32 item 4), with their read state, after they were written */
  messageDays: 90,
} as const;

/** What an anonymised departure record, proof or request shows instead of the person's name. */
export const ANONYMISED_NAME = '已匿名化';

export const MSG_IMPORT_FILE_PURGED = `原文件已按保存期限删除（导入成功${RETENTION_RULES.importAfterImportDays}天后、未导入的批次上传${RETENTION_RULES.importUnfinishedDays}天后删除）`;
export const MSG_IMPORT_ERRORS_PURGED = '错误数据已随原文件按保存期限删除';
export const MSG_IMPORT_COMMIT_PURGED = '该批次的原文件已按保存期限删除，不能再导入，请重新上传';
export const MSG_IMPORT_EXPIRED = `上传后${RETENTION_RULES.importUnfinishedDays}天内未确认导入，批次已过期，原文件已按保存期限删除，请重新上传`;
export const MSG_RECORD_ANONYMISED = `该离职记录已超过保存期限（离职满${DEPARTURE_KEEP_YEARS}年）并已匿名化，姓名、身份证号与手机号已删除`;
export const MSG_EVIDENCE_PURGED = `签署证据已按保存期限删除（任务结束满${RETENTION_RULES.evidenceYears}年后删除）`;
export const MSG_PROOF_ANONYMISED = `该离职证明已超过保存期限（离职满${DEPARTURE_KEEP_YEARS}年）并已匿名化，不能再预览、打印或出具`;

/** kind → what it holds; the console labels the company's own kinds (zh-CN.privacy retention.kinds). */
export const RETENTION_KINDS = [
  'departure_records',
  'departure_proofs',
  'resignation_requests',
  'import_files',
  'dimission_sms',
  'leave_tickets',
  'worker_sessions',
  'pii_views',
  'resume_views',
  'sessions',
  'payout_codes',
  'payout_sms_outbox',
  'rate_counters',
  'sign_evidence',
  'sign_flows',
  'realname_checks',
  'delivery_photos',
  'unlinked_photos',
  'messages',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
export type RetentionAction = 'delete' | 'anonymise' | 'clear';

/** The rows one batch changed: the company of each row (null: a platform-wide kind). */
export type Touched = [kind: RetentionKind, action: RetentionAction, companies: (number | null)[]];
/** One batch: `limit` rows of its main kind at most; `n` of them done (fewer than `limit`: that kind is finished). */
export type Batch = (t: Db, limit: number) => Promise<{ n: number; touched: Touched[] }>;

export const companiesOf = (rows: { company_id: number | null }[]) => rows.map((r) => r.company_id);

/** The same moment `n` years earlier (UTC calendar). */
export function yearsBefore(now: Date, n: number): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - n);
  return d;
}

/**
 * Departure handling (离职办理, issue 11): what the area's modules share — who acts for HR, link
 * tokens, the list search and status counts, the refusals for missing rows and bad input, and the
 * date rules of proofs and records (docs/decisions.md → 离职办理).
 */
import { randomBytes } from 'node:crypto';
import { addDaysTo, daysBetween, evaluativeWarning, evaluativeWord } from '../../../contract/dimission-rules';
import { idCardProblem, normalizeDigits } from '../../../contract/person';
import { blindIndex } from '../../lib/pii';
import { badRequest, notFound } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { memberCompanyOf } from '../access';
import type { AuthInfo, CompanyRow } from '../users';
import { containsPattern } from '../../lib/search';

export const MSG_OVERDUE = '已超过离职日期，请尽快出具离职证明';
/** Days the employer has for the 档案/社保 transfer after the departure (art. 50). */
export const TRANSFER_DAYS = 15;

/**
 * Who acts on the HR side: a member of a verified company (a paid feature, SPEC §6) and the user.
 * Every HR function works inside this company: another company's ids answer like missing ones.
 */
export interface Hr {
  company: CompanyRow;
  userId: number;
}
/** The caller as HR, or the access refusal (domain/access.ts memberCompanyOf). */
export const hrOf = (auth: AuthInfo, now: Date): Hr => ({ company: memberCompanyOf(auth, now), userId: auth.user.id });

/** How the area's text messages are signed: 【short name】. */
export const smsSign = (c: Pick<CompanyRow, 'name' | 'short_name'>) => `【${c.short_name || c.name}】`;

export const newLinkToken = () => randomBytes(18).toString('base64url');

export const dt = (d: Date | null) => (d ? fmtDateTime(d) : null);

/** `%`, `_` and `\` taken literally in ILIKE. */

/** A query's next parameter: pushes `v` onto `args` and answers its placeholder. */
export const argOf = (args: unknown[]) => (v: unknown) => `$${args.push(v)}`;

/**
 * A breadcrumb search as it may be kept (an export's ticket): a whole mobile only as its blind
 * index, never in plain text at rest; anything else as typed, without spaces.
 */
export type KeywordQuery = string | { mobile_bidx: string };
export function keptKeywords(keywords: string | undefined): KeywordQuery {
  const k = (keywords ?? '').replace(/\s+/g, '');
  const digits = normalizeDigits(k);
  return /^1[3-9]\d{9}$/.test(digits) ? { mobile_bidx: blindIndex('mobile', digits) } : k;
}

/**
 * The breadcrumb search: a name fragment, or a whole mobile through its blind index (a mobile is
 * never stored in plain text, so it can only be matched whole; typed with spaces, hyphens or
 * full-width digits it is the same mobile).
 */
export function keywordFilter(keywords: KeywordQuery | undefined, nameCol: string, bidxCol: string, arg: (v: unknown) => string): string | null {
  const q = typeof keywords === 'object' ? keywords : keptKeywords(keywords);
  if (typeof q === 'object') return `${bidxCol} = ${arg(q.mobile_bidx)}`;
  if (!q) return null;
  return `${nameCol} ILIKE ${arg(containsPattern(q))}`;
}

/** Same answer for a missing object and another company's (no probing of ids). */
export const missing = (what: string) => notFound(`${what}不存在`);

/** A normalised, valid ID number or the refusal. */
export function idCardOf(raw: string, now: Date): string {
  const v = normalizeDigits(raw);
  const p = idCardProblem(v, now);
  if (p === 'format') throw badRequest('请输入正确的18位身份证号');
  if (p === 'birth') throw badRequest('身份证号中的出生日期不正确');
  if (p === 'check') throw badRequest('身份证号校验位错误，请核对');
  return v;
}

/** Free text of a proof: no evaluative words (warning in Chinese). */
export function neutral(...texts: string[]): void {
  for (const t of texts) {
    const w = evaluativeWord(t);
    if (w) throw badRequest(evaluativeWarning(w));
  }
}

/** Overdue: not issued and the departure date has passed (the proof is due on that date). */
export const isOverdue = (status: string | null, leaveDate: string, today: string) => (status === null || status === 'draft') && leaveDate < today;
/** Days left of the 15-day 档案/社保 transfer; null once more than 30 days past (no longer shown). */
export function transferDaysLeft(leaveDate: string, today: string): number | null {
  const left = daysBetween(today, addDaysTo(leaveDate, TRANSFER_DAYS));
  return left < -30 ? null : left;
}

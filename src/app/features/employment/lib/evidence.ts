/** 签署证据: the words and verdicts of the evidence page (pure; the server sends most texts ready). */
import type { EvidenceCheck, SignEvidenceData } from '../../../../contract/sign-evidence';
import { tEvidence } from '../../../shared/i18n/zh-CN.evidence';

const E = tEvidence;

/** The live checks, in the order the page shows them (the signed file's only for a signature made at e签宝). */
export const CHECK_KEYS = ['agreement_file', 'signed_file', 'record', 'timestamp'] as const;
export type CheckKey = (typeof CHECK_KEYS)[number];

/** The checks this signature has, in page order, each with its result. */
export const shownChecks = (checks: SignEvidenceData['checks']) =>
  CHECK_KEYS.flatMap((k) => {
    const c = checks[k];
    return c ? [{ key: k, check: c }] : [];
  });

/** The checks that failed, in page order. */
export function failedChecks(checks: SignEvidenceData['checks']): CheckKey[] {
  return shownChecks(checks)
    .filter((c) => !c.check.ok)
    .map((c) => c.key);
}

/** 三项校验均通过… / 四项…: the summary of checks all passed. */
export const allOkText = (checks: SignEvidenceData['checks']) => (checks.signed_file ? E.allOkFlow : E.allOk);

/** ✓ 通过 / ✗ 未通过: a mark and a word, never the colour alone. */
export const checkVerdict = (c: EvidenceCheck) => (c.ok ? `✓ ${E.pass}` : `✗ ${E.fail}`);

/** A real-name method: the provider's code (base2, telecom3) in words; a text the server already wrote stays. */
export const realnameMethodText = (m: string) => E.realname.methods[m] ?? m;
/** An intent method: `sms` in words; a text the server already wrote stays. */
export const intentMethodText = (m: string) => E.intent.methods[m] ?? m;
/** The provider: `esign` in words. */
export const providerText = (p: string) => E.realname.providers[p] ?? p;

/** Whether a real-name result says the person matched (一致 / consistent). */
export const realnamePassed = (result: string) => result === 'consistent' || result === E.realname.consistent;
export const realnameResultText = (result: string) =>
  result === 'consistent' ? E.realname.consistent : result === 'inconsistent' ? E.realname.inconsistent : result;

/** 第3版. */
export const versionText = (v: number) => E.agreement.versionOf(v);

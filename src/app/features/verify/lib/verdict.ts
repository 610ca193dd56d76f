/** What the page says of a file's hash, from the server's answer (pure). */
import type { VerifyData } from '../../../../contract/sign-evidence';
import { tVerify } from '../../../shared/i18n/zh-CN.verify';

const T = tVerify.result;

export interface Verdict {
  /** match: a signed record, signed file or agreement; partial: a record or signed file whose timestamp does not verify; none: nothing matches */
  tone: 'match' | 'partial' | 'none';
  title: string;
  text: string;
}

export function verdict(d: VerifyData): Verdict {
  if (!d.found || d.kind === '') return { tone: 'none', title: T.noneTitle, text: T.none };
  if (d.kind === 'agreement') return { tone: 'match', title: T.agreementTitle, text: T.agreement(d.company_name, d.agreement_name, d.version, d.signed_count) };
  const of = d.kind === 'signed' ? { title: T.signedTitle, text: T.signed } : { title: T.recordTitle, text: T.record };
  return {
    tone: d.timestamp_ok ? 'match' : 'partial',
    title: of.title,
    text: of.text(d.company_name, d.agreement_name, d.version, d.signer, d.signed_at, d.timestamp_time, d.timestamp_ok),
  };
}

/**
 * The public check of a signed document (/m/verify, issue 29 item 2): the browser hashes a file
 * and asks whether it is a 签署记录 kept here, or the signed file e签宝 delivered for a signature
 * (then: the company, the agreement, the signer masked, when, and whether the record's timestamp
 * verifies), or the original of an agreement someone signed (then: how many signatures it carries). Only the hash travels; an unknown hash learns nothing, and a
 * known one tells what its holder already holds. Agreements nobody signed are not answered.
 */
import type { VerifyData } from '../../../contract/sign-evidence';
import type { Db } from '../../db/types';
import { fmtDateTime } from '../../lib/time';
import { timestampCheck } from './evidence-view';
import { maskPersonName, parseRecord } from './sign-record';
import type { TimestampService } from './sign-evidence';

const NONE: VerifyData = {
  found: false,
  kind: '',
  company_name: '',
  agreement_name: '',
  version: 0,
  signer: '',
  signed_at: '',
  timestamp_time: '',
  timestamp_ok: false,
  signed_count: 0,
};

export async function verifySigned(db: Db, tsa: TimestampService | null, sha: string): Promise<VerifyData> {
  const rec = await db.one<{ record: string; record_sha256: string; tsa_token: Buffer; tsa_time: Date; signed_at: Date; kind: 'record' | 'signed' }>(
    `SELECT record, record_sha256, tsa_token, tsa_time, signed_at, CASE WHEN record_sha256 = $1 THEN 'record' ELSE 'signed' END AS kind
       FROM sign_evidence WHERE record_sha256 = $1 OR signed_sha256 = $1 ORDER BY id LIMIT 1`,
    [sha],
  );
  if (rec) {
    const r = parseRecord(rec.record);
    const ts = await timestampCheck(tsa, rec.tsa_token, rec.record_sha256);
    return {
      ...NONE,
      found: true,
      kind: rec.kind,
      company_name: r.company.name,
      agreement_name: r.agreement.name,
      version: r.agreement.version,
      signer: maskPersonName(r.signer.name),
      signed_at: fmtDateTime(rec.signed_at),
      timestamp_time: fmtDateTime(rec.tsa_time),
      timestamp_ok: ts.ok,
    };
  }
  // a template several companies use names none of them
  const ag = await db.one<{ record: string; n: number; companies: number }>(
    `SELECT (array_agg(record ORDER BY id DESC))[1] AS record, count(*)::int AS n, count(DISTINCT company_id)::int AS companies
       FROM sign_evidence WHERE agreement_sha256 = $1 HAVING count(*) > 0`,
    [sha],
  );
  if (!ag) return NONE;
  const r = parseRecord(ag.record);
  return {
    ...NONE,
    found: true,
    kind: 'agreement',
    company_name: ag.companies > 1 ? '多家企业' : r.company.name,
    agreement_name: r.agreement.name,
    version: r.agreement.version,
    signed_count: ag.n,
  };
}

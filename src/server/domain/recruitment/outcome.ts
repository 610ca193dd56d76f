/**
 * What an interview's outcome does to its application (issue 32 item 1): the one place the
 * interview lifecycle writes an application's status, to be called inside the interview's
 * transaction (and by anything else that settles an application on an interview's verdict).
 * 通过 leaves the application open for 录用 (hireApplication takes it from any status but 录用);
 * 待定 changes nothing; 不通过 makes it 不合适 unless it was already 录用 (a hire is never undone here).
 */
import type { Verdict } from '../../../contract/interviews';
import type { Db } from '../../db/types';

export async function applyInterviewOutcome(
  t: Db,
  a: { companyId: number; applicationId: number | null; verdict: Verdict },
  now: Date,
): Promise<'unsuitable' | null> {
  if (a.applicationId === null || a.verdict !== 'fail') return null;
  const done = await t.one(
    `UPDATE applications SET status = 'unsuitable', updated_at = $3 WHERE id = $1 AND company_id = $2 AND status NOT IN ('hired', 'unsuitable') RETURNING id`,
    [a.applicationId, a.companyId, now],
  );
  return done ? 'unsuitable' : null;
}

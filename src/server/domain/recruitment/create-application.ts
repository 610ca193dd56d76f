/**
 * The one way an application (投递) row is made (issue 32): a job-seeker's 投递 on a position's
 * page (job-link.ts) and an invitation from the talent hall (interviews.ts sendInvitation) both
 * call createApplication, inside their transaction. It
 * - finds the person by mobile (the blind index; one person, one record: a merged record's kept
 *   one, duplicates.ts) or makes their record (the mobile sealed, never in the clear), or takes
 *   the candidate the caller already knows (the hall);
 * - inserts the application once per position and person (applications_uq): a second one answers
 *   the existing row (`created: false`) and the caller decides (你已投递过该职位, or the hall's
 *   invitation moves it to 已邀约);
 * - the position's kept figures (投递 / 新投递 / 录用) move by the triggers of migration 067;
 * - a job-seeker's own 投递 writes the 新投递 message to whoever recruits (messages/events.ts),
 *   unless the position's 接收投递通知 is off. HR's own invitation writes none.
 */
import type { Gender } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { sealPii } from '../../lib/pii';
import { applicationReceived } from '../messages/events';

export type ApplicationStatus = 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';

/** A job-seeker's résumé as the page takes it (the console's résumé dialog shows these). */
export interface NewPerson {
  realname: string;
  mobile: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthDate: string;
  /** contract/vocab EDUCATION code */
  education: number;
  /** 参加工作时间, YYYY-MM-DD; null = 应届/无经验 */
  workStart: string | null;
  /** 自我介绍 */
  evaluation: string;
}

export interface NewApplication {
  companyId: number;
  positionId: number;
  /** the person: known (the hall's candidate) or by their mobile (a 投递) */
  who: { candidateId: number } | { person: NewPerson };
  status: 'pending' | 'invited';
  source: '自主投递' | '企业邀约';
  now: Date;
}

export interface CreatedApplication {
  id: number;
  candidateId: number;
  /** false: the person already had an application to this position (`prior` is its status) */
  created: boolean;
  prior: ApplicationStatus | null;
  /** the 新投递 message was written */
  notified: boolean;
}

/**
 * The person's live record by mobile, or a new one (kept out of the talent hall: the résumé went
 * to one company). Serialised per mobile, so two quick 投递 make one record.
 */
export async function candidateByMobile(t: Db, p: NewPerson, now: Date): Promise<number> {
  const seal = sealPii('mobile', p.mobile);
  await t.query("SELECT pg_advisory_xact_lock(hashtext('candidate:' || $1))", [seal.bidx]);
  const found = await t.one<{ id: number }>('SELECT id FROM candidates WHERE mobile_bidx = $1 AND merged_into IS NULL ORDER BY id LIMIT 1', [seal.bidx]);
  if (found) {
    await t.query('UPDATE candidates SET active_at = $2 WHERE id = $1', [found.id, now]);
    return found.id;
  }
  const row = await t.one<{ id: number }>(
    `INSERT INTO candidates (realname, gender, birth_date, mobile_enc, mobile_mask, mobile_bidx, education, work_start, evaluation,
       in_hall, active_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10, $10) RETURNING id`,
    [p.realname, p.gender, p.birthDate, seal.enc, seal.mask, seal.bidx, p.education, p.workStart, p.evaluation, now],
  );
  return row!.id;
}

/** Makes (or finds) the person's application to the position; see the file's head. Call it inside a transaction. */
export async function createApplication(t: Db, a: NewApplication): Promise<CreatedApplication> {
  const candidateId = 'candidateId' in a.who ? a.who.candidateId : await candidateByMobile(t, a.who.person, a.now);
  // the one row per position and person, locked: a hire or another invitation racing this waits
  const prior = await t.one<{ id: number; status: ApplicationStatus }>(
    'SELECT id, status FROM applications WHERE position_id = $1 AND candidate_id = $2 FOR UPDATE',
    [a.positionId, candidateId],
  );
  if (prior) return { id: prior.id, candidateId, created: false, prior: prior.status, notified: false };
  const row = await t.one<{ id: number }>(
    `INSERT INTO applications (position_id, company_id, candidate_id, status, source, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (position_id, candidate_id) DO NOTHING RETURNING id`,
    [a.positionId, a.companyId, candidateId, a.status, a.source, a.now],
  );
  if (!row) {
    // inserted by a concurrent call since the check: that one is the person's application
    const again = (await t.one<{ id: number; status: ApplicationStatus }>(
      'SELECT id, status FROM applications WHERE position_id = $1 AND candidate_id = $2 FOR UPDATE',
      [a.positionId, candidateId],
    ))!;
    return { id: again.id, candidateId, created: false, prior: again.status, notified: false };
  }
  const notified = a.source === '自主投递' ? await applicationReceived(t, row.id, a.now) : false;
  return { id: row.id, candidateId, created: true, prior: null, notified };
}

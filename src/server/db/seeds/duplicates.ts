/**
 * Demo duplicates (issue 32 item 3): two of 杭州云帆智联's applicants are in the pool a second time,
 * so the 重复人才 dialog of the talent hall has something to merge in the demo.
 * - one registered again with the same mobile (same name and birth date; a blank 期望城市, another
 *   self-evaluation, and an application to another open position that moves on merging);
 * - one uploaded the same résumé file again under a new mobile.
 * Rows are found by natural keys (the admin's mobile, the applications' order), never by id.
 */
import type { Db } from '../types';
import type { SeedStep } from '../seed';
import { mobileIndex } from '../../domain/users';
import { sha256hex } from '../../lib/crypto';
import { sealPii } from '../../lib/pii';
import { addDays } from '../../lib/time';

/** The columns a second registration copies from the first (the résumé as the person wrote it). */
const COPY = `realname, gender, birth_date, verify_status, nation, current_addr, jnplace, education, work_start, job_status,
  expect_job, expect_min, expect_max, labels, resign_cause`;

async function again(db: Db, from: number, set: { mobile?: { enc: string; mask: string; bidx: string }; evaluation: string; at: Date; city: boolean }) {
  const row = await db.one<{ id: number }>(
    `INSERT INTO candidates (${COPY}, mobile_enc, mobile_mask, mobile_bidx, resume_sha256, expect_city, evaluation, active_at, updated_at)
     SELECT ${COPY}, COALESCE($2, mobile_enc), COALESCE($3, mobile_mask), COALESCE($4, mobile_bidx), resume_sha256,
            CASE WHEN $7 THEN expect_city ELSE '' END, $5, $6, $6
       FROM candidates WHERE id = $1 RETURNING id`,
    [from, set.mobile?.enc ?? null, set.mobile?.mask ?? null, set.mobile?.bidx ?? null, set.evaluation, set.at, set.city],
  );
  return row!.id;
}

export const duplicatesSeed: SeedStep = {
  name: 'recruitment_003_duplicates',
  async run(db, now) {
    const admin = await db.one<{ company_id: number }>('SELECT company_id FROM users WHERE mobile_bidx = $1', [mobileIndex('13800000001')]);
    const c1 = admin!.company_id;
    // the company's first two applicants (by application), each with one application
    const firsts = await db.query<{ candidate_id: number; position_id: number }>(
      `SELECT DISTINCT ON (a.candidate_id) a.candidate_id, a.position_id FROM applications a JOIN candidates c ON c.id = a.candidate_id
        WHERE a.company_id = $1 AND c.merged_into IS NULL ORDER BY a.candidate_id, a.id LIMIT 2`,
      [c1],
    );
    if (firsts.length < 2) return;
    const [byMobile, byFile] = firsts as [(typeof firsts)[0], (typeof firsts)[0]];

    // 1. the same mobile, registered again a month earlier; applied to another open position
    const dupMobile = await again(db, byMobile.candidate_id, { evaluation: '有较强的学习能力和责任心，期待新的机会。', at: addDays(now, -30), city: false });
    const other = await db.one<{ id: number }>(
      `SELECT p.id FROM positions p WHERE p.company_id = $1 AND p.status = 'open'
          AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.position_id = p.id AND a.candidate_id = $2) ORDER BY p.id LIMIT 1`,
      [c1, byMobile.candidate_id],
    );
    if (other) {
      await db.query(
        `INSERT INTO applications (position_id, company_id, candidate_id, status, source, created_at, updated_at) VALUES ($1,$2,$3,'pending','自主投递',$4,$4)`,
        [other.id, c1, dupMobile, addDays(now, -2)],
      );
    }

    // 2. the same résumé file under a new mobile (170…: a range the demo's candidates do not use)
    const hash = sha256hex(`demo resume file of candidate ${byFile.candidate_id}`);
    await db.query('UPDATE candidates SET resume_sha256 = $2 WHERE id = $1', [byFile.candidate_id, hash]);
    await again(db, byFile.candidate_id, { mobile: sealPii('mobile', '17000000032'), evaluation: '', at: addDays(now, -12), city: true });
  },
};

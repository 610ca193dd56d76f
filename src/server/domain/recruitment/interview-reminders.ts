/**
 * 面试即将开始 (issue 32 item 4): an interview still on (待确认 or 已确认) that starts within the
 * next REMIND_AHEAD_MIN minutes gets one message to the company's recruiters. The claim is one
 * conditional UPDATE … WHERE reminded_at IS NULL, so two servers, a retried job or a second run
 * write it once; 改期 clears reminded_at (interview-moves.ts) and the new time is reminded again.
 * An interview whose time passed while no job ran is not reminded late.
 */
import type { Db } from '../../db/types';
import { interviewDue } from '../messages/events';

export const REMIND_AHEAD_MIN = 60;

/** Writes the reminders due at `now`; answers the interviews reminded. */
export async function remindDueInterviews(db: Db, now: Date): Promise<number[]> {
  return db.tx(async (t) => {
    const due = await t.query<{ id: number; company_id: number; position_id: number; job: string; realname: string; pick_time: Date; status: string }>(
      `WITH claimed AS (
         UPDATE interviews SET reminded_at = $1
          WHERE reminded_at IS NULL AND status IN ('pending', 'accepted')
            AND pick_time > $1 AND pick_time <= $1 + make_interval(mins => $2)
          RETURNING id, company_id, position_id, candidate_id, pick_time, status)
       SELECT i.id, i.company_id, i.position_id, p.title AS job, c.realname, i.pick_time, i.status
         FROM claimed i
         JOIN positions p ON p.id = i.position_id AND p.company_id = i.company_id
         JOIN candidates c ON c.id = i.candidate_id
        ORDER BY i.pick_time, i.id`,
      [now, REMIND_AHEAD_MIN],
    );
    for (const r of due) await interviewDue(t, r, now);
    return due.map((r) => r.id);
  });
}

/**
 * Recovery of interrupted import commits (issue 16 item 5; the stop note of issue 10: "a batch
 * stuck in 导入中 after a process crash has no recovery job"). The commit (imports/commit.ts)
 * claims a 待确认 batch (→ 导入中, claimed_at) and then writes every row and the 导入成功 status in
 * ONE transaction that holds the batch's row lock. A server that dies in between leaves the batch
 * 导入中 with nothing written. Every minute, on one server (one pg-boss schedule), this job puts
 * such a batch — claimed over STALE_MINUTES ago and not locked by a commit still running — back
 * to 待确认 with a note, so the user can simply confirm again (the commit is idempotent per batch).
 */
import type { Db } from '../db/types';
import type { JobDef } from '.';

export const STALE_MINUTES = 5;
export const MSG_INTERRUPTED = '上次导入因服务中断未完成，未写入任何数据，请重新确认导入';

/** Answers the ids of the batches put back. */
export async function recoverInterruptedImports(db: Db, now: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE import_batches SET status = 'pending', claimed_at = NULL, message = $2
      WHERE id IN (SELECT id FROM import_batches
                    WHERE status = 'importing' AND (claimed_at IS NULL OR claimed_at < $1)
                      FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [new Date(now.getTime() - STALE_MINUTES * 60_000), MSG_INTERRUPTED],
  );
  return rows.map((r) => r.id);
}

export const importRecoverJob: JobDef = {
  name: 'import-recover',
  cron: '* * * * *',
  retryLimit: 3,
  retryDelay: 5,
  expireInSeconds: 120,
  async run(_data, { db, now }) {
    await recoverInterruptedImports(db, now);
  },
};

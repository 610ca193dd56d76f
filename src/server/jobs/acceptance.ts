/**
 * 自动验收 (issue 16 item 5; docs/decisions.md "自动验收"). A delivery (交付) still 待验收 more
 * than its task's 自动验收天数 after it was submitted is accepted by the system exactly as HR's
 * 验收通过 (domain/employment/task-workers.ts workerAction) would: work_status 已验收, accepted_at,
 * the reject reason cleared — so it is payable in a batch made from accepted deliveries
 * (domain/employment acceptedDeliveries) — with the operator recorded as 系统自动验收
 * (accepted_auto; accepted_by stays NULL). The same conditions as HR's action: the task takes
 * 验收 (招募中 / 进行中 / 已结束), the person signed when the task needs it. 0 days = never.
 * One conditional UPDATE … WHERE work_status = 'delivered': a delivery HR accepted or rejected in
 * the meantime (HR's action holds the row lock and re-checks the status) or a person removed is
 * left alone, and a second run — on this server or another — finds nothing left to do.
 */
import type { Db } from '../db/types';
import { notifyTaskWorker } from '../domain/employment/notify';
import type { JobDef } from '.';

export { AUTO_ACCEPT_OPERATOR } from '../domain/employment';

export interface AutoAccepted {
  id: number;
  company_id: number;
  task_id: number;
}

/** Accepts every delivery due at `now` and tells each worker (issue 29 item 4); answers the rows it accepted. */
export async function autoAcceptDeliveries(db: Db, now: Date): Promise<AutoAccepted[]> {
  return db.tx(async (t) => {
    const rows = await acceptDue(t, now);
    for (const r of rows) await notifyTaskWorker(t, r.id, 'flex_accepted', null, now);
    return rows;
  });
}

const acceptDue = (db: Db, now: Date) =>
  db.query<AutoAccepted>(
    `UPDATE flex_task_workers tw
        SET work_status = 'accepted', accepted_at = $1, accepted_by = NULL, accepted_auto = true, reject_reason = ''
       FROM flex_tasks t
      WHERE t.id = tw.task_id AND t.company_id = tw.company_id
        AND tw.work_status = 'delivered' AND tw.delivered_at IS NOT NULL
        AND t.auto_accept_days > 0
        AND t.status IN ('recruiting', 'ongoing', 'ended')
        AND (NOT t.need_sign OR tw.sign_status = 'signed')
        AND tw.delivered_at + make_interval(days => t.auto_accept_days) < $1
      RETURNING tw.id, tw.company_id, tw.task_id`,
    [now],
  );

export const autoAcceptJob: JobDef = {
  name: 'acceptance-auto',
  cron: '0 * * * *',
  retryLimit: 3,
  retryDelay: 30,
  expireInSeconds: 10 * 60,
  async run(_data, { db, now }) {
    await autoAcceptDeliveries(db, now);
  },
};

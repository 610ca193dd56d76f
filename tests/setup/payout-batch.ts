/**
 * A 待提交 → 待支付 batch made through the domain functions, for the payouts domain tests
 * (confirm.test.ts, approval.test.ts): a task with one new accepted, signed worker of `amount` fen.
 */
import type { Db } from '../../src/server/db/types';
import { batchAction, createBatch } from '../../src/server/domain/payouts/batch-edit';
import type { Actor } from '../../src/server/domain/payouts/batches';
import { sealPii } from '../../src/server/lib/pii';

export async function submittedBatch(db: Db, by: Actor, amount: number, o: { task: string; worker: string; mobile: string; certNo: string }): Promise<number> {
  const task = await db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'RWD' || floor(random()*1e9)::text, $2, 'ongoing', md5(random()::text)) RETURNING id`,
    [by.companyId, o.task],
  );
  const m = sealPii('mobile', o.mobile);
  const c = sealPii('id_card', o.certNo);
  // a new worker each time: the blind index made unique
  const w = await db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     VALUES ($1, $2, $3, $4, $5, $6, $7 || md5(random()::text), $8) RETURNING id`,
    [by.companyId, o.worker, m.enc, m.bidx, m.mask, c.enc, c.bidx, c.mask],
  );
  await db.query(
    `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
     VALUES ($1,$2,$3,'named','accepted','signed',$4,md5(random()::text),now())`,
    [task!.id, by.companyId, w!.id, amount],
  );
  const id = await createBatch(db, by, { task_id: task!.id }, new Date());
  await batchAction(db, by, id, 'submit', new Date());
  return id;
}

/**
 * A company's task ready to be paid (for the batch dialogs of a11y.test.ts and the keyboard flow of
 * keyboard.test.ts): one accepted, signed worker (a batch can be made from the task's work) and
 * the account topped up by ¥1,000.00 through the ledger (so 确认发放 is not held back).
 */
import { batchAction, createBatch } from '../../src/server/domain/payouts/batch-edit';
import { post } from '../../src/server/domain/payouts/ledger';
import { sealPii } from '../../src/server/lib/pii';
import type { Harness } from './harness';
import { mobileIndex } from '../../src/server/domain/users';

export async function payoutTask(h: Harness, mobile: string, name: string): Promise<{ id: number; name: string; company: number }> {
  const db = h.server.db;
  const company = (await db.one<{ id: number }>('SELECT company_id AS id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!.id;
  const t = (await db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token)
     VALUES ($1, 'RWPAY' || floor(random()*1e6)::text, $2, 'ongoing', md5(random()::text)) RETURNING id`,
    [company, name],
  ))!;
  const m = sealPii('mobile', '13912349901');
  const c = sealPii('id_card', '110101199003074477');
  const w = (await db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     VALUES ($1, '周一鸣', $2, $3, $4, $5, $6, $7)
     ON CONFLICT (company_id, cert_type, cert_no_bidx) DO UPDATE SET name = flex_workers.name RETURNING id`,
    [company, m.enc, m.bidx, m.mask, c.enc, c.bidx, c.mask],
  ))!;
  await db.query(
    `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
     VALUES ($1, $2, $3, 'named', 'accepted', 'signed', 20000, md5(random()::text), now())`,
    [t.id, company, w.id],
  );
  const no = `CZE2E${t.id}`;
  const top = (await db.one<{ id: number }>(
    `INSERT INTO payout_topups (company_id, order_no, amount, status, created_at, confirmed_at) VALUES ($1, $2, 100000, 'confirmed', now(), now()) RETURNING id`,
    [company, no],
  ))!;
  await post(db, company, 'topup', 100_000, { topup_id: top.id, ref_no: no, remark: '对公转账充值' }, new Date());
  return { id: t.id, name, company };
}

/**
 * Four eyes (issue 27): a 待支付 batch of the task prepared and submitted by 周婷 (财务), so the
 * admin may open its 确认发放; then one more accepted worker, so a new batch can still be made.
 */
export async function batchSubmittedByColleague(h: Harness, task: { id: number; company: number }): Promise<void> {
  const db = h.server.db;
  const fin = (await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13905710007')}'`))!;
  const by = { companyId: task.company, userId: fin.id, actor: '周婷', ip: '127.0.0.1' };
  const id = await createBatch(db, by, { task_id: task.id }, new Date());
  await batchAction(db, by, id, 'submit', new Date());
  const m = sealPii('mobile', '13912349902');
  const c = sealPii('id_card', '11010119900307449X');
  const w = (await db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     VALUES ($1, '钱二鸣', $2, $3, $4, $5, $6, $7)
     ON CONFLICT (company_id, cert_type, cert_no_bidx) DO UPDATE SET name = flex_workers.name RETURNING id`,
    [task.company, m.enc, m.bidx, m.mask, c.enc, c.bidx, c.mask],
  ))!;
  await db.query(
    `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
     VALUES ($1, $2, $3, 'named', 'accepted', 'signed', 20000, md5(random()::text), now())`,
    [task.id, task.company, w.id],
  );
}

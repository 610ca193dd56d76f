/**
 * Paying demo batches the way the product does (issue 33 item 4), so the demo agrees with itself:
 * the people of a task are accepted deliveries (its 结算记录), a batch is made from them
 * (createBatch, 创建), submitted by the preparer (提交), its 确认发放 code sent to the approver's
 * own mobile and confirmed by her (four eyes: 确认发放 with its ledger debits), and the channel's
 * result of each row applied as its callback would be (applyNotify: 通道结果, the refund of a
 * failed row, the worker's notice); a 部分失败 batch is followed by its 失败重发 batch. The money
 * comes from a bank top-up matched by its 来账 notification (receiveTransfer).
 *
 * What the seed writes itself, because it happens outside the console: the worker's signature
 * and delivery (the phone page and e签宝), and the past task's own row (created, reviewed, ended).
 */
import type { Db } from '../types';
import { addToTask } from '../../domain/employment';
import type { TaskRow } from '../../domain/employment/tasks';
import { batchAction, createBatch } from '../../domain/payouts/batch-edit';
import type { Actor } from '../../domain/payouts/batches';
import { applyNotify } from '../../domain/payouts/channel';
import { confirmBatch, sendBatchCode } from '../../domain/payouts/confirm';
import { createTopup } from '../../domain/payouts/account';
import { receiveTransfer, signTransfer, type TransferNotify } from '../../domain/payouts/transfers';
import { mobileIndex } from '../../domain/users';
import { addDays, addSeconds } from '../../lib/time';

export interface Payer extends Actor {
  mobileEnc: string;
}

/** A demo user of the company as the 操作日志 names them (operatorOf: the real name). */
export async function payerOf(db: Db, mobile: string): Promise<Payer | null> {
  const u = await db.one<{ id: number; company_id: number; realname: string; mobile_enc: string }>(
    'SELECT id, company_id, realname, mobile_enc FROM users WHERE mobile_bidx = $1',
    [mobileIndex(mobile)],
  );
  return u ? { companyId: u.company_id, userId: u.id, actor: u.realname, ip: '127.0.0.1', mobileEnc: u.mobile_enc } : null;
}

/** A bank top-up of `amount` fen: the order, then the channel's 来账 notification that credits it. */
export async function seedTopup(db: Db, by: Payer, amount: number, at: Date): Promise<void> {
  const order = await createTopup(db, by.companyId, by.userId, amount, at);
  const n: TransferNotify = {
    notify_id: `SEED-${order.order_no}`,
    transfer_no: `TR${order.order_no.slice(2)}`,
    amount: String(amount),
    payer_name: '杭州云帆智联科技有限公司',
    payer_account: '571908765410201',
    remark: `灵活用工充值 ${order.order_no}`,
    ts: String(at.getTime()),
  };
  const r = await receiveTransfer(db, n, signTransfer(n), addSeconds(at, 3600));
  if (r.state !== 'credited') throw new Error(`seed: top-up ${order.order_no} ${r.state} ${r.reason}`);
}

/** A past task's person whose delivery was signed, delivered and accepted by `by` at `at`. */
export async function acceptedDelivery(db: Db, task: TaskRow, workerId: number, amount: number, by: Payer, at: Date): Promise<void> {
  const tw = await addToTask(db, task, workerId, 'picked', addDays(at, -3));
  await db.query(
    `UPDATE flex_task_workers SET sign_status = 'signed', signed_at = $2, work_status = 'accepted', delivered_at = $3, delivery_note = '工作已完成，记录已上传',
       accepted_at = $4, accepted_by = $5, amount = $6 WHERE id = $1`,
    [tw.id, addDays(at, -2.9), addDays(at, -0.5), at, by.userId, amount],
  );
}

export interface PayPlan {
  taskId: number;
  /** when the batch is made; submitted, confirmed and settled within the day */
  at: Date;
  /** the channel's refusal of a worker's row (the others succeed) */
  fails?: Map<number, string>;
  /** a fixed batch number (the tax demo's and its tests name theirs) */
  batchNo?: string;
  /** submitted and left 待支付 */
  unpaid?: boolean;
}

/** One batch of the task's accepted deliveries through 创建 → 提交 → 确认发放 → 通道结果; a 失败重发 after failures. */
export async function payTask(db: Db, prep: Payer, appr: Payer, p: PayPlan): Promise<number> {
  const id = await createBatch(db, prep, { task_id: p.taskId }, p.at);
  if (p.batchNo) await db.query('UPDATE payout_batches SET batch_no = $2 WHERE id = $1', [id, p.batchNo]);
  await batchAction(db, prep, id, 'submit', addSeconds(p.at, 600));
  if (p.unpaid) return id;
  await confirmAndSettle(db, appr, id, addSeconds(p.at, 3600), p.fails ?? new Map());
  if (p.fails?.size) {
    const retry = await createBatch(db, prep, { task_id: p.taskId, retry_of: id }, addDays(p.at, 1));
    await batchAction(db, prep, retry, 'submit', addDays(p.at, 1.01));
    await confirmAndSettle(db, appr, retry, addDays(p.at, 1.05), new Map());
  }
  return id;
}

async function confirmAndSettle(db: Db, appr: Payer, batchId: number, at: Date, fails: Map<number, string>) {
  const o = { companyId: appr.companyId, batchId, userId: appr.userId, mobileEnc: appr.mobileEnc };
  await sendBatchCode(db, o, at, { sandbox: true });
  const code = await db.one<{ code: string }>(
    `SELECT o.code FROM sandbox_payout_sms_outbox o JOIN payout_batches b ON b.batch_no = o.batch_no WHERE b.id = $1 ORDER BY o.id DESC LIMIT 1`,
    [batchId],
  );
  await confirmBatch(db, { ...appr, batchId, code: code!.code }, addSeconds(at, 60));
  const rows = await db.query<{ channel_no: string; worker_id: number }>('SELECT channel_no, worker_id FROM payout_rows WHERE batch_id = $1 ORDER BY id', [
    batchId,
  ]);
  const done = addSeconds(at, 7200);
  for (const r of rows) {
    const reason = fails.get(r.worker_id);
    await applyNotify(
      db,
      { notify_id: `SEED-${r.channel_no}`, channel_no: r.channel_no, result: reason ? 'fail' : 'success', reason: reason ?? '', ts: String(done.getTime()) },
      done,
    );
  }
}

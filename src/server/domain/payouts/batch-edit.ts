/**
 * Making and editing a batch before it is paid (issue 13): a batch from a task's accepted
 * deliveries (or a 失败重发 child batch), 提交 / 撤销, and 修改金额 of a 待提交 batch. Each checks
 * the monthly cap (cap.ts) and writes its 操作日志 line in the same transaction.
 */
import { precalcRow, precalcTotals } from '../../../contract/payouts-rules';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { acceptedDeliveries, ownTask } from '../employment';
import { MSG_BATCH_MISSING, log, newBatchNo, newChannelNo, ownBatch, type Actor } from './batches';
import { yuanText as yuan } from '../../../contract/money';
import { checkMonthlyCap } from './cap';
import { settingsOf } from './ledger';
import { unsignedRefusal } from './signing';
import { logRetry, retryImported } from './retry';
import { approvalWaiting } from '../messages/events';

/**
 * A draft batch of a task's accepted, signed deliveries not yet in a live batch; with `retry_of`,
 * a child batch paying again the failed and bounced rows of that 部分失败 batch. Answers its id.
 */
export async function createBatch(db: Db, by: Actor, input: { task_id?: number; retry_of?: number }, now: Date): Promise<number> {
  const { companyId } = by;
  return db.tx(async (t) => {
    let retryOf: { id: number; batch_no: string; status: string; task_id: number | null } | null = null;
    if (input.retry_of) {
      const p = await ownBatch(t, input.retry_of, companyId, true);
      const src = await t.one<{ source: string; task_id: number | null }>('SELECT source, task_id FROM payout_batches WHERE id = $1', [p.id]);
      // 失败重发 of an imported list: row by row, to the accounts the list named
      if (src!.source === 'import') return retryImported(t, by, p, now);
      retryOf = { ...p, task_id: src!.task_id };
    }
    if (!input.task_id) throw badRequest('请选择任务');
    const task = await ownTask(t, input.task_id, companyId, true);
    const all = await acceptedDeliveries(t, companyId, task.id);
    // a delivery already in a live batch (not failed, bounced or cancelled) is not paid twice
    const taken = new Set(
      (
        await t.query<{ task_worker_id: number }>(
          `SELECT r.task_worker_id FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
            WHERE b.company_id = $1 AND b.task_id = $2 AND b.status <> 'closed' AND r.status IN ('pending', 'paying', 'success')`,
          [companyId, task.id],
        )
      ).map((r) => r.task_worker_id),
    );
    let only: Map<number, number> | null = null;
    if (retryOf) {
      if (retryOf.task_id !== task.id) throw notFound(MSG_BATCH_MISSING);
      if (retryOf.status !== 'partial') throw conflict('只有部分失败的批次可以失败重发');
      // task delivery → the failed row it repays (origin_row_id)
      only = new Map(
        (
          await t.query<{ id: number; task_worker_id: number }>(
            `SELECT id, task_worker_id FROM payout_rows WHERE batch_id = $1 AND status IN ('failed', 'bounced')`,
            [retryOf.id],
          )
        ).map((r) => [r.task_worker_id, r.id]),
      );
    }
    const todo = all.filter((d) => !taken.has(d.task_worker_id) && (!only || only.has(d.task_worker_id)));
    if (!todo.length) throw badRequest(retryOf ? '该批次的失败明细已全部重发' : '该任务暂无待发放的已验收人员');
    const unsigned = unsignedRefusal(
      todo.map((d) => ({ name: d.name, signed: d.sign_status === 'signed' })),
      task,
    );
    if (unsigned) throw unsigned;
    const zero = todo.filter((d) => !(d.amount > 0));
    if (zero.length) throw badRequest(`${zero.map((d) => d.name).join('、')}的应发金额为0，请先核对报酬`);
    const s = await settingsOf(t, companyId);
    await checkMonthlyCap(t, companyId, todo, s.monthly_cap_fen, now);
    const pre = todo.map((d) => ({ d, r: precalcRow(d.amount, s.fee_rate_bp, s.tax_rate_bp) }));
    const tot = precalcTotals(pre.map((p) => p.r));
    const b = await t.one<{ id: number; batch_no: string }>(
      `INSERT INTO payout_batches (company_id, batch_no, task_id, head_count, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, created_by, created_at, parent_id)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING id, batch_no`,
      [
        companyId,
        newBatchNo(now),
        task.id,
        pre.length,
        tot.gross,
        tot.fee,
        tot.tax,
        tot.net,
        s.fee_rate_bp,
        s.tax_rate_bp,
        by.userId,
        now,
        retryOf?.id ?? null,
      ],
    );
    for (const { d, r } of pre) {
      await t.query(
        `INSERT INTO payout_rows (batch_id, company_id, worker_id, task_worker_id, name, amount, tax, fee, net, channel_no, created_at, origin_row_id)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
        [b!.id, companyId, d.worker_id, d.task_worker_id, d.name, r.amount, r.tax, r.fee, r.net, newChannelNo(), now, only?.get(d.task_worker_id) ?? null],
      );
    }
    if (retryOf) {
      await logRetry(
        t,
        by,
        retryOf,
        b!,
        pre.map((p) => p.d.name),
        tot.gross,
        now,
      );
    } else {
      await log(t, companyId, b!.id, '创建', `从任务「${task.name}」的已验收交付创建，${pre.length}人，应发${yuan(tot.gross)}`, by.actor, by.ip, now);
    }
    return b!.id;
  });
}

/** 提交 (待提交 → 待支付) or 撤销 (the batch closed, its rows cancelled) before it is paid. */
export async function batchAction(db: Db, by: Actor, batchId: number, action: 'submit' | 'close', now: Date): Promise<void> {
  await db.tx(async (t) => {
    const b = await ownBatch(t, batchId, by.companyId, true);
    if (action === 'submit') {
      if (b.status !== 'draft') throw conflict('只有待提交的批次可以提交');
      // who submitted never approves (approval.ts)
      await t.query(`UPDATE payout_batches SET status = 'unpaid', submitted_at = $2, submitted_by = $3 WHERE id = $1`, [b.id, now, by.userId]);
      await log(t, by.companyId, b.id, '提交', '待提交 → 待支付', by.actor, by.ip, now);
      await approvalWaiting(t, b.id, now);
    } else {
      if (b.status !== 'draft' && b.status !== 'unpaid') throw conflict('已确认发放的批次不能撤销');
      await t.query(`UPDATE payout_batches SET status = 'closed', finished_at = $2 WHERE id = $1`, [b.id, now]);
      await t.query(`UPDATE payout_rows SET status = 'cancelled', finished_at = $2 WHERE batch_id = $1`, [b.id, now]);
      await log(t, by.companyId, b.id, '撤销', '批次已关闭，明细已取消', by.actor, by.ip, now);
    }
  });
}

/** 修改金额 of one row of a 待提交 batch, at the batch's rates; the batch's totals follow. */
export async function changeRowAmount(db: Db, by: Actor, batchId: number, rowId: number, amount: number, now: Date): Promise<void> {
  const { companyId } = by;
  await db.tx(async (t) => {
    const b = await ownBatch(t, batchId, companyId, true);
    if (b.status !== 'draft') throw conflict('只有待提交的批次可以修改金额');
    const r = await t.one<{ id: number; worker_id: number; name: string; amount: string }>(
      `SELECT id, worker_id, name, amount::text FROM payout_rows WHERE id = $1 AND batch_id = $2 AND status = 'pending'`,
      [rowId, b.id],
    );
    if (!r) throw notFound('发放明细不存在');
    const was = Number(r.amount);
    if (was === amount) return;
    const rates = await t.one<{ fee_rate_bp: number; tax_rate_bp: number }>('SELECT fee_rate_bp, tax_rate_bp FROM payout_batches WHERE id = $1', [b.id]);
    const s = await settingsOf(t, companyId);
    await checkMonthlyCap(t, companyId, [{ worker_id: r.worker_id, name: r.name, amount }], s.monthly_cap_fen, now, b.id);
    const pre = precalcRow(amount, rates!.fee_rate_bp, rates!.tax_rate_bp);
    await t.query('UPDATE payout_rows SET amount = $2, tax = $3, fee = $4, net = $5 WHERE id = $1', [r.id, pre.amount, pre.tax, pre.fee, pre.net]);
    await t.query(
      `UPDATE payout_batches b SET gross = x.gross, fee = x.fee, tax = x.tax, net = x.net
         FROM (SELECT SUM(amount) AS gross, SUM(fee) AS fee, SUM(tax) AS tax, SUM(net) AS net FROM payout_rows WHERE batch_id = $1) x WHERE b.id = $1`,
      [b.id],
    );
    await log(t, companyId, b.id, '修改金额', `${r.name}：应发${yuan(was)} → ${yuan(amount)}`, by.actor, by.ip, now);
  });
}

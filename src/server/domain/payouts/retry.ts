/**
 * 失败重发 of a batch made from an imported 发放名单 (issue 13): the failed and bounced rows not yet
 * in a live child batch, to the accounts the list named, at the company's current rates. Each
 * child row points at the row it repays (origin_row_id), so a failed row is repaid at most once
 * while its child batch lives. The person must still have a signed agreement.
 */
import { precalcRow, precalcTotals } from '../../../contract/payouts-rules';
import type { Db } from '../../db/types';
import { badRequest, conflict } from '../../lib/refusal';
import { log, newBatchNo, newChannelNo, type Actor } from './batches';
import { yuanText as yuan } from '../../../contract/money';
import { checkMonthlyCap } from './cap';
import { settingsOf } from './ledger';
import { unsignedRefusal } from './signing';

export async function retryImported(t: Db, by: Actor, parent: { id: number; batch_no: string; status: string }, now: Date): Promise<number> {
  const { companyId } = by;
  if (parent.status !== 'partial') throw conflict('只有部分失败的批次可以失败重发');
  const rows = await t.query<{
    id: number;
    worker_id: number;
    name: string;
    amount: string;
    pay_method: string;
    account_enc: string | null;
    account_bidx: string | null;
    account_mask: string;
    bank_name: string;
    remark: string;
    signed: boolean;
  }>(
    `SELECT r.id, r.worker_id, r.name, r.amount::text, r.pay_method, r.account_enc, r.account_bidx, r.account_mask, r.bank_name, r.remark,
            EXISTS (SELECT 1 FROM flex_task_workers tw WHERE tw.worker_id = r.worker_id AND tw.company_id = r.company_id AND tw.sign_status = 'signed') AS signed
       FROM payout_rows r
      WHERE r.batch_id = $1 AND r.status IN ('failed', 'bounced')
        AND NOT EXISTS (SELECT 1 FROM payout_rows c JOIN payout_batches cb ON cb.id = c.batch_id AND cb.company_id = c.company_id
                         WHERE c.origin_row_id = r.id AND c.company_id = r.company_id AND cb.status <> 'closed')
      ORDER BY r.id`,
    [parent.id],
  );
  if (!rows.length) throw badRequest('该批次的失败明细已全部重发');
  const unsigned = unsignedRefusal(rows, null);
  if (unsigned) throw unsigned;
  const s = await settingsOf(t, companyId);
  await checkMonthlyCap(
    t,
    companyId,
    rows.map((r) => ({ worker_id: r.worker_id, name: r.name, amount: Number(r.amount) })),
    s.monthly_cap_fen,
    now,
  );
  const pre = rows.map((r) => ({ r, p: precalcRow(Number(r.amount), s.fee_rate_bp, s.tax_rate_bp) }));
  const tot = precalcTotals(pre.map((x) => x.p));
  const b = await t.one<{ id: number; batch_no: string }>(
    `INSERT INTO payout_batches (company_id, batch_no, source, head_count, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, created_by, created_at, parent_id)
     VALUES ($1,$2,'import',$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id, batch_no`,
    [companyId, newBatchNo(now), pre.length, tot.gross, tot.fee, tot.tax, tot.net, s.fee_rate_bp, s.tax_rate_bp, by.userId, now, parent.id],
  );
  for (const { r, p } of pre) {
    await t.query(
      `INSERT INTO payout_rows (batch_id, company_id, worker_id, name, amount, tax, fee, net, channel_no, pay_method, account_enc, account_bidx, account_mask, bank_name, remark, origin_row_id, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)`,
      [
        b!.id,
        companyId,
        r.worker_id,
        r.name,
        p.amount,
        p.tax,
        p.fee,
        p.net,
        newChannelNo(),
        r.pay_method,
        r.account_enc,
        r.account_bidx,
        r.account_mask,
        r.bank_name,
        r.remark,
        r.id,
        now,
      ],
    );
  }
  await logRetry(
    t,
    by,
    parent,
    b!,
    rows.map((r) => r.name),
    tot.gross,
    now,
  );
  return b!.id;
}

/** The 重发 lines of a 失败重发: on the child batch, and on the parent naming who was repaid where. */
export async function logRetry(
  t: Db,
  by: Actor,
  parent: { id: number; batch_no: string },
  child: { id: number; batch_no: string },
  names: string[],
  gross: number,
  now: Date,
) {
  await log(t, by.companyId, child.id, '重发', `失败重发（原批次${parent.batch_no}），${names.length}人，应发${yuan(gross)}`, by.actor, by.ip, now);
  await log(t, by.companyId, parent.id, '重发', `${names.join('、')}已重发至批次${child.batch_no}`, by.actor, by.ip, now);
}

/**
 * `payout` rows (a 发放名单) → one payout batch (待提交, source 'import'). Phase 1 names each row
 * whose person cannot be paid: not one of the company's 灵活用工人员 (matched by the ID number's
 * blind index), name or mobile not as on file, no signed agreement (an unsigned worker cannot be in
 * a batch), or over the monthly cap. The commit makes the batch with the fee and tax pre-calculated
 * from the company's rates; the account each row names is sealed (enc + blind index + mask).
 * A list may pay the same people as an earlier one (no "existing" rows); the same file twice is
 * flagged by the pipeline's file hash.
 */
import { payoutImport, type PayoutImportRow } from '../../../contract/imports';
import { precalcRow, precalcTotals } from '../../../contract/payouts-rules';
import { maskBankCard, maskMobile } from '../../../contract/person';
import type { Db } from '../../db/types';
import { yuanText as yuan } from '../../../contract/money';
import { log, newBatchNo, newChannelNo } from '../../domain/payouts/batches';
import { capMessage, checkMonthlyCap, monthSums } from '../../domain/payouts/cap';
import { settingsOf } from '../../domain/payouts/ledger';
import { unsignedMessage, unsignedRefusal } from '../../domain/payouts/signing';
import { blindIndex, encryptPii } from '../../lib/pii';
import { batchNo } from '../batches';
import type { ServerImportType } from '../server-type';
import { insertMany, type Col } from './insert';

interface Worker {
  id: number;
  name: string;
  mobile_bidx: string;
  bidx: string;
  signed: boolean;
}

async function workersOf(db: Db, companyId: number, rows: PayoutImportRow[]): Promise<Map<string, Worker>> {
  const found = await db.query<Worker>(
    `SELECT w.id, w.name, w.mobile_bidx, w.cert_no_bidx AS bidx,
            EXISTS (SELECT 1 FROM flex_task_workers tw WHERE tw.worker_id = w.id AND tw.company_id = w.company_id AND tw.sign_status = 'signed') AS signed
       FROM flex_workers w WHERE w.company_id = $1 AND w.cert_type = 'id_card' AND w.cert_no_bidx = ANY($2::text[])`,
    [companyId, rows.map((r) => blindIndex('id_card', r.id_card))],
  );
  return new Map(found.map((w) => [w.bidx, w]));
}
const workerOf = (m: Map<string, Worker>, r: PayoutImportRow) => m.get(blindIndex('id_card', r.id_card));

/** The payee account sealed: a card or an Alipay mobile / e-mail (docs/pii.md). */
export function sealAccount(method: PayoutImportRow['pay_method'], account: string) {
  const mask = method === 'bank' ? maskBankCard(account) : /^\d{11}$/.test(account) ? maskMobile(account) : account.replace(/^(.).*(@.*)$/, '$1***$2');
  return { enc: encryptPii(account), bidx: blindIndex('bank_card', account), mask };
}

const COLS: readonly Col[] = [
  ['batch_id', 'int'],
  ['company_id', 'int'],
  ['worker_id', 'int'],
  ['name', 'text'],
  ['amount', 'int'],
  ['tax', 'int'],
  ['fee', 'int'],
  ['net', 'int'],
  ['channel_no', 'text'],
  ['pay_method', 'text'],
  ['account_enc', 'text'],
  ['account_bidx', 'text'],
  ['account_mask', 'text'],
  ['bank_name', 'text'],
  ['remark', 'text'],
  ['created_at', 'timestamptz'],
];

export const payoutServer: ServerImportType<PayoutImportRow> = {
  def: payoutImport,
  async existing() {
    return new Set<string>();
  },
  async problems(db, companyId, rows) {
    const out = new Map<string, string>();
    const workers = await workersOf(db, companyId, rows);
    const cap = (await settingsOf(db, companyId)).monthly_cap_fen;
    const had = await monthSums(
      db,
      companyId,
      [...workers.values()].map((w) => w.id),
      new Date(),
    );
    for (const r of rows) {
      const w = workerOf(workers, r);
      if (!w) out.set(r.id_card, '不在本企业的灵活用工人员中，请先导入人员并完成签约');
      else if (w.name !== r.name) out.set(r.id_card, '姓名与灵活用工人员档案不一致');
      else if (w.mobile_bidx !== blindIndex('mobile', r.mobile)) out.set(r.id_card, '手机号与灵活用工人员档案不一致');
      else if (unsignedRefusal([{ name: r.name, signed: w.signed }], null)) out.set(r.id_card, unsignedMessage([r.name]));
      else if ((had.get(w.id) ?? 0) + r.amount > cap) out.set(r.id_card, capMessage(r.name, cap, had.get(w.id) ?? 0));
    }
    return out;
  },
  async commit(tx, companyId, importBatchId, rows, userId, ctx) {
    const now = ctx?.now ?? new Date();
    const workers = await workersOf(tx, companyId, rows);
    const s = await settingsOf(tx, companyId);
    const lines = rows.map((r) => {
      const w = workerOf(workers, r);
      // stored data changed since the validation: refuse the whole list (nothing is written)
      if (!w || !w.signed) throw new Error('payout list person no longer payable');
      return { r, w, pre: precalcRow(r.amount, s.fee_rate_bp, s.tax_rate_bp) };
    });
    await checkMonthlyCap(
      tx,
      companyId,
      lines.map((l) => ({ worker_id: l.w.id, name: l.r.name, amount: l.r.amount })),
      s.monthly_cap_fen,
      now,
    );
    const tot = precalcTotals(lines.map((l) => l.pre));
    const b = await tx.one<{ id: number }>(
      `INSERT INTO payout_batches (company_id, batch_no, source, import_batch_id, head_count, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, created_by, created_at)
       VALUES ($1,$2,'import',$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
      [companyId, newBatchNo(now), importBatchId, lines.length, tot.gross, tot.fee, tot.tax, tot.net, s.fee_rate_bp, s.tax_rate_bp, userId, now],
    );
    const n = await insertMany(
      tx,
      'payout_rows',
      COLS,
      lines.map(({ r, w, pre }) => {
        const a = sealAccount(r.pay_method, r.account);
        return [
          b!.id,
          companyId,
          w.id,
          r.name,
          pre.amount,
          pre.tax,
          pre.fee,
          pre.net,
          newChannelNo(),
          r.pay_method,
          a.enc,
          a.bidx,
          a.mask,
          r.bank_name,
          r.remark,
          now,
        ];
      }),
    );
    const u = await tx.one<{ who: string }>(`SELECT COALESCE(NULLIF(realname, ''), mobile_mask) AS who FROM users WHERE id = $1`, [userId]);
    const imp = await tx.one<{ created_at: Date }>('SELECT created_at FROM import_batches WHERE id = $1', [importBatchId]);
    const who = u?.who ?? '';
    await log(
      tx,
      companyId,
      b!.id,
      '创建',
      `从导入的发放名单创建（导入批次 ${batchNo(importBatchId, imp!.created_at)}），${n}人，应发${yuan(tot.gross)}`,
      who,
      ctx?.ip ?? '',
      now,
    );
    return n;
  },
};
